//! Playing a solver's strategy against White: every White reply (`play --auto --all`), or
//! the replies a user chooses (interactive `play`).
//!
//! At each of Black's turns the current position is re-encoded with the remaining depth,
//! the solver's first move is decoded with the [`SymbolMap`] and checked
//! with the game's check (legal, and Black still wins within the rest); at
//! each of White's turns every legal White move is tried in turn ([`White::All`]) or one is
//! chosen ([`White::Choose`]). Every line must end with Black's win within the depth;
//! otherwise the first failing position is reported.

use std::fmt;

use crate::qdo::QdoOracle;
use crate::{Encoding, Form, Move, Side, SymbolMap};
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
    pub solve: &'s mut QdoSolver<'a>,
    pub white: White<'w, 'b>,
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
    pub fn encode<E: Encoding>(
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
    pub fn ask(&mut self, qbf: &CnfQbf, map: &SymbolMap, position: &str, left: u32) -> Result<Move, Failure> {
        self.played.solver_calls += 1;
        let (verdict, assignment) =
            self.solve.solve(qbf).map_err(|e| self.fail(position.to_string(), e.to_string()))?;
        if !verdict {
            return Err(self.fail(position.to_string(), format!("the solver says Black does not win within {left}")));
        }
        Ok(map.decode(&assignment))
    }

    /// Asks the solver about `qbf`, which must be false, and decodes White's move.
    pub fn ask_white(&mut self, qbf: &CnfQbf, map: &SymbolMap, position: &str, left: u32) -> Result<Move, Failure> {
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
