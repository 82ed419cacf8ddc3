//! The registry of game models: every [`GameModel`] in [`MODELS`], one line per game, found
//! by name. With the `cli` feature, the binary mounts every model under `encode`, `solve`,
//! `strategy first-move` and `play` and dispatches to it by name (`cli`: `EncodeModel`,
//! `SolveModel`, `model_subcommand!`); suites find a family's model here
//! ([`suite::Model`]); a map file reads back through the model that writes it
//! ([`read_map`]); a package names its formulas by each model's [`claimants`]. It names every game crate and nothing else does: adding a game is
//! its crate and a line in [`MODELS`].

#[cfg(feature = "cli")]
pub mod cli;
pub mod suite;

use contract::Claimants;
use gamekit::{GameModel, SymbolMap};

/// Every model, in the order `encode --help` and `solve --help` list them.
pub static MODELS: &[&dyn GameModel] = &[
    &game_bddl::game_model::Bddl,
    &game_positional::game_model::Pg,
    &game_positional::game_model::Gttt,
    &game_positional::game_model::Hex,
    &game_gdl::game_model::Gdl,
    &game_geography::game_model::Geography,
    &game_kayles::Kayles,
    &game_gdl::game_model_asp::GdlAsp,
    &game_cram::Cram,
];

/// A first-move map file (`<id>.map.json`) read back by the model whose map it is (its
/// `encoding` names the kind); `None` when no model's map it is.
pub fn read_map(json: &[u8]) -> Option<SymbolMap> {
    MODELS.iter().find_map(|m| m.read_map(json))
}

/// Whose win each model's formulas ask about, by model name.
pub fn claimants() -> Claimants {
    MODELS.iter().map(|m| (m.name().to_string(), m.claimant())).collect()
}

/// The model named `name`.
pub fn lookup(name: &str) -> Option<&'static dyn GameModel> {
    MODELS.iter().copied().find(|m| m.name() == name)
}
