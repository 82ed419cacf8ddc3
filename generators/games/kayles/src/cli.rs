//! The `kayles` model's command line (feature `cli`): `encode`, `solve`, `strategy
//! first-move` and `play kayles`. Doc comments of the clap types here are `--help` text.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{anyhow, Result};
use clap::{ArgMatches, Args, Command, Subcommand};
use contract::Budget;
use gamekit::cli::graph::{graph_name, load_graph, GraphArgs};
use gamekit::cli::{write_atomically, ClauseArgs, FromFile, SizeBudget, Solved};
use gamekit::first_move::FirstMove as Found;
use gamekit::play::QdoSolver;
use gamekit::{command_of, errln, parse, ModelCli, PlayResult, Session, Size};
use qbf::io::{write_qcir, write_qdimacs, Format};
use qbf::tseitin::ClauseForm;

use crate::encoding::KaylesEncoding;
use crate::game::{Kayles as KaylesGame, Player};
use crate::play::KaylesPlay;
use crate::Kayles;

/// A Node Kayles game: its graph and ply limit.
#[derive(Args, Debug)]
pub struct KaylesArgs {
    #[command(flatten)]
    pub graph: GraphArgs,
    /// The ply limit: Black wins if White cannot move at some ply up to it (default: the
    /// graph file's first line).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: Option<u32>,
    #[command(flatten)]
    pub size: SizeBudget,
}

#[derive(Subcommand, Debug)]
enum Encode {
    /// Node Kayles (Schaefer 1978) on a graph read as undirected: players alternately pick a
    /// vertex neither picked nor next to a picked one; can Black leave White without a move?
    #[command(
        after_help = "Examples:\n  qbfgames encode kayles --generate grid --w 3 --h 3 --depth 5 -o k.qcir\n  qbfgames encode kayles --generate gnp --n 12 --p 0.2 --graph-seed 1 --depth 7 --encoding compact --format qdimacs -o k.qdimacs"
    )]
    Kayles {
        #[command(flatten)]
        game: KaylesArgs,
        /// The encoding: one variable per vertex and ply, or each ply's vertex in binary.
        #[arg(long, value_enum, default_value_t = KaylesEncoding::Onehot)]
        encoding: KaylesEncoding,
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
    /// Node Kayles, by search over the sets of available vertices.
    #[command(
        after_help = "Examples:\n  qbfgames solve kayles --generate grid --w 3 --h 1 --depth 2   # exit 10: Black picks the middle\n  qbfgames solve kayles --generate torus --w 4 --h 1 --depth 9 --critical   # exit 20"
    )]
    Kayles {
        #[command(flatten)]
        game: KaylesArgs,
        /// Also find the fewest plies within which Black wins.
        #[arg(long)]
        critical: bool,
    },
}

#[derive(Subcommand, Debug)]
enum FirstMove {
    /// Node Kayles: Black picks first; the move is the vertex he picks.
    #[command(
        after_help = "Examples:\n  qbfgames strategy first-move kayles --generate grid --w 3 --h 1 --depth 2   # valid: 1\n  qbfgames strategy first-move kayles --generate grid --w 3 --h 3 --depth 7 --encoding compact --solver caqe"
    )]
    Kayles {
        #[command(flatten)]
        game: KaylesArgs,
        /// The encoding the solver is asked about.
        #[arg(long, value_enum, default_value_t = KaylesEncoding::Onehot)]
        encoding: KaylesEncoding,
    },
}

#[derive(Subcommand, Debug)]
enum Play {
    /// Node Kayles: each turn shows the picks so far, the available vertices and the edges
    /// between them; type a vertex. The computer plays the reference player's winning moves
    /// (Black's, or with --as black White's).
    #[command(
        after_help = "Examples:\n  qbfgames play kayles --generate grid --w 3 --h 3 --depth 9\n  qbfgames play kayles --generate grid --w 3 --h 3 --depth 9 --auto --all\n  qbfgames play kayles --generate torus --w 4 --h 1 --depth 5 --as black"
    )]
    Kayles {
        #[command(flatten)]
        game: KaylesArgs,
    },
}

impl ModelCli for Kayles {
    fn encode_command(&self) -> Option<Command> {
        Some(command_of::<Encode>())
    }
    fn encode(&self, matches: &ArgMatches) -> Result<ExitCode> {
        let Encode::Kayles { game, encoding, format, clauses, output } = parse(matches)?;
        let setup = KaylesSetup::from_args(&game)?;
        let summary =
            write_atomically(&output, |w| setup.encode(encoding, format, clauses.form(), w)).map_err(|e| {
                match e.downcast::<io::Error>() {
                    Ok(io) => setup.refusal(io),
                    Err(e) => e,
                }
            })?;
        errln!("{summary}");
        Ok(ExitCode::SUCCESS)
    }
    fn solve_command(&self) -> Option<Command> {
        Some(command_of::<Solve>())
    }
    fn solve(&self, matches: &ArgMatches, json: bool) -> Result<ExitCode> {
        let Solve::Kayles { game, critical } = parse(matches)?;
        KaylesSetup::from_args(&game)?.solve(critical, json)
    }
    fn first_move_command(&self) -> Option<Command> {
        Some(command_of::<FirstMove>())
    }
    fn first_move_budget(&self, matches: &ArgMatches) -> Result<Budget> {
        let FirstMove::Kayles { game, .. } = parse(matches)?;
        Ok(game.size.budget())
    }
    fn first_move(&self, matches: &ArgMatches, solver: &mut QdoSolver<'_>) -> Result<Found> {
        let FirstMove::Kayles { game, encoding } = parse(matches)?;
        KaylesSetup::from_args(&game)?.first_move(encoding, solver)
    }
    fn play_command(&self) -> Option<Command> {
        Some(command_of::<Play>())
    }
    fn play(&self, matches: &ArgMatches, session: &mut Session<'_>) -> Result<(String, PlayResult)> {
        let Play::Kayles { game } = parse(matches)?;
        let setup = KaylesSetup::from_args(&game)?;
        let played = session(&KaylesPlay { game: &setup.game, plies: setup.plies }, setup.budget)?;
        Ok((format!("kayles {} within {} plies", setup.name, setup.plies), played))
    }
}

/// One Node Kayles game at one ply limit.
pub struct KaylesSetup {
    /// The graph as the flags name it.
    pub name: String,
    pub game: KaylesGame,
    pub plies: u32,
    pub budget: Budget,
    /// Where the ply limit is in the graph file, when it came from there.
    plies_at: Option<FromFile>,
}

impl KaylesSetup {
    /// The game of `--graph`/`--generate` at `--depth` (default: the graph file's first line).
    pub fn from_args(args: &KaylesArgs) -> Result<KaylesSetup> {
        let (graph, source) = load_graph(&args.graph)?;
        let name = graph_name(&args.graph);
        let plies = args.depth.or(graph.rounds()).ok_or_else(|| {
            anyhow!("--depth is needed: {name} has no ply limit of its own (a graph file has it on its first line)")
        })?;
        let plies_at = match (args.depth, source, graph.rounds_at()) {
            (None, Some(source), Some(offset)) => Some(FromFile { source, offset }),
            _ => None,
        };
        Ok(KaylesSetup { name, game: KaylesGame::from_graph(&graph), plies, budget: args.size.budget(), plies_at })
    }

    /// Writes the formula in `encoding` and `format` to `w`; returns the summary line.
    /// A formula past the budget is refused before any work, as an `io::Error` of kind
    /// `InvalidInput` carrying the refusal (the refusal names its place).
    pub fn encode(
        &self,
        encoding: KaylesEncoding,
        format: Format,
        form: ClauseForm,
        w: &mut dyn Write,
    ) -> io::Result<String> {
        encoding
            .fits(&self.game, self.plies, self.budget)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
        let comments = encoding.comments(&self.game, self.plies);
        let comments: Vec<&str> = comments.iter().map(String::as_str).collect();
        let qbf = encoding.circuit(&self.game, self.plies);
        Ok(match format {
            Format::Qcir => {
                write_qcir(w, &qbf, &comments)?;
                format!("{} gates, {} quantified inputs", qbf.circuit.len(), qbf.prefix.len())
            }
            Format::Qdimacs => {
                let cnf = qbf::tseitin::to_cnf(&qbf, form);
                write_qdimacs(w, &cnf, &comments)?;
                Size::of(&cnf).to_string()
            }
        })
    }

    /// The error of a failed [`KaylesSetup::encode`]: a size refusal at the ply limit in the
    /// graph file when it came from there.
    fn refusal(&self, e: io::Error) -> anyhow::Error {
        let too_large = e.get_ref().and_then(|inner| inner.downcast_ref::<contract::TooLarge>()).cloned();
        match (too_large, &self.plies_at) {
            (Some(refused), Some(at)) => refused.at(&at.source, at.offset).into(),
            (Some(refused), None) => refused.into(),
            (None, _) => e.into(),
        }
    }

    /// Black's first move in `encoding`, read from `solver`'s answer and judged by the
    /// reference player ([`crate::first_move`]).
    pub fn first_move(&self, encoding: KaylesEncoding, solver: &mut QdoSolver<'_>) -> Result<Found> {
        crate::first_move(&self.game, self.plies, encoding, solver)
    }

    /// `qbfgames solve kayles`: exit 10 when Black wins within the plies, 20 when not;
    /// `critical` also prints the fewest plies within which Black wins.
    pub fn solve(&self, critical: bool, json: bool) -> Result<ExitCode> {
        let mut player = Player::new(&self.game);
        let mut out = Solved::new(json, "kayles", &self.name, self.plies, "plies");
        let won = player.wins_within(self.plies);
        let can = if won { "can" } else { "cannot" };
        out.say(format!("Black {can} leave White without a move within {} plies", self.plies));
        if won {
            let moves = player.winning_moves(self.plies);
            if let Some(&first) = moves.first() {
                out.say(format!("winning first move: {first}"));
                out.set("winning_move", first);
            }
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
