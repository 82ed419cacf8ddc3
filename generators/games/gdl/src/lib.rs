//! GDL, the Game Description Language of General Game Playing: parsing, validation,
//! grounding, and an explicit-state reference player.
//!
//! The pipeline is [`load`]: KIF text → s-expressions ([`syntax`]) → rules ([`rules`],
//! with `(not (distinct s t))` solved by [`unify`]) → relations grounded on their
//! callers' demand ([`demand`], over the binding patterns of `adorn`) → checked
//! predicate graph ([`validate`]) → rule bodies split along tree decompositions
//! ([`decompose`]) → ground game ([`ground`]). Helpers that need their
//! callers' bindings are always grounded on demand; when the game grounded so is larger
//! than the size budget allows, it is grounded again with every relation on demand. The ground game is what both the QBF encodings (`gamekit::gdl`) and the
//! reference player ([`player`]) work on, so they agree on the game by construction of
//! one grounding.
//!
//! On the ground game, [`turn_taking`] proves whether the game is strictly turn-taking up
//! to a depth (which the strictly turn-taking encoding needs, and the default encoding
//! follows), or finds a reachable position that shows it is not.
//!
//! Accepted input (lenient where unambiguous): the KIF syntax of the public GGP game
//! repositories as game files write it — `(<= head body...)`, facts, `?variables`, `;`
//! comments anywhere, the keywords `role init true next legal does terminal goal distinct
//! not or base input` in any case, nested function terms, numbers as constants, `or`
//! anywhere in a body (also under `not`, by De Morgan), `(not (distinct s t))` as the
//! equality `s = t`, `init`/`terminal`/`goal` defined by rules, goals with any values (a
//! win is goal 100). `base` and `input` may have any arity; they are ordinary relations
//! that the game never uses (the move and fluent domains are computed, not read from
//! them). Helper relations that take some arguments from their callers are grounded for
//! the arguments their callers pass.
//!
//! Refused, with the condition of the GDL specification named at `file:line:col`:
//! keyword arities and positions, `legal`/`terminal`/`goal` depending on `does`, `init`
//! depending on the position, unsafe rules (also helpers called with an open argument
//! unbound: unsafe in use), unstratified negation, the recursion restriction, and
//! (while grounding) infinite or oversized groundings and positive loops within a step.
//! `docs/gdl.md` lists them with the reasons.
//!
//! ## References
//! - M. Genesereth, N. Love: *General Game Playing: Game Description Language
//!   Specification*, 2006.
//! - Y. He, A. Saffidine, M. Thielscher: *Solving Two-player Games with QBF Solvers in
//!   General Game Playing*, AAMAS 2024.

mod adorn;
pub mod asp;
#[cfg(feature = "cli")]
mod cli;
#[cfg(feature = "cli")]
mod cli_asp;
pub mod decompose;
pub mod demand;
pub mod encoding;
mod eval;
pub mod game_model;
pub mod game_model_asp;
pub mod ground;
pub mod kleene;
pub mod player;
pub mod program;
pub mod rules;
pub mod strategy;
pub mod syntax;
pub mod terms;
pub mod turn_taking;
pub mod turns;
pub mod unify;
pub mod validate;

pub use decompose::Decompose;
pub use demand::Demand;
pub use ground::{GLit, GroundGame, Move, NoSuchRole, Node};

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

pub use gamekit::GameError;
