//! A model's command line: the [`ModelCli`] a [`GameModel`](crate::GameModel) gives with
//! the `cli` feature. Its defaults refuse every command; the registry mounts only the
//! commands a model declares, so their messages name no model.

use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::{ArgMatches, Command, FromArgMatches, Subcommand};
use contract::Budget;

use crate::first_move::FirstMove;
use crate::play::{Failure, Played, QdoSolver};
use crate::session::{Left, PlayableGame};

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
pub trait ModelCli {
    /// `qbfgames encode NAME`: its arguments and help; `None` when the model has no
    /// encoding of its own.
    fn encode_command(&self) -> Option<Command> {
        None
    }

    /// Runs `qbfgames encode NAME`.
    fn encode(&self, matches: &ArgMatches) -> Result<ExitCode> {
        let _ = matches;
        bail!("the model has no `encode`")
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
        bail!("the model has no `solve`")
    }

    /// `qbfgames strategy first-move NAME`: the model's own arguments and help (the binary
    /// adds the solver's); `None` when the model has no first move to check.
    fn first_move_command(&self) -> Option<Command> {
        None
    }

    /// The size budget of the formulas `strategy first-move NAME` encodes.
    fn first_move_budget(&self, matches: &ArgMatches) -> Result<Budget> {
        let _ = matches;
        bail!("the model has no `strategy first-move`")
    }

    /// Black's first move, read from `solver`'s answer and judged by the reference solver.
    fn first_move(&self, matches: &ArgMatches, solver: &mut QdoSolver<'_>) -> Result<FirstMove> {
        let _ = (matches, solver);
        bail!("the model has no `strategy first-move`")
    }

    /// `qbfgames play NAME`: the model's own arguments and help (the binary adds the
    /// session's); `None` when the model cannot be played.
    fn play_command(&self) -> Option<Command> {
        None
    }

    /// Plays the model's game in `session`; returns the instance's name and how it ended.
    fn play(&self, matches: &ArgMatches, session: &mut Session<'_>) -> Result<(String, PlayResult)> {
        let _ = (matches, session);
        bail!("the model has no `play`")
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
