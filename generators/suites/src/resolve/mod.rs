//! Raw suite file → resolved suite: every value checked, the grid expanded, paths found.
//!
//! Each error is a [`ParseError`](contract::ParseError) at the offending key or value
//! (file:line:col, the line, and the fix). Resolution stops at the first error, so a user
//! sees one clear message.
//!
//! - `suite`: what resolution makes, the [`Suite`] and its parts.
//! - `resolver`: [`load`] and [`resolve`], every value checked by a resolver, whose checks
//!   of a family's grid and of its ladder are in `grid` and `ladder`.

mod grid;
mod ladder;
mod resolver;
mod suite;

pub use ::game_registry::suite::{params_string, Param, Params};
pub use resolver::{load, resolve, SuiteError, DEFAULT_BUDGET, MAX_JOBS};
pub use suite::{Expected, Family, Ladder, Mark, Over, Point, Suite};
