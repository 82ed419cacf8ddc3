//! The game models behind one seam. A model is a [`GameModel`]: its name, what suites may
//! ask of it, and (with the `cli` feature) its command line, a
//! [`ModelCli`](crate::cli::ModelCli): the arguments of `qbfgames encode NAME`, `solve
//! NAME`, `strategy first-move NAME` and `play NAME` (clap `Args`, declared once in the
//! model's crate) and what those commands do. The registry (the `game-registry` crate)
//! lists every model; the binary mounts them and dispatches by name; it names no model
//! itself.
//!
//! Adding a game is a crate beside the others (its flags, its loader, its encodings and
//! reference solver) and a line in the registry.

/// `eprintln!` that drops what standard error cannot take instead of panicking: the work
/// and its exit code never depend on a diagnostic.
#[macro_export]
macro_rules! errln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        drop(writeln!(std::io::stderr().lock(), $($arg)*))
    }};
}

use crate::suite::{BuildError, Instance, LastPly, Request, Schema, Setup};
use crate::SymbolMap;
use anyhow::Result;
use contract::Claimant;

/// One game model: its name, its suite side and, with the `cli` feature, its command line.
pub trait GameModel: Sync {
    /// The name of the model's subcommands and of `model = "NAME"` in suites.
    fn name(&self) -> &'static str;

    /// The model's command line (`encode`, `solve`, `strategy first-move`, `play`); `None`
    /// when it has none, or its crate was built without its `cli` feature.
    #[cfg(feature = "cli")]
    fn cli(&self) -> Option<&dyn crate::cli::ModelCli> {
        None
    }

    /// What a family with `model = "NAME"` accepts in a suite file; `None` when suites
    /// cannot name the model.
    fn schema(&self) -> Option<&'static Schema> {
        None
    }

    /// Reads and checks the model files of a suite job before anything is generated (each
    /// file once: `first_time` says whether a path is new); a warning about what loads but
    /// is probably not what the user meant.
    fn check(&self, setup: &Setup, first_time: &mut dyn FnMut(&str) -> bool) -> Result<Option<String>, BuildError> {
        let _ = (setup, first_time);
        Ok(None)
    }

    /// Builds the instance of a suite job.
    fn build(&self, request: &Request) -> Result<Instance, BuildError> {
        let _ = request;
        Err(BuildError::NotInSuites(self.name()))
    }

    /// The reference player's answer for a suite job's game: whether the first player
    /// wins within its depth.
    fn reference(&self, setup: &Setup) -> Result<bool> {
        let _ = setup;
        Err(BuildError::NotInSuites(self.name()).into())
    }

    /// Whose win the model's formulas ask about: Black, unless the game names its roles.
    fn claimant(&self) -> Claimant {
        Claimant::Black
    }

    /// Reads a first-move map file (`<id>.map.json`) that the model's encodings write;
    /// `None` when it is not one of theirs (its `encoding` names another game's map, or
    /// it is not a map).
    fn read_map(&self, json: &[u8]) -> Option<SymbolMap> {
        let _ = json;
        None
    }

    /// How long a suite job's game can last, so that a refuted depth can be called the
    /// whole game; by default no bound is known.
    fn last_ply(&self, setup: &Setup) -> Result<LastPly> {
        let _ = setup;
        Ok(LastPly::Unbounded { why: format!("the `{}` model states no last ply", self.name()) })
    }
}
