//! Our value of every cell, beside the published one, and what the comparison finds:
//! truth values, critical depths and counts of true/false instances must be equal; sizes
//! within the cell's tolerance; times and solved counts are ratios, never pass or fail.
//! Any two runs of the table that answer one instance differently make every cell that
//! reads that instance `differs`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use contract::Status;

use super::generate::Instances;
use super::plan::{solve_work, step, Available, Task, Work};
use super::run::Done;
use super::table::{format_number, Cell, Claim, Count, InstanceRef, Measure, Published, Row, Size, Table, Target};

/// What comparing one cell found.
#[derive(Clone, Debug, PartialEq)]
pub enum Finding {
    Match,
    Differs(String),
    /// A difference the table file explains, and our value is the one it records: how
    /// far off, and why.
    Known(String, String),
    NotReached(String),
    /// The paper left it open; ours is shown.
    Open,
    /// A time or solved count: ours / published.
    Ratio(String),
    NotApplicable,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finding::Match => f.write_str("match"),
            Finding::Differs(why) => write!(f, "differs: {why}"),
            Finding::Known(off, why) => write!(f, "known difference: {off}; {why}"),
            Finding::NotReached(why) => write!(f, "not reached: {why}"),
            Finding::Open => f.write_str("open in the paper"),
            Finding::Ratio(r) => f.write_str(r),
            Finding::NotApplicable => f.write_str("n/a"),
        }
    }
}

/// One compared cell.
pub struct Judged {
    pub row: String,
    pub column: String,
    pub published: String,
    pub ours: String,
    pub finding: Finding,
}

/// Counts over a set of instances.
#[derive(Clone, Default)]
struct Tally {
    instances: usize,
    solved: usize,
    trues: usize,
    falses: usize,
    seconds: f64,
    /// Instances whose run did not start (the budget) or could not (not generated).
    not_run: usize,
    /// Why instances were not decided, the first of each kind.
    reasons: BTreeSet<String>,
    conflicts: Vec<String>,
}

impl Tally {
    fn undecided(&self) -> usize {
        self.instances - self.solved
    }

    fn add(&mut self, other: &Tally) {
        self.instances += other.instances;
        self.solved += other.solved;
        self.trues += other.trues;
        self.falses += other.falses;
        self.seconds += other.seconds;
        self.not_run += other.not_run;
        self.reasons.extend(other.reasons.iter().cloned());
        self.conflicts.extend(other.conflicts.iter().cloned());
    }
}

pub struct Judge<'a> {
    pub table: &'a Table,
    pub available: &'a Available,
    pub generated: &'a Instances,
    pub results: &'a BTreeMap<Task, Done>,
    /// Instances that got both answers, by whatever runs.
    conflicted: BTreeSet<InstanceRef>,
}

fn secs(x: f64) -> String {
    format!("{x:.2} s")
}

/// Why a run gave no answer.
fn no_answer(done: Option<&Done>) -> String {
    match done {
        None => "not run".to_string(),
        Some(Done::NotRun(why)) => why.to_string(),
        Some(Done::Ran(r)) => match r.status {
            Status::Timeout => format!("timeout at {} s", format_number(r.limit)),
            Status::Memout => "memory out".to_string(),
            Status::Unknown => "no answer".to_string(),
            _ => format!("{}: {}", r.status, r.detail),
        },
    }
}

fn answer(done: Option<&Done>) -> Option<bool> {
    match done {
        Some(Done::Ran(r)) => r.status.verdict().map(|v| v == contract::Verdict::True),
        _ => None,
    }
}

fn ratio(ours: f64, published: f64) -> String {
    if published > 0.0 {
        format!("×{:.2}", ours / published)
    } else {
        "paper: 0".to_string()
    }
}

impl<'a> Judge<'a> {
    pub fn new(
        table: &'a Table,
        available: &'a Available,
        generated: &'a Instances,
        results: &'a BTreeMap<Task, Done>,
    ) -> Judge<'a> {
        let mut answers: BTreeMap<&InstanceRef, BTreeSet<bool>> = BTreeMap::new();
        for (task, done) in results {
            if let Some(a) = answer(Some(done)) {
                answers.entry(&task.inst).or_default().insert(a);
            }
        }
        let conflicted = answers.into_iter().filter(|(_, a)| a.len() > 1).map(|(i, _)| i.clone()).collect();
        Judge { table, available, generated, results, conflicted }
    }

    fn done(&self, cell: &Cell, inst: &InstanceRef) -> Option<&Done> {
        self.results.get(&Task { inst: inst.clone(), work: solve_work(cell) })
    }

    /// Every cell of the table, in row and column order.
    pub fn all(&self) -> Vec<Judged> {
        let mut out = Vec::new();
        for row in &self.table.rows {
            for cell in &row.cells {
                let (ours, finding) = self.cell(row, cell);
                out.push(Judged {
                    row: row.label.clone(),
                    column: cell.column.clone(),
                    published: published(cell),
                    ours,
                    finding,
                });
            }
        }
        out
    }

    fn cell(&self, row: &Row, cell: &Cell) -> (String, Finding) {
        if let Some(why) = cell.unavailable.clone().or_else(|| self.available.missing(cell).map(|u| u.to_string())) {
            return ("—".to_string(), Finding::NotReached(why));
        }
        if cell.published == Published::NotApplicable {
            return ("n/a".to_string(), Finding::NotApplicable);
        }
        match (&cell.target, cell.measure) {
            (Target::Instance(inst), Measure::Outcome) => match inst.shifted(cell.shift) {
                Some(inst) => self.outcome(cell, &inst),
                None => ("—".to_string(), Finding::NotReached("the depth is below 1".to_string())),
            },
            (Target::Instance(inst), Measure::Size(size)) => self.size(cell, inst, size),
            (Target::Instance(inst), Measure::Time | Measure::PreprocessTime) => self.time(row, cell, inst),
            (Target::Set(_), m) => self.counted(cell, m, &self.tally(cell)),
            (Target::Rows, m) => {
                let tallies: Vec<Tally> = self
                    .table
                    .rows
                    .iter()
                    .flat_map(|r| &r.cells)
                    .filter(|c| c.column == cell.column && matches!(c.target, Target::Set(_)))
                    .map(|c| self.tally(c))
                    .collect();
                let not_run: usize = tallies.iter().map(|t| t.not_run).sum();
                if m == Measure::Coverage && not_run > 0 {
                    return ("—".to_string(), Finding::NotReached(format!("{not_run} runs not made")));
                }
                if m == Measure::Coverage {
                    let covered: Vec<f64> = tallies
                        .iter()
                        .filter(|t| t.instances > 0)
                        .map(|t| t.solved as f64 / t.instances as f64)
                        .collect();
                    let mean = covered.iter().sum::<f64>() / covered.len().max(1) as f64;
                    return self.numeric_ratio(cell, mean, format!("{mean:.2}"));
                }
                let mut total = Tally::default();
                tallies.iter().for_each(|t| total.add(t));
                self.counted(cell, m, &total)
            }
            (Target::Instance(_), _) => {
                ("—".to_string(), Finding::NotReached("a count needs a family, not one grid point".to_string()))
            }
            (Target::Nothing, _) => ("n/a".to_string(), Finding::NotApplicable),
        }
    }

    fn outcome(&self, cell: &Cell, inst: &InstanceRef) -> (String, Finding) {
        let Published::Outcome(claim) = cell.published else { return ("—".to_string(), Finding::NotApplicable) };
        let shown = |i: &InstanceRef| i.shown_depth.map_or(i.depth.to_string(), |d| d.to_string());
        if self.conflicted.contains(inst) {
            return (
                "conflicting answers".to_string(),
                Finding::Differs(format!("runs disagree on {}", self.table.describe(inst))),
            );
        }
        if claim == Claim::AtLeast {
            let Some(earlier) = inst.shifted(-step(self.table, inst)) else {
                return ("—".to_string(), Finding::NotReached("the depth is below 1".to_string()));
            };
            let before = self.done(cell, &earlier);
            return match answer(before) {
                Some(false) => (format!("no win at {}", shown(&earlier)), Finding::Match),
                Some(true) => (
                    format!("win at {}", shown(&earlier)),
                    Finding::Differs("Black wins before the published depth".to_string()),
                ),
                None => ("—".to_string(), Finding::NotReached(format!("{} at {}", no_answer(before), shown(&earlier)))),
            };
        }
        let here = self.done(cell, inst);
        match (claim, answer(here)) {
            (_, None) => ("—".to_string(), Finding::NotReached(no_answer(here))),
            (Claim::Win, Some(false)) => (
                format!("no win at {}", shown(inst)),
                Finding::Differs("Black does not win at the published depth".to_string()),
            ),
            (Claim::Win, Some(true)) => {
                let Some(earlier) = inst.shifted(-step(self.table, inst)) else {
                    return (format!("win at {}", shown(inst)), Finding::Match);
                };
                let before = self.done(cell, &earlier);
                match answer(before) {
                    Some(false) => (format!("win at {}", shown(inst)), Finding::Match),
                    Some(true) => (
                        format!("win at {} already", shown(&earlier)),
                        Finding::Differs("the critical depth is smaller".to_string()),
                    ),
                    None => (
                        format!("win at {}", shown(inst)),
                        Finding::NotReached(format!("{} at {}", no_answer(before), shown(&earlier))),
                    ),
                }
            }
            (Claim::NoWin | Claim::Refuted, Some(won)) => {
                let ours = format!("{} at {}", if won { "win" } else { "no win" }, shown(inst));
                (
                    ours,
                    if won {
                        Finding::Differs("Black wins at the published depth".to_string())
                    } else {
                        Finding::Match
                    },
                )
            }
            (Claim::Open | Claim::AtLeast, Some(won)) => {
                (format!("{} at {}", if won { "win" } else { "no win" }, shown(inst)), Finding::Open)
            }
        }
    }

    /// The answer the row's outcome implies at `inst`'s depth, if it implies one.
    fn implied(row: &Row, inst: &InstanceRef) -> Option<bool> {
        let at = |i: &InstanceRef| i.depth.plies();
        row.cells.iter().find_map(|c| match (&c.published, &c.target) {
            (Published::Outcome(claim), Target::Instance(o)) if o.family == inst.family && o.params == inst.params => {
                let (d, x) = (at(o)?, at(inst)?);
                match claim {
                    Claim::Win => Some(x >= d),
                    Claim::NoWin | Claim::Refuted if x <= d => Some(false),
                    Claim::AtLeast if x < d => Some(false),
                    _ => None,
                }
            }
            _ => None,
        })
    }

    fn time(&self, row: &Row, cell: &Cell, inst: &InstanceRef) -> (String, Finding) {
        let Some(inst) = inst.shifted(cell.shift) else {
            return ("—".to_string(), Finding::NotReached("the depth is below 1".to_string()));
        };
        let done = match (cell.measure, &cell.preprocessor) {
            (Measure::PreprocessTime, None) => {
                return ("0 s".to_string(), Finding::Ratio("no preprocessor".to_string()))
            }
            (Measure::PreprocessTime, Some(pre)) => {
                self.results.get(&Task { inst: inst.clone(), work: Work::Preprocess { pre: pre.clone() } })
            }
            _ => self.done(cell, &inst),
        };
        let Some(Done::Ran(r)) = done else { return ("—".to_string(), Finding::NotReached(no_answer(done))) };
        if cell.measure == Measure::Time {
            if self.conflicted.contains(&inst) {
                return (
                    r.status.to_string(),
                    Finding::Differs(format!("runs disagree on {}", self.table.describe(&inst))),
                );
            }
            if let (Some(got), Some(want)) = (answer(done), Self::implied(row, &inst)) {
                if got != want {
                    return (
                        format!("{} in {}", r.status, secs(r.seconds)),
                        Finding::Differs(format!("answered {got}; the row's outcome implies {want}")),
                    );
                }
            }
        }
        let seconds = if cell.measure == Measure::PreprocessTime { r.pre_seconds } else { r.seconds };
        let finished = cell.measure == Measure::PreprocessTime
            && !matches!(r.status, Status::Timeout | Status::Starved | Status::Memout | Status::Error)
            || r.status.verdict().is_some();
        if !finished {
            let ours = match r.status {
                Status::Timeout => format!("TO ({} s)", format_number(r.limit)),
                Status::Memout => "MO".to_string(),
                s => s.to_string(),
            };
            let finding = match &cell.published {
                Published::Number(p) if r.status == Status::Timeout => {
                    Finding::Ratio(format!("> {}", ratio(r.limit, *p)))
                }
                Published::Limit(_) => Finding::Ratio("paper: limit too".to_string()),
                _ => Finding::NotReached(no_answer(done)),
            };
            return (ours, finding);
        }
        let finding = match &cell.published {
            Published::Number(p) => Finding::Ratio(ratio(seconds, *p)),
            Published::Limit(l) => Finding::Ratio(format!("paper: {l}")),
            _ => Finding::NotApplicable,
        };
        (secs(seconds), finding)
    }

    fn size(&self, cell: &Cell, inst: &InstanceRef, size: Size) -> (String, Finding) {
        let Some(inst) = inst.shifted(cell.shift) else {
            return ("—".to_string(), Finding::NotReached("the depth is below 1".to_string()));
        };
        let stats = match (&cell.preprocessor, self.generated.get(&inst)) {
            (_, None) => return ("—".to_string(), Finding::NotReached("not generated".to_string())),
            (_, Some(Err(e))) => return ("—".to_string(), Finding::NotReached(e.to_string())),
            (None, Some(Ok(g))) => g.stats.clone(),
            (Some(pre), Some(Ok(_))) => match self
                .results
                .get(&Task { inst: inst.clone(), work: Work::Preprocess { pre: pre.clone() } })
            {
                Some(Done::Ran(r)) => match &r.stats {
                    Some(s) => s.clone(),
                    None if r.status.verdict().is_some() => {
                        return (
                            format!("solved ({})", r.status),
                            Finding::NotReached(format!("{pre} solved the formula")),
                        )
                    }
                    None => return ("—".to_string(), Finding::NotReached(format!("{pre}: {} {}", r.status, r.detail))),
                },
                other => return ("—".to_string(), Finding::NotReached(no_answer(other))),
            },
        };
        let ours = match size {
            Size::Vars => stats.universal + stats.existential,
            Size::Universal => stats.universal,
            Size::Existential => stats.existential,
            Size::Blocks => stats.blocks,
            Size::Clauses => stats.clauses.unwrap_or(0),
            Size::Literals => stats.literals.unwrap_or(0),
        } as f64;
        let Published::Number(p) = cell.published else { return (format_number(ours), Finding::NotApplicable) };
        let off = if p > 0.0 {
            (ours - p) / p
        } else if ours == 0.0 {
            0.0
        } else {
            f64::INFINITY
        };
        let within = off.abs() <= cell.tolerance + 1e-12;
        let text = format_number(ours);
        let diff = format!("{:+.1}% (tolerance {}%)", off * 100.0, format_number(cell.tolerance * 100.0));
        let finding = match (&cell.known, within) {
            (None, true) => Finding::Match,
            (None, false) => Finding::Differs(diff),
            (Some(_), true) => Finding::Differs("matches now; remove the `known` entry".to_string()),
            (Some(k), false) if known_text(&k.ours) == text => Finding::Known(diff, k.why.clone()),
            (Some(k), false) => Finding::Differs(format!("{diff}; the `known` entry records {}", known_text(&k.ours))),
        };
        (text, finding)
    }

    fn tally(&self, cell: &Cell) -> Tally {
        let Target::Set(set) = &cell.target else { return Tally::default() };
        let mut t = Tally { instances: set.len(), ..Tally::default() };
        for inst in set {
            let done = self.done(cell, inst);
            if self.conflicted.contains(inst) {
                t.conflicts.push(self.table.describe(inst));
            }
            match (answer(done), done) {
                (Some(a), Some(Done::Ran(r))) => {
                    t.solved += 1;
                    t.seconds += r.seconds;
                    if a {
                        t.trues += 1
                    } else {
                        t.falses += 1
                    }
                }
                _ => {
                    t.not_run += usize::from(!matches!(done, Some(Done::Ran(_))));
                    t.reasons.insert(no_answer(done));
                }
            }
        }
        t
    }

    fn counted(&self, cell: &Cell, measure: Measure, t: &Tally) -> (String, Finding) {
        if let Some(first) = t.conflicts.first() {
            return ("conflicting answers".to_string(), Finding::Differs(format!("runs disagree on {first}")));
        }
        let undecided = || {
            format!(
                "{} of {} undecided ({})",
                t.undecided(),
                t.instances,
                t.reasons.iter().cloned().collect::<Vec<_>>().join("; ")
            )
        };
        let counted = !matches!(measure, Measure::Count(Count::True | Count::False));
        if counted && t.not_run > 0 {
            let partial = format!("{} of {} run", t.instances - t.not_run, t.instances);
            return (
                partial,
                Finding::NotReached(format!(
                    "{} runs not made ({})",
                    t.not_run,
                    t.reasons.iter().cloned().collect::<Vec<_>>().join("; ")
                )),
            );
        }
        match measure {
            Measure::Count(c @ (Count::True | Count::False)) => {
                let ours = if c == Count::True { t.trues } else { t.falses };
                let Published::Number(p) = cell.published else { return (ours.to_string(), Finding::NotApplicable) };
                let finding = if ours as f64 == p && t.undecided() == 0 {
                    Finding::Match
                } else if t.undecided() == 0 || ours as f64 > p {
                    Finding::Differs(format!("{ours} instances, the paper {}", format_number(p)))
                } else {
                    Finding::NotReached(undecided())
                };
                (ours.to_string(), finding)
            }
            Measure::Count(Count::Solved) => self.numeric_ratio(cell, t.solved as f64, t.solved.to_string()),
            Measure::Count(Count::Unsolved) => {
                self.numeric_ratio(cell, t.undecided() as f64, t.undecided().to_string())
            }
            Measure::TotalTime => self.numeric_ratio(cell, t.seconds, secs(t.seconds)),
            Measure::Coverage => {
                let c = if t.instances > 0 { t.solved as f64 / t.instances as f64 } else { 0.0 };
                self.numeric_ratio(cell, c, format!("{c:.2}"))
            }
            _ => ("—".to_string(), Finding::NotApplicable),
        }
    }

    fn numeric_ratio(&self, cell: &Cell, ours: f64, text: String) -> (String, Finding) {
        match cell.published {
            Published::Number(p) => (text, Finding::Ratio(ratio(ours, p))),
            _ => (text, Finding::NotApplicable),
        }
    }
}

/// The published value as the table shows it.
fn published(cell: &Cell) -> String {
    match (&cell.published, &cell.target) {
        (Published::Outcome(c), Target::Instance(i)) => {
            let d = i.shown_depth.map_or(i.depth.to_string(), |d| d.to_string());
            match c {
                Claim::Win => format!("win at {d}"),
                Claim::NoWin => format!("no win at {d}"),
                Claim::Refuted => format!("refuted at {d}"),
                Claim::AtLeast => format!("at least {d}"),
                Claim::Open => format!("open at {d}"),
            }
        }
        (Published::Number(x), _)
            if matches!(cell.measure, Measure::Time | Measure::PreprocessTime | Measure::TotalTime) =>
        {
            format!("{} s", format_number(*x))
        }
        (p, _) => p.to_string(),
    }
}

fn known_text(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        toml::Value::Integer(i) => i.to_string(),
        toml::Value::Float(x) => format_number(*x),
        other => other.to_string(),
    }
}
