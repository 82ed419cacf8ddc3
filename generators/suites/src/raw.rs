//! A suite file exactly as the user wrote it: typed TOML with spans, unknown keys refused.
//!
//! Values whose meaning depends on other keys (depths, grid values) stay `toml::Value`
//! here, with their spans, and are interpreted in `resolve`, which names the key and the
//! line in every error.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use contract::{parse_toml, ParseError, Source};

/// `suite/*.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuiteFile {
    pub name: Spanned<String>,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub options: OptionsFile,
    /// `[certify]`: certify every family's QDIMACS instances (a family's own
    /// `[family.certify]` replaces it).
    pub certify: Option<CertifyFile>,
    #[serde(rename = "family", default)]
    pub families: Vec<FamilyFile>,
}

/// `[options]`: defaults for every family.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionsFile {
    /// `"polarity"`, `"tseitin"` or `"universal"`: clauses for QCIR → QDIMACS.
    pub clause_form: Option<Spanned<String>>,
    /// `"innermost"` or `"earliest"`: where the clause form quantifies gate variables.
    pub gates: Option<Spanned<String>>,
    /// First-move symmetry breaking where the encoding offers it.
    pub symmetry_breaking: Option<bool>,
    /// `"reference"` (compute with the reference solvers) or `"none"`.
    pub expected: Option<Spanned<String>>,
    /// The reference solver's budget per instance, in seconds.
    pub expected_budget: Option<Spanned<i64>>,
    /// The most jobs the suite may have (default [`crate::resolve::MAX_JOBS`]).
    pub max_jobs: Option<Spanned<i64>>,
    /// The most literals one instance may have (default `contract::Budget::DEFAULT_SIZE`).
    pub max_size: Option<Spanned<i64>>,
}

/// `[[family]]`: one game model, a parameter grid, depths, encodings and formats.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FamilyFile {
    pub name: Spanned<String>,
    pub model: Spanned<String>,
    /// What the game is, for the package's README (one or two sentences).
    #[serde(default)]
    pub description: String,
    /// Where the game or its models come from (a paper, a collection).
    #[serde(default)]
    pub source: String,
    /// Depths for every grid point; a `[[family.point]]` may set its own.
    pub depths: Option<Spanned<toml::Value>>,
    /// Required unless the model has a default (`gdl`: `gdl-auto`).
    pub encodings: Option<Spanned<Vec<Spanned<String>>>>,
    pub formats: Spanned<Vec<Spanned<String>>>,
    #[serde(default)]
    pub grid: BTreeMap<Spanned<String>, Spanned<toml::Value>>,
    /// `[[family.point]]`: grid values of one point (crossed with `grid`), and optionally
    /// its own `depths`, for suites whose depths differ per board (the papers' tables).
    #[serde(rename = "point", default)]
    pub points: Vec<BTreeMap<Spanned<String>, Spanned<toml::Value>>>,
    pub clause_form: Option<Spanned<String>>,
    pub gates: Option<Spanned<String>>,
    pub symmetry_breaking: Option<bool>,
    pub expected: Option<Spanned<String>>,
    pub expected_budget: Option<Spanned<i64>>,
    /// `[family.ladder]`: grow one parameter until a calibration solver stops solving.
    pub ladder: Option<LadderFile>,
    /// `[family.certify]`: this family's certification, in place of the suite's `[certify]`.
    pub certify: Option<CertifyFile>,
}

/// `[certify]` and `[family.certify]`: expected answers from DepQBF's checked certificates.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CertifyFile {
    /// CPU seconds of the tracing solver per instance (an integer or a decimal); also the
    /// time the SAT solver may take to verify the certificate.
    pub timeout: Spanned<toml::Value>,
    /// The memory limit of the tracing solver, e.g. `"4G"`.
    pub memory: Option<Spanned<String>>,
    /// The largest proof checked, e.g. `"4G"`.
    pub max_proof: Option<Spanned<String>>,
}

/// `[family.ladder]`: the parameter that grows, and the calibration that decides how far.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LadderFile {
    /// `"depth"` or a grid key of the family: its values are the rungs, in the order written.
    pub over: Spanned<String>,
    /// A solver of the solvers file (`suite/solvers.toml`) that reads QDIMACS.
    pub solver: Spanned<String>,
    /// CPU seconds per calibration run (an integer or a decimal).
    pub limit: Spanned<toml::Value>,
    /// The memory limit per calibration run, e.g. `"4G"`.
    pub memory: Option<Spanned<String>>,
    /// Consecutive unsolved rungs after which the ladder stops.
    pub fails: Spanned<i64>,
    /// The competition limit in CPU seconds: rungs past the stop are generated, predicted
    /// from the solved rungs' growth, until one is predicted past it.
    pub predict_to: Option<Spanned<toml::Value>>,
}

/// Parses a suite file; TOML and type errors become [`ParseError`]s at the offending key.
pub fn parse(source: &Source) -> Result<SuiteFile, ParseError> {
    parse_toml(
        source,
        "a `[[family]]` needs name, model, encodings (gdl families may leave them out), formats, and depths (here or per point); a `[family.ladder]` needs over, solver, limit and fails; a `[certify]` needs timeout",
        "docs/suites.md",
    )
}
