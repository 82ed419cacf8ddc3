//! Grounding: from GDL rules to a propositional game over fluents and moves.
//!
//! The algorithm, entirely bottom-up over interned ground terms:
//!
//! 1. **Static relations exactly.** Predicates that depend neither on `true` nor on `does`
//!    (and are not `legal`, `goal`, `terminal`, `next`) are evaluated stratum by stratum, in
//!    the order of the strongly connected components of the predicate graph, each to its
//!    least fixpoint with negation referring to lower strata only. `role` and `init` are
//!    static, so the players and the initial position are exact.
//! 2. **Reachable fluents and moves, over-approximated.** The dynamic rules are evaluated
//!    to a fixpoint of a *relaxed* program: negative dynamic literals are assumed true
//!    (static literals, negative or positive, and `distinct` stay exact), and two bridge
//!    rules close the loop between steps: `true(F) ⇐ init(F) ∨ next(F)` and
//!    `does(R,M) ⇐ legal(R,M)`. Dropping negative literals only adds derivations, so the
//!    fixpoint contains every atom that holds in any reachable position under any legal
//!    moves: the fluent domain is the `true` atoms, the move domain the `does` atoms.
//! 3. **Ground rules.** Each dynamic rule is instantiated once more against the fixpoint;
//!    static literals are decided and dropped, negative literals over atoms outside the
//!    domain are dropped (they are always true), and what remains is a ground rule over
//!    fluents, moves and derived atoms.
//! 4. **Tightness.** The derived atoms are sorted topologically by their body atoms. A
//!    cycle is a positive loop within one time step (stratification excludes negative
//!    ones); Clark completion would then be wrong, so grounding refuses the game.
//!
//! Joins are nested loops over the atoms of one predicate, with body literals reordered
//! greedily so that the next positive literal is the one with most variables bound, and
//! each filter (`distinct`, negation) applied as soon as its variables are bound.
//!
//! ## References
//! - M. Genesereth, N. Love: *General Game Playing: Game Description Language
//!   Specification*, 2006 (stratification, safety, finiteness).
//! - M. Thielscher: *Answer Set Programming for Single-Player Games in General Game
//!   Playing*, ICLP 2009 (ground programs of games, tightness).

mod assemble;
mod error;
mod fan_out;
mod fixpoint;
mod game;
mod run;
mod tightness;
mod units;

pub use error::GroundError;
pub use game::{Definitions, Derived, GLit, GroundGame, Move, NoSuchRole, Node};
pub use run::ground;
