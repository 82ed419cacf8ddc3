//! One game of a suite job ([`Setup`]: its model, grid values, depth and budget, what the
//! reference player's child process receives as JSON), and what building its instance
//! asks besides ([`Request`]: the encoding, the files and the clause form).

use std::path::PathBuf;

use crate::Form;
use contract::{Budget, Source};
use qbf::io::Format;
use qbf::tseitin::ClauseForm;
use serde::{Deserialize, Serialize};

use super::{BuildError, Encoding, OutFormat, Param, Params};

/// One game of a suite job: what the reference player needs to answer it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The model's name (`model = "NAME"`).
    pub model: String,
    /// The suite's folder: model file paths in `params` are relative to it.
    pub dir: PathBuf,
    /// The family's grid point.
    pub params: Params,
    /// The job's depth; `None`: the depth written in the model file.
    pub depth: Option<u32>,
    /// `symmetry_breaking`: whether Black's first moves are restricted (GTTT).
    pub symmetry_breaking: bool,
    /// `[options] max_size`: the most literals one instance may have.
    pub max_size: u64,
}

impl Setup {
    /// The set-up as one line of JSON, for a child process.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The set-up [`Setup::to_json`] wrote.
    pub fn from_json(json: &str) -> Result<Setup, serde_json::Error> {
        serde_json::from_str(json)
    }

    /// The size budget of the job's formulas.
    pub fn budget(&self) -> Budget {
        Budget::new(self.max_size)
    }

    /// The error of a grid value that is not `what`.
    pub fn wrong(&self, key: &str, what: &'static str) -> BuildError {
        BuildError::Param { key: key.to_string(), value: format!("{:?}", self.params.get(key)), what }
    }

    /// The model file of grid key `key`, under the suite's folder.
    pub fn path(&self, key: &str) -> Result<PathBuf, BuildError> {
        match self.params.get(key) {
            Some(Param::Path(p)) => Ok(self.dir.join(p)),
            _ => Err(self.wrong(key, "a path")),
        }
    }

    /// The text of grid key `key`.
    pub fn str(&self, key: &str) -> Result<&str, BuildError> {
        match self.params.get(key) {
            Some(Param::Str(s)) => Ok(s),
            _ => Err(self.wrong(key, "a string")),
        }
    }

    /// The integer of grid key `key`.
    pub fn int(&self, key: &str) -> Result<i64, BuildError> {
        match self.params.get(key) {
            Some(Param::Int(i)) => Ok(*i),
            _ => Err(self.wrong(key, "an integer")),
        }
    }

    /// The positive count of grid key `key`.
    pub fn count(&self, key: &str) -> Result<usize, BuildError> {
        usize::try_from(self.int(key)?).ok().filter(|&n| n > 0).ok_or_else(|| self.wrong(key, "a positive integer"))
    }

    /// Whether grid key `key` is `true`.
    pub fn flag(&self, key: &str) -> bool {
        matches!(self.params.get(key), Some(Param::Bool(true)))
    }

    /// The model file of grid key `key`, read.
    pub fn read(&self, key: &str) -> Result<Source, BuildError> {
        Ok(Source::read(&self.path(key)?.display().to_string())?)
    }
}

/// A job to build: its game, its encoding, the files it writes and the clause form of its
/// QDIMACS.
#[derive(Clone, Debug)]
pub struct Request {
    pub setup: Setup,
    pub encoding: Encoding,
    /// The files the job writes.
    pub outputs: Vec<OutFormat>,
    pub clause_form: ClauseForm,
}

impl Request {
    /// The clausal shape of the job: a circuit encoding's clauses in the family's clause
    /// form (the GDL encodings write their own clauses and ignore it).
    pub fn clauses(&self) -> Form {
        Form::Clauses(self.clause_form)
    }

    /// The clausal shape, and the circuit too when the job writes QCIR.
    pub fn clauses_and_circuit(&self) -> Vec<Form> {
        let mut forms = vec![self.clauses()];
        if self.outputs.contains(&OutFormat::Qbf(Format::Qcir)) {
            forms.push(Form::Circuit);
        }
        forms
    }

    /// Whether the job writes `format`.
    pub fn writes(&self, format: OutFormat) -> bool {
        self.outputs.contains(&format)
    }
}
