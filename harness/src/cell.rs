//! A cell of the matrix: one instance, preprocessor and solver, and its key.

/// One cell of the matrix, by its indices into a plan's instances, preprocessors and
/// solvers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    pub instance: usize,
    pub preprocessor: usize,
    pub solver: usize,
    pub key: String,
}
