//! What each cell needs: the instances to generate and the runs (tasks) to make, which
//! tools are at hand, and the order of the runs. Tasks are shared between cells: the win
//! at d of an outcome and the time of proving it at d are one run.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use harness::{prepare, Executor, ToolRun, Tools};
use qbf::io::Format;

use super::error::Unavailable;
use super::generate::Instances;
use super::table::{Cell, Claim, Count, InstanceRef, Measure, Published, Table, Target};

/// The name of the explicit-state reference solver in a table's `solver` key.
pub const REFERENCE: &str = "reference";

/// A run.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Work {
    /// A QBF solver on the instance's QDIMACS, after an optional preprocessor.
    Solve { solver: String, pre: Option<String> },
    /// The reference solver on the game itself (`qbfgames solve`).
    Reference,
    /// The preprocessor alone (sizes and time after preprocessing).
    Preprocess { pre: String },
}

impl std::fmt::Display for Work {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Work::Solve { solver, pre: None } => f.write_str(solver),
            Work::Solve { solver, pre: Some(pre) } => write!(f, "{pre}+{solver}"),
            Work::Reference => f.write_str(REFERENCE),
            Work::Preprocess { pre } => write!(f, "{pre} alone"),
        }
    }
}

/// A run on one instance.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Task {
    pub inst: InstanceRef,
    pub work: Work,
}

/// The tools of the solvers file that are installed, and why the others are not usable.
pub struct Available {
    pub solvers: BTreeMap<String, Result<ToolRun, Unavailable>>,
    pub preprocessors: BTreeMap<String, Result<ToolRun, Unavailable>>,
}

impl Available {
    /// Prepares every tool the table names (locating its program and reading its version
    /// through `executor`).
    pub fn for_table(table: &Table, tools: &Tools, config: &str, executor: &dyn Executor) -> Available {
        let cells = || table.rows.iter().flat_map(|r| &r.cells).filter(|c| c.unavailable.is_none());
        let solvers: BTreeSet<&String> =
            cells().filter_map(|c| c.solver.as_ref()).filter(|s| *s != REFERENCE).collect();
        let pres: BTreeSet<&String> = cells().filter_map(|c| c.preprocessor.as_ref()).collect();
        let ready = |kind: &'static str, name: &str, tool: Option<&harness::Tool>| match tool {
            None => Err(Unavailable::NotConfigured { kind, name: name.to_string(), config: config.to_string() }),
            Some(t) if !t.reads(Format::Qdimacs) => Err(Unavailable::NoQdimacs { kind, name: name.to_string() }),
            Some(t) => prepare(t, executor).map_err(|e| Unavailable::NotInstalled {
                kind,
                name: name.to_string(),
                reason: Arc::new(e),
            }),
        };
        Available {
            solvers: solvers.into_iter().map(|s| (s.clone(), ready("solver", s, tools.solvers.get(s)))).collect(),
            preprocessors: pres
                .into_iter()
                .map(|p| (p.clone(), ready("preprocessor", p, tools.preprocessors.get(p))))
                .collect(),
        }
    }

    /// Why the cell's tools cannot run, if they cannot.
    pub fn missing(&self, cell: &Cell) -> Option<Unavailable> {
        let problem = |map: &BTreeMap<String, Result<ToolRun, Unavailable>>, name: &Option<String>| {
            name.as_ref().and_then(|n| map.get(n)).and_then(|r| r.as_ref().err().cloned())
        };
        if cell.solver.as_deref() == Some(REFERENCE) && cell.preprocessor.is_some() {
            return Some(Unavailable::ReferencePreprocessed);
        }
        problem(&self.solvers, &cell.solver).or_else(|| problem(&self.preprocessors, &cell.preprocessor))
    }
}

/// The depth step between "one step earlier" and a depth: 2 for models whose depths must
/// be odd, else 1.
pub fn step(table: &Table, inst: &InstanceRef) -> i64 {
    if table.suites[inst.suite].families[inst.family].model.schema().odd_depths {
        2
    } else {
        1
    }
}

/// The run an outcome, time or count cell reads: its solver after its preprocessor, or
/// the reference solver.
pub fn solve_work(cell: &Cell) -> Work {
    match cell.solver.as_deref() {
        Some(REFERENCE) => Work::Reference,
        solver => Work::Solve { solver: solver.unwrap_or_default().to_string(), pre: cell.preprocessor.clone() },
    }
}

/// The instances a cell reads (generated, never run) and the runs it needs. Cells that
/// cannot be produced (unavailable, `n/a`) need nothing.
pub fn needs(table: &Table, cell: &Cell, available: &Available) -> (Vec<InstanceRef>, Vec<Task>) {
    if cell.unavailable.is_some() || available.missing(cell).is_some() || cell.published == Published::NotApplicable {
        return (Vec::new(), Vec::new());
    }
    let instances: Vec<InstanceRef> = match &cell.target {
        Target::Instance(i) => i.shifted(cell.shift).into_iter().collect(),
        Target::Set(set) => set.clone(),
        Target::Rows | Target::Nothing => return (Vec::new(), Vec::new()),
    };
    let tasks = match cell.measure {
        Measure::Size(_) | Measure::PreprocessTime => match &cell.preprocessor {
            Some(pre) => instances
                .iter()
                .map(|i| Task { inst: i.clone(), work: Work::Preprocess { pre: pre.clone() } })
                .collect(),
            None => Vec::new(),
        },
        Measure::Outcome => {
            let claim = match cell.published {
                Published::Outcome(c) => c,
                _ => Claim::Open,
            };
            let mut tasks = Vec::new();
            if claim != Claim::AtLeast {
                tasks.extend(instances.iter().map(|i| Task { inst: i.clone(), work: solve_work(cell) }));
            }
            if matches!(claim, Claim::Win | Claim::AtLeast) {
                let earlier = instances.iter().filter_map(|i| i.shifted(-step(table, i)));
                tasks.extend(earlier.map(|inst| Task { inst, work: solve_work(cell) }));
            }
            tasks
        }
        _ => instances.iter().map(|i| Task { inst: i.clone(), work: solve_work(cell) }).collect(),
    };
    let mut all = instances;
    all.extend(tasks.iter().map(|t| t.inst.clone()));
    (all, tasks)
}

/// The published seconds of runs, where a time cell of the table gives them.
pub struct PublishedTimes(BTreeMap<Task, f64>);

impl PublishedTimes {
    /// The published time of `task`, or of the same run at another depth (the nearest).
    pub fn estimate(&self, task: &Task) -> Option<f64> {
        if let Some(&s) = self.0.get(task) {
            return Some(s);
        }
        let same = |t: &Task| {
            t.work == task.work
                && t.inst.suite == task.inst.suite
                && t.inst.family == task.inst.family
                && t.inst.params == task.inst.params
                && t.inst.encoding == task.inst.encoding
        };
        self.0.iter().find(|(t, _)| same(t)).map(|(_, &s)| s)
    }
}

/// The published seconds of every run a time cell of the table stands for.
pub fn published_seconds(table: &Table) -> PublishedTimes {
    let mut seconds = BTreeMap::new();
    for cell in table.rows.iter().flat_map(|r| &r.cells) {
        let published = match &cell.published {
            Published::Number(s) => *s,
            Published::Limit(_) => table.published_timeout.unwrap_or(f64::INFINITY),
            _ => continue,
        };
        let Target::Instance(inst) = &cell.target else { continue };
        let Some(inst) = inst.shifted(cell.shift) else { continue };
        let work = match (cell.measure, &cell.preprocessor) {
            (Measure::Time, _) => solve_work(cell),
            (Measure::PreprocessTime, Some(pre)) => Work::Preprocess { pre: pre.clone() },
            _ => continue,
        };
        seconds.insert(Task { inst, work }, published);
    }
    PublishedTimes(seconds)
}

/// The class of the runs a cell needs; runs of an earlier class are made first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Class {
    /// Runs that decide an exact claim: an outcome, a size, a count of true or false
    /// instances.
    Exact,
    /// Runs only times and solved counts need.
    Measured,
    /// Runs only rows the paper left open need.
    Open,
}

impl Class {
    pub fn of(cell: &Cell) -> Class {
        match (cell.measure, &cell.published) {
            (Measure::Outcome, Published::Outcome(Claim::Open)) => Class::Open,
            (Measure::Outcome | Measure::Size(_) | Measure::Count(Count::True | Count::False), _) => Class::Exact,
            _ => Class::Measured,
        }
    }
}

/// The runs in the order they are made: by class, then cheapest first (the published
/// time, else 1 s per 100 000 literals), then fewer literals, then the task itself.
pub fn order(table: &Table, tasks: BTreeMap<Task, Class>, generated: &Instances) -> Vec<Task> {
    let published = published_seconds(table);
    let size = |t: &Task| {
        generated.get(&t.inst).and_then(|g| g.as_ref().ok()).and_then(|g| g.stats.literals).unwrap_or(u64::MAX)
    };
    let mut ordered: Vec<(Class, f64, u64, Task)> = tasks
        .into_iter()
        .map(|(t, class)| {
            let literals = size(&t);
            (class, published.estimate(&t).unwrap_or(literals as f64 * 1e-5), literals, t)
        })
        .collect();
    ordered.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)).then(a.2.cmp(&b.2)).then_with(|| a.3.cmp(&b.3)));
    ordered.into_iter().map(|(_, _, _, t)| t).collect()
}
