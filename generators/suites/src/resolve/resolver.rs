//! Resolution: a suite file read ([`load`]) and every value checked ([`resolve`]) by a
//! `Resolver`, whose grid and ladder checks are in `grid` and `ladder`.

use std::collections::BTreeMap;
use std::path::Path;

use toml::{Spanned, Value};

use super::suite::{Expected, Family, Point, Suite};
use crate::raw::{CertifyFile, FamilyFile, OptionsFile, SuiteFile};
use ::game_registry::suite::{encodings, formats, names, Encoding, Model, OutFormat};
use certify::Certify;
use contract::{Budget, ParseError, Source};
use qbf::io::Format;
use qbf::tseitin::{ClauseForm, UnknownName};

/// The default reference-solver budget per instance, in seconds.
pub const DEFAULT_BUDGET: u64 = 60;

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
    let raw: SuiteFile = crate::raw::parse(source)?;
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

pub(super) struct Resolver<'a> {
    pub(super) source: &'a Source,
    pub(super) dir: &'a Path,
    pub(super) max_jobs: u64,
    budget: Budget,
}

impl Resolver<'_> {
    /// The error for a suite that would have `jobs` jobs, more than `max_jobs`.
    pub(super) fn too_many<T>(&self, at: &Spanned<T>, jobs: u64) -> ParseError {
        self.err(
            at,
            format!("this makes {jobs} jobs, more than the {} a suite may have", self.max_jobs),
            "fewer depths or grid values, or raise the limit with `max_jobs = N` under `[options]`",
        )
    }

    /// A positive, finite number of CPU seconds (an integer or a decimal) at `key`; an
    /// error with `help` otherwise.
    pub(super) fn seconds(&self, value: &Spanned<Value>, key: &str, help: &str) -> Result<f64, ParseError> {
        match value.get_ref() {
            Value::Integer(n) => Some(*n as f64),
            Value::Float(x) => Some(*x),
            _ => None,
        }
        .filter(|x| x.is_finite() && *x > 0.0)
        .ok_or_else(|| self.err(value, format!("`{key}` must be a positive number of CPU seconds"), help))
    }

    pub(super) fn err<T>(&self, at: &Spanned<T>, message: impl Into<String>, help: impl Into<String>) -> ParseError {
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
            (Some(list), _) => self.choices(list, "encodings", encodings(), Encoding::name, schema.encodings, model)?,
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
        let formats = self.choices(&f.formats, "formats", formats(), OutFormat::name, schema.formats, model)?;
        if formats.contains(&OutFormat::Qbf(Format::Qcir)) && !encodings.iter().any(|e| e.is_circuit()) {
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
        if certify.is_some() && !formats.contains(&OutFormat::Qbf(Format::Qdimacs)) {
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
            memory: size(&c.memory, harness::DEFAULT_MEMORY_BYTES)?,
            max_proof: size(&c.max_proof, Certify::MAX_PROOF_BYTES)?,
        })
    }

    /// The entries of `list`, each one of `all` that `allowed` has, in the order of `all`.
    fn choices<T: Copy + PartialEq>(
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
        out.sort_by_key(|t| all.iter().position(|a| a == t));
        Ok(out)
    }
}
