//! The registry of game models: every [`GameModel`] in [`MODELS`], one line per game, found
//! by name. The binary mounts every model under `encode`, `solve`, `strategy first-move`
//! and `play` and dispatches to it by name ([`EncodeModel`], [`SolveModel`]); suites find a
//! family's model here ([`suite::Model`]). It names every game crate and nothing else
//! does: adding a game is its crate and a line in [`MODELS`].

pub mod suite;

use std::process::ExitCode;

use anyhow::Result;
use clap::{ArgMatches, Command};
use gamekit::GameModel;

/// Every model, in the order `encode --help` and `solve --help` list them.
pub static MODELS: &[&dyn GameModel] = &[
    &game_bddl::game_model::Bddl,
    &game_positional::game_model::Pg,
    &game_positional::game_model::Gttt,
    &game_positional::game_model::Hex,
    &game_gdl::game_model::Gdl,
    &game_geography::game_model::Geography,
    &game_kayles::Kayles,
    &game_gdl::game_model_asp::GdlAsp,
    &game_cram::Cram,
];

/// The model named `name`.
pub fn lookup(name: &str) -> Option<&'static dyn GameModel> {
    MODELS.iter().copied().find(|m| m.name() == name)
}

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

    /// The chosen model.
    pub fn model(&self) -> Result<&'static dyn GameModel> {
        lookup(&self.name).ok_or_else(|| anyhow::anyhow!("no model `{}`", self.name))
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
                $crate::Chosen::of(matches).map($name)
            }
            fn update_from_arg_matches(&mut self, matches: &::clap::ArgMatches) -> Result<(), ::clap::Error> {
                *self = Self::from_arg_matches(matches)?;
                Ok(())
            }
        }

        impl ::clap::Subcommand for $name {
            fn augment_subcommands(cmd: ::clap::Command) -> ::clap::Command {
                $crate::mount(cmd, $crate::MODELS.iter().filter_map(|m| m.$command()).map($with))
            }
            fn augment_subcommands_for_update(cmd: ::clap::Command) -> ::clap::Command {
                Self::augment_subcommands(cmd)
            }
            fn has_subcommand(name: &str) -> bool {
                $crate::MODELS.iter().any(|m| m.name() == name && m.$command().is_some())
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
