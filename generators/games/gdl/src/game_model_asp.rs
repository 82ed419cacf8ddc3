//! `encode gdl-asp`: a GDL game's temporal extension as an answer set program, not a QBF.
//! A registry entry of its own (after the QBF models, as `encode --help` lists it) with
//! no reference solver: its solver is clingo. Its command line is `cli_asp` (feature `cli`).

use gamekit::GameModel;

/// The `gdl-asp` target of `encode`.
pub struct GdlAsp;

impl GameModel for GdlAsp {
    fn name(&self) -> &'static str {
        "gdl-asp"
    }
    #[cfg(feature = "cli")]
    fn cli(&self) -> Option<&dyn gamekit::ModelCli> {
        Some(self)
    }
}
