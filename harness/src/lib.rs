//! Running QBF solvers.
//!
//! A solver is a program with an argv list (never a shell string). [`run`] starts it in
//! its own process group, enforces a wall-clock limit by killing the whole group, and
//! turns what happened into a typed [`Outcome`]: exit code 10 is *true*, 20 is *false*
//! (the convention of QBF solvers and competitions), a limit is a timeout, anything else
//! is an error or an unknown answer — never a truth value.

mod check;
mod outcome;
mod process;

pub use check::{depqbf, solve_qdimacs};
pub use outcome::{Outcome, Verdict};
pub use process::{find_program, run, Invocation, Run};
