//! What a suite says of itself and of its families, in its own words: handed from the
//! suite (read by `suites`) to the package's documents (written by `reports`).

use std::collections::BTreeMap;

/// A suite's `description` and each family's.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Docs {
    pub description: String,
    /// Per family name.
    pub families: BTreeMap<String, FamilyDoc>,
}

/// A family's `description` (what the game is) and `source` (where it comes from).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FamilyDoc {
    pub description: String,
    pub source: String,
}
