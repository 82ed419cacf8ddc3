//! `strategy first-move`: encode a game, read Black's first move from the solver's `--qdo`
//! assignment (or from the constants of a checked certificate, [`crate::certificate`]),
//! and judge it with the reference solver.

use std::cell::RefCell;

use encodings::corplus::Corplus;
use encodings::gdl::GdlEncoding;
use encodings::geography::Geography;
use encodings::lifted::Lifted;
use encodings::{EncodeError, Encoding, Form, MapError, Move, Side, SymbolMap};
use games::bddl::{self, Game};
use games::gdl::player::Solver as GdlSolver;
use games::gdl::{GameError, GroundGame};
use games::geography::{Graph, SolveError as GeoSolveError, Solver as GeoSolver};
use games::positional::solver::{SolveError, Solver as PositionalSolver};
use games::positional::PositionalGame;
use qbf::tseitin::ClauseForm;

use crate::gdl::check_gdl;
use crate::geography::check_geography;
use crate::play::QdoSolver;
use crate::qdo::QdoError;
use crate::validate::{check_bddl, check_positional, Check};

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
    #[error(transparent)]
    Bddl(#[from] bddl::TooLarge),
    #[error(transparent)]
    Positional(#[from] SolveError),
    #[error(transparent)]
    Gdl(#[from] GameError),
    #[error(transparent)]
    Geography(#[from] GeoSolveError),
}

/// Encodes `game` with `encoding` at `depth`, asks the solver, and judges its move: by
/// `reference_wins` when it says Black does not win, by `check` when it says Black does.
fn judge<E: Encoding>(
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

/// A BDDL game at its depth, lifted encoding.
pub fn first_move_bddl(game: &Game, solver: &mut QdoSolver<'_>) -> Result<FirstMove, FirstMoveError> {
    let depth = game.depth();
    let reference = || Ok(bddl::Solver::new(game)?.wins(depth));
    judge(&Lifted, game, depth, solver, reference, |mv| Ok(check_bddl(game, mv)?))
}

/// A positional game at its depth, COR+.
pub fn first_move_positional(game: &PositionalGame, solver: &mut QdoSolver<'_>) -> Result<FirstMove, FirstMoveError> {
    let depth = game.depth();
    let reference = || Ok(PositionalSolver::new(game)?.black_wins(depth)?);
    judge(&Corplus, game, depth, solver, reference, |mv| Ok(check_positional(game, mv)?))
}

/// A GDL game at `depth` steps with `encoding` (Black is its role `first`).
pub fn first_move_gdl(
    game: &GroundGame,
    encoding: GdlEncoding,
    depth: u32,
    solver: &mut QdoSolver<'_>,
) -> Result<FirstMove, FirstMoveError> {
    let player = RefCell::new(GdlSolver::new(game, encoding.first)?);
    let start = player.borrow().initial();
    let reference = || Ok(player.borrow_mut().wins_from(&start, depth)?);
    let check = |mv: &Move| Ok(check_gdl(&mut player.borrow_mut(), game, &start, mv, depth)?);
    judge(&encoding, game, depth, solver, reference, check)
}

/// Geography on `graph` for `rounds` rounds with `encoding` (Black is the first player).
pub fn first_move_geography(
    graph: &Graph,
    encoding: Geography,
    rounds: u32,
    solver: &mut QdoSolver<'_>,
) -> Result<FirstMove, FirstMoveError> {
    let player = RefCell::new(GeoSolver::new(graph, encoding.variant, encoding.rule));
    let reference = || Ok(player.borrow_mut().wins_within(rounds)?);
    let check = |mv: &Move| Ok(check_geography(&mut player.borrow_mut(), &[], mv, rounds)?);
    judge(&encoding, graph, rounds, solver, reference, check)
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
