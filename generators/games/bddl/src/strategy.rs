//! The solver's strategy in a BDDL game: Black's first move checked, played against White
//! (`play`), and White's refutation played against Black (`play --as black`).

use gamekit::first_move::{judge, FirstMove, FirstMoveError};
use gamekit::play::{Explorer, Failure, Played, QdoSolver, White};
use gamekit::session::{PlayableGame, User};
use gamekit::validate::Check;
use gamekit::{Move, Side};

use crate as bddl;
use crate::lifted::Lifted;
use crate::{Atom, Expr, Game, Pred, State};

impl From<bddl::TooLarge> for FirstMoveError {
    fn from(e: bddl::TooLarge) -> Self {
        FirstMoveError::Game(Box::new(e))
    }
}

/// The BDDL walks of an [`Explorer`].
trait ExploreBddl {
    fn black_bddl(&mut self, game: &Game, s: State, left: u32) -> Result<(), Failure>;
    fn white_bddl(&mut self, game: &Game, solver: &bddl::Solver, s: State, left: u32) -> Result<(), Failure>;
    fn user_bddl(
        &mut self,
        game: &Game,
        solver: &bddl::Solver,
        s: State,
        left: u32,
        black: bool,
        next_turn: &mut dyn FnMut(&mut Self, State) -> Result<(), Failure>,
    ) -> Result<(), Failure>;
}

/// The BDDL refutation walks of an [`Explorer`].
trait ExploreBddlRefute {
    fn black_bddl_refute(&mut self, game: &Game, solver: &bddl::Solver, s: State, left: u32) -> Result<(), Failure>;
    fn white_bddl_refute(&mut self, game: &Game, solver: &bddl::Solver, s: State, left: u32) -> Result<(), Failure>;
}

/// Draws a BDDL position: one row per `y` (top row first), labelled with `y` at the side
/// and `x` along the top as in the move syntax `occupy(x,y)`; `.` open, `x` black, `o` white.
pub fn draw_bddl(game: &Game) -> String {
    let board = game.board();
    let cells = game.initial_state();
    let w = board.width.to_string().len();
    let h = board.height.to_string().len().max(3);
    let header: Vec<String> = (1..=board.width).map(|x| format!("{x:>w$}")).collect();
    let mut rows = vec![format!("{:>h$} {}", "y\\x", header.join(" "))];
    for y in 1..=board.height {
        let row: Vec<String> = (1..=board.width)
            .map(|x| {
                let c = match cells[board.index(x, y)] {
                    Pred::Open => '.',
                    Pred::Black => 'x',
                    Pred::White => 'o',
                };
                format!("{c:>w$}")
            })
            .collect();
        rows.push(format!("{y:>h$} {}", row.join(" ")));
    }
    rows.join("/")
}

/// Checks Black's first move of a BDDL game at its depth.
pub fn check_bddl(game: &Game, mv: &Move) -> Result<Check, bddl::TooLarge> {
    let position = draw_bddl(game);
    let invalid = |reason: String| Ok(Check::Invalid { reason, position: position.clone() });
    let Move::Action { action, x, y, .. } = mv else {
        return invalid(format!("{mv} is not an action of Black"));
    };
    let mut solver = bddl::Solver::new(game)?;
    match solver.first_move_wins(*action, *x, *y, game.depth()) {
        None => invalid(format!("{mv} is not a legal move of Black here")),
        Some(false) => invalid(format!("after {mv} Black no longer wins within {} plies", game.depth() - 1)),
        Some(true) => Ok(Check::Valid),
    }
}

/// A BDDL game at its depth, lifted encoding.
pub fn first_move_bddl(game: &Game, solver: &mut QdoSolver<'_>) -> Result<FirstMove, FirstMoveError> {
    let depth = game.depth();
    let reference = || Ok(bddl::Solver::new(game)?.wins(depth));
    judge(&Lifted, game, depth, solver, reference, |mv| Ok(check_bddl(game, mv)?))
}

/// The BDDL game from state `s` with Black to move and `left` plies.
pub fn bddl_position(game: &Game, s: State, left: u32) -> Game {
    let board = game.board();
    let mut g = game.clone();
    g.problem.init.clear();
    for y in 1..=board.height {
        for x in 1..=board.width {
            let bit = 1u64 << board.index(x, y);
            let pred = if s.black & bit != 0 {
                Pred::Black
            } else if s.white & bit != 0 {
                Pred::White
            } else {
                continue;
            };
            g.problem.init.push(Atom { pred, negated: false, x: Expr::Int(x), y: Expr::Int(y), offset: 0 });
        }
    }
    g.problem.depth = Some(left);
    g.problem.black_second = false;
    g
}

/// Plays the solver's strategy for a BDDL game against White (who moves first with
/// `#blackturn second`).
pub fn play_bddl(game: &Game, solve: &mut QdoSolver<'_>, white: White<'_, '_>) -> Result<Played, Failure> {
    let mut e = Explorer::new(solve, white);
    let mut solver = bddl::Solver::new(game).map_err(|err| e.fail(draw_bddl(game), err.to_string()))?;
    if !solver.wins(game.depth()) {
        return Err(e.refuse(draw_bddl(game), format!("Black does not win within {}, so there is no strategy to play against; play Black (--as black) instead", game.depth())));
    }
    let start = solver.initial();
    if game.problem.black_second {
        // `#blackturn second`: the first ply is White's, the depth counts Black's pass.
        e.white_bddl(game, &solver, start, game.depth().saturating_sub(1))?;
    } else {
        e.black_bddl(game, start, game.depth())?;
    }
    Ok(e.played)
}

impl ExploreBddl for Explorer<'_, '_, '_, '_> {
    fn black_bddl(&mut self, game: &Game, s: State, left: u32) -> Result<(), Failure> {
        let here = bddl_position(game, s, left);
        let position = draw_bddl(&here);
        if left == 0 {
            return Err(self.fail(position, "Black has not won within the depth".into()));
        }
        let (qbf, map) = self.encode(&Lifted, &here, here.depth(), Side::Black, &position)?;
        let mv = self.ask(&qbf, &map, &position, left)?;
        let solver = bddl::Solver::new(&here).map_err(|err| self.fail(position.clone(), err.to_string()))?;
        if let Check::Invalid { reason, position } =
            check_bddl(&here, &mv).map_err(|err| self.fail(position.clone(), err.to_string()))?
        {
            return Err(self.fail(position, format!("{mv}: {reason}")));
        }
        let Move::Action { action, x, y, .. } = mv else {
            return Err(self.fail(position, format!("{mv} is not an action")));
        };
        let Some((_, _, next)) =
            solver.moves(s, true).into_iter().find(|(a, m, _)| *a == action && m.x == x && m.y == y)
        else {
            return Err(self.fail(position, format!("{mv} is not a legal move")));
        };
        self.line.push(mv.to_string());
        self.show(&format!("Black plays {mv}"), &draw_bddl(&bddl_position(game, next, left - 1)));
        if solver.goal_reached(next, true) {
            self.played.lines += 1;
        } else {
            self.white_bddl(game, &solver, next, left - 1)?;
        }
        self.line.pop();
        Ok(())
    }

    fn white_bddl(&mut self, game: &Game, solver: &bddl::Solver, s: State, left: u32) -> Result<(), Failure> {
        if left == 0 {
            return Err(
                self.fail(draw_bddl(&bddl_position(game, s, left)), "Black has not won within the depth".into())
            );
        }
        if solver.moves(s, false).is_empty() {
            self.played.lines += 1;
            return Ok(());
        }
        self.user_bddl(game, solver, s, left, false, &mut |e, next| e.black_bddl(game, next, left - 1))
    }

    /// The user's side (White here, Black in `play --as black`) at a BDDL position with
    /// `left > 0` plies and legal moves: each chosen move is shown and played, then
    /// `next_turn` goes on from the position after it. Reaching the user's goal is a failure.
    fn user_bddl(
        &mut self,
        game: &Game,
        solver: &bddl::Solver,
        s: State,
        left: u32,
        black: bool,
        next_turn: &mut dyn FnMut(&mut Self, State) -> Result<(), Failure>,
    ) -> Result<(), Failure> {
        let position = draw_bddl(&bddl_position(game, s, left));
        let moves = solver.moves(s, black);
        let names: Vec<String> = moves.iter().map(|(_, m, _)| format!("{}({},{})", m.action, m.x, m.y)).collect();
        let who = if black { "Black" } else { "White" };
        // White's moves against Black's strategy: how many plies Black still needs after each.
        let mut resist = |k: usize| -> Option<u32> {
            let here = bddl_position(game, moves[k].2, left - 1);
            (!black).then(|| bddl::Solver::new(&here).ok()?.critical_depth(left - 1)).flatten()
        };
        for k in self.replies(&position, &names, &mut resist)? {
            let next = moves[k].2;
            self.line.push(names[k].clone());
            self.show(&format!("{who} plays {}", names[k]), &draw_bddl(&bddl_position(game, next, left - 1)));
            if solver.goal_reached(next, black) {
                return Err(self.fail(position, format!("{who} reaches its goal")));
            }
            next_turn(self, next)?;
            self.line.pop();
        }
        Ok(())
    }
}

/// A BDDL game (lifted encoding) with its depth in plies: the solver plays Black's
/// strategy, or White's refutation.
impl PlayableGame for Game {
    fn limit(&self) -> (u32, &'static str) {
        (self.depth(), "plies")
    }

    fn play(&self, user: User, solve: &mut QdoSolver<'_>, user_moves: White<'_, '_>) -> Result<Played, Failure> {
        match user {
            User::White => play_bddl(self, solve, user_moves),
            User::Black => refute_bddl(self, solve, user_moves),
        }
    }
}

/// The BDDL game from state `s` with White to move and `left` plies: `#blackturn second`,
/// whose first ply is Black's pass.
pub fn bddl_white_position(game: &Game, s: State, left: u32) -> Game {
    let mut g = bddl_position(game, s, left + 1);
    g.problem.black_second = true;
    g
}

/// Black against the solver's refutation in a BDDL game where Black does not win.
pub fn refute_bddl(game: &Game, solve: &mut QdoSolver<'_>, black: White<'_, '_>) -> Result<Played, Failure> {
    let mut e = Explorer::new(solve, black);
    let mut solver = bddl::Solver::new(game).map_err(|err| e.fail(draw_bddl(game), err.to_string()))?;
    if solver.wins(game.depth()) {
        return Err(e.refuse(
            draw_bddl(game),
            format!("Black wins within {}, so White has no refutation; play White instead", game.depth()),
        ));
    }
    let start = solver.initial();
    if game.problem.black_second {
        e.white_bddl_refute(game, &solver, start, game.depth().saturating_sub(1))?;
    } else {
        e.black_bddl_refute(game, &solver, start, game.depth())?;
    }
    Ok(e.played)
}

impl ExploreBddlRefute for Explorer<'_, '_, '_, '_> {
    fn black_bddl_refute(&mut self, game: &Game, solver: &bddl::Solver, s: State, left: u32) -> Result<(), Failure> {
        if left == 0 || solver.moves(s, true).is_empty() {
            self.played.lines += 1;
            return Ok(());
        }
        self.user_bddl(game, solver, s, left, true, &mut |e, next| e.white_bddl_refute(game, solver, next, left - 1))
    }

    fn white_bddl_refute(&mut self, game: &Game, solver: &bddl::Solver, s: State, left: u32) -> Result<(), Failure> {
        let position = draw_bddl(&bddl_position(game, s, left));
        if left == 0 {
            self.played.lines += 1;
            return Ok(());
        }
        let replies = solver.moves(s, false);
        if replies.is_empty() {
            return Err(self.fail(
                position,
                "White cannot move, so Black wins, yet the reference solver said Black does not".into(),
            ));
        }
        let here = bddl_white_position(game, s, left);
        let (qbf, map) = self.encode(&Lifted, &here, here.depth(), Side::White, &position)?;
        let mv = self.ask_white(&qbf, &map, &position, left)?;
        let found = match &mv {
            Move::Action { name, x, y, .. } => {
                replies.iter().find(|(_, m, _)| m.action == *name && m.x == *x && m.y == *y)
            }
            _ => None,
        };
        let Some((_, m, next)) = found else {
            return Err(self.fail(position, format!("{mv} is not a legal move of White here")));
        };
        let after = bddl_position(game, *next, left - 1);
        let black_wins =
            bddl::Solver::new(&after).map_err(|err| self.fail(position.clone(), err.to_string()))?.wins(left - 1);
        let white_won = solver.goal_reached(*next, false);
        if black_wins && !white_won {
            return Err(self.fail(position, format!("after {mv} Black wins within {}", left - 1)));
        }
        let name = format!("{}({},{})", m.action, m.x, m.y);
        self.line.push(name.clone());
        self.show(&format!("White plays {name}"), &draw_bddl(&after));
        if white_won {
            self.played.lines += 1;
        } else {
            self.black_bddl_refute(game, solver, *next, left - 1)?;
        }
        self.line.pop();
        Ok(())
    }
}
