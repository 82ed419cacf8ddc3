//! `qbfgames play`: White against Black's strategy from a QBF solver.
//!
//! Black's moves come from the solver: the position is re-encoded with the remaining depth
//! and the first move read from `--qdo`, then checked by the reference solver. White's
//! moves are typed by the user (one per line on standard input; `help` lists the legal
//! moves), tried all (`--auto --all`), or drawn at random (`--auto --games N --seed S`). Exit 0 when every game ended with
//! Black's win within the depth; 1 with the failing line and position otherwise.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use anyhow::{bail, Result};
use generators::formula::CnfQbf;
use generators::io::write_qdimacs;
use generators::strategy::play::{play_bddl, play_positional, Failure, Played, White};
use generators::strategy::Assignment;

use super::encode_bddl::load;
use super::positional;
use super::strategy::{as_bddl, solve_qdo};
use crate::cli_games::PositionalEncoding;
use crate::cli_strategy::{PlayCmd, PlayModel, PlayOpts};

pub fn run(cmd: PlayCmd) -> Result<ExitCode> {
    let (opts, result) = match cmd.model {
        PlayModel::Bddl { game, play } => {
            let game = load(&game)?;
            let r = with_white(&play, |solve, white| play_bddl(&game, solve, white))?;
            (play, r)
        }
        PlayModel::Pg { game, play } => {
            let game = positional::load_pg(&game)?.game;
            let r = with_white(&play, |solve, white| play_positional(&game, solve, white))?;
            (play, r)
        }
        PlayModel::Gttt { game, play } => {
            let game = positional::load_gttt(&game)?.game;
            let r = with_white(&play, |solve, white| play_positional(&game, solve, white))?;
            (play, r)
        }
        PlayModel::Hex { game, encoding: PositionalEncoding::Corplus, play } => {
            let game = positional::load_hex(&game)?.game;
            let r = with_white(&play, |solve, white| play_positional(&game, solve, white))?;
            (play, r)
        }
        PlayModel::Hex { game, encoding: PositionalEncoding::Lifted, play } => {
            let game = as_bddl(&positional::load_hex(&game)?)?;
            let r = with_white(&play, |solve, white| play_bddl(&game, solve, white))?;
            (play, r)
        }
    };
    let mut out = std::io::stdout();
    match result {
        Ok(played) if opts.auto && opts.all => {
            writeln!(out, "Black won all {} lines against every White reply ({} solver calls)", played.lines, played.solver_calls)?;
            Ok(ExitCode::SUCCESS)
        }
        Ok(played) if opts.auto => {
            writeln!(out, "Black won all {} games against random White replies ({} solver calls)", played.lines, played.solver_calls)?;
            Ok(ExitCode::SUCCESS)
        }
        Ok(_) => {
            writeln!(out, "Black wins, as the solver promised")?;
            Ok(ExitCode::SUCCESS)
        }
        Err(failure) => {
            writeln!(out, "FAILURE (an encoding or solver bug): {failure}")?;
            Ok(ExitCode::from(1))
        }
    }
}

/// SplitMix64 (Steele, Lea, Flood 2014): a small seeded generator for White's random
/// replies, so that `--games N --seed S` replays the same games.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// The board as lines (positions are drawn with `/` between rows).
fn board(position: &str) -> String {
    position.replace('/', "\n")
}

/// Runs `play` with the solver and the White side the options ask for.
fn with_white(opts: &PlayOpts, mut play: impl FnMut(&mut dyn FnMut(&CnfQbf) -> Result<(bool, Assignment), String>, White) -> Result<Played, Failure>) -> Result<Result<Played, Failure>> {
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
        let mut rng = SplitMix64(opts.seed);
        let mut total = Played { lines: 0, solver_calls: 0 };
        for _ in 0..games {
            let mut choose = |_: &str, moves: &[String]| Ok(rng.below(moves.len()));
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
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let ended = std::cell::Cell::new(false);
    let mut choose = |_: &str, moves: &[String]| -> Result<usize, String> {
        loop {
            let mut out = std::io::stdout();
            write!(out, "White to move ({} legal; `help` lists them): ", moves.len()).and_then(|()| out.flush()).map_err(|e| format!("writing to standard output: {e}"))?;
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
                writeln!(out, "Type one of: {}", moves.join(" ")).map_err(|e| format!("writing to standard output: {e}"))?;
                continue;
            }
            match moves.iter().position(|m| m.replace(' ', "") == typed) {
                Some(k) => return Ok(k),
                None => writeln!(out, "error: `{typed}` is not a legal move for White here; legal moves: {}", moves.join(" ")).map_err(|e| format!("writing to standard output: {e}"))?,
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
        Err(failure) if ended.get() => bail!("standard input ended before the game did; White was to move at\n{}", board(&failure.position)),
        result => Ok(result),
    }
}
