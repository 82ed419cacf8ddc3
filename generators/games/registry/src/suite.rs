//! The models suites can name: each one of [`MODELS`] with a [`Schema`], and the reference
//! player's answer for a suite job's set-up. The schema types are `gamekit`'s; the
//! encodings and formats suites can name are those the models' schemas list.

pub use gamekit::suite::*;

use std::fmt;
use std::sync::OnceLock;

use gamekit::GameModel;

use crate::MODELS;

/// A model suites can name: one of [`MODELS`] with a [`Schema`].
#[derive(Clone, Copy)]
pub struct Model {
    model: &'static dyn GameModel,
    schema: &'static Schema,
}

impl Model {
    /// Every model suites can name, in the registry's order.
    pub fn all() -> impl Iterator<Item = Model> {
        MODELS.iter().filter_map(|&model| model.schema().map(|schema| Model { model, schema }))
    }

    /// The model a suite names `name`.
    pub fn named(name: &str) -> Option<Model> {
        Model::all().find(|m| m.name() == name)
    }

    /// The name suites write (`model = "NAME"`).
    pub fn name(self) -> &'static str {
        self.model.name()
    }

    /// What a family of the model accepts.
    pub fn schema(self) -> &'static Schema {
        self.schema
    }

    /// Builds the instance of a job.
    pub fn build(self, request: &Request) -> Result<Instance, BuildError> {
        self.model.build(request)
    }

    /// Reads and checks the model files of a job before anything is generated (each file
    /// once: `first_time` says whether a path is new); a warning about what loads but is
    /// probably not what the user meant.
    pub fn check(self, setup: &Setup, first_time: &mut dyn FnMut(&str) -> bool) -> Result<Option<String>, BuildError> {
        self.model.check(setup, first_time)
    }
}

impl PartialEq for Model {
    fn eq(&self, other: &Model) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Model {}

impl fmt::Debug for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Model({})", self.name())
    }
}

/// Every encoding of the models, each once, in the registry's order: what a suite's
/// `encodings` can name, and the order a family's encodings are generated in.
pub fn encodings() -> &'static [Encoding] {
    static ALL: OnceLock<Vec<Encoding>> = OnceLock::new();
    ALL.get_or_init(|| each_once(Model::all().flat_map(|m| m.schema.encodings.iter().copied())))
}

/// Every format of the models, each once, in the registry's order: what a suite's
/// `formats` can name, and the order a family's files are written in.
pub fn formats() -> &'static [OutFormat] {
    static ALL: OnceLock<Vec<OutFormat>> = OnceLock::new();
    ALL.get_or_init(|| each_once(Model::all().flat_map(|m| m.schema.formats.iter().copied())))
}

/// `items` without repeats, each where it first came.
fn each_once<T: PartialEq>(items: impl Iterator<Item = T>) -> Vec<T> {
    items.fold(Vec::new(), |mut out, item| {
        if !out.contains(&item) {
            out.push(item);
        }
        out
    })
}

/// The reference player's answer for the set-up `json` (what [`Setup::to_json`] wrote):
/// whether the first player wins within its depth.
pub fn reference(json: &str) -> anyhow::Result<bool> {
    let setup = Setup::from_json(json)?;
    let model = Model::named(&setup.model).ok_or_else(|| anyhow::anyhow!("no suite model `{}`", setup.model))?;
    model.model.reference(&setup)
}

/// The last ply of the game of the set-up `json` (what [`Setup::to_json`] wrote).
pub fn last_ply(json: &str) -> anyhow::Result<LastPly> {
    let setup = Setup::from_json(json)?;
    let model = Model::named(&setup.model).ok_or_else(|| anyhow::anyhow!("no suite model `{}`", setup.model))?;
    model.model.last_ply(&setup)
}
