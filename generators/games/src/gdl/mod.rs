//! GDL, the Game Description Language of General Game Playing: parsing, validation,
//! grounding, and an explicit-state reference player.
//!
//! The pipeline is [`load`]: KIF text → s-expressions ([`syntax`]) → rules ([`rules`]) →
//! checked predicate graph ([`validate`]) → ground game ([`ground`]). The ground game
//! is what both the QBF encodings (`encodings::gdl`) and the reference player
//! ([`player`]) work on, so they agree on the game by construction of one grounding.
//!
//! Accepted input (lenient where unambiguous): the KIF syntax of the public GGP game
//! repositories — `(<= head body...)`, facts, `?variables`, `;` comments, the keywords
//! `role init true next legal does terminal goal distinct not or base input`, function
//! terms, numbers as constants, symbols case-insensitive. `base` and `input` are
//! accepted and treated as ordinary static relations (the move and fluent domains are
//! computed, not read from them). `(not (or ...))` is rewritten by De Morgan;
//! `(not (distinct ...))` is rejected.
//!
//! ## References
//! - M. Genesereth, N. Love: *General Game Playing: Game Description Language
//!   Specification*, 2006.
//! - Y. He, A. Saffidine, M. Thielscher: *Solving Two-player Games with QBF Solvers in
//!   General Game Playing*, AAMAS 2024.

pub mod call_domains;
pub mod ground;
pub mod player;
pub mod rules;
pub mod syntax;
pub mod terms;
pub mod turns;
pub mod unify;
pub mod validate;

pub use ground::{GLit, GroundGame, Move, NoSuchRole, Node};

use contract::{Budget, ParseError, Source};

/// Parses, validates and grounds a GDL game within the default size budget.
pub fn load(source: Source) -> Result<GroundGame, ParseError> {
    load_within(source, Budget::default())
}

/// Parses, validates and grounds a GDL game; grounding is refused beyond `budget`
/// ([`Budget::ground_atoms`]).
pub fn load_within(source: Source, budget: Budget) -> Result<GroundGame, ParseError> {
    let sexps = syntax::read_sexps(&source)?;
    let program = call_domains::bind_helpers(rules::build_program(source, &sexps)?)?;
    let analysis = validate::validate(&program)?;
    let game = ground::ground(&program, &analysis, budget)?;
    if game.roles.is_empty() {
        return Err(ParseError::at(
            &program.source,
            0,
            "the game declares no role",
            "a GDL game names its players with facts such as (role white) (role black)",
        ));
    }
    Ok(game)
}

/// A game that the tool cannot handle (not two-player, not well-formed, not strictly
/// turn-taking where that is required), with the reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct GameError(pub String);
