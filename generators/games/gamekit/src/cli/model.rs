//! A model's command line: the [`ModelCli`] a [`GameModel`] gives with the `cli` feature.

use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::{ArgMatches, Command, FromArgMatches, Subcommand};
use contract::Budget;

use crate::first_move::FirstMove;
use crate::play::QdoSolver;
use crate::{GameModel, PlayResult, Session};

/// One game model, as the command line sees it.
///
/// `encode` and `solve` receive the matches of the command that holds the model's
/// subcommand (`encode`, `solve`), so that a model parses its own arguments with the clap
/// type that declared them.
pub trait ModelCli: GameModel {
    /// `qbfgames encode NAME`: its arguments and help; `None` when the model has no
    /// encoding of its own.
    fn encode_command(&self) -> Option<Command> {
        None
    }

    /// Runs `qbfgames encode NAME`.
    fn encode(&self, matches: &ArgMatches) -> Result<ExitCode> {
        let _ = matches;
        bail!("`{}` has no `encode`", self.name())
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
        bail!("`{}` has no `solve`", self.name())
    }

    /// `qbfgames strategy first-move NAME`: the model's own arguments and help (the binary
    /// adds the solver's); `None` when the model has no first move to check.
    fn first_move_command(&self) -> Option<Command> {
        None
    }

    /// The size budget of the formulas `strategy first-move NAME` encodes.
    fn first_move_budget(&self, matches: &ArgMatches) -> Result<Budget> {
        let _ = matches;
        bail!("`{}` has no `strategy first-move`", self.name())
    }

    /// Black's first move, read from `solver`'s answer and judged by the reference solver.
    fn first_move(&self, matches: &ArgMatches, solver: &mut QdoSolver<'_>) -> Result<FirstMove> {
        let _ = (matches, solver);
        bail!("`{}` has no `strategy first-move`", self.name())
    }

    /// `qbfgames play NAME`: the model's own arguments and help (the binary adds the
    /// session's); `None` when the model cannot be played.
    fn play_command(&self) -> Option<Command> {
        None
    }

    /// Plays the model's game in `session`; returns the instance's name and how it ended.
    fn play(&self, matches: &ArgMatches, session: &mut Session<'_>) -> Result<(String, PlayResult)> {
        let _ = (matches, session);
        bail!("`{}` has no `play`", self.name())
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
