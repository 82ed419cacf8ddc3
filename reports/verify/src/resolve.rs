//! Published table file → [`Table`]: every value checked, every cell's settings merged
//! (defaults, then its row's and its column's), families and grid points found in the
//! suites. Each error names file:line:col of the key at fault and the fix.

use std::collections::BTreeMap;
use std::path::Path;

use contract::{ParseError, Source};
use suites::{Depth, Suite};
use toml::{Spanned, Value};

use super::error::Error;
use super::file::{parse, Entry};
use super::table::{Cell, Claim, InstanceRef, KnownDifference, Measure, Published, Row, Table, Target};

/// The default time limit of each run, in seconds.
pub const DEFAULT_TIMEOUT: f64 = 60.0;

/// Reads and resolves a published table; its paths are relative to its directory.
pub fn load(path: &Path) -> Result<Table, Error> {
    let source = Source::read(&path.display().to_string()).map_err(Error::Io)?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    resolve(&source, &dir)
}

/// Resolves the published table in `source`; its paths are relative to `dir`.
pub fn resolve(source: &Source, dir: &Path) -> Result<Table, Error> {
    let raw = parse(source)?;
    let r = Resolver { source };
    let name = raw.name.get_ref();
    if !contract::name::is_path_name(name) {
        return Err(r
            .err(
                &raw.name,
                format!("`name` must be {}", contract::name::RULE),
                "it names the output directory; use e.g. \"corplus-table7\"",
            )
            .into());
    }
    let csv = dir.join(raw.transcribed_from.get_ref());
    if !csv.is_file() {
        return Err(r
            .err(
                &raw.transcribed_from,
                format!("`{}` does not exist", csv.display()),
                "name the CSV transcription of the table, relative to this file",
            )
            .into());
    }
    let mut suites = Vec::new();
    for s in raw.suites.get_ref() {
        let path = dir.join(s.get_ref());
        match suites::load(&path) {
            Ok(suite) => suites.push(suite),
            Err(e) => {
                let at =
                    r.err(s, format!("the suite `{}` cannot be loaded", path.display()), "fix the suite or the path");
                return Err(Error::Suite { at: Box::new(at), suite: e });
            }
        }
    }
    if suites.is_empty() {
        return Err(r.err(&raw.suites, "no suites", "name the suite files that hold the table's games").into());
    }
    let timeout = r.seconds(&raw.timeout, "timeout")?.unwrap_or(DEFAULT_TIMEOUT);
    let published_timeout = r.seconds(&raw.published_timeout, "published_timeout")?;
    let mut columns: Vec<(&Spanned<String>, &Entry)> = Vec::new();
    for c in &raw.columns {
        let entry = c.get_ref();
        let name = entry.name.as_ref().ok_or_else(|| {
            r.err(c, "a `[[column]]` without `name`", "add `name = \"...\"`, the column's header in the paper")
        })?;
        if let Some(of) = &entry.value_of {
            if !columns.iter().any(|(n, e)| n.get_ref() == of.get_ref() && e.value_of.is_none()) {
                return Err(r
                    .err(
                        of,
                        format!("`value_of` names `{}`, which is not a column before this one", of.get_ref()),
                        "name an earlier column that has its own values",
                    )
                    .into());
            }
        }
        r.refuse(
            name,
            &[
                ("label", entry.label.is_some()),
                ("values", entry.values.is_some()),
                ("known", entry.known.is_some()),
                ("aggregate", entry.aggregate.is_some()),
            ],
            "rows",
        )?;
        if columns.iter().any(|(n, _)| n.get_ref() == name.get_ref()) {
            return Err(r
                .err(name, format!("a second column named `{}`", name.get_ref()), "give every column a unique name")
                .into());
        }
        columns.push((name, entry));
    }
    if columns.is_empty() {
        return Err(ParseError::at(
            source,
            0,
            "the table has no columns",
            "add `[[column]]` tables, each with a `name`",
        )
        .into());
    }
    let d = &raw.defaults;
    r.refuse(
        &raw.name,
        &[
            ("name", d.name.is_some()),
            ("value_of", d.value_of.is_some()),
            ("label", d.label.is_some()),
            ("values", d.values.is_some()),
            ("known", d.known.is_some()),
            ("aggregate", d.aggregate.is_some()),
        ],
        "rows or columns",
    )?;
    let mut rows = Vec::new();
    for row in &raw.rows {
        rows.push(r.row(d, row, &columns, &suites)?);
    }
    if rows.is_empty() {
        return Err(ParseError::at(
            source,
            source.bytes.len(),
            "the table has no rows",
            "add `[[row]]` tables with `label` and `values`",
        )
        .into());
    }
    Ok(Table {
        name: name.clone(),
        paper: raw.paper.clone(),
        table: raw.table.clone(),
        csv,
        suites,
        timeout,
        published_timeout,
        rows,
    })
}

struct Resolver<'s> {
    source: &'s Source,
}

/// The settings of one cell after merging.
#[derive(Default)]
struct Merged<'a> {
    family: Option<&'a Spanned<String>>,
    point: Option<&'a Spanned<BTreeMap<String, Spanned<Value>>>>,
    encoding: Option<&'a Spanned<String>>,
    depth: Option<&'a Spanned<i64>>,
    offset: Option<&'a Spanned<i64>>,
    shift: Option<&'a Spanned<i64>>,
    solver: Option<&'a Spanned<String>>,
    preprocessor: Option<&'a Spanned<String>>,
    measure: Option<&'a Spanned<String>>,
    tolerance: Option<&'a Spanned<Value>>,
    unavailable: Option<&'a Spanned<String>>,
}

fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Integer(i) => Some(*i as f64),
        Value::Float(x) if x.is_finite() => Some(*x),
        _ => None,
    }
}

fn value_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Sets `slot` from `layer` where the layer has the key; a key set by both the row and
/// the column (`clash`) is reported.
macro_rules! merge {
    ($m:ident, $layer:expr, $clash:expr, $($key:ident),*) => {$(
        if let Some(v) = $layer.$key.as_ref() {
            if $clash && $m.$key.is_some() {
                return Err(stringify!($key));
            }
            $m.$key = Some(v);
        }
    )*};
}

fn merged<'a>(defaults: &'a Entry, row: &'a Entry, column: &'a Entry) -> Result<Merged<'a>, &'static str> {
    let mut m = Merged::default();
    for (layer, clash) in [(defaults, false), (row, false), (column, true)] {
        merge!(
            m,
            layer,
            clash,
            family,
            point,
            encoding,
            depth,
            offset,
            shift,
            solver,
            preprocessor,
            measure,
            tolerance,
            unavailable
        );
    }
    Ok(m)
}

impl Resolver<'_> {
    fn err<T>(&self, at: &Spanned<T>, message: impl Into<String>, help: impl Into<String>) -> ParseError {
        ParseError::at(self.source, at.span().start, message, help)
    }

    fn refuse<T>(&self, at: &Spanned<T>, keys: &[(&str, bool)], belongs: &str) -> Result<(), ParseError> {
        match keys.iter().find(|(_, set)| *set) {
            Some((key, _)) => Err(self.err(
                at,
                format!("`{key}` is set where it does not belong"),
                format!("`{key}` belongs to {belongs}"),
            )),
            None => Ok(()),
        }
    }

    fn seconds(&self, v: &Option<Spanned<Value>>, key: &str) -> Result<Option<f64>, ParseError> {
        v.as_ref()
            .map(|s| {
                number(s.get_ref()).filter(|&x| x > 0.0).ok_or_else(|| {
                    self.err(s, format!("`{key}` must be a positive number of seconds"), "e.g. 60 or 0.5")
                })
            })
            .transpose()
    }

    fn row(
        &self,
        defaults: &Entry,
        row: &Spanned<Entry>,
        columns: &[(&Spanned<String>, &Entry)],
        suites: &[Suite],
    ) -> Result<Row, ParseError> {
        let entry = row.get_ref();
        let label = entry.label.as_ref().ok_or_else(|| {
            self.err(row, "a `[[row]]` without `label`", "add `label = \"...\"`, the row's key in the paper")
        })?;
        self.refuse(label, &[("name", entry.name.is_some()), ("value_of", entry.value_of.is_some())], "columns")?;
        let values = entry.values.as_ref().ok_or_else(|| {
            self.err(
                label,
                format!("row `{}` has no `values`", label.get_ref()),
                "add `values = { column = published value, ... }`",
            )
        })?;
        for key in values.get_ref().keys() {
            if !columns.iter().any(|(n, e)| n.get_ref() == key && e.value_of.is_none()) {
                let names: Vec<&str> = columns.iter().map(|(n, _)| n.get_ref().as_str()).collect();
                return Err(self.err(
                    values,
                    format!("row `{}` has a value for `{key}`, which is not a column", label.get_ref()),
                    format!("the columns are {}", names.join(", ")),
                ));
            }
        }
        if let Some(known) = &entry.known {
            if let Some(key) = known.get_ref().keys().find(|k| !columns.iter().any(|(n, _)| n.get_ref() == *k)) {
                return Err(self.err(
                    known,
                    format!("`known` explains `{key}`, which is not a column"),
                    "key `known` by column names",
                ));
            }
        }
        let aggregate = match &entry.aggregate {
            None => false,
            Some(a) if a.get_ref() == "rows" => true,
            Some(a) => {
                return Err(self.err(
                    a,
                    format!("unknown aggregate `{}`", a.get_ref()),
                    "use \"rows\": the row sums (or averages, for coverage) the other rows",
                ))
            }
        };
        let mut cells = Vec::new();
        for (name, column) in columns {
            let source = column.value_of.as_ref().unwrap_or(name);
            let Some(value) = values.get_ref().get(source.get_ref()) else { continue };
            let m = merged(defaults, entry, column).map_err(|key| {
                self.err(
                    name,
                    format!("row `{}` and column `{}` both set `{key}`", label.get_ref(), name.get_ref()),
                    "set it in one of them",
                )
            })?;
            let known = entry
                .known
                .as_ref()
                .and_then(|k| k.get_ref().get(name.get_ref()))
                .map(|k| KnownDifference { ours: k.get_ref().ours.clone(), why: k.get_ref().why.clone() });
            cells.push(self.cell(name.get_ref(), value, &m, aggregate, known, label, suites)?);
        }
        Ok(Row { label: label.get_ref().clone(), cells })
    }

    #[allow(clippy::too_many_arguments)]
    fn cell(
        &self,
        column: &str,
        value: &Spanned<Value>,
        m: &Merged,
        aggregate: bool,
        known: Option<KnownDifference>,
        label: &Spanned<String>,
        suites: &[Suite],
    ) -> Result<Cell, ParseError> {
        let measure_name = m.measure.ok_or_else(|| {
            self.err(
                value,
                format!("cell `{column}` has no `measure`"),
                "set `measure` in [defaults], the row or the column",
            )
        })?;
        let measure = Measure::parse(measure_name.get_ref()).ok_or_else(|| {
            let names: Vec<&str> = Measure::NAMES.iter().map(|(n, _)| *n).chain(["coverage"]).collect();
            self.err(
                measure_name,
                format!("unknown measure `{}`", measure_name.get_ref()),
                format!("use one of {}", names.join(", ")),
            )
        })?;
        let published = self.published(value, measure)?;
        let target = if published == Published::NotApplicable || m.unavailable.is_some() {
            Target::Nothing
        } else if aggregate {
            if measure.per_instance() {
                return Err(self.err(
                    label,
                    format!("an aggregate row cannot hold `{}` cells", measure_name.get_ref()),
                    "aggregate rows sum counts and times, or average coverage",
                ));
            }
            Target::Rows
        } else {
            self.target(m, measure, value, suites)?
        };
        let tolerance = match m.tolerance {
            None => 0.0,
            Some(t) => number(t.get_ref())
                .filter(|&x| (0.0..1.0).contains(&x))
                .ok_or_else(|| self.err(t, "`tolerance` must be a fraction in [0, 1)", "e.g. 0.02 for 2%"))?,
        };
        let tool = |s: Option<&Spanned<String>>| s.map(|s| s.get_ref().clone()).filter(|s| s != "none");
        let solver = tool(m.solver);
        if measure.solves() && solver.is_none() && m.unavailable.is_none() {
            return Err(self.err(
                value,
                format!("cell `{column}` needs a run but names no `solver`"),
                "set `solver` (a solver of suite/solvers.toml, or \"reference\")",
            ));
        }
        let shift = m.shift.map_or(0, |s| *s.get_ref());
        Ok(Cell {
            column: column.to_string(),
            published,
            measure,
            target,
            solver,
            preprocessor: tool(m.preprocessor),
            shift,
            tolerance,
            unavailable: m.unavailable.map(|u| u.get_ref().clone()),
            known,
        })
    }

    fn published(&self, value: &Spanned<Value>, measure: Measure) -> Result<Published, ParseError> {
        let v = value.get_ref();
        if measure == Measure::Outcome {
            let text = value_text(v);
            return Claim::NAMES.iter().find(|(n, _)| *n == text).map(|(_, c)| Published::Outcome(*c)).ok_or_else(|| {
                self.err(value, format!("`{text}` is not an outcome"), "use \"win\" (the critical depth), \"no-win\" (the whole game), \"refuted\" (the largest refuted depth), \"at-least\" (one step earlier refuted) or \"open\"")
            });
        }
        if let Some(x) = number(v).filter(|&x| x >= 0.0) {
            return Ok(Published::Number(x));
        }
        let text = value_text(v);
        let timed = matches!(measure, Measure::Time | Measure::PreprocessTime);
        match text.as_str() {
            "n/a" => Ok(Published::NotApplicable),
            "TO" | "MO" | "*" if timed => Ok(Published::Limit(text)),
            _ => Err(self.err(
                value,
                format!("`{text}` is not a value of this cell"),
                if timed {
                    "write seconds, \"TO\" or \"*\" (timeout), \"MO\" (memory out) or \"n/a\""
                } else {
                    "write a non-negative number, or \"n/a\""
                },
            )),
        }
    }

    fn target(
        &self,
        m: &Merged,
        measure: Measure,
        value: &Spanned<Value>,
        suites: &[Suite],
    ) -> Result<Target, ParseError> {
        let family_name = m.family.ok_or_else(|| {
            self.err(
                value,
                "the cell names no `family`",
                "set `family` (a family of the table's suites) in the row, column or [defaults]",
            )
        })?;
        let found = suites
            .iter()
            .enumerate()
            .flat_map(|(s, suite)| suite.families.iter().enumerate().map(move |(f, fam)| (s, f, fam)))
            .find(|(_, _, fam)| fam.name == *family_name.get_ref());
        let Some((s, f, family)) = found else {
            let names: Vec<&str> = suites.iter().flat_map(|s| s.families.iter().map(|f| f.name.as_str())).collect();
            return Err(self.err(
                family_name,
                format!("no family `{}` in the table's suites", family_name.get_ref()),
                format!("the families are {}", names.join(", ")),
            ));
        };
        let encoding = match m.encoding {
            Some(e) => {
                let enc = family.encodings.iter().copied().find(|x| x.name() == e.get_ref());
                enc.ok_or_else(|| {
                    self.err(
                        e,
                        format!("family `{}` has no encoding `{}`", family.name, e.get_ref()),
                        format!(
                            "its encodings are {}",
                            family.encodings.iter().map(|x| x.name()).collect::<Vec<_>>().join(", ")
                        ),
                    )
                })?
            }
            None => match family.encodings[..] {
                [only] => only,
                _ => {
                    return Err(self.err(
                        family_name,
                        format!("family `{}` has several encodings", family.name),
                        "set `encoding`",
                    ))
                }
            },
        };
        let mut points: Vec<&suites::Point> = Vec::new();
        for p in family.points.iter().filter(|p| {
            m.point.is_none_or(|sel| {
                sel.get_ref()
                    .iter()
                    .all(|(k, v)| p.params.get(k).is_some_and(|x| x.to_string() == value_text(v.get_ref())))
            })
        }) {
            if !points.iter().any(|q| q.params == p.params) {
                points.push(p);
            }
        }
        if points.is_empty() {
            let at = m.point.map_or(family_name.span().start, |p| p.span().start);
            return Err(ParseError::at(
                self.source,
                at,
                format!("no grid point of family `{}` matches `point`", family.name),
                "give keys and values exactly as the suite's `[[family.point]]` or grid has them",
            ));
        }
        let offset = m.offset.map_or(0, |o| *o.get_ref());
        let at_depth = |params: &suites::Params, depth: Depth, shown: Option<u32>| InstanceRef {
            suite: s,
            family: f,
            params: params.clone(),
            depth,
            shown_depth: shown,
            encoding,
        };
        let depths = |params: &suites::Params| -> Vec<Depth> {
            let mut all: Vec<Depth> =
                family.points.iter().filter(|p| p.params == *params).flat_map(|p| p.depths.iter().copied()).collect();
            all.sort();
            all.dedup();
            all
        };
        if !measure.per_instance() {
            let set = points
                .iter()
                .flat_map(|p| depths(&p.params).into_iter().map(|d| at_depth(&p.params, d, None)))
                .collect();
            return Ok(Target::Set(set));
        }
        let [point] = points[..] else {
            let at = m.point.map_or(family_name.span().start, |p| p.span().start);
            return Err(ParseError::at(
                self.source,
                at,
                format!("{} grid points of family `{}` match `point`", points.len(), family.name),
                "add keys to `point` until it selects one",
            ));
        };
        let (depth, shown) = match m.depth {
            Some(d) => {
                let plies = u32::try_from(*d.get_ref() + offset)
                    .ok()
                    .filter(|&p| p >= 1)
                    .ok_or_else(|| self.err(d, "the depth (plus `offset`) must be at least 1", "depths are plies"))?;
                (Depth::Plies(plies), u32::try_from(*d.get_ref()).ok())
            }
            None => match depths(&point.params)[..] {
                [only] => (only, None),
                _ => {
                    return Err(self.err(
                        value,
                        "the cell names no `depth` and its grid point has several",
                        "set `depth` in the row",
                    ))
                }
            },
        };
        if measure == Measure::Outcome && depth == Depth::Model {
            return Err(self.err(value, "an outcome needs a depth in plies", "set `depth` in the row"));
        }
        Ok(Target::Instance(at_depth(&point.params, depth, shown)))
    }
}
