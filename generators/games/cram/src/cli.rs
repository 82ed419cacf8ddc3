//! The `cram` model's command line (feature `cli`): `encode cram`, `solve cram` and
//! `strategy first-move cram`. Doc comments of the clap types here are `--help` text.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::{ArgMatches, Args, Command, Subcommand};
use contract::Budget;
use gamekit::cli::{read_source, write_atomically, ClauseArgs, SizeBudget, Solved};
use gamekit::first_move::FirstMove as Found;
use gamekit::play::QdoSolver;
use gamekit::{command_of, errln, parse, Encoding, Form, ModelCli, Qbf, Side, Size};
use qbf::io::{write_qcir, write_qdimacs, Format};
use qbf::tseitin::ClauseForm;

use crate::board::{Board, Dims};
use crate::encoding::CramEncoding;
use crate::player::Player;
use crate::{Cram, CramSetup};

/// A Cram game: its board and ply limit.
#[derive(Args, Debug)]
pub struct CramArgs {
    /// An empty rectangular board, ROWSxCOLS (3x4: 3 rows of 4 cells).
    #[arg(long, required_unless_present = "board_file", conflicts_with = "board_file")]
    pub board: Option<Dims>,
    /// A board file: one line per row, `.` an empty cell, `#` a blocked one (docs/cram.md).
    #[arg(long, value_name = "FILE")]
    pub board_file: Option<String>,
    /// The ply limit: Black wins if White cannot move at some ply up to it (default: the
    /// last ply of any play, one more than half the empty cells).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: Option<u32>,
    #[command(flatten)]
    pub size: SizeBudget,
}

#[derive(Subcommand, Debug)]
enum Encode {
    /// Cram (Gardner 1974) on a grid: players alternately place a domino on two adjacent
    /// empty cells; can Black leave White without a move?
    #[command(
        after_help = "Examples:\n  qbfgames encode cram --board 3x4 --depth 5 -o c.qcir\n  qbfgames encode cram --board 4x4 --encoding compact --format qdimacs -o c.qdimacs"
    )]
    Cram {
        #[command(flatten)]
        game: CramArgs,
        /// The encoding: one variable per domino and ply, or each ply's domino in binary.
        #[arg(long, value_enum, default_value_t = CramEncoding::Onehot)]
        encoding: CramEncoding,
        /// Output format: a circuit (QCIR-G14) or clauses (QDIMACS).
        #[arg(long, value_enum, default_value_t = Format::Qcir)]
        format: Format,
        /// With `--format qdimacs`: how the circuit becomes clauses.
        #[command(flatten)]
        clauses: ClauseArgs,
        /// The output file; written to a temporary file, then renamed. `-` for stdout.
        #[arg(short, long, default_value = "-")]
        output: PathBuf,
    },
}

#[derive(Subcommand, Debug)]
enum Solve {
    /// Cram, by search over the sets of filled cells.
    #[command(
        after_help = "Examples:\n  qbfgames solve cram --board 2x3 --depth 4   # exit 10: Black places the middle domino down\n  qbfgames solve cram --board 4x4 --critical   # exit 20: White mirrors Black"
    )]
    Cram {
        #[command(flatten)]
        game: CramArgs,
        /// Also find the fewest plies within which Black wins.
        #[arg(long)]
        critical: bool,
    },
}

#[derive(Subcommand, Debug)]
enum FirstMove {
    /// Cram: Black places first; the move is the domino he places.
    #[command(
        after_help = "Examples:\n  qbfgames strategy first-move cram --board 2x3 --depth 4   # valid: r1c2-r2c2\n  qbfgames strategy first-move cram --board 3x4 --encoding compact --solver caqe"
    )]
    Cram {
        #[command(flatten)]
        game: CramArgs,
        /// The encoding the solver is asked about.
        #[arg(long, value_enum, default_value_t = CramEncoding::Onehot)]
        encoding: CramEncoding,
    },
}

impl ModelCli for Cram {
    fn encode_command(&self) -> Option<Command> {
        Some(command_of::<Encode>())
    }
    fn encode(&self, matches: &ArgMatches) -> Result<ExitCode> {
        let Encode::Cram { game, encoding, format, clauses, output } = parse(matches)?;
        let setup = CramSetup::from_args(&game)?;
        let summary = setup.encode(encoding, format, clauses.form(), &output)?;
        errln!("{summary}");
        Ok(ExitCode::SUCCESS)
    }
    fn solve_command(&self) -> Option<Command> {
        Some(command_of::<Solve>())
    }
    fn solve(&self, matches: &ArgMatches, json: bool) -> Result<ExitCode> {
        let Solve::Cram { game, critical } = parse(matches)?;
        CramSetup::from_args(&game)?.solve(critical, json)
    }
    fn first_move_command(&self) -> Option<Command> {
        Some(command_of::<FirstMove>())
    }
    fn first_move_budget(&self, matches: &ArgMatches) -> Result<Budget> {
        let FirstMove::Cram { game, .. } = parse(matches)?;
        Ok(game.size.budget())
    }
    fn first_move(&self, matches: &ArgMatches, solver: &mut QdoSolver<'_>) -> Result<Found> {
        let FirstMove::Cram { game, encoding } = parse(matches)?;
        CramSetup::from_args(&game)?.first_move(encoding, solver)
    }
}

impl CramSetup {
    /// The board of `--board` or `--board-file` at `--depth` (default: the last ply).
    pub fn from_args(args: &CramArgs) -> Result<CramSetup> {
        let (name, board) = match (&args.board, &args.board_file) {
            (Some(dims), _) => (dims.to_string(), Board::rectangle(*dims)),
            (None, Some(path)) => (path.clone(), Board::parse(&read_source(path)?)?),
            (None, None) => bail!("give the board: --board ROWSxCOLS or --board-file FILE"),
        };
        let plies = args.depth.unwrap_or_else(|| board.last_ply());
        Ok(CramSetup { name, board, plies, budget: args.size.budget() })
    }

    /// Writes the formula in `encoding` and `format` to `output` (`-`: standard output);
    /// returns the summary line. A formula past the budget is refused before any work.
    pub fn encode(&self, encoding: CramEncoding, format: Format, form: ClauseForm, output: &Path) -> Result<String> {
        let shape = match format {
            Format::Qcir => Form::Circuit,
            Format::Qdimacs => Form::Clauses(form),
        };
        let (qbf, _) = encoding.formula_within(&self.board, self.plies, Side::Black, shape, self.budget)?;
        let comments = encoding.comments(&self.board, self.plies);
        let comments: Vec<&str> = comments.iter().map(String::as_str).collect();
        write_atomically(output, |w: &mut dyn Write| match &qbf {
            Qbf::Circuit(c) => {
                write_qcir(w, c, &comments)?;
                Ok(format!("{} gates, {} quantified inputs", c.circuit.len(), c.prefix.len()))
            }
            Qbf::Clauses(cnf) => {
                write_qdimacs(w, cnf, &comments)?;
                Ok(Size::of(cnf).to_string())
            }
        })
    }

    /// `qbfgames solve cram`: exit 10 when Black wins within the plies, 20 when not;
    /// `critical` also prints the fewest plies within which Black wins.
    pub fn solve(&self, critical: bool, json: bool) -> Result<ExitCode> {
        let mut player = Player::new(&self.board);
        let mut out = Solved::new(json, "cram", &self.name, self.plies, "plies");
        let won = player.wins_within(self.plies);
        let can = if won { "can" } else { "cannot" };
        out.say(format!("Black {can} leave White without a move within {} plies", self.plies));
        if let Some(&first) = player.winning_moves(self.plies).first() {
            out.say(format!("winning first move: {}", self.board.domino_name(first)));
            out.set("winning_move", self.board.domino_name(first));
        }
        if critical {
            let fewest = player.critical();
            out.set("critical", fewest);
            out.say(match fewest {
                Some(p) => format!("critical: {p} plies, the fewest within which Black wins"),
                None => "critical: none; White can always move when it is his turn".to_string(),
            });
        }
        errln!("{} positions expanded", player.expanded());
        out.set("positions", player.expanded());
        out.finish(won)
    }
}
