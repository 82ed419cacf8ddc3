//! `qbfgames play`: White against Black's strategy from a QBF solver, or (`--as black`)
//! Black against White's refutation.
//!
//! The solver's moves come from re-encoding the position with the remaining depth and
//! reading the first move from `--qdo` (Black's existential block, or White's universal
//! block of a false instance), checked by the reference solver. The user's moves are typed
//! (one per line on standard input; `help` lists the legal moves), tried all (`--auto
//! --all`), or drawn at random (`--auto --games N --seed S`). Exit 0 when every game ended
//! as the solver promised (Black's win within the depth, or White holding); 1 with the
//! instance, the failing line and the position otherwise; 2 when the instance has the
//! other value (the reference solver says so: play the other side).

use std::io::{BufRead, Write};
use std::process::ExitCode;

use anyhow::{bail, Result};
use encodings::Assignment;
use games::positional::PositionalGame;
use games::rng::SplitMix64;
use qbf::formula::CnfQbf;
use qbf::io::write_qdimacs;
use strategy::gdl::{play_gdl, refute_gdl};
use strategy::play::{play_bddl, play_positional, Failure, Played, White};
use strategy::refute::{refute_bddl, refute_positional};

use super::encode_bddl::load;
use super::encode_gdl::LoadedGdl;
use super::positional;
use super::strategy::{as_bddl, solve_qdo};
use crate::flags::games::PositionalEncoding;
use crate::flags::strategy::{PlayCmd, PlayModel, PlayOpts, Side};

pub fn run(cmd: PlayCmd) -> Result<ExitCode> {
    let (opts, instance, result) = match cmd.model {
        PlayModel::Bddl { game: args, play } => {
            let game = load(&args)?;
            let r = match play.side {
                Side::White => with_user(&play, |solve, user| play_bddl(&game, solve, user))?,
                Side::Black => with_user(&play, |solve, user| refute_bddl(&game, solve, user))?,
            };
            (play, format!("{} at depth {}", args.problem, game.depth()), r)
        }
        PlayModel::Pg { game, play } => {
            let named = positional::load_pg(&game)?;
            let r = positional_side(&play, &named.game)?;
            (play, instance_name(&named), r)
        }
        PlayModel::Gttt { game, play } => {
            let named = positional::load_gttt(&game)?;
            let r = positional_side(&play, &named.game)?;
            (play, instance_name(&named), r)
        }
        PlayModel::Hex { game, encoding: PositionalEncoding::Corplus, play } => {
            let named = positional::load_hex(&game)?;
            let r = positional_side(&play, &named.game)?;
            (play, instance_name(&named), r)
        }
        PlayModel::Hex { game, encoding: PositionalEncoding::Lifted, play } => {
            let named = positional::load_hex(&game)?;
            let bddl = as_bddl(&named)?;
            let r = match play.side {
                Side::White => with_user(&play, |solve, user| play_bddl(&bddl, solve, user))?,
                Side::Black => with_user(&play, |solve, user| refute_bddl(&bddl, solve, user))?,
            };
            (play, format!("{} (lifted) at depth {}", named.name, bddl.depth()), r)
        }
        PlayModel::Gdl { game: args, play } => {
            let loaded = LoadedGdl::load(&args)?;
            let setup = loaded.setup();
            let r = match play.side {
                Side::White => with_user(&play, |solve, user| play_gdl(setup, args.depth, solve, user))?,
                Side::Black => with_user(&play, |solve, user| refute_gdl(setup, args.depth, solve, user))?,
            };
            (play, format!("{} at depth {}", args.game, args.depth), r)
        }
    };
    let mut out = std::io::stdout();
    let (winner, one, many) = match opts.side {
        Side::White => ("Black won", "White reply", "White replies"),
        Side::Black => ("White held", "Black move", "Black moves"),
    };
    match result {
        Ok(played) if opts.auto && opts.all => {
            writeln!(
                out,
                "{winner} all {} lines against every {one} ({} solver calls)",
                played.lines, played.solver_calls
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Ok(played) if opts.auto => {
            writeln!(
                out,
                "{winner} all {} games against random {many} ({} solver calls)",
                played.lines, played.solver_calls
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Ok(_) if opts.side == Side::White => {
            writeln!(out, "Black wins, as the solver promised")?;
            Ok(ExitCode::SUCCESS)
        }
        Ok(_) => {
            writeln!(out, "White holds: Black did not win within the depth, as the solver promised")?;
            Ok(ExitCode::SUCCESS)
        }
        Err(failure) if failure.refused => {
            eprintln!("error: {instance}: {}", failure.reason);
            Ok(ExitCode::from(2))
        }
        Err(failure) => {
            writeln!(out, "FAILURE (an encoding or solver bug) in {instance}: {failure}")?;
            Ok(ExitCode::from(1))
        }
    }
}

fn instance_name(named: &positional::NamedGame) -> String {
    format!("{} at depth {}", named.name, named.game.turns.len())
}

/// A positional game played on the side the options ask for.
fn positional_side(opts: &PlayOpts, game: &PositionalGame) -> Result<Result<Played, Failure>> {
    match opts.side {
        Side::White => with_user(opts, |solve, user| play_positional(game, solve, user)),
        Side::Black => with_user(opts, |solve, user| refute_positional(game, solve, user)),
    }
}

/// The board as lines (positions are drawn with `/` between rows).
fn board(position: &str) -> String {
    position.replace('/', "\n")
}

/// Runs `play` with the solver, and the user's side (White, or Black with `--as black`)
/// played as the options ask.
fn with_user(
    opts: &PlayOpts,
    mut play: impl FnMut(&mut dyn FnMut(&CnfQbf) -> Result<(bool, Assignment), String>, White) -> Result<Played, Failure>,
) -> Result<Result<Played, Failure>> {
    let strategy = &opts.strategy;
    let mut solve = |qbf: &CnfQbf| -> Result<(bool, Assignment), String> {
        let run = || -> Result<(bool, Assignment)> {
            let mut file = tempfile::Builder::new().suffix(".qdimacs").tempfile()?;
            write_qdimacs(&mut file, qbf, &[])?;
            file.flush()?;
            solve_qdo(strategy, file.path())
        };
        run().map_err(|e| format!("{e:#}"))
    };
    if opts.auto {
        if opts.all {
            return Ok(play(&mut solve, White::All));
        }
        let Some(games) = opts.games else {
            bail!("--auto needs --all (every White reply) or --games N (random White replies)");
        };
        let mut rng = SplitMix64::new(opts.seed);
        let mut total = Played { lines: 0, solver_calls: 0 };
        for _ in 0..games {
            let mut choose = |_: &str, moves: &[String]| Ok(rng.below(moves.len() as u64) as usize);
            let mut show = |_: &str, _: &str| {};
            match play(&mut solve, White::Choose { choose: &mut choose, show: &mut show }) {
                Ok(p) => {
                    total.lines += p.lines;
                    total.solver_calls += p.solver_calls;
                }
                Err(failure) => return Ok(Err(failure)),
            }
        }
        return Ok(Ok(total));
    }
    let side = match opts.side {
        Side::White => "White",
        Side::Black => "Black",
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let ended = std::cell::Cell::new(false);
    let mut choose = |_: &str, moves: &[String]| -> Result<usize, String> {
        loop {
            let mut out = std::io::stdout();
            write!(out, "{side} to move ({} legal; `help` lists them): ", moves.len())
                .and_then(|()| out.flush())
                .map_err(|e| format!("writing to standard output: {e}"))?;
            let mut line = String::new();
            if input.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
                ended.set(true);
                return Err("standard input ended".into());
            }
            let typed: String = line.split_whitespace().collect();
            if typed.is_empty() {
                continue;
            }
            if typed == "help" {
                writeln!(out, "Type one of: {}", moves.join(" "))
                    .map_err(|e| format!("writing to standard output: {e}"))?;
                continue;
            }
            match moves.iter().position(|m| m.replace(' ', "") == typed) {
                Some(k) => return Ok(k),
                None => writeln!(
                    out,
                    "error: `{typed}` is not a legal move for {side} here; legal moves: {}",
                    moves.join(" ")
                )
                .map_err(|e| format!("writing to standard output: {e}"))?,
            }
        }
    };
    // A closed standard output (`| head`) must not end the game with a panic; the game goes
    // on, and a closed input ends it.
    let mut show = |mv: &str, position: &str| {
        let _ = writeln!(std::io::stdout(), "{mv}\n{}", board(position));
    };
    let result = play(&mut solve, White::Choose { choose: &mut choose, show: &mut show });
    match result {
        Err(failure) if ended.get() => {
            bail!("standard input ended before the game did; {side} was to move at\n{}", board(&failure.position))
        }
        result => Ok(result),
    }
}
