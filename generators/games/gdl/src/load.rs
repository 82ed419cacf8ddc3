//! The loaders: KIF text to a ground game along the pipeline of the crate doc, within a
//! size budget, up to a depth if given, with the relations grounded on demand chosen.

use crate::decompose::{self, Decompose};
use crate::demand::{self, Demand};
use crate::ground::{self, GroundGame};
use crate::{rules, syntax, validate};
use contract::{Budget, ParseError, Source};

/// Parses, validates and grounds a GDL game within the default size budget.
pub fn load(source: Source) -> Result<GroundGame, ParseError> {
    load_within(source, Budget::default())
}

/// Parses, validates and grounds a GDL game; grounding is refused beyond `budget`
/// ([`Budget::ground_atoms`]).
pub fn load_within(source: Source, budget: Budget) -> Result<GroundGame, ParseError> {
    ground_chosen(source, budget, None, Decompose::On)
}

/// [`load_within`], grounding only what plays of at most `depth` steps from the initial
/// position can reach: the same game up to that depth, often much smaller.
pub fn load_for_depth(source: Source, budget: Budget, depth: u32) -> Result<GroundGame, ParseError> {
    ground_chosen(source, budget, Some(depth), Decompose::On)
}

/// Parses and validates a GDL game without grounding it: the checks of [`load`] that do
/// not depend on the size of the game.
pub fn check(source: Source) -> Result<(), ParseError> {
    let sexps = syntax::read_sexps(&source)?;
    let program = demand::bind_calls(rules::build_program(source, &sexps)?, Demand::Helpers)?;
    validate::validate(&program)?;
    Ok(())
}

/// [`load_for_depth`] with rule bodies decomposed ([`Decompose::On`], what it does) or
/// grounded as written ([`Decompose::Off`]).
pub fn load_for_depth_with(
    source: Source,
    budget: Budget,
    depth: u32,
    decompose: Decompose,
) -> Result<GroundGame, ParseError> {
    ground_chosen(source, budget, Some(depth), decompose)
}

/// The share of the budget's ground atoms the first groundings get.
const FIRST_SHARE: u64 = 64;

/// Grounds with [`Demand::Helpers`], with at most a 64th of the budget's ground atoms
/// first: most games fit. A game that does not often grounds relations for arguments no
/// caller asks for (a helper counting stones over any four cells that the rules call for
/// two sets of four), which [`Demand::All`] skips: if that grounding fits a 64th of the
/// ground atoms, it is taken. Otherwise the game is grounded within the whole budget
/// with [`Demand::Helpers`], then with [`Demand::All`] if that is over it (the first
/// error is the one reported). The first tries stop early, so what they cost a larger
/// game is small.
fn ground_chosen(
    source: Source,
    budget: Budget,
    horizon: Option<u32>,
    decompose: Decompose,
) -> Result<GroundGame, ParseError> {
    let first = Budget::new(budget.max_size / FIRST_SHARE);
    let load = |atoms, demand| load_limited(source.clone(), budget, atoms, horizon, demand, decompose);
    match load(first, Demand::Helpers) {
        Err(e) if e.over_budget => {}
        other => return other.map_err(|e| e.error),
    }
    if let Ok(game) = load(first, Demand::All) {
        return Ok(game);
    }
    match load(budget, Demand::Helpers) {
        Err(e) if e.over_budget => load(budget, Demand::All).map_err(|_| e.error),
        other => other.map_err(|e| e.error),
    }
}

/// Parses, validates and grounds a GDL game with the relations `demand` selects grounded
/// on demand ([`demand`]), up to `horizon` steps if given. [`load`] and
/// [`load_for_depth`] choose between [`Demand::Helpers`] and [`Demand::All`] by the size of
/// the grounding (see `ground_chosen`); both ground the same game.
pub fn load_on_demand(
    source: Source,
    budget: Budget,
    horizon: Option<u32>,
    demand: Demand,
) -> Result<GroundGame, ground::GroundError> {
    load_with(source, budget, horizon, demand, Decompose::On)
}

/// [`load_on_demand`] with rule bodies decomposed ([`Decompose::On`], what every other
/// loader does) or grounded as written ([`Decompose::Off`]); both ground the same game.
pub fn load_with(
    source: Source,
    budget: Budget,
    horizon: Option<u32>,
    demand: Demand,
    decompose: Decompose,
) -> Result<GroundGame, ground::GroundError> {
    load_limited(source, budget, budget, horizon, demand, decompose)
}

/// [`load_with`] with the ground atoms limited by `atoms` (the instances of a rule by
/// `budget`).
fn load_limited(
    source: Source,
    budget: Budget,
    atoms: Budget,
    horizon: Option<u32>,
    demand: Demand,
    decompose: Decompose,
) -> Result<GroundGame, ground::GroundError> {
    let sexps = syntax::read_sexps(&source)?;
    let program = demand::bind_calls(rules::build_program(source, &sexps)?, demand)?;
    let analysis = validate::validate(&program)?;
    let (program, analysis) = match decompose {
        Decompose::On => decompose::split_program(program, analysis),
        Decompose::Off => (program, analysis),
    };
    let game = ground::ground(&program, &analysis, budget, atoms, horizon)?;
    if game.roles.is_empty() {
        return Err(ParseError::at(
            &program.source,
            0,
            "the game declares no role",
            "a GDL game names its players with facts such as (role white) (role black)",
        )
        .into());
    }
    Ok(game)
}
