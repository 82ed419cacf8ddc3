//! The command line of `encode` and `solve`: one subcommand per game model, each declared
//! by its model (the `game-registry` crate).

use clap::Args;
use game_registry::cli::{EncodeModel, SolveModel};

/// `qbfgames encode <model>`: write a game as a QBF instance.
#[derive(Args, Debug)]
pub struct EncodeCmd {
    #[command(subcommand)]
    pub model: EncodeModel,
}

/// `qbfgames solve <model>`: the explicit-state reference solver (exit 10 win, 20 no win).
#[derive(Args, Debug)]
pub struct SolveCmd {
    #[command(subcommand)]
    pub model: SolveModel,
    /// Print the answer as one JSON object (model, game, limit, unit, wins, and critical,
    /// winning_move, role, positions where they apply) instead of lines.
    // Its place in each model's help, pinned: clap would number it after the models'
    // subcommands, and so move it whenever a model is added.
    #[arg(long, global = true, display_order = 6)]
    pub json: bool,
}
