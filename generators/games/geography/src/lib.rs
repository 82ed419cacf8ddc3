//! Generalized geography on a directed graph (the thesis's Section 3): node 0 is the start
//! and counts as named; the players alternate, player 1 first, each naming a successor of
//! the last named node (player 1's first move: a successor of node 0).
//!
//! - The graph: `gamekit::graph::Graph`, read from the thesis's text format or made by a
//!   seeded generator, as Node Kayles reads it too.
//! - [`Rule`]: what may not repeat: a node ([`Rule::Vertex`], the thesis's game) or an edge
//!   ([`Rule::Edge`]; nodes may repeat).
//! - [`Variant`]: what player 1 must achieve within the rounds: survive them
//!   ([`Variant::Thesis`]) or leave player 2 without a move ([`Variant::LastMover`]).
//! - [`Solver`]: the explicit-state reference solver every encoding is checked against.
//!
//! ## The two variants
//! Both play at most `r` rounds; a player who cannot move at one of his rounds `≤ r` loses
//! at once. They differ only when round `r` is played and the game is not over:
//! [`Variant::Thesis`] counts that as player 1's win (the matrix `valid₁ ∧ (valid₂ →
//! (valid₃ ∧ (valid₄ → …)))` of the thesis ends in *true*), [`Variant::LastMover`] as player
//! 2's (the same chain ends in *false*: player 1 must have left player 2 without a legal
//! move at some round `≤ r`). So `LastMover(r)` implies `Thesis(r)`, `Thesis` can only turn
//! false and `LastMover` only true as `r` grows, and they agree once `r` exceeds the longest
//! possible play (the number of nodes for [`Rule::Vertex`], of edges for [`Rule::Edge`]).
//!
//! ## References
//! - The qbfgames thesis, *QBF encodings of games*, Section 3 (“Solve simple geography
//!   games”): the game, the text format and the one-hot encoding.
//! - T. J. Schaefer, *On the computational complexity of some two-person perfect-information
//!   games*, JCSS 16 (1978): generalized geography, PSPACE-complete.

#[cfg(feature = "cli")]
pub mod cli;
pub mod encoding;
pub mod game_model;
pub mod map;
mod rules;
mod solver;
pub mod strategy;

pub use rules::{Rule, UnknownName, Variant};
pub use solver::{SolveError, Solver, DEFAULT_BUDGET};
