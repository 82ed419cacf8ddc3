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
    load_grounded(source, budget, None)
}

/// [`load_within`], grounding only what plays of at most `depth` steps from the initial
/// position can reach: the same game up to that depth, often much smaller.
pub fn load_for_depth(source: Source, budget: Budget, depth: u32) -> Result<GroundGame, ParseError> {
    load_grounded(source, budget, Some(depth))
}

/// Parses and validates a GDL game without grounding it: the checks of [`load`] that do
/// not depend on the size of the game.
pub fn check(source: Source) -> Result<(), ParseError> {
    let sexps = syntax::read_sexps(&source)?;
    let program = demand::bind_calls(rules::build_program(source, &sexps)?, Demand::Helpers)?;
    validate::validate(&program)?;
    Ok(())
}

fn load_grounded(source: Source, budget: Budget, horizon: Option<u32>) -> Result<GroundGame, ParseError> {
    match load_on_demand(source.clone(), budget, horizon, Demand::Helpers) {
        Err(first) if first.over_budget => {
            load_on_demand(source, budget, horizon, Demand::All).map_err(|_| first.error)
        }
        other => other.map_err(|e| e.error),
    }
}

/// Parses, validates and grounds a GDL game with the relations `demand` selects grounded
/// on demand ([`demand`]), up to `horizon` steps if given. [`load`] and
/// [`load_for_depth`] take [`Demand::Helpers`], then [`Demand::All`] if that is over the
/// budget; both ground the same game.
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
    let sexps = syntax::read_sexps(&source)?;
    let program = demand::bind_calls(rules::build_program(source, &sexps)?, demand)?;
    let analysis = validate::validate(&program)?;
    let (program, analysis) = match decompose {
        Decompose::On => decompose::split_program(program, analysis),
        Decompose::Off => (program, analysis),
    };
    let game = ground::ground(&program, &analysis, budget, horizon)?;
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
