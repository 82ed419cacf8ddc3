//! Raw suite file → resolved suite: every value checked, the grid expanded, paths found.
//!
//! Each error is a [`ParseError`] at the offending key or value (file:line:col, the line,
//! and the fix). Resolution stops at the first error, so a user sees one clear message.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use toml::{Spanned, Value};

use crate::raw::{CertifyFile, FamilyFile, LadderFile, OptionsFile, SuiteFile};
use ::models::suite::{names, Encoding, Kind, Model, OutFormat, Schema};
pub use ::models::suite::{params_string, Param, Params};
use contract::{Budget, Depth, ParseError, Source};
use harness::Limits;
use qbf::tseitin::{ClauseForm, UnknownName};

/// A grid value with the span it was written at (none: a default).
type Spot<'a> = (Param, Option<&'a Spanned<Value>>);
/// A grid value under its key, with its span.
type KeyedSpot<'a> = (String, Param, Option<&'a Spanned<Value>>);

/// The default reference-solver budget per instance, in seconds.
pub const DEFAULT_BUDGET: u64 = 60;

/// A resolved suite.
#[derive(Clone, Debug)]
pub struct Suite {
    pub name: String,
    pub description: String,
    /// The directory of the suite file; model paths are relative to it.
    pub dir: PathBuf,
    pub families: Vec<Family>,
}

/// Where expected answers come from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// Not computed: `unknown`.
    None,
    /// The explicit-state reference solver, within a budget of seconds per instance. An
    /// instance that needs more is an error, never an `unknown` that would depend on the
    /// machine's speed: the manifest stays the same on every machine.
    Reference { budget: u64 },
    /// The reference solver within the budget, else `unknown` (`expected_by = none`):
    /// for instances meant to lie beyond reach, such as a ladder's top rungs. Which
    /// instances get an answer then depends on the machine's speed.
    ReferenceOrUnknown { budget: u64 },
}

impl Expected {
    /// The reference solver's budget per instance, if it is asked.
    pub fn budget(self) -> Option<u64> {
        match self {
            Expected::None => None,
            Expected::Reference { budget } | Expected::ReferenceOrUnknown { budget } => Some(budget),
        }
    }
}

/// A place in the suite file, kept for errors found after resolution (a ladder's solver
/// missing from the solvers file, a ladder missing from a `ladders.csv`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub line_text: String,
}

impl Mark {
    /// The place of byte `offset` of `source`.
    pub fn at(source: &Source, offset: usize) -> Mark {
        let loc = source.locate(offset);
        Mark { file: source.name.clone(), line: loc.line, col: loc.col, line_text: loc.line_text }
    }

    /// An error at this place.
    pub fn error(&self, message: impl Into<String>, help: impl Into<String>) -> ParseError {
        ParseError {
            file: self.file.clone(),
            line: self.line,
            col: self.col,
            line_text: self.line_text.clone(),
            message: message.into(),
            help: help.into(),
        }
    }
}

/// A grid point and its depths.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Point {
    pub params: Params,
    pub depths: Vec<Depth>,
    /// The answer a published table gives for this point (`answer = true|false`).
    pub answer: Option<bool>,
}

/// A resolved family.
#[derive(Clone, Debug)]
pub struct Family {
    pub name: String,
    pub model: Model,
    /// What the game is (the suite's words; may be empty).
    pub description: String,
    /// Where the game or its models come from (may be empty).
    pub source: String,
    pub points: Vec<Point>,
    pub encodings: Vec<Encoding>,
    pub formats: Vec<OutFormat>,
    pub clause_form: ClauseForm,
    pub symmetry_breaking: bool,
    pub expected: Expected,
    /// `[options] max_size`: the most literals one instance may have (checked before it
    /// is built).
    pub budget: Budget,
    /// `[family.ladder]`: the parameter that grows, and how far.
    pub ladder: Option<Ladder>,
    /// `[family.certify]`, else the suite's `[certify]`: certify the family's QDIMACS
    /// instances (`qbfgames generate --certify SECONDS` sets it for every family).
    pub certify: Option<Certify>,
}

/// How a family's QDIMACS instances are certified: DepQBF's Q-resolution proof under a
/// CPU limit, checked, and its Skolem/Herbrand certificate verified (the `certify` crate).
/// A certified answer fills an empty `expected` (`expected_by = certificate`) and must
/// agree with one the reference solver or a published table gave.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Certify {
    /// CPU seconds of the tracing solver per instance; also the time the SAT solver may
    /// take to verify the certificate.
    pub timeout_s: f64,
    /// The tracing solver's memory limit, in bytes.
    pub memory: u64,
    /// The largest proof checked, in bytes.
    pub max_proof: u64,
}

impl Certify {
    /// The default memory limit of the tracing solver (as a ladder's calibration runs).
    pub const MEMORY: u64 = 4 << 30;
    /// The default largest proof: 4 GiB, written to the output directory's scratch space.
    pub const MAX_PROOF: u64 = 4 << 30;

    /// `timeout_s` CPU seconds with the default memory and proof limits.
    pub fn with_timeout(timeout_s: f64) -> Certify {
        Certify { timeout_s, memory: Certify::MEMORY, max_proof: Certify::MAX_PROOF }
    }

    /// The limits of the tracing run: the CPU limit, the harness's default wall-clock
    /// safety limit, and the memory limit.
    pub fn limits(&self) -> Limits {
        Limits::new(Duration::from_secs_f64(self.timeout_s), self.memory)
    }
}

/// Reads and resolves a suite file.
pub fn load(path: &Path) -> Result<Suite, SuiteError> {
    let source = Source::read(&path.display().to_string()).map_err(SuiteError::Io)?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    resolve(&source, &dir).map_err(SuiteError::Parse)
}

/// Why a suite could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum SuiteError {
    #[error("{0}")]
    Io(std::io::Error),
    #[error("{0}")]
    Parse(ParseError),
}

/// The most jobs a suite may have unless its `[options] max_jobs` says otherwise: checked
/// before anything is expanded, so a typo such as `to = 10000000` is an error, not an
/// hour of generating.
pub const MAX_JOBS: u64 = 100_000;

/// Resolves the suite in `source`; model paths are relative to `dir`.
pub fn resolve(source: &Source, dir: &Path) -> Result<Suite, ParseError> {
    let raw: SuiteFile = super::raw::parse(source)?;
    let positive = |value: &Option<Spanned<i64>>, default: u64, key: &str, example: &str| match value {
        None => Ok(default),
        Some(n) => u64::try_from(*n.get_ref()).ok().filter(|&n| n > 0).ok_or_else(|| {
            ParseError::at(
                source,
                n.span().start,
                format!("`{key}` must be a positive number"),
                format!("e.g. {example}"),
            )
        }),
    };
    let max_jobs = positive(&raw.options.max_jobs, MAX_JOBS, "max_jobs", "max_jobs = 200000")?;
    let max_size = positive(&raw.options.max_size, Budget::DEFAULT_SIZE, "max_size", "max_size = 500000000")?;
    let r = Resolver { source, dir, max_jobs, budget: Budget::new(max_size) };
    let name = raw.name.get_ref().clone();
    r.check_name(&raw.name, "name")?;
    let defaults = r.options(&raw.options)?;
    let certify = raw.certify.as_ref().map(|c| r.certify(c)).transpose()?;
    let mut families = Vec::new();
    let mut jobs = 0u64;
    for family in &raw.families {
        if families.iter().any(|f: &Family| f.name == *family.name.get_ref()) {
            return Err(r.err(
                &family.name,
                format!("a second family named `{}`", family.name.get_ref()),
                "give every family a unique name",
            ));
        }
        let mut resolved = r.family(family, &defaults)?;
        if resolved.certify.is_none() {
            resolved.certify = certify;
        }
        let depths: u64 = resolved.points.iter().map(|p| p.depths.len() as u64).sum();
        jobs = jobs.saturating_add(depths.saturating_mul(resolved.encodings.len() as u64));
        families.push(resolved);
        if jobs > max_jobs {
            return Err(r.too_many(&family.name, jobs));
        }
    }
    if families.is_empty() {
        return Err(ParseError::at(
            source,
            source.bytes.len(),
            "the suite has no families",
            "add at least one `[[family]]` table",
        ));
    }
    Ok(Suite { name, description: raw.description, dir: dir.to_path_buf(), families })
}

#[derive(Clone, Copy)]
struct Defaults {
    clause_form: ClauseForm,
    symmetry_breaking: bool,
    expected: Expected,
}

struct Resolver<'a> {
    source: &'a Source,
    dir: &'a Path,
    max_jobs: u64,
    budget: Budget,
}

impl Resolver<'_> {
    /// The error for a suite that would have `jobs` jobs, more than `max_jobs`.
    fn too_many<T>(&self, at: &Spanned<T>, jobs: u64) -> ParseError {
        self.err(
            at,
            format!("this makes {jobs} jobs, more than the {} a suite may have", self.max_jobs),
            "fewer depths or grid values, or raise the limit with `max_jobs = N` under `[options]`",
        )
    }

    /// A positive, finite number of CPU seconds (an integer or a decimal) at `key`; an
    /// error with `help` otherwise.
    fn seconds(&self, value: &Spanned<Value>, key: &str, help: &str) -> Result<f64, ParseError> {
        match value.get_ref() {
            Value::Integer(n) => Some(*n as f64),
            Value::Float(x) => Some(*x),
            _ => None,
        }
        .filter(|x| x.is_finite() && *x > 0.0)
        .ok_or_else(|| self.err(value, format!("`{key}` must be a positive number of CPU seconds"), help))
    }

    fn err<T>(&self, at: &Spanned<T>, message: impl Into<String>, help: impl Into<String>) -> ParseError {
        ParseError::at(self.source, at.span().start, message, help)
    }

    fn check_name(&self, name: &Spanned<String>, key: &str) -> Result<(), ParseError> {
        if contract::name::is_path_name(name.get_ref()) {
            Ok(())
        } else {
            Err(self.err(
                name,
                format!("`{key}` must be {}", contract::name::RULE),
                "names become directory names; use e.g. \"httt-4x4\"",
            ))
        }
    }

    fn options(&self, o: &OptionsFile) -> Result<Defaults, ParseError> {
        let base = Defaults { clause_form: ClauseForm::default(), symmetry_breaking: false, expected: Expected::None };
        self.overrides(base, (&o.clause_form, &o.gates), o.symmetry_breaking, &o.expected, &o.expected_budget)
    }

    fn overrides(
        &self,
        base: Defaults,
        (clause_form, gates): (&Option<Spanned<String>>, &Option<Spanned<String>>),
        symmetry_breaking: Option<bool>,
        expected: &Option<Spanned<String>>,
        budget: &Option<Spanned<i64>>,
    ) -> Result<Defaults, ParseError> {
        let mut d = base;
        if let Some(cf) = clause_form {
            d.clause_form.definitions = cf.get_ref().parse().map_err(|e: UnknownName| {
                self.err(cf, format!("unknown clause form `{}`", e.given), format!("use {}", e.expected_names()))
            })?;
        }
        if let Some(g) = gates {
            d.clause_form.gates = g.get_ref().parse().map_err(|e: UnknownName| {
                self.err(g, format!("unknown gate placement `{}`", e.given), format!("use {}", e.expected_names()))
            })?;
        }
        d.symmetry_breaking = symmetry_breaking.unwrap_or(d.symmetry_breaking);
        let current_budget = d.expected.budget().unwrap_or(DEFAULT_BUDGET);
        if let Some(e) = expected {
            d.expected = match e.get_ref().as_str() {
                "reference" => Expected::Reference { budget: current_budget },
                "reference-or-unknown" => Expected::ReferenceOrUnknown { budget: current_budget },
                "none" => Expected::None,
                other => {
                    return Err(self.err(
                        e,
                        format!("unknown source of expected answers `{other}`"),
                        "use \"reference\" (the explicit-state solver), \"reference-or-unknown\" (unknown past the budget) or \"none\"",
                    ))
                }
            };
        }
        if let Some(b) = budget {
            let value = u64::try_from(*b.get_ref()).ok().filter(|&v| v > 0).ok_or_else(|| {
                self.err(b, "`expected_budget` must be a positive number of seconds", "e.g. expected_budget = 60")
            })?;
            match &mut d.expected {
                Expected::Reference { budget } | Expected::ReferenceOrUnknown { budget } => *budget = value,
                Expected::None => {}
            }
        }
        Ok(d)
    }

    fn family(&self, f: &FamilyFile, defaults: &Defaults) -> Result<Family, ParseError> {
        self.check_name(&f.name, "name")?;
        let model = Model::named(f.model.get_ref()).ok_or_else(|| {
            let all: Vec<Model> = Model::all().collect();
            self.err(
                &f.model,
                format!("unknown model `{}`", f.model.get_ref()),
                format!("models are {}", names(&all, Model::name)),
            )
        })?;
        let schema = model.schema();
        let d = self.overrides(
            *defaults,
            (&f.clause_form, &f.gates),
            f.symmetry_breaking,
            &f.expected,
            &f.expected_budget,
        )?;
        let encodings = match (&f.encodings, schema.default_encoding) {
            (Some(list), _) => {
                self.choices(list, "encodings", Encoding::ALL, Encoding::name, schema.encodings, model)?
            }
            (None, Some(default)) => vec![default],
            (None, None) => {
                return Err(self.err(
                    &f.model,
                    format!("family `{}` lists no `encodings`", f.name.get_ref()),
                    format!(
                        "add e.g. `encodings = [\"{}\"]`; model `{}` has {}",
                        schema.encodings[0].name(),
                        model.name(),
                        names(schema.encodings, Encoding::name)
                    ),
                ))
            }
        };
        let formats = self.choices(&f.formats, "formats", OutFormat::ALL, OutFormat::name, schema.formats, model)?;
        if formats.contains(&OutFormat::Qcir) && !encodings.iter().any(|e| e.is_circuit()) {
            let at = f.formats.get_ref().iter().find(|s| s.get_ref() == "qcir").unwrap_or(&f.formats.get_ref()[0]);
            return Err(self.err(
                at,
                "`qcir` needs a circuit encoding, and this family's encodings are clausal",
                "drop \"qcir\" or add the \"lifted\" encoding",
            ));
        }
        let family_depths = f.depths.as_ref().map(|d| self.depths(d, schema)).transpose()?;
        let mut points = Vec::new();
        let explicit: Vec<BTreeMap<Spanned<String>, Spanned<Value>>> =
            if f.points.is_empty() { vec![BTreeMap::new()] } else { f.points.clone() };
        for point in &explicit {
            let mut grid = f.grid.clone();
            let mut depths = family_depths.clone();
            let mut answer = None;
            for (k, v) in point {
                if k.get_ref() == "depths" {
                    depths = Some(self.depths(v, schema)?);
                } else if k.get_ref() == "answer" {
                    answer = Some(v.get_ref().as_bool().ok_or_else(|| {
                        self.err(
                            v,
                            "`answer` must be true or false",
                            "answer = true means the published table says the first player wins",
                        )
                    })?);
                } else if grid.insert(k.clone(), v.clone()).is_some() {
                    return Err(self.err(
                        k,
                        format!("`{}` is set both in the grid and in a point", k.get_ref()),
                        "set each key in one place",
                    ));
                }
            }
            let depths = depths.ok_or_else(|| {
                self.err(
                    &f.name,
                    format!("family `{}` has no depths", f.name.get_ref()),
                    "add `depths = [...]` to the family or to each `[[family.point]]`",
                )
            })?;
            for params in self.grid(&grid, schema, model)? {
                points.push(Point { params, depths: depths.clone(), answer });
            }
        }
        let ladder = f.ladder.as_ref().map(|l| self.ladder(f, l, &formats, &points)).transpose()?;
        let certify = f.certify.as_ref().map(|c| self.certify(c)).transpose()?;
        if certify.is_some() && !formats.contains(&OutFormat::Qdimacs) {
            return Err(self.err(
                &f.formats,
                format!(
                    "family `{}` has a `[family.certify]` but writes no QDIMACS, which DepQBF's tracer reads",
                    f.name.get_ref()
                ),
                "add \"qdimacs\" to `formats`, or drop `[family.certify]`",
            ));
        }
        Ok(Family {
            name: f.name.get_ref().clone(),
            model,
            description: f.description.trim().to_string(),
            source: f.source.trim().to_string(),
            points,
            encodings,
            formats,
            clause_form: d.clause_form,
            symmetry_breaking: d.symmetry_breaking,
            expected: d.expected,
            budget: self.budget,
            ladder,
            certify,
        })
    }

    /// `[certify]` or `[family.certify]`: a positive CPU limit, and sizes that parse.
    fn certify(&self, c: &CertifyFile) -> Result<Certify, ParseError> {
        let timeout_s = self.seconds(&c.timeout, "timeout", "e.g. timeout = 60 or timeout = 2.5 (per instance)")?;
        let size = |value: &Option<Spanned<String>>, default: u64| match value {
            None => Ok(default),
            Some(m) => harness::parse_memory(m.get_ref()).map_err(|_| {
                self.err(
                    m,
                    format!("`{}` is not a size", m.get_ref()),
                    "write a number with a unit, e.g. \"4G\" or \"512M\"",
                )
            }),
        };
        Ok(Certify {
            timeout_s,
            memory: size(&c.memory, Certify::MEMORY)?,
            max_proof: size(&c.max_proof, Certify::MAX_PROOF)?,
        })
    }

    /// `[family.ladder]`: checks every key against the family it grows.
    fn ladder(
        &self,
        f: &FamilyFile,
        l: &LadderFile,
        formats: &[OutFormat],
        points: &[Point],
    ) -> Result<Ladder, ParseError> {
        if !formats.contains(&OutFormat::Qdimacs) {
            return Err(self.err(
                &f.formats,
                format!(
                    "family `{}` has a ladder but writes no QDIMACS, which its calibration solver reads",
                    f.name.get_ref()
                ),
                "add \"qdimacs\" to `formats`",
            ));
        }
        let fails = u32::try_from(*l.fails.get_ref()).ok().filter(|&n| n >= 1).ok_or_else(|| {
            self.err(
                &l.fails,
                "`fails` must be at least 1",
                "the ladder stops after this many unsolved rungs in a row, e.g. fails = 2",
            )
        })?;
        let limit_s = self.seconds(&l.limit, "limit", "e.g. limit = 10 or limit = 2.5")?;
        let predict_to = l
            .predict_to
            .as_ref()
            .map(|p| {
                self.seconds(p, "predict_to", "the competition limit the ladder predicts up to, e.g. predict_to = 900")
            })
            .transpose()?;
        let memory = match &l.memory {
            None => 4 << 30,
            Some(m) => harness::parse_memory(m.get_ref()).map_err(|_| {
                self.err(
                    m,
                    format!("`{}` is not a memory size", m.get_ref()),
                    "write a number with a unit, e.g. \"4G\" or \"512M\"",
                )
            })?,
        };
        let solver = l.solver.get_ref();
        if solver.is_empty() || !solver.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            return Err(self.err(
                &l.solver,
                format!("`{solver}` is not a solver name"),
                "name a solver of the solvers file, e.g. solver = \"depqbf\"",
            ));
        }
        let over = l.over.get_ref();
        let (over, derived) = if over == "depth" {
            if let Some(p) = points.iter().find(|p| p.depths.len() < 2 || p.depths.contains(&Depth::Model)) {
                let depths: Vec<String> = p.depths.iter().map(Depth::to_string).collect();
                return Err(self.err(
                    &l.over,
                    format!("a depth ladder needs at least two depths as its rungs, and a point has depths [{}]", depths.join(", ")),
                    "give the family a range of depths, e.g. depths = { from = 1, to = 21, step = 2 } (`to` is the cap)",
                ));
            }
            (Over::Depth, Vec::new())
        } else {
            (Over::Key(over.clone()), self.ladder_key(f, &l.over)?)
        };
        Ok(Ladder {
            over,
            derived,
            solver: solver.clone(),
            limit_s,
            memory,
            fails,
            predict_to,
            at: Mark::at(self.source, l.over.span().start),
            solver_at: Mark::at(self.source, l.solver.span().start),
        })
    }

    /// Checks that `over` names a grid key of `f` with at least two distinct values;
    /// returns the keys whose path templates use it.
    fn ladder_key(&self, f: &FamilyFile, over: &Spanned<String>) -> Result<Vec<String>, ParseError> {
        let key = over.get_ref();
        if let Some(k) = f.points.iter().flat_map(|p| p.keys()).find(|k| k.get_ref() == key) {
            return Err(self.err(
                k,
                format!("`{key}` is the ladder's parameter, so it is set in `[family.grid]`, not in a point"),
                "list its values, the rungs, under `[family.grid]`",
            ));
        }
        let Some((_, values)) = f.grid.iter().find(|(k, _)| k.get_ref() == key) else {
            let keys: Vec<String> = f.grid.keys().map(|k| format!("\"{}\"", k.get_ref())).collect();
            let help = if keys.is_empty() {
                "use \"depth\"".to_string()
            } else {
                format!("use \"depth\" or a grid key of the family: {}", keys.join(", "))
            };
            return Err(self.err(over, format!("family `{}` has no grid key `{key}` to grow", f.name.get_ref()), help));
        };
        let items = match values.get_ref() {
            Value::Array(items) => items.clone(),
            _ => Vec::new(),
        };
        if items.len() < 2 {
            return Err(self.err(
                values,
                format!("the ladder grows `{key}`, which needs at least two values, its rungs"),
                format!("list them in order, lowest first, e.g. {key} = [3, 4, 5]"),
            ));
        }
        let written: Vec<String> = items.iter().map(Value::to_string).collect();
        if (1..written.len()).any(|i| written[..i].contains(&written[i])) {
            return Err(self.err(values, format!("a value of `{key}` is listed twice"), "list each rung once"));
        }
        let template = format!("{{{key}}}");
        let uses = |v: &Value| match v {
            Value::String(s) => s.contains(&template),
            Value::Array(a) => a.iter().any(|x| matches!(x, Value::String(s) if s.contains(&template))),
            _ => false,
        };
        let mut derived: Vec<String> = f
            .grid
            .iter()
            .chain(f.points.iter().flatten())
            .filter(|(_, v)| uses(v.get_ref()))
            .map(|(k, _)| k.get_ref().clone())
            .collect();
        derived.sort();
        derived.dedup();
        Ok(derived)
    }

    fn choices<T: Copy + PartialEq + Ord>(
        &self,
        list: &Spanned<Vec<Spanned<String>>>,
        key: &str,
        all: &[T],
        name: fn(T) -> &'static str,
        allowed: &[T],
        model: Model,
    ) -> Result<Vec<T>, ParseError> {
        if list.get_ref().is_empty() {
            return Err(self.err(
                list,
                format!("`{key}` is empty"),
                format!("list at least one of {}", names(allowed, name)),
            ));
        }
        let mut out = Vec::new();
        for item in list.get_ref() {
            let found = all.iter().copied().find(|&t| name(t) == item.get_ref()).ok_or_else(|| {
                self.err(
                    item,
                    format!("unknown {key} entry `{}`", item.get_ref()),
                    format!("use one of {}", names(all, name)),
                )
            })?;
            if !allowed.contains(&found) {
                return Err(self.err(
                    item,
                    format!("model `{}` has no `{}` in {key}", model.name(), item.get_ref()),
                    format!("for `{}` use {}", model.name(), names(allowed, name)),
                ));
            }
            if out.contains(&found) {
                return Err(self.err(item, format!("`{}` is listed twice", item.get_ref()), "list each entry once"));
            }
            out.push(found);
        }
        out.sort();
        Ok(out)
    }

    fn depths(&self, v: &Spanned<Value>, schema: &Schema) -> Result<Vec<Depth>, ParseError> {
        let depth = |n: i64| -> Result<Depth, ParseError> {
            let d = u32::try_from(n).ok().filter(|&d| d >= 1).ok_or_else(|| {
                self.err(v, format!("depth {n} is not a positive number of plies"), "depths count plies from 1")
            })?;
            if schema.odd_depths && d % 2 == 0 {
                return Err(self.err(
                    v,
                    format!(
                        "depth {d} is even, and this model needs odd depths (the game ends on the first player's move)"
                    ),
                    "use odd depths, e.g. depths = { from = 1, to = 9, step = 2 }",
                ));
            }
            Ok(Depth::Plies(d))
        };
        let mut out = match v.get_ref() {
            Value::Integer(n) => vec![depth(*n)?],
            Value::String(s) if s == "model" && schema.model_depth => vec![Depth::Model],
            Value::String(s) => {
                let help = if schema.model_depth {
                    "write a list, a range, or \"model\""
                } else {
                    "write a list such as [1, 3, 5] or a range { from = 1, to = 9, step = 2 }"
                };
                return Err(self.err(v, format!("`depths = \"{s}\"` is not a depth"), help));
            }
            Value::Array(items) => {
                let mut out = Vec::new();
                for item in items {
                    match item {
                        Value::Integer(n) => out.push(depth(*n)?),
                        other => {
                            return Err(self.err(
                                v,
                                format!("depth `{other}` is not an integer"),
                                "depths are whole numbers of plies",
                            ))
                        }
                    }
                }
                if out.is_empty() {
                    return Err(self.err(v, "`depths` is empty", "list at least one depth"));
                }
                out
            }
            Value::Table(t) => {
                if let Some(k) = t.keys().find(|k| !["from", "to", "step"].contains(&k.as_str())) {
                    return Err(self.err(
                        v,
                        format!("unknown key `{k}` in the depth range"),
                        "a range has `from`, `to` and optionally `step` (default 1)",
                    ));
                }
                let get = |k: &str, default: Option<i64>| match (t.get(k), default) {
                    (Some(Value::Integer(n)), _) => Ok(*n),
                    (None, Some(d)) => Ok(d),
                    _ => Err(self.err(
                        v,
                        format!("the depth range needs an integer `{k}`"),
                        "e.g. depths = { from = 1, to = 9, step = 2 }",
                    )),
                };
                let (from, to, step) = (get("from", None)?, get("to", None)?, get("step", Some(1))?);
                if step < 1 {
                    return Err(self.err(v, format!("the depth range has step {step}"), "use a positive step"));
                }
                if from > to {
                    return Err(self.err(
                        v,
                        format!("the depth range {from}..{to} is empty"),
                        "make `from` at most `to`",
                    ));
                }
                let count = to.checked_sub(from).and_then(|d| u64::try_from(d / step + 1).ok()).unwrap_or(u64::MAX);
                if count > self.max_jobs {
                    return Err(self.too_many(v, count));
                }
                (from..=to).step_by(step as usize).map(depth).collect::<Result<Vec<_>, _>>()?
            }
            other => {
                return Err(self.err(
                    v,
                    format!("`depths` cannot be a {}", other.type_str()),
                    "write a list such as [1, 3, 5] or a range { from = 1, to = 9, step = 2 }",
                ))
            }
        };
        let n = out.len();
        out.sort();
        out.dedup();
        if out.len() != n {
            return Err(self.err(v, "a depth is listed twice", "list each depth once"));
        }
        Ok(out)
    }

    fn grid(
        &self,
        grid: &BTreeMap<Spanned<String>, Spanned<Value>>,
        schema: &Schema,
        model: Model,
    ) -> Result<Vec<Params>, ParseError> {
        let mut axes: Vec<(String, Vec<Spot<'_>>)> = Vec::new();
        for (k, v) in grid {
            let spec = schema.keys.iter().find(|key| key.name == k.get_ref());
            let kind = match spec {
                Some(key) => key.kind,
                None if schema.template_keys => Kind::Str(None),
                None => {
                    let known = schema.keys.iter().map(|k| format!("`{}`", k.name)).collect::<Vec<_>>().join(", ");
                    return Err(self.err(
                        k,
                        format!("unknown grid key `{}` for model `{}`", k.get_ref(), model.name()),
                        format!("the keys of `{}` are {known}", model.name()),
                    ));
                }
            };
            let items: Vec<&Value> = match v.get_ref() {
                Value::Array(items) => items.iter().collect(),
                scalar => vec![scalar],
            };
            if items.is_empty() {
                return Err(self.err(
                    v,
                    format!("grid key `{}` has no values", k.get_ref()),
                    "give at least one value",
                ));
            }
            let mut values = Vec::new();
            for item in items {
                values.push((self.param(k.get_ref(), kind, item, v)?, Some(v)));
            }
            axes.push((k.get_ref().clone(), values));
        }
        for key in schema.keys {
            if !axes.iter().any(|(k, _)| k == key.name) {
                match key.default {
                    Some(d) => {
                        let p = match key.kind {
                            Kind::Bool => Param::Bool(d == "true"),
                            _ => Param::Str(d.to_string()),
                        };
                        if !d.is_empty() {
                            axes.push((key.name.to_string(), vec![(p, None)]));
                        }
                    }
                    None => {
                        let at = grid.keys().next().map_or(0, |k| k.span().start);
                        return Err(ParseError::at(
                            self.source,
                            at,
                            format!("model `{}` needs the grid key `{}`", model.name(), key.name),
                            format!("add `{} = ...` under the family's `[family.grid]`", key.name),
                        ));
                    }
                }
            }
        }
        axes.sort_by(|a, b| a.0.cmp(&b.0));
        let size = axes.iter().map(|(_, v)| v.len() as u64).fold(1, u64::saturating_mul);
        if size > self.max_jobs {
            if let Some((k, _)) = grid.iter().next() {
                return Err(self.too_many(k, size));
            }
        }
        let mut points: Vec<Vec<KeyedSpot<'_>>> = vec![Vec::new()];
        for (key, values) in &axes {
            points = points
                .into_iter()
                .flat_map(|p| {
                    values.iter().map(move |(v, span)| {
                        let mut q = p.clone();
                        q.push((key.clone(), v.clone(), *span));
                        q
                    })
                })
                .collect();
        }
        points.into_iter().map(|p| self.fill_templates(p)).collect()
    }

    fn param(&self, key: &str, kind: Kind, item: &Value, at: &Spanned<Value>) -> Result<Param, ParseError> {
        let wrong = |want: &str| {
            self.err(
                at,
                format!("grid key `{key}` needs {want}, found {}", item.type_str()),
                format!("write `{key} = <{want}>` or a list of them"),
            )
        };
        match (kind, item) {
            (Kind::Int, Value::Integer(i)) => Ok(Param::Int(*i)),
            (Kind::Int, _) => Err(wrong("an integer")),
            (Kind::Bool, Value::Boolean(b)) => Ok(Param::Bool(*b)),
            (Kind::Bool, _) => Err(wrong("a boolean")),
            (Kind::Str(options), Value::String(s)) => match options {
                Some(opts) if !opts.contains(&s.as_str()) => Err(self.err(
                    at,
                    format!("`{s}` is not a valid `{key}`"),
                    format!("use one of {}", opts.iter().map(|o| format!("\"{o}\"")).collect::<Vec<_>>().join(", ")),
                )),
                _ => Ok(Param::Str(s.clone())),
            },
            (Kind::Str(None), Value::Integer(i)) => Ok(Param::Int(*i)),
            (Kind::Str(None), Value::Boolean(b)) => Ok(Param::Bool(*b)),
            (Kind::Str(_), _) => Err(wrong("a string")),
            (Kind::Path, Value::String(s)) => Ok(Param::Path(s.clone())),
            (Kind::Path, _) => Err(wrong("a file path")),
            (Kind::PathOr(generators), Value::String(s)) if generators.contains(&s.as_str()) => {
                Ok(Param::Str(s.clone()))
            }
            (Kind::PathOr(_), Value::String(s)) => Ok(Param::Path(s.clone())),
            (Kind::PathOr(generators), _) => Err(wrong(&format!(
                "a file path or one of {}",
                generators.iter().map(|g| format!("\"{g}\"")).collect::<Vec<_>>().join(", ")
            ))),
            (Kind::Decimal, Value::Float(x)) if x.is_finite() => Ok(Param::Decimal(item.to_string())),
            (Kind::Decimal, Value::Integer(i)) => Ok(Param::Decimal(i.to_string())),
            (Kind::Decimal, _) => Err(wrong("a number")),
        }
    }

    /// Replaces `{key}` in path values by the point's other values and checks that the
    /// files exist.
    fn fill_templates(&self, point: Vec<(String, Param, Option<&Spanned<Value>>)>) -> Result<Params, ParseError> {
        let plain: BTreeMap<String, String> = point.iter().map(|(k, v, _)| (k.clone(), v.to_string())).collect();
        let mut out = Params::new();
        for (key, value, span) in &point {
            let value = match value {
                Param::Path(template) => {
                    let mut path = template.clone();
                    for (k, v) in &plain {
                        path = path.replace(&format!("{{{k}}}"), v);
                    }
                    if let Some(open) = path.find('{') {
                        let rest = &path[open..];
                        let at = span.map_or(0, |s| s.span().start);
                        return Err(ParseError::at(
                            self.source,
                            at,
                            format!(
                                "`{key}` uses the template variable {} that the grid does not define",
                                &rest[..rest.find('}').map_or(rest.len(), |c| c + 1)]
                            ),
                            "add that key to the family's grid, or fix the template",
                        ));
                    }
                    if !self.dir.join(&path).is_file() {
                        let at = span.map_or(0, |s| s.span().start);
                        return Err(ParseError::at(
                            self.source,
                            at,
                            format!("model file `{path}` does not exist (relative to the suite file)"),
                            "fix the path; model paths are relative to the directory of the suite file",
                        ));
                    }
                    Param::Path(path)
                }
                other => other.clone(),
            };
            out.insert(key.clone(), value);
        }
        Ok(out)
    }
}

/// The parameter a ladder grows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Over {
    /// The family's depths, ascending.
    Depth,
    /// A grid key's values, in the order written.
    Key(String),
}

impl Over {
    /// As written in `over = "…"`.
    pub fn name(&self) -> &str {
        match self {
            Over::Depth => "depth",
            Over::Key(k) => k,
        }
    }
}

/// A family's `[family.ladder]`, resolved.
#[derive(Clone, Debug)]
pub struct Ladder {
    pub over: Over,
    /// Grid keys whose path templates use the ladder's key: they change with it.
    pub derived: Vec<String>,
    /// A solver of the solvers file; checked when generation loads that file.
    pub solver: String,
    /// CPU seconds per calibration run.
    pub limit_s: f64,
    /// The memory limit per calibration run, in bytes.
    pub memory: u64,
    /// Consecutive unsolved rungs after which the ladder stops.
    pub fails: u32,
    /// The competition limit (CPU seconds) up to which rungs past the stop are predicted
    /// and generated (see [`crate::ladder`]); `None`: the ladder ends at its stop.
    pub predict_to: Option<f64>,
    /// Where `over` is written: errors about the whole ladder point here.
    pub at: Mark,
    /// Where `solver` is written.
    pub solver_at: Mark,
}

impl Ladder {
    /// The limits of a calibration run: the CPU limit, the harness's default wall-clock
    /// safety limit, and the memory limit.
    pub fn limits(&self) -> Limits {
        Limits::new(Duration::from_secs_f64(self.limit_s), self.memory)
    }
}
