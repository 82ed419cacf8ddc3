//! Whose win a game's formulas ask about, as its game model declares it: a package names
//! its formulas by it and says in its README what a true formula means.

use std::collections::BTreeMap;

/// The player whose win a formula asks about.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Claimant {
    /// Black, who moves first unless the game says otherwise.
    #[default]
    Black,
    /// The first of the roles the game names itself.
    FirstRole,
}

impl Claimant {
    /// The last part of a packaged formula's name.
    pub fn name(self) -> &'static str {
        match self {
            Claimant::Black => "black",
            Claimant::FirstRole => "first",
        }
    }
}

/// Each game model's [`Claimant`], by the model's name (a manifest row's `game`); a model
/// not listed asks about Black.
pub type Claimants = BTreeMap<String, Claimant>;
