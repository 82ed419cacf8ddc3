//! The `geography` model's command line (feature `cli`): `encode`, `solve`, `strategy
//! first-move` and `play geography`, and the graph flags Node Kayles shares. Doc comments of
//! the clap types here are `--help` text.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::encoding::{GeoEncoding, Geography as GeographyEncoding};
use crate::game_model::Geography;
use crate::strategy::first_move_geography;
use crate::strategy::GeographyPlay;
use crate::{Rule, Solver, Variant};
use anyhow::{anyhow, Result};
use clap::{ArgMatches, Args, Command, Subcommand, ValueEnum};
use contract::Budget;
use gamekit::cli::graph::{graph_name, load_graph, GraphArgs};
use gamekit::cli::{encode_error, write_atomically, ClauseArgs, FromFile, SizeBudget, Solved};
use gamekit::first_move::FirstMove as Found;
use gamekit::graph::Graph;
use gamekit::play::QdoSolver;
use gamekit::{command_of, errln, parse, Encoding, Form, ModelCli, PlayResult, Qbf, Session, Side, Size};
use qbf::io::{write_qcir, write_qdimacs, Format};

#[derive(Args, Debug)]
pub struct EncodeGeography {
    #[command(flatten)]
    pub game: GeographyGame,
    /// The encoding: one variable per node and round, or each round's node in binary.
    #[arg(long, value_enum, default_value_t = GeoEncodingArg::Onehot)]
    pub encoding: GeoEncodingArg,
    /// Output format: a circuit (QCIR-G14, as the thesis) or clauses (QDIMACS).
    #[arg(long, value_enum, default_value_t = Format::Qcir)]
    pub format: Format,
    /// With `--format qdimacs`: how the circuit becomes clauses.
    #[command(flatten)]
    pub clauses: ClauseArgs,
    /// The output file; written to a temporary file, then renamed. `-` for stdout.
    #[arg(short, long, default_value = "-")]
    pub output: PathBuf,
}

#[derive(Args, Debug)]
pub struct SolveGeography {
    #[command(flatten)]
    pub game: GeographyGame,
    /// Also find the fewest rounds within which the first player wins.
    #[arg(long)]
    pub critical: bool,
}

/// A geography game: its graph (a file or a generator), rounds, variant and rule.
#[derive(Args, Debug)]
pub struct GeographyGame {
    #[command(flatten)]
    pub graph: GraphArgs,
    /// The rounds (moves of both players) the game may last (default: the graph file's first line).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub rounds: Option<u32>,
    /// thesis: the first player wins if he can move at each of his rounds; last-mover: if
    /// the second player is left without a move within the rounds.
    #[arg(long, value_enum, default_value_t = Variant::Thesis)]
    pub variant: Variant,
    /// vertex: no node is named twice; edge: no edge is taken twice.
    #[arg(long, value_enum, default_value_t = Rule::Vertex)]
    pub rule: Rule,
    #[command(flatten)]
    pub size: SizeBudget,
}

/// Geography encodings.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum GeoEncodingArg {
    /// One variable per node and round.
    Onehot,
    /// Each round's node in binary.
    Compact,
}

#[derive(Subcommand, Debug)]
enum Encode {
    /// Generalized geography (the thesis's section 3): players alternate naming an unvisited
    /// successor of the last named node, node 0 first; can the first player keep moving?
    #[command(
        after_help = "Examples:\n  qbfgames encode geography --graph suite/games/geography/thesis-example.txt -o ex.qcir\n  qbfgames encode geography --generate gnp --n 40 --p 0.08 --graph-seed 1 --rounds 9 --encoding compact --format qdimacs -o g.qdimacs"
    )]
    Geography(EncodeGeography),
}

#[derive(Subcommand, Debug)]
enum Solve {
    /// Generalized geography, by depth-bounded search over the plays.
    #[command(
        after_help = "Examples:\n  qbfgames solve geography --graph suite/games/geography/thesis-example.txt   # exit 10: the first player wins\n  qbfgames solve geography --generate grid --w 4 --h 4 --rounds 16 --critical   # exit 20"
    )]
    Geography(SolveGeography),
}

#[derive(Subcommand, Debug)]
enum FirstMove {
    /// Generalized geography: Black is the first player; the move is the node he names.
    #[command(
        after_help = "Examples:\n  qbfgames strategy first-move geography --graph suite/games/geography/thesis-example.txt\n  qbfgames strategy first-move geography --generate grid --w 3 --h 3 --rounds 3 --encoding compact"
    )]
    Geography {
        #[command(flatten)]
        game: GeographyGame,
        /// The encoding the solver is asked about.
        #[arg(long, value_enum, default_value_t = GeoEncodingArg::Onehot)]
        encoding: GeoEncodingArg,
    },
}

#[derive(Subcommand, Debug)]
enum Play {
    /// Generalized geography, the thesis's game interface: each turn shows the current
    /// node, the visited nodes and the legal moves; type a node. The computer plays the
    /// reference solver's winning moves (the first player's, or with --as black the second's).
    #[command(
        after_help = "Examples:\n  qbfgames play geography --graph suite/games/geography/thesis-example.txt\n  qbfgames play geography --graph suite/games/geography/thesis-example.txt --auto --all\n  qbfgames play geography --graph suite/games/geography/thesis-example.txt --variant last-mover --as black"
    )]
    Geography {
        #[command(flatten)]
        game: GeographyGame,
    },
}

impl ModelCli for Geography {
    fn encode_command(&self) -> Option<Command> {
        Some(command_of::<Encode>())
    }
    fn encode(&self, matches: &ArgMatches) -> Result<ExitCode> {
        let Encode::Geography(args) = parse(matches)?;
        encode(&args)
    }
    fn solve_command(&self) -> Option<Command> {
        Some(command_of::<Solve>())
    }
    fn solve(&self, matches: &ArgMatches, json: bool) -> Result<ExitCode> {
        let Solve::Geography(args) = parse(matches)?;
        solve(&args, json)
    }
    fn first_move_command(&self) -> Option<Command> {
        Some(command_of::<FirstMove>())
    }
    fn first_move_budget(&self, matches: &ArgMatches) -> Result<Budget> {
        let FirstMove::Geography { game, .. } = parse(matches)?;
        Ok(game.size.budget())
    }
    fn first_move(&self, matches: &ArgMatches, solver: &mut QdoSolver<'_>) -> Result<Found> {
        let FirstMove::Geography { game, encoding } = parse(matches)?;
        let (graph, rounds) = load_geography(&game)?;
        Ok(first_move_geography(&graph, geography_encoding(&game, encoding), rounds, solver)?)
    }
    fn play_command(&self) -> Option<Command> {
        Some(command_of::<Play>())
    }
    fn play(&self, matches: &ArgMatches, session: &mut Session<'_>) -> Result<(String, PlayResult)> {
        let Play::Geography { game: args } = parse(matches)?;
        let (graph, rounds) = load_geography(&args)?;
        let game = GeographyPlay { graph: &graph, variant: args.variant, rule: args.rule, rounds };
        let played = session(&game, args.size.budget())?;
        Ok((format!("geography {} within {rounds} rounds", graph_name(&args.graph)), played))
    }
}

/// The graph of `--graph` or `--generate`, and the rounds of `--rounds` (default: the first
/// line of the graph file).
pub fn load_geography(args: &GeographyGame) -> Result<(Graph, u32)> {
    let (graph, rounds, _) = load_geography_at(args)?;
    Ok((graph, rounds))
}

/// [`load_geography`], with the place of the rounds in the graph file when the rounds are
/// those (`None` with --rounds or a generated graph).
pub fn load_geography_at(args: &GeographyGame) -> Result<(Graph, u32, Option<FromFile>)> {
    let (graph, source) = load_graph(&args.graph)?;
    let rounds = args.rounds.or(graph.rounds()).ok_or_else(|| {
        anyhow!(
            "--rounds is needed: {} has no rounds of its own (a graph file has them on its first line)",
            graph_name(&args.graph)
        )
    })?;
    let at = match (args.rounds, source, graph.rounds_at()) {
        (None, Some(source), Some(offset)) => Some(FromFile { source, offset }),
        _ => None,
    };
    Ok((graph, rounds, at))
}

/// The encoding of `--encoding`, `--variant` and `--rule`.
pub fn geography_encoding(args: &GeographyGame, encoding: GeoEncodingArg) -> GeographyEncoding {
    let encoding = match encoding {
        GeoEncodingArg::Onehot => GeoEncoding::OneHot,
        GeoEncodingArg::Compact => GeoEncoding::Compact,
    };
    GeographyEncoding { encoding, variant: args.variant, rule: args.rule }
}

/// `qbfgames encode geography`: a geography game for a number of rounds as QCIR or QDIMACS.
fn encode(args: &EncodeGeography) -> Result<ExitCode> {
    let game = &args.game;
    let (graph, rounds, rounds_at) = load_geography_at(game)?;
    let encoding = geography_encoding(game, args.encoding);
    let comment = format!(
        "geography {}, {} nodes, {rounds} rounds, encoding {:?}, variant {:?}, rule {:?}; qbfgames {}",
        graph_name(&game.graph),
        graph.nodes(),
        args.encoding,
        game.variant,
        game.rule,
        env!("CARGO_PKG_VERSION")
    )
    .to_lowercase();
    let form = match args.format {
        Format::Qdimacs => Form::Clauses(args.clauses.form()),
        Format::Qcir => Form::Circuit,
    };
    let encoded = encoding.formula_within(&graph, rounds, Side::Black, form, game.size.budget());
    match encoded.map_err(|e| encode_error(rounds_at.as_ref(), e))?.0 {
        Qbf::Clauses(qbf) => {
            write_atomically(&args.output, |w| write_qdimacs(w, &qbf, &[&comment]))?;
            errln!("{}", Size::of(&qbf));
        }
        Qbf::Circuit(qbf) => {
            write_atomically(&args.output, |w| write_qcir(w, &qbf, &[&comment]))?;
            errln!("{} gates, {} quantified inputs", qbf.circuit.len(), qbf.prefix.len());
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `qbfgames solve geography`: the reference solver over the plays; exit 10 (the first
/// player wins within the rounds) or 20 (not). `--critical` also prints the round limit
/// at which the value changes.
fn solve(args: &SolveGeography, json: bool) -> Result<ExitCode> {
    let (graph, rounds) = load_geography(&args.game)?;
    let variant = args.game.variant;
    let mut solver = Solver::new(&graph, variant, args.game.rule);
    let mut out = Solved::new(json, "geography", &graph_name(&args.game.graph), rounds, "rounds");
    let won = solver.wins_within(rounds)?;
    out.say(format!("the first player {} force a win within {rounds} rounds", if won { "can" } else { "cannot" }));
    if args.critical {
        let critical = solver.critical(rounds)?;
        out.set("critical", critical);
        out.say(match (variant, critical) {
            (Variant::LastMover, Some(r)) => {
                format!("critical: {r} rounds, the fewest within which the first player wins")
            }
            (Variant::LastMover, None) => {
                format!("critical: none; the first player wins within no round limit up to {rounds}")
            }
            (Variant::Thesis, Some(r)) => {
                format!("critical: {r} rounds, the fewest within which the second player can leave the first stuck")
            }
            (Variant::Thesis, None) => {
                format!("critical: none; the first player survives every round limit up to {rounds}")
            }
        });
    }
    errln!("{} positions expanded", solver.expanded());
    out.set("positions", solver.expanded());
    out.finish(won)
}
