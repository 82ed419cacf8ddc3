//! Playing Black against the solver's refutation (`play --as black`): on an instance where
//! Black does not win within the depth, White's moves come from the solver and Black's
//! are chosen by the user or all tried ([`White::All`] and [`White::Choose`] then stand for
//! Black's side).
//!
//! At each White turn the position is re-encoded with White to move, so that the prefix
//! starts with White's universal move block: the lifted encoding of the position with
//! `#blackturn second`, COR+ with [`Side::White`] (under [`universal_outermost`](encodings::universal_outermost)).
//! The instance must be false, and the solver's `--qdo` values of that block (DepQBF and
//! CAQE print the outermost block also when it is universal and the formula false) are
//! White's refuting move. The move is checked with the reference solver: legal, and Black
//! does not win within the remaining depth after it. Every line must end with White
//! holding: the depth runs out, White reaches its own goal, or Black cannot move.

use crate::play::{
    bddl_position, completes, play_bddl, play_positional, taken, Explorer, Failure, Played, QdoSolver, White,
};
use crate::session::{PlayableGame, User};
use crate::validate::{draw_bddl, draw_positional};
use encodings::corplus::Corplus;
use encodings::lifted::Lifted;
use encodings::{Move, Side, SymbolMap};
use games::bddl::{self, Game, State};
use games::positional::solver::Solver as PositionalSolver;
use games::positional::{Player, PositionalGame};
use qbf::formula::CnfQbf;

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

/// A positional game (COR+) with its time points: the solver plays Black's strategy, or
/// White's refutation.
impl PlayableGame for PositionalGame {
    fn limit(&self) -> (u32, &'static str) {
        (self.depth(), "plies")
    }

    fn play(&self, user: User, solve: &mut QdoSolver<'_>, user_moves: White<'_, '_>) -> Result<Played, Failure> {
        match user {
            User::White => play_positional(self, solve, user_moves),
            User::Black => refute_positional(self, solve, user_moves),
        }
    }
}

impl Explorer<'_, '_, '_, '_> {
    /// Asks the solver about `qbf`, which must be false, and decodes White's move.
    pub(super) fn ask_white(
        &mut self,
        qbf: &CnfQbf,
        map: &SymbolMap,
        position: &str,
        left: u32,
    ) -> Result<Move, Failure> {
        self.played.solver_calls += 1;
        let (verdict, assignment) =
            self.solve.solve(qbf).map_err(|e| self.fail(position.to_string(), e.to_string()))?;
        if verdict {
            return Err(self.fail(
                position.to_string(),
                format!("the solver says Black wins within {left} here, the reference solver says Black does not"),
            ));
        }
        // `--qdo` prints a partial assignment: an unprinted variable is a don't-care (the
        // formula is false whatever its value), so it is read as false like on Black's
        // side; the reference solver checks the move either way.
        Ok(map.decode(&assignment))
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

impl Explorer<'_, '_, '_, '_> {
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

/// Black against the solver's refutation in a positional game where Black does not win.
pub fn refute_positional(
    game: &PositionalGame,
    solve: &mut QdoSolver<'_>,
    black: White<'_, '_>,
) -> Result<Played, Failure> {
    let mut e = Explorer::new(solve, black);
    let wins = PositionalSolver::new(game)
        .and_then(|mut s| s.black_wins(game.depth()))
        .map_err(|err| e.fail(draw_positional(game), err.to_string()))?;
    if wins {
        return Err(e.refuse(
            draw_positional(game),
            format!(
                "Black wins within {} time points, so White has no refutation; play White instead",
                game.turns.len()
            ),
        ));
    }
    e.positional_refute(game.clone())?;
    Ok(e.played)
}

impl Explorer<'_, '_, '_, '_> {
    fn positional_refute(&mut self, game: PositionalGame) -> Result<(), Failure> {
        let position = draw_positional(&game);
        if completes(&game.black_wins, &game.black_initials) {
            return Err(self.fail(position, "Black owns a winning set".into()));
        }
        let free: Vec<usize> =
            (0..game.size()).filter(|v| !game.black_initials.contains(v) && !game.white_initials.contains(v)).collect();
        let over = completes(&game.white_wins, &game.white_initials)
            || !game.turns.contains(&Player::Black)
            || free.is_empty();
        let Some(&mover) = game.turns.first().filter(|_| !over) else {
            self.played.lines += 1;
            return Ok(());
        };
        let names: Vec<String> = free.iter().map(|&v| game.vertices[v].clone()).collect();
        if mover == Player::Black {
            for k in self.replies(&position, &names, &mut |_| None)? {
                let next = taken(&game, free[k], Player::Black);
                self.line.push(names[k].clone());
                self.show(&format!("Black plays {}", names[k]), &draw_positional(&next));
                self.positional_refute(next)?;
                self.line.pop();
            }
            return Ok(());
        }
        let (qbf, map) = self.encode(&Corplus, &game, game.depth(), Side::White, &position)?;
        let mv = self.ask_white(&qbf, &map, &position, game.depth())?;
        // COR+ turns an occupied or missing vertex into a pass; in a positional game a
        // stone is never worse for White than a pass, so any free vertex then refutes too.
        let named = match &mv {
            Move::Vertex { name, .. } => names.iter().position(|n| n == name),
            _ => None,
        };
        let k = named.unwrap_or(0);
        let next = taken(&game, free[k], Player::White);
        let left = next.depth();
        if PositionalSolver::new(&next)
            .and_then(|mut s| s.black_wins(left))
            .map_err(|err| self.fail(position.clone(), err.to_string()))?
        {
            return Err(self.fail(
                position,
                format!("after White's {} (the solver's {mv}) Black wins within {left} time points", names[k]),
            ));
        }
        self.line.push(names[k].clone());
        self.show(&format!("White plays {}", names[k]), &draw_positional(&next));
        self.positional_refute(next)?;
        self.line.pop();
        Ok(())
    }
}
