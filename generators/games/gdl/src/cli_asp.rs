//! The `gdl-asp` model's command line (feature `cli`): `encode gdl-asp`. Doc comments of
//! the clap types here are `--help` text.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::{ArgMatches, Command, Subcommand};
use gamekit::cli::{read_source, write_atomically};
use gamekit::{command_of, parse, ModelCli};

use crate::game_model_asp::GdlAsp;
use crate::Decompose;

#[derive(Subcommand, Debug)]
enum Encode {
    /// A GDL game (KIF) as an answer set program for gringo/clingo, not a QBF: its temporal
    /// extension (He, Saffidine, Thielscher, Definition 2) with one legal move per role and time.
    #[command(
        name = "gdl-asp",
        after_help = "Examples:\n  qbfgames encode gdl-asp --game suite/games/gdl/tictactoe.kif --depth 9 -o ttt.lp\n  qbfgames encode gdl-asp --game bt.kif --depth 4 | clingo --mode=gringo --text\n  qbfgames encode gdl-asp --game suite/games/gdl/breakthrough-2x4.kif --depth 4 --decompose -o bt-split.lp"
    )]
    GdlAsp {
        /// The game description (GDL in KIF syntax).
        #[arg(long)]
        game: String,
        /// The horizon: the number of moves (steps) the program plays (`tmax`, a `#const`).
        #[arg(long)]
        depth: u32,
        /// Split rule bodies along tree decompositions of their variable graphs before
        /// translating (as lpopt does), so that gringo grounds narrower rules.
        #[arg(long)]
        decompose: bool,
        /// The output file; written to a temporary file, then renamed. `-` for stdout.
        #[arg(short, long, default_value = "-")]
        output: PathBuf,
    },
}

impl ModelCli for GdlAsp {
    fn encode_command(&self) -> Option<Command> {
        Some(command_of::<Encode>())
    }
    fn encode(&self, matches: &ArgMatches) -> Result<ExitCode> {
        let Encode::GdlAsp { game, depth, decompose, output } = parse(matches)?;
        let decompose = if decompose { Decompose::On } else { Decompose::Off };
        let program = crate::asp::translate_with(read_source(&game)?, depth, decompose)?;
        write_atomically(&output, |w| w.write_all(program.as_bytes()))?;
        Ok(ExitCode::SUCCESS)
    }
}
