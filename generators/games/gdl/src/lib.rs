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
mod load;
pub mod map;
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

pub use load::{check, load, load_for_depth, load_for_depth_with, load_on_demand, load_with, load_within};

pub use gamekit::GameError;
