//! `qbfgames play`: White against Black's strategy from a QBF solver, or (`--as black`)
//! Black against White's refutation.
//!
//! The solver's moves come from re-encoding the position with the remaining depth and
//! reading the first move from `--qdo` (Black's existential block, or White's universal
//! block of a false instance), checked by the reference solver. The user's moves are typed
//! (one per line on standard input; `help` lists the legal moves and the commands `undo`,
//! `hint`, `board` and `quit`), tried all (`--auto --all`), or drawn at random (`--auto
//! --games N --seed S`). The position is drawn after every move. Exit 0 when every game
//! ended as the solver promised (Black's win within the depth, or White holding), or the
//! user left it (`quit`, or the end of the input); 1 with the
//! instance, the failing line and the position otherwise; 2 when the instance has the
//! other value (the reference solver says so: play the other side).

use std::cell::RefCell;
use std::io::Write;
use std::process::ExitCode;

use anyhow::{bail, Result};
use contract::Budget;
use gamekit::play::{Failure, Played};
use gamekit::session::{conclusion, session, Left, Mode, PlayableGame, User};

use clap::FromArgMatches;

use crate::flags::strategy::{PlayCmd, PlayModel, PlayOpts, Side};
use crate::options::qdo_runner;

/// How a session ended: every game as the solver promised, or the first failure.
type Outcome = Result<Played, Failure>;

/// The user's side of the options.
fn user(opts: &PlayOpts) -> User {
    match opts.side {
        Side::White => User::White,
        Side::Black => User::Black,
    }
}

/// How the user's moves are made.
fn mode(opts: &PlayOpts) -> Result<Mode> {
    Ok(match (opts.auto, opts.all, opts.games) {
        (true, true, _) => Mode::All,
        (true, false, Some(games)) => Mode::Random { games, seed: opts.seed },
        (true, false, None) => bail!("--auto needs --all (every White reply) or --games N (random White replies)"),
        (false, ..) => Mode::Interactive,
    })
}

/// Plays `game` as the options ask, encoding its positions within `budget`; `Err` when
/// the user left the game (`quit` or the end of the input).
fn play(opts: &PlayOpts, game: &dyn PlayableGame, budget: Budget) -> Result<Result<Outcome, Left>> {
    let out = RefCell::new(std::io::stdout());
    let runner = qdo_runner(&opts.strategy, budget)?;
    Ok(session(game, user(opts), mode(opts)?, &runner, std::io::stdin().lock(), &out, opts.verbose))
}

pub fn run(cmd: PlayCmd) -> Result<ExitCode> {
    let PlayModel(chosen) = cmd.model;
    let opts = PlayOpts::from_arg_matches(chosen.own())?;
    let (instance, result) = chosen.model()?.play(chosen.matches(), &mut |game, budget| play(&opts, game, budget))?;
    let opts = &opts;
    let result = match result {
        Ok(result) => result,
        Err(left) => {
            let how = if left.input_ended { "The input ended" } else { "You quit" };
            writeln!(
                std::io::stdout(),
                "{how}: you left the game with {} to move in {instance}, at\n{}",
                left.side,
                left.board
            )?;
            return Ok(ExitCode::SUCCESS);
        }
    };
    let (code, message) = conclusion(&result, user(opts), mode(opts)?, &instance);
    if code == 2 {
        errln!("error: {message}");
    } else {
        writeln!(std::io::stdout(), "{message}")?;
    }
    Ok(ExitCode::from(code))
}
