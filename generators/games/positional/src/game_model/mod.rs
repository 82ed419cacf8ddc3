//! Positional games (`pg`, `gttt`, `hex`): the COR+ encoding (Mayer-Eichberger &
//! Saffidine), for Hex also the lifted encoding of the puzzle written as BDDL, and the
//! reference solver over the board. [`suite`]: the three in suites; `cli` (feature `cli`):
//! their command line.

#[cfg(feature = "cli")]
mod cli;
pub mod suite;

use anyhow::Result;
use gamekit::suite::{BuildError, Instance, Request, Schema, Setup};
use gamekit::{GameModel, SymbolMap};

use crate::map::CorplusMap;

/// The `pg` model: a positional game from a PG file.
pub struct Pg;
impl GameModel for Pg {
    fn name(&self) -> &'static str {
        "pg"
    }
    #[cfg(feature = "cli")]
    fn cli(&self) -> Option<&dyn gamekit::ModelCli> {
        Some(self)
    }
    fn schema(&self) -> Option<&'static Schema> {
        Some(&suite::PG)
    }
    fn check(&self, setup: &Setup, first_time: &mut dyn FnMut(&str) -> bool) -> Result<Option<String>, BuildError> {
        suite::check(setup, first_time, "file", suite::pg)
    }
    fn build(&self, request: &Request) -> Result<Instance, BuildError> {
        suite::build(request, suite::pg)
    }
    fn reference(&self, setup: &Setup) -> Result<bool> {
        suite::reference(setup, suite::pg)
    }
    fn read_map(&self, json: &[u8]) -> Option<SymbolMap> {
        SymbolMap::read::<CorplusMap>(json)
    }
}

/// The `gttt` model: generalized tic-tac-toe.
pub struct Gttt;
impl GameModel for Gttt {
    fn name(&self) -> &'static str {
        "gttt"
    }
    #[cfg(feature = "cli")]
    fn cli(&self) -> Option<&dyn gamekit::ModelCli> {
        Some(self)
    }
    fn schema(&self) -> Option<&'static Schema> {
        Some(&suite::GTTT)
    }
    fn build(&self, request: &Request) -> Result<Instance, BuildError> {
        suite::build(request, suite::gttt)
    }
    fn reference(&self, setup: &Setup) -> Result<bool> {
        suite::reference(setup, suite::gttt)
    }
    fn read_map(&self, json: &[u8]) -> Option<SymbolMap> {
        SymbolMap::read::<CorplusMap>(json)
    }
}

/// The `hex` model: a Hex puzzle.
pub struct Hex;
impl GameModel for Hex {
    fn name(&self) -> &'static str {
        "hex"
    }
    #[cfg(feature = "cli")]
    fn cli(&self) -> Option<&dyn gamekit::ModelCli> {
        Some(self)
    }
    fn schema(&self) -> Option<&'static Schema> {
        Some(&suite::HEX)
    }
    fn check(&self, setup: &Setup, first_time: &mut dyn FnMut(&str) -> bool) -> Result<Option<String>, BuildError> {
        suite::check(setup, first_time, "puzzle", suite::hex)
    }
    fn build(&self, request: &Request) -> Result<Instance, BuildError> {
        suite::build(request, suite::hex)
    }
    fn reference(&self, setup: &Setup) -> Result<bool> {
        suite::reference(setup, suite::hex)
    }
    fn read_map(&self, json: &[u8]) -> Option<SymbolMap> {
        SymbolMap::read::<CorplusMap>(json)
    }
}
