//! Checking a decoded first move with the reference solvers: the move must be legal in the
//! initial position, and Black must still win within the remaining depth after it.

/// The outcome of checking a first move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    Valid,
    /// Why the move fails, and the position it was played in.
    Invalid {
        reason: String,
        position: String,
    },
}

/// The first line of a drawn position when a board follows it: the raw state (the stones
/// or fluents that hold), which `play` shows only with `--verbose`.
pub const STATE: &str = "state: ";
