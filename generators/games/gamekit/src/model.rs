//! The game models behind one seam. A model is a [`GameModel`]: its name, the arguments of
//! `qbfgames encode NAME` and `qbfgames solve NAME` (clap `Args`, declared once in the
//! model's crate), and what those commands do. The registry (the `game-registry` crate)
//! lists every model; the binary mounts them under `encode` and `solve` and dispatches by
//! name; it names no model itself.
//!
//! Adding a game is a crate beside the others (its flags, its loader, its encodings and
//! reference solver) and a line in the registry.

/// `eprintln!` that drops what standard error cannot take instead of panicking: the work
/// and its exit code never depend on a diagnostic.
#[macro_export]
macro_rules! errln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        drop(writeln!(std::io::stderr().lock(), $($arg)*))
    }};
}

use std::process::ExitCode;

use crate::first_move::FirstMove;
use crate::play::{Failure, Played, QdoSolver};
use crate::session::{Left, PlayableGame};
use crate::suite::{BuildError, Instance, LastPly, Request, Schema, Setup};
use anyhow::Result;
use clap::{ArgMatches, Command, FromArgMatches, Subcommand};
use contract::Budget;

/// How a game of `qbfgames play` ended: every game as the solver promised, the first
/// failure, or the user left.
pub type PlayResult = Result<Result<Played, Failure>, Left>;

/// The session `qbfgames play` runs a model's game in (the binary's, with the user and the
/// solver): the game and the size budget of the formulas it encodes.
pub type Session<'s> = dyn FnMut(&dyn PlayableGame, Budget) -> Result<PlayResult> + 's;

/// One game model, as the command line sees it.
///
/// `encode` and `solve` receive the matches of the command that holds the model's
/// subcommand (`encode`, `solve`), so that a model parses its own arguments with the clap
/// type that declared them.
pub trait GameModel: Sync {
    /// The name of the model's subcommands (`geography`, `gttt`, …).
    fn name(&self) -> &'static str;

    /// `qbfgames encode NAME`: its arguments and help; `None` when the model has no
    /// encoding of its own.
    fn encode_command(&self) -> Option<Command> {
        None
    }

    /// Runs `qbfgames encode NAME`.
    fn encode(&self, matches: &ArgMatches) -> Result<ExitCode> {
        let _ = matches;
        anyhow::bail!("`{}` has no `encode`", self.name())
    }

    /// `qbfgames solve NAME`: its arguments and help; `None` when the model has no
    /// reference solver.
    fn solve_command(&self) -> Option<Command> {
        None
    }

    /// Runs `qbfgames solve NAME`; `json` prints the answer as one object. The exit code is
    /// 10 when the first player wins within the limit, 20 when not.
    fn solve(&self, matches: &ArgMatches, json: bool) -> Result<ExitCode> {
        let _ = (matches, json);
        anyhow::bail!("`{}` has no `solve`", self.name())
    }

    /// `qbfgames strategy first-move NAME`: the model's own arguments and help (the binary
    /// adds the solver's); `None` when the model has no first move to check.
    fn first_move_command(&self) -> Option<Command> {
        None
    }

    /// The size budget of the formulas `strategy first-move NAME` encodes.
    fn first_move_budget(&self, matches: &ArgMatches) -> Result<Budget> {
        let _ = matches;
        anyhow::bail!("`{}` has no `strategy first-move`", self.name())
    }

    /// Black's first move, read from `solver`'s answer and judged by the reference solver.
    fn first_move(&self, matches: &ArgMatches, solver: &mut QdoSolver<'_>) -> Result<FirstMove> {
        let _ = (matches, solver);
        anyhow::bail!("`{}` has no `strategy first-move`", self.name())
    }

    /// `qbfgames play NAME`: the model's own arguments and help (the binary adds the
    /// session's); `None` when the model cannot be played.
    fn play_command(&self) -> Option<Command> {
        None
    }

    /// Plays the model's game in `session`; returns the instance's name and how it ended.
    fn play(&self, matches: &ArgMatches, session: &mut Session<'_>) -> Result<(String, PlayResult)> {
        let _ = (matches, session);
        anyhow::bail!("`{}` has no `play`", self.name())
    }

    /// What a family with `model = "NAME"` accepts in a suite file; `None` when suites
    /// cannot name the model.
    fn schema(&self) -> Option<&'static Schema> {
        None
    }

    /// Reads and checks the model files of a suite job before anything is generated (each
    /// file once: `first_time` says whether a path is new); a warning about what loads but
    /// is probably not what the user meant.
    fn check(&self, setup: &Setup, first_time: &mut dyn FnMut(&str) -> bool) -> Result<Option<String>, BuildError> {
        let _ = (setup, first_time);
        Ok(None)
    }

    /// Builds the instance of a suite job.
    fn build(&self, request: &Request) -> Result<Instance, BuildError> {
        let _ = request;
        Err(BuildError::NotInSuites(self.name()))
    }

    /// The reference player's answer for a suite job's game: whether the first player
    /// wins within its depth.
    fn reference(&self, setup: &Setup) -> Result<bool> {
        let _ = setup;
        Err(BuildError::NotInSuites(self.name()).into())
    }

    /// How long a suite job's game can last, so that a refuted depth can be called the
    /// whole game; by default no bound is known.
    fn last_ply(&self, setup: &Setup) -> Result<LastPly> {
        let _ = setup;
        Ok(LastPly::Unbounded { why: format!("the `{}` model states no last ply", self.name()) })
    }
}

/// The single subcommand a one-variant clap `Subcommand` declares: how a model's file
/// declares `encode NAME` or `solve NAME` with derive (doc comment as help, examples as
/// `after_help`) and hands it to the registry.
pub fn command_of<S: Subcommand>() -> Command {
    let holder = S::augment_subcommands(Command::new("model"));
    let mut subcommands = holder.get_subcommands();
    match (subcommands.next(), subcommands.next()) {
        (Some(one), None) => one.clone(),
        _ => unreachable!("a model declares exactly one subcommand per verb"),
    }
}

/// Parses the arguments of a model's subcommand, declared by `S` (see [`command_of`]).
pub fn parse<S: FromArgMatches>(matches: &ArgMatches) -> Result<S> {
    Ok(S::from_arg_matches(matches)?)
}
