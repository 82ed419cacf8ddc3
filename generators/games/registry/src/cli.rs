//! The command line of the registry (feature `cli`): a model chosen by name under a
//! command ([`Chosen`]), every model's subcommand mounted in the registry's order
//! ([`mount`], `model_subcommand!`), and `encode` and `solve` dispatched ([`EncodeModel`],
//! [`SolveModel`]).

use std::process::ExitCode;

use anyhow::Result;
use clap::{ArgMatches, Command};
use gamekit::ModelCli;

use crate::lookup;

/// A model chosen on the command line, with the matches of the command that holds it.
#[derive(Clone, Debug)]
pub struct Chosen {
    pub name: String,
    matches: ArgMatches,
}

impl Chosen {
    /// The model of the subcommand `matches` holds.
    pub fn of(matches: &ArgMatches) -> Result<Chosen, clap::Error> {
        match matches.subcommand_name() {
            Some(name) => Ok(Chosen { name: name.to_string(), matches: matches.clone() }),
            None => Err(clap::Error::raw(clap::error::ErrorKind::MissingSubcommand, "name a game model")),
        }
    }

    /// The chosen model's command line.
    pub fn model(&self) -> Result<&'static dyn ModelCli> {
        lookup(&self.name).and_then(|m| m.cli()).ok_or_else(|| anyhow::anyhow!("no model `{}`", self.name))
    }

    /// The matches of the command that holds the model's subcommand (what the model's
    /// entry points take).
    pub fn matches(&self) -> &ArgMatches {
        &self.matches
    }

    /// The matches of the model's subcommand itself (where arguments a caller added live).
    pub fn own(&self) -> &ArgMatches {
        self.matches.subcommand_matches(&self.name).unwrap_or(&self.matches)
    }
}

/// `cmd` with `commands` as its subcommands, numbered in the registry's order (each was
/// declared alone, display order 0), which `--help` keeps.
pub fn mount(cmd: Command, commands: impl Iterator<Item = Command>) -> Command {
    commands.enumerate().fold(cmd, |cmd, (i, c)| cmd.subcommand(c.display_order(i)))
}

/// Implements clap's `Subcommand` for a newtype over [`Chosen`]: one subcommand per model
/// whose `GameModel::$command` gives one, each passed through `$with` (a caller adds its
/// own arguments after the model's; the identity by default).
#[macro_export]
macro_rules! model_subcommand {
    ($name:ident, $command:ident) => {
        $crate::model_subcommand!($name, $command, |c: ::clap::Command| c);
    };
    ($name:ident, $command:ident, $with:expr) => {
        impl ::clap::FromArgMatches for $name {
            fn from_arg_matches(matches: &::clap::ArgMatches) -> Result<Self, ::clap::Error> {
                $crate::cli::Chosen::of(matches).map($name)
            }
            fn update_from_arg_matches(&mut self, matches: &::clap::ArgMatches) -> Result<(), ::clap::Error> {
                *self = Self::from_arg_matches(matches)?;
                Ok(())
            }
        }

        impl ::clap::Subcommand for $name {
            fn augment_subcommands(cmd: ::clap::Command) -> ::clap::Command {
                $crate::cli::mount(cmd, $crate::MODELS.iter().filter_map(|m| m.cli()?.$command()).map($with))
            }
            fn augment_subcommands_for_update(cmd: ::clap::Command) -> ::clap::Command {
                Self::augment_subcommands(cmd)
            }
            fn has_subcommand(name: &str) -> bool {
                $crate::MODELS.iter().any(|m| m.name() == name && m.cli().and_then(|c| c.$command()).is_some())
            }
        }
    };
}

/// The model of `qbfgames encode MODEL …`.
#[derive(Clone, Debug)]
pub struct EncodeModel(pub Chosen);
model_subcommand!(EncodeModel, encode_command);

impl EncodeModel {
    /// Runs the chosen model's `encode`.
    pub fn run(&self) -> Result<ExitCode> {
        self.0.model()?.encode(&self.0.matches)
    }
}

/// The model of `qbfgames solve MODEL …`.
#[derive(Clone, Debug)]
pub struct SolveModel(pub Chosen);
model_subcommand!(SolveModel, solve_command);

impl SolveModel {
    /// Runs the chosen model's `solve`.
    pub fn run(&self, json: bool) -> Result<ExitCode> {
        self.0.model()?.solve(&self.0.matches, json)
    }
}
