//! Playing a solver's strategy against White: every White reply (`play --auto --all`), or
//! the replies a user chooses (interactive `play`).
//!
//! At each of Black's turns the current position is re-encoded with the remaining depth,
//! the solver's first move is decoded with the [`SymbolMap`] and checked
//! with [`validate`](super::validate) (legal, and Black still wins within the rest); at
//! each of White's turns every legal White move is tried in turn ([`White::All`]) or one is
//! chosen ([`White::Choose`]). Every line must end with Black's win within the depth;
//! otherwise the first failing position is reported.

use std::fmt;

use crate::qdo::QdoOracle;
use crate::validate::{check_bddl, check_positional, draw_bddl, draw_positional, Check};
use encodings::corplus::Corplus;
use encodings::lifted::Lifted;
use encodings::{Encoding, Form, Move, Side, SymbolMap};
use games::bddl::{self, Atom, Expr, Game, Pred, State};
use games::positional::{Player, PositionalGame};
use qbf::formula::CnfQbf;
use qbf::tseitin::ClauseForm;

/// The solver the strategy functions ask.
pub type QdoSolver<'a> = dyn QdoOracle + 'a;

/// How a complete exploration went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Lines of play (leaves of the explored tree), all won by Black.
    pub lines: usize,
    /// Positions the solver was asked about.
    pub solver_calls: usize,
}

/// The first line of play that does not end in Black's win, at its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub position: String,
    /// The moves that led there, from the start.
    pub line: Vec<String>,
    pub reason: String,
    /// The game was not played because the instance has the other value (the solver's
    /// side cannot keep its promise, and the reference solver agrees): not a bug.
    pub refused: bool,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "after [{}] at {}: {}", self.line.join(" "), self.position, self.reason)
    }
}

/// Why the user's side chose no move.
#[derive(Debug, thiserror::Error)]
pub enum ChooseError {
    #[error("standard input ended")]
    InputEnded,
    #[error("the user left the game")]
    Quit,
    #[error("the user took back a move")]
    Undo,
    #[error("{0}")]
    Input(std::io::Error),
    #[error("writing to standard output: {0}")]
    Output(std::io::Error),
}

/// How long the solver's side still needs to win after the user's move `k` (an index into
/// the legal moves): its critical depth from the position after the move, from the
/// reference solver; `None` where it is not asked (the user's side is the one that holds).
pub type Resistance<'a> = dyn FnMut(usize) -> Option<u32> + 'a;

/// Chooses White's move: given the position, the legal moves and their [`Resistance`], the
/// index of one.
pub type Chooser<'a> = dyn FnMut(&str, &[String], &mut Resistance<'_>) -> Result<usize, ChooseError> + 'a;

/// Who answers for White.
pub enum White<'w, 'a> {
    /// Every legal reply, one after the other.
    All,
    /// One reply per turn, and `show` sees every move played and the position after it.
    Choose { choose: &'w mut Chooser<'a>, show: &'w mut (dyn FnMut(&str, &str) + 'a) },
}

/// One game tree as the computer plays it: the user's side answered by `white`, the lines
/// played and the moves that led to the current position kept. A game's `play` (its
/// [`PlayableGame`](crate::session::PlayableGame)) walks its positions with one.
pub struct Explorer<'s, 'a, 'w, 'b> {
    pub(super) solve: &'s mut QdoSolver<'a>,
    pub(super) white: White<'w, 'b>,
    /// The lines ended so far, and the solver's calls.
    pub played: Played,
    /// The moves from the start to the current position.
    pub line: Vec<String>,
}

impl<'s, 'a, 'w, 'b> Explorer<'s, 'a, 'w, 'b> {
    /// An exploration from the start, with `solve` for the computer's side and `white` for
    /// the user's.
    pub fn new(solve: &'s mut QdoSolver<'a>, white: White<'w, 'b>) -> Self {
        Explorer { solve, white, played: Played { lines: 0, solver_calls: 0 }, line: Vec::new() }
    }
}

impl Explorer<'_, '_, '_, '_> {
    /// The White replies to try, out of `moves` (each one's [`Resistance`] asked for hints).
    pub fn replies(
        &mut self,
        position: &str,
        moves: &[String],
        resist: &mut Resistance<'_>,
    ) -> Result<Vec<usize>, Failure> {
        match &mut self.white {
            White::All => Ok((0..moves.len()).collect()),
            White::Choose { choose, .. } => match choose(position, moves, resist) {
                Ok(k) if k < moves.len() => Ok(vec![k]),
                Ok(k) => Err(self.fail(position.to_string(), format!("move number {k} does not exist"))),
                Err(e) => Err(self.fail(position.to_string(), e.to_string())),
            },
        }
    }

    /// Shows `mv` and the `position` after it to the user (when the user chooses moves).
    pub fn show(&mut self, mv: &str, position: &str) {
        if let White::Choose { show, .. } = &mut self.white {
            show(mv, position);
        }
    }

    /// A failure at `position`, after the moves of the current line.
    pub fn fail(&self, position: String, reason: String) -> Failure {
        Failure { position, line: self.line.clone(), reason, refused: false }
    }

    /// The game is refused before it starts: the instance has the other value.
    pub fn refuse(&self, position: String, reason: String) -> Failure {
        Failure { refused: true, ..self.fail(position, reason) }
    }

    /// `game` with `depth` plies as clauses, with the map of `side`'s first move; a failure
    /// at `position` where the encoding or the map is refused.
    pub(super) fn encode<E: Encoding>(
        &self,
        encoding: &E,
        game: &E::Game,
        depth: u32,
        side: Side,
        position: &str,
    ) -> Result<(CnfQbf, SymbolMap), Failure> {
        let form = ClauseForm::default();
        let (qbf, map) = encoding
            .formula_within(game, depth, side, Form::Clauses(form), self.solve.budget())
            .map_err(|e| self.fail(position.into(), e.to_string()))?;
        let map = map.map_err(|e| self.fail(position.into(), e.to_string()))?;
        Ok((qbf.into_cnf(form), map))
    }

    /// Asks the solver about `qbf` and decodes Black's move.
    pub(super) fn ask(&mut self, qbf: &CnfQbf, map: &SymbolMap, position: &str, left: u32) -> Result<Move, Failure> {
        self.played.solver_calls += 1;
        let (verdict, assignment) =
            self.solve.solve(qbf).map_err(|e| self.fail(position.to_string(), e.to_string()))?;
        if !verdict {
            return Err(self.fail(position.to_string(), format!("the solver says Black does not win within {left}")));
        }
        Ok(map.decode(&assignment))
    }
}

/// The BDDL game from state `s` with Black to move and `left` plies.
pub(super) fn bddl_position(game: &Game, s: State, left: u32) -> Game {
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

impl Explorer<'_, '_, '_, '_> {
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
    pub(super) fn user_bddl(
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

/// The game after `player` takes vertex `v` (the first time point is used up). The
/// symmetry-breaking set and the symmetries belong to the initial position.
pub(super) fn taken(game: &PositionalGame, v: usize, player: Player) -> PositionalGame {
    let mut next = game.clone();
    match player {
        Player::Black => next.black_initials.push(v),
        Player::White => next.white_initials.push(v),
    }
    next.turns.remove(0);
    next.first_moves = None;
    next.symmetries.clear();
    next
}

pub(super) fn completes(sets: &[Vec<usize>], owned: &[usize]) -> bool {
    sets.iter().any(|set| set.iter().all(|v| owned.contains(v)))
}

/// Plays the solver's strategy for a positional game against White.
pub fn play_positional(
    game: &PositionalGame,
    solve: &mut QdoSolver<'_>,
    white: White<'_, '_>,
) -> Result<Played, Failure> {
    let mut e = Explorer::new(solve, white);
    let wins = games::positional::solver::Solver::new(game)
        .and_then(|mut s| s.black_wins(game.depth()))
        .map_err(|err| e.fail(draw_positional(game), err.to_string()))?;
    if !wins {
        return Err(e.refuse(draw_positional(game), format!("Black does not win within {} time points, so there is no strategy to play against; play Black (--as black) instead", game.turns.len())));
    }
    e.positional(game.clone())?;
    Ok(e.played)
}

impl Explorer<'_, '_, '_, '_> {
    fn positional(&mut self, game: PositionalGame) -> Result<(), Failure> {
        let position = draw_positional(&game);
        if completes(&game.white_wins, &game.white_initials) {
            return Err(self.fail(position, "White owns a winning set".into()));
        }
        if completes(&game.black_wins, &game.black_initials) {
            self.played.lines += 1;
            return Ok(());
        }
        let Some(&mover) = game.turns.first() else {
            return Err(self.fail(position, "Black has not won within the depth".into()));
        };
        let after = |v: usize, player: Player| taken(&game, v, player);
        match mover {
            Player::Black => {
                let (qbf, map) = self.encode(&Corplus, &game, game.depth(), Side::Black, &position)?;
                let mv = self.ask(&qbf, &map, &position, game.depth())?;
                if let Check::Invalid { reason, position } =
                    check_positional(&game, &mv).map_err(|err| self.fail(position.clone(), err.to_string()))?
                {
                    return Err(self.fail(position, format!("{mv}: {reason}")));
                }
                let Move::Vertex { name, .. } = &mv else {
                    return Err(self.fail(position, format!("{mv} is not a vertex")));
                };
                let v = game.vertices.iter().position(|n| n == name).unwrap_or(usize::MAX);
                self.line.push(mv.to_string());
                let next = after(v, Player::Black);
                self.show(&format!("Black plays {mv}"), &draw_positional(&next));
                self.positional(next)?;
                self.line.pop();
            }
            Player::White => {
                let free: Vec<usize> = (0..game.size())
                    .filter(|v| !game.black_initials.contains(v) && !game.white_initials.contains(v))
                    .collect();
                if free.is_empty() {
                    return Err(self.fail(position, "the board is full and Black has not won".into()));
                }
                let names: Vec<String> = free.iter().map(|&v| game.vertices[v].clone()).collect();
                let mut resist = |k: usize| {
                    games::positional::solver::Solver::new(&after(free[k], Player::White)).ok()?.critical_depth()
                };
                for k in self.replies(&position, &names, &mut resist)? {
                    let next = after(free[k], Player::White);
                    self.line.push(names[k].clone());
                    self.show(&format!("White plays {}", names[k]), &draw_positional(&next));
                    self.positional(next)?;
                    self.line.pop();
                }
            }
        }
        Ok(())
    }
}
