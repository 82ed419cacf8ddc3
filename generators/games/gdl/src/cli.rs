//! The `gdl` model's command line (feature `cli`): `encode`, `solve`, `strategy
//! first-move` and `play gdl`. Doc comments of the clap types here are `--help` text.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::encoding::{GdlEncoding, PrefixMethod, Reason, Rules, Size};
use crate::game_model::{role_index, Gdl};
use crate::player::Solver;
use crate::strategy::first_move_gdl;
use crate::strategy::{GdlPlay, GdlSetup};
use crate::GroundGame;
use anyhow::{bail, Context, Result};
use clap::{ArgMatches, Args, Command, Subcommand, ValueEnum};
use contract::Budget;
use gamekit::cli::{read_source, write_atomically, SizeBudget, Solved};
use gamekit::first_move::{FirstMove as Found, FirstMoveError};
use gamekit::play::QdoSolver;
use gamekit::{command_of, errln, parse, EncodeError, Encoding, Form, ModelCli, PlayResult, Qbf, Session, Side};
use qbf::io::{write_qcir, write_qdimacs, Format};
use qbf::tseitin::ClauseForm;

/// A GDL game, its horizon and its encoding.
#[derive(Args, Debug)]
pub struct GdlGame {
    /// The game description (GDL in KIF syntax).
    #[arg(long)]
    pub game: String,
    /// The horizon: the number of moves (steps) the game may last.
    #[arg(long)]
    pub depth: u32,
    /// ge: general encoding; sd: strictly turn-taking (refused when the turn order is not
    /// fixed). Default: chosen by the game's structure, sd where the ground game is strictly
    /// turn-taking up to --depth, ge otherwise.
    #[arg(long, value_enum)]
    pub encoding: Option<GdlEncodingArg>,
    /// Quantifier prefix: gn naive, gt time-based, gd dependency-based.
    #[arg(long, value_enum, default_value_t = GdlPrefix::Gd)]
    pub prefix: GdlPrefix,
    /// The role that must win, Black in `strategy` and `play` (default: the first `role` of the file).
    #[arg(long)]
    pub first: Option<String>,
    #[command(flatten)]
    pub size: SizeBudget,
}

#[derive(Args, Debug)]
pub struct EncodeGdl {
    #[command(flatten)]
    pub game: GdlGame,
    /// Output format: clauses (QDIMACS) or a circuit (QCIR-G14).
    #[arg(long, value_enum, default_value_t = Format::Qdimacs)]
    pub format: Format,
    /// The output file; written to a temporary file, then renamed. `-` for stdout.
    #[arg(short, long, default_value = "-")]
    pub output: PathBuf,
}

#[derive(Args, Debug)]
pub struct SolveGdl {
    /// The game description (GDL in KIF syntax).
    #[arg(long)]
    pub game: String,
    /// The horizon: the number of moves (steps) the game may last.
    #[arg(long)]
    pub depth: u32,
    /// Also find the smallest depth within which the first player wins.
    #[arg(long)]
    pub critical: bool,
    /// The role that must win (default: the first `role` of the file).
    #[arg(long)]
    pub first: Option<String>,
    #[command(flatten)]
    pub size: SizeBudget,
}

/// GDL encodings.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum GdlEncodingArg {
    Ge,
    #[value(alias = "se")]
    Sd,
}

/// The quantifier prefix of the GDL general encoding (`--prefix`): naive, time-based or
/// dependency-based, as in the suite encodings `gdl-ge-gn`, `gdl-ge-gt` and `gdl-ge-gd`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum GdlPrefix {
    Gn,
    Gt,
    Gd,
}

impl GdlPrefix {
    /// The encoder's prefix method.
    fn method(self) -> PrefixMethod {
        match self {
            GdlPrefix::Gn => PrefixMethod::Naive,
            GdlPrefix::Gt => PrefixMethod::Time,
            GdlPrefix::Gd => PrefixMethod::Dependency,
        }
    }
}

#[derive(Subcommand, Debug)]
enum Encode {
    /// A two-player GDL game (KIF), with the encoding of He, Saffidine and Thielscher
    /// (AAMAS 2024): can the first role force a win within the depth?
    #[command(
        after_help = "Examples:\n  qbfgames encode gdl --game suite/games/gdl/connect3-4x4.kif --depth 9 -o c3.qdimacs\n  qbfgames encode gdl --game suite/games/gdl/breakthrough-2x4.kif --depth 7 --encoding sd -o bt-sd.qdimacs\n  qbfgames encode gdl --game suite/games/gdl/breakthrough-2x4.kif --depth 7 --prefix gt --format qcir -o bt.qcir"
    )]
    Gdl(EncodeGdl),
}

#[derive(Subcommand, Debug)]
enum Solve {
    /// A two-player GDL game (KIF), by minimax with a transposition table over the ground
    /// game: can the first role force a win within the depth?
    #[command(
        after_help = "Examples:\n  qbfgames solve gdl --game suite/games/gdl/connect3-4x4.kif --depth 9   # exit 10: the first role wins\n  qbfgames solve gdl --game suite/games/gdl/dots-and-boxes-2x2.kif --depth 12 --critical   # exit 10"
    )]
    Gdl(SolveGdl),
}

#[derive(Subcommand, Debug)]
enum FirstMove {
    /// A two-player GDL game: Black is the role that must win (--first).
    #[command(
        after_help = "Examples:\n  qbfgames strategy first-move gdl --game suite/games/gdl/connect3-4x4.kif --depth 9\n  qbfgames strategy first-move gdl --game suite/games/gdl/gttt-1-1-elly.kif --depth 7 --encoding sd --prefix gd"
    )]
    Gdl {
        #[command(flatten)]
        game: GdlGame,
    },
}

#[derive(Subcommand, Debug)]
enum Play {
    /// A two-player GDL game: Black is the role that must win (--first), White the other.
    #[command(
        after_help = "Examples:\n  qbfgames play gdl --game suite/games/gdl/connect3-4x4.kif --depth 9\n  qbfgames play gdl --game suite/games/gdl/gttt-1-1-elly.kif --depth 7 --encoding sd --auto --all\n  qbfgames play gdl --game suite/games/gdl/tictactoe.kif --depth 9 --as black"
    )]
    Gdl {
        #[command(flatten)]
        game: GdlGame,
    },
}

impl ModelCli for Gdl {
    fn encode_command(&self) -> Option<Command> {
        Some(command_of::<Encode>())
    }
    fn encode(&self, matches: &ArgMatches) -> Result<ExitCode> {
        let Encode::Gdl(args) = parse(matches)?;
        encode(&args)
    }
    fn solve_command(&self) -> Option<Command> {
        Some(command_of::<Solve>())
    }
    fn solve(&self, matches: &ArgMatches, json: bool) -> Result<ExitCode> {
        let Solve::Gdl(args) = parse(matches)?;
        solve(&args, json)
    }
    fn first_move_command(&self) -> Option<Command> {
        Some(command_of::<FirstMove>())
    }
    fn first_move_budget(&self, matches: &ArgMatches) -> Result<Budget> {
        let FirstMove::Gdl { game } = parse(matches)?;
        Ok(game.size.budget())
    }
    fn first_move(&self, matches: &ArgMatches, solver: &mut QdoSolver<'_>) -> Result<Found> {
        let FirstMove::Gdl { game: args } = parse(matches)?;
        let (game, encoding, _) = load_gdl(&args, None)?;
        match first_move_gdl(&game, encoding, args.depth, solver) {
            Err(FirstMoveError::Map(e)) => {
                Err(e).with_context(|| format!("{}: no first move of Black to read", args.game))
            }
            found => Ok(found?),
        }
    }
    fn play_command(&self) -> Option<Command> {
        Some(command_of::<Play>())
    }
    fn play(&self, matches: &ArgMatches, session: &mut Session<'_>) -> Result<(String, PlayResult)> {
        let Play::Gdl { game: args } = parse(matches)?;
        let (game, encoding, _) = load_gdl(&args, None)?;
        let setup = GdlSetup { game: &game, encoding };
        let played = session(&GdlPlay { setup, depth: args.depth }, args.size.budget())?;
        Ok((format!("{} at depth {}", args.game, args.depth), played))
    }
}

/// Loads and grounds a GDL game file within `budget`, with parse errors shown as
/// diagnostics; with a `horizon`, only what plays of at most that many steps reach.
pub fn load_ground(path: &str, budget: Budget, horizon: Option<u32>) -> Result<GroundGame> {
    let source = read_source(path)?;
    Ok(match horizon {
        Some(depth) => crate::load_for_depth(source, budget, depth)?,
        None => crate::load_within(source, budget)?,
    })
}

/// A GDL game with the encoding of `--encoding`, `--prefix` and `--first` (without
/// `--encoding`, the one the game's structure calls for at `--depth`), and why it is that
/// one; grounded within `--max-size` (and `horizon`, see [`load_ground`]).
pub fn load_gdl(args: &GdlGame, horizon: Option<u32>) -> Result<(GroundGame, GdlEncoding, Reason)> {
    let game = load_ground(&args.game, args.size.budget(), horizon)?;
    let first = role_index(&game, args.first.as_deref())?;
    let prefix = args.prefix.method();
    let (encoding, reason) = match args.encoding {
        None => GdlEncoding::by_structure(&game, args.depth, prefix, first, args.size.budget())?,
        Some(asked) => {
            let rules = match asked {
                GdlEncodingArg::Ge => Rules::General,
                GdlEncodingArg::Sd => Rules::StrictTurns,
            };
            (GdlEncoding { rules, prefix, first }, Reason::Asked)
        }
    };
    Ok((game, encoding, reason))
}

/// `qbfgames encode gdl`: a GDL game at a depth as QDIMACS or QCIR; the summary line on
/// standard error names the encoding, why it is that one, and the formula's size.
fn encode(encode: &EncodeGdl) -> Result<ExitCode> {
    let args = &encode.game;
    let (game, encoding, reason) = load_gdl(args, Some(args.depth))?;
    let comment = encoding.comment(&game, &args.game, args.depth, env!("CARGO_PKG_VERSION"), &reason);
    let chosen = encoding.choice(&reason);
    let form = match encode.format {
        Format::Qdimacs => Form::Clauses(ClauseForm::default()),
        Format::Qcir => Form::Circuit,
    };
    let formula = encoding.formula_within(&game, args.depth, Side::Black, form, args.size.budget());
    let formula = match formula {
        Err(EncodeError::Game(e)) if encoding.rules == Rules::StrictTurns => {
            bail!("{e}\n  help: use --encoding ge, or leave --encoding out so that the game's structure chooses")
        }
        other => other?,
    };
    match formula.0 {
        Qbf::Clauses(qbf) => {
            write_atomically(&encode.output, |w| write_qdimacs(w, &qbf, &[&comment]))?;
            errln!("{chosen}; {}", Size::of(&qbf));
        }
        Qbf::Circuit(qbf) => {
            write_atomically(&encode.output, |w| write_qcir(w, &qbf, &[&comment]))?;
            errln!("{chosen}; {} gates, {} quantified inputs", qbf.circuit.len(), qbf.prefix.len());
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `qbfgames solve gdl`: the minimax reference solver; exit 10 (win) or 20 (no win).
fn solve(args: &SolveGdl, json: bool) -> Result<ExitCode> {
    let game = load_ground(&args.game, args.size.budget(), Some(args.depth))?;
    let first = role_index(&game, args.first.as_deref())?;
    let role = game.store.display(game.roles[first]);
    let mut solver = Solver::new(&game, first)?;
    let mut out = Solved::new(json, "gdl", &args.game, args.depth, "steps");
    out.set("role", role.to_string());
    let won = if args.critical {
        let shortest = solver.shortest_win(args.depth)?;
        out.set("critical", shortest);
        match shortest {
            Some(0) => out.say(format!("{role} has won in the initial position")),
            Some(d) => out.say(format!("{role} wins within {d} steps and not within {}", d - 1)),
            None => out.say(format!("{role} cannot force a win within {} steps", args.depth)),
        }
        shortest.is_some()
    } else {
        let won = solver.wins_within(args.depth)?;
        out.say(format!("{role} {} force a win within {} steps", if won { "can" } else { "cannot" }, args.depth));
        won
    };
    errln!("{} positions expanded", solver.nodes());
    out.set("positions", solver.nodes());
    out.finish(won)
}
