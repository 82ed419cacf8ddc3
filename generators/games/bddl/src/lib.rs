//! BDDL, the Board-game Domain Definition Language: parser, game model, sanity checks and
//! the explicit-state reference solver.
//!
//! A game is a domain file (`#blackactions`, `#whiteactions`: actions with a precondition
//! and an effect over the parameters `(?x, ?y)`) and a problem file (board size, initial
//! state, depth, goal conditions, who moves first). [`load`] parses both and checks them
//! against each other ([`check`]); [`Solver`] decides the game by minimax, and
//! the lifted encoding ([`lifted::Lifted`]) turns it into a QBF.
//!
//! The accepted syntax is described in `docs/bddl.md`; it is lenient where the input is
//! still unambiguous (section order, parentheses around conditions, `#blackgoal` or
//! `#blackgoals`, whitespace and line breaks inside conditions).
//!
//! ## References
//! - I. Shaik, J. van de Pol, *Concise QBF Encodings for Games on a Grid*, SAT 2023
//!   (extended version), Section 3.

mod check;
#[cfg(feature = "cli")]
pub mod cli;
pub mod game_model;
mod lexer;
pub mod lifted;
mod longest;
pub mod map;
mod model;
mod parse;
mod solve;
pub mod strategy;

pub use check::check;
pub use longest::Length;
pub use model::{Action, Atom, Board, Condition, Domain, Expr, Game, Interval, PastFullBoard, Pred, Problem};
pub use parse::{parse_domain, parse_problem};
pub use solve::{FirstMove, Solver, State, TooLarge};

use contract::{ParseError, Source};

/// Parses and checks a domain and a problem; `depth` overrides the problem's `#depth`.
pub fn load(domain: &Source, problem: &Source, depth: Option<u32>) -> Result<Game, ParseError> {
    let d = parse_domain(domain)?;
    let p = parse_problem(problem)?;
    check(d, domain, p, problem, depth)
}
