//! The `bddl` model's command line (feature `cli`): `encode`, `solve`, `strategy
//! first-move` and `play bddl`. Doc comments of the clap types here are `--help` text.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::game_model::Bddl;
use crate::lifted::Lifted;
use crate::strategy::first_move_bddl;
use crate::{Game, Solver};
use anyhow::{Context, Result};
use clap::{ArgMatches, Args, Command, Subcommand};
use contract::Budget;
use gamekit::cli::{
    encode_error, read_source, stream_error, write_atomically, ClauseArgs, FromFile, SizeBudget, Solved,
};
use gamekit::first_move::FirstMove as Found;
use gamekit::play::QdoSolver;
use gamekit::{command_of, errln, parse, Encoding, Form, ModelCli, PlayResult, Session, Side};
use qbf::io::{write_qcir, Format};
use qbf::tseitin::ClauseForm;

/// The files of a BDDL game.
#[derive(Args, Debug)]
pub struct BddlGame {
    /// The domain file (actions).
    #[arg(long)]
    pub domain: String,
    /// The problem file (board, initial state, goals, depth).
    #[arg(long)]
    pub problem: String,
    /// The depth in plies, overriding the problem's `#depth`.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: Option<u32>,
    #[command(flatten)]
    pub size: SizeBudget,
}

#[derive(Subcommand, Debug)]
enum Encode {
    /// A BDDL game, with the lifted encoding (Shaik & van de Pol, SAT 2023).
    #[command(
        after_help = "Examples:\n  qbfgames encode bddl --domain suite/games/bddl/breakthrough/domain.ig --problem suite/games/bddl/breakthrough/3x4.ig -o bt.qcir\n  qbfgames encode bddl --domain suite/games/bddl/positional/domain.ig --problem suite/games/bddl/httt/3x3_el.ig --depth 5 --format qdimacs -o el.qdimacs"
    )]
    Bddl {
        #[command(flatten)]
        game: BddlGame,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Qcir)]
        format: Format,
        /// With `--format qdimacs`: how the circuit becomes clauses.
        #[command(flatten)]
        clauses: ClauseArgs,
        /// Output file (written atomically); `-` for stdout.
        #[arg(short, long, default_value = "-")]
        output: PathBuf,
    },
}

#[derive(Subcommand, Debug)]
enum Solve {
    /// A BDDL game, by depth-bounded minimax over explicit states.
    #[command(
        after_help = "Examples:\n  qbfgames solve bddl --domain suite/games/bddl/positional/domain.ig --problem suite/games/bddl/httt/3x3_el.ig   # exit 10: Black wins\n  qbfgames solve bddl --domain suite/games/bddl/positional/domain.ig --problem suite/games/bddl/httt/3x3_tic.ig --depth 7 --critical   # exit 20: no win within 7"
    )]
    Bddl {
        #[command(flatten)]
        game: BddlGame,
        /// Find the smallest depth up to the depth at which Black wins.
        #[arg(long)]
        critical: bool,
    },
}

#[derive(Subcommand, Debug)]
enum FirstMove {
    /// A BDDL game, lifted encoding.
    #[command(
        after_help = "Example:\n  qbfgames strategy first-move bddl --domain suite/games/bddl/positional/domain.ig --problem suite/games/bddl/httt/3x3_el.ig --depth 5"
    )]
    Bddl {
        #[command(flatten)]
        game: BddlGame,
    },
}

#[derive(Subcommand, Debug)]
enum Play {
    /// A BDDL game (Black moves first).
    #[command(
        after_help = "Examples:\n  qbfgames play bddl --domain suite/games/bddl/positional/domain.ig --problem suite/games/bddl/httt/3x3_domino.ig --depth 3\n  qbfgames play bddl --domain suite/games/bddl/positional/domain.ig --problem suite/games/bddl/httt/3x3_el.ig --depth 5 --auto --all"
    )]
    Bddl {
        #[command(flatten)]
        game: BddlGame,
    },
}

/// The `bddl` model.
impl ModelCli for Bddl {
    fn encode_command(&self) -> Option<Command> {
        Some(command_of::<Encode>())
    }

    fn encode(&self, matches: &ArgMatches) -> Result<ExitCode> {
        let Encode::Bddl { game, format, clauses, output } = parse(matches)?;
        encode(&game, format, clauses.form(), &output)
    }

    fn solve_command(&self) -> Option<Command> {
        Some(command_of::<Solve>())
    }

    fn solve(&self, matches: &ArgMatches, json: bool) -> Result<ExitCode> {
        let Solve::Bddl { game, critical } = parse(matches)?;
        solve(&game, critical, json)
    }

    fn first_move_command(&self) -> Option<Command> {
        Some(command_of::<FirstMove>())
    }

    fn first_move_budget(&self, matches: &ArgMatches) -> Result<Budget> {
        let FirstMove::Bddl { game } = parse(matches)?;
        Ok(game.size.budget())
    }

    fn first_move(&self, matches: &ArgMatches, solver: &mut QdoSolver<'_>) -> Result<Found> {
        let FirstMove::Bddl { game } = parse(matches)?;
        Ok(first_move_bddl(&load_bddl(&game)?, solver)?)
    }

    fn play_command(&self) -> Option<Command> {
        Some(command_of::<Play>())
    }

    fn play(&self, matches: &ArgMatches, session: &mut Session<'_>) -> Result<(String, PlayResult)> {
        let Play::Bddl { game: args } = parse(matches)?;
        let game = load_bddl(&args)?;
        let name = format!("{} at depth {}", args.problem, game.depth());
        Ok((name, session(&game, args.size.budget())?))
    }
}

/// Reads and checks a BDDL game's domain and problem files.
pub fn load_bddl(game: &BddlGame) -> Result<Game> {
    Ok(load_bddl_at(game)?.0)
}

/// [`load_bddl`], with the place of the problem's `#depth` when the depth is that one
/// (`None` with --depth).
pub fn load_bddl_at(game: &BddlGame) -> Result<(Game, Option<FromFile>)> {
    let domain = read_source(&game.domain)?;
    let problem = read_source(&game.problem)?;
    let loaded = crate::load(&domain, &problem, game.depth)?;
    if let Some(past) = loaded.past_full_board() {
        // Named where the depth came from: the flag, or the problem file's `#depth`.
        let from = if game.depth.is_some() { "--depth" } else { game.problem.as_str() };
        errln!("warning: {from}: {past}");
    }
    let at = loaded.problem.depth_at.map(|offset| FromFile { source: problem, offset });
    Ok((loaded, at))
}

/// `qbfgames encode bddl`: a BDDL game as QCIR or QDIMACS (lifted encoding).
fn encode(args: &BddlGame, format: Format, form: ClauseForm, output: &Path) -> Result<ExitCode> {
    let budget = args.size.budget();
    let (game, depth_at) = load_bddl_at(args)?;
    let comments = Lifted::comments(&game);
    let comments: Vec<&str> = comments.iter().map(String::as_str).collect();
    match format {
        Format::Qcir => {
            let (qbf, _) = Lifted
                .formula_within(&game, game.depth(), Side::Black, Form::Circuit, budget)
                .map_err(|e| encode_error(depth_at.as_ref(), e))?;
            let qbf = qbf.into_circuit().context("the lifted encoding is a circuit")?;
            write_atomically(output, |out| write_qcir(out, &qbf, &comments))?;
        }
        Format::Qdimacs => {
            let streamed =
                Lifted.streamed(&game, game.depth(), form, budget).map_err(|e| stream_error(depth_at.as_ref(), e))?;
            write_atomically(output, |w| streamed.write(w, &comments))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `qbfgames solve bddl`: the reference solver, answering like a QBF solver (exit 10 when
/// Black wins within the depth, 20 when not).
///
/// With `--critical` it tries the depths 1, 2, … in turn and prints one line per refuted
/// depth, so an interrupted run still shows the best lower bound.
fn solve(args: &BddlGame, critical: bool, json: bool) -> Result<ExitCode> {
    let game = load_bddl(args)?;
    let depth = game.depth();
    let mut solver = Solver::new(&game)?;
    let mut out = Solved::new(json, "bddl", &args.problem, depth, "plies");
    let winning_depth = if critical {
        let found = solver.critical_depth_telling(depth, &mut |d| out.say(format!("depth {d}: Black does not win")));
        out.set("critical", found);
        found
    } else {
        solver.wins(depth).then_some(depth)
    };
    match winning_depth {
        Some(d) => {
            out.say(format!("depth {d}: Black wins"));
            if let Some(m) = solver.winning_move(d) {
                let action = format!("{} at ({},{})", m.action, m.x, m.y);
                out.say(format!("winning first move: {action}"));
                out.set("winning_move", action);
            }
        }
        None => out.say(format!("Black does not win within depth {depth}")),
    }
    out.finish(winning_depth.is_some())
}
