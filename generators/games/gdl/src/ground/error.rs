//! Why grounding stops, and the names its messages give relations.

use crate::program::Program;
use crate::terms::TermStore;
use crate::validate::PredKey;
use contract::budget::RAISE;
use contract::ParseError;

/// Why grounding stopped: the game is not finite or not tight, or it is larger than the
/// size budget allows (`over_budget`: grounding more on demand may help).
#[derive(Clone, Debug)]
pub struct GroundError {
    pub error: ParseError,
    pub over_budget: bool,
}

impl From<ParseError> for GroundError {
    fn from(error: ParseError) -> GroundError {
        GroundError { error, over_budget: false }
    }
}

/// The error for a game whose grounding makes more than `limit` of `what` at the rule at
/// `offset`.
pub(super) fn too_large(program: &Program, offset: usize, what: &str, limit: usize) -> GroundError {
    let error = ParseError::at(
        &program.source,
        offset,
        format!("grounding makes more than {} {what}, the most the size budget allows", contract::budget::grouped(limit as u64)),
        format!("a game this large cannot be encoded at a useful depth (one ground atom per 100 literals of the budget); shrink the domains of this rule's variables, or {RAISE}"),
    );
    GroundError { error, over_budget: true }
}

/// `name/arity` of a relation, for messages.
pub(super) fn relation(store: &TermStore, (sym, arity): PredKey) -> String {
    format!("{}/{arity}", store.name(sym))
}
