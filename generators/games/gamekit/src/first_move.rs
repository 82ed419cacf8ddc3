//! `strategy first-move`: encode a game, read Black's first move from the solver's `--qdo`
//! assignment (or from the constants of a checked certificate, [`certify::outermost`]),
//! and judge it with the reference solver.

use qbf::tseitin::ClauseForm;

use crate::play::QdoSolver;
use crate::qdo::QdoError;
use crate::validate::Check;
use crate::{EncodeError, Encoding, Form, MapError, Move, Side, SymbolMap};

/// What the solver's first move turned out to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// The move is legal and Black still wins after it.
    Valid(Move),
    /// The move is illegal or loses the win.
    Invalid { mv: Move, position: String, reason: String },
    /// The solver says Black does not win within `depth`; the reference solver says it does.
    Contradicted { depth: u32 },
    /// Black does not win within `depth`, and both agree: nothing to check.
    NoStrategy { depth: u32 },
}

impl Judgement {
    /// The exit code of `qbfgames strategy first-move`: 0 valid, 1 invalid or contradicted,
    /// 2 nothing to check.
    pub fn exit_code(&self) -> u8 {
        match self {
            Judgement::Valid(_) => 0,
            Judgement::Invalid { .. } | Judgement::Contradicted { .. } => 1,
            Judgement::NoStrategy { .. } => 2,
        }
    }
}

impl std::fmt::Display for Judgement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Judgement::Valid(mv) => write!(f, "valid: {mv}"),
            Judgement::Invalid { mv, position, reason } => write!(f, "invalid: {mv} at {position}: {reason}"),
            Judgement::Contradicted { depth } => write!(
                f,
                "invalid: the solver says Black does not win within {depth}, the reference solver says Black does"
            ),
            Judgement::NoStrategy { depth } => {
                write!(f, "no strategy: Black does not win within {depth} (solver and reference solver agree)")
            }
        }
    }
}

/// A judged first move, with the map it was read with.
#[derive(Clone, Debug)]
pub struct FirstMove {
    pub map: SymbolMap,
    pub judgement: Judgement,
}

/// Why no first move could be judged.
#[derive(Debug, thiserror::Error)]
pub enum FirstMoveError {
    #[error(transparent)]
    Encode(#[from] EncodeError),
    /// The game has no first move of Black in the outermost block.
    #[error(transparent)]
    Map(#[from] MapError),
    #[error(transparent)]
    Solver(#[from] QdoError),
    /// The reference solver of the game failed (each game crate converts its errors).
    #[error(transparent)]
    Game(Box<dyn std::error::Error + Send + Sync>),
}

impl From<crate::GameError> for FirstMoveError {
    fn from(e: crate::GameError) -> Self {
        FirstMoveError::Game(Box::new(e))
    }
}

/// Encodes `game` with `encoding` at `depth`, asks the solver, and judges its move: by
/// `reference_wins` when it says Black does not win, by `check` when it says Black does.
pub fn judge<E: Encoding>(
    encoding: &E,
    game: &E::Game,
    depth: u32,
    solver: &mut QdoSolver<'_>,
    reference_wins: impl FnOnce() -> Result<bool, FirstMoveError>,
    check: impl FnOnce(&Move) -> Result<Check, FirstMoveError>,
) -> Result<FirstMove, FirstMoveError> {
    let form = ClauseForm::default();
    let (qbf, map) = encoding.formula_within(game, depth, Side::Black, Form::Clauses(form), solver.budget())?;
    let map = map?;
    let (verdict, assignment) = solver.solve(&qbf.into_cnf(form))?;
    let judgement = if !verdict {
        if reference_wins()? {
            Judgement::Contradicted { depth }
        } else {
            Judgement::NoStrategy { depth }
        }
    } else {
        let mv = map.decode(&assignment);
        match check(&mv)? {
            Check::Valid => Judgement::Valid(mv),
            Check::Invalid { reason, position } => Judgement::Invalid { mv, position, reason },
        }
    };
    Ok(FirstMove { map, judgement })
}

#[cfg(test)]
mod judgement_tests {
    use super::Judgement;

    #[test]
    fn judgements_say_what_they_are_with_their_exit_code() {
        let no = Judgement::NoStrategy { depth: 5 };
        assert_eq!(no.to_string(), "no strategy: Black does not win within 5 (solver and reference solver agree)");
        let contradicted = Judgement::Contradicted { depth: 3 };
        assert!(contradicted.to_string().starts_with("invalid: the solver says Black does not win within 3,"));
        assert_eq!((no.exit_code(), contradicted.exit_code()), (2, 1));
    }
}
