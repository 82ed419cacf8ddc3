//! Two runs of one suite side by side (`qbfgames compare A B`, and the comparison section
//! of a report): for every job and configuration, what each folder's run answered and how
//! long it took.
//!
//! A solver upgrade, a new preprocessor, another machine or a new version of an encoding is
//! judged by what changed between two result folders. The first thing to know is whether
//! the runs contradict each other, one saying true where the other says false: then one of
//! them is unsound, whatever the timings say, so conflicts come first everywhere. Answers
//! are compared as the solvers gave them ([`Record::answer`]), not as the checks judged
//! them: an answer the manifest already marked wrong still contradicts the other run, and
//! is reported as a conflict rather than hidden as "unsolved".
//!
//! Keyed like the outcome matrix ([`crate::matrix`]): a job (family, parameters, depth and
//! encoding, the manifest's `job`) and a configuration (`preprocessor+solver`, by name, so
//! that DepQBF 5 in one folder meets DepQBF 6 in the other). A side solves a job when it
//! answers on any of the job's files; its time is that of its fastest answer, CPU seconds
//! of preprocessing plus solving. Each pair falls in one [`Category`].
//!
//! Nothing is dropped silently: a pair with records in one folder only is counted
//! ([`Category::OnlyInA`], [`Category::OnlyInB`]), jobs one manifest lacks are listed
//! ([`Comparison::jobs_only_in_a`]), and two folders without a single pair in common are
//! an error ([`CompareError`]) rather than an empty comparison.

use std::collections::{BTreeMap, BTreeSet};

use contract::{Record, Status, Verdict};

use super::input::RunData;

mod render;
#[cfg(test)]
mod tests;

/// Both-solved pairs count as faster or slower only when B's time differs from A's by at
/// least this factor…
pub const FACTOR: f64 = 1.5;
/// …and by at least this many CPU seconds: a factor alone flags the noise of millisecond
/// runs, a difference alone the noise of long ones.
pub const MARGIN_S: f64 = 1.0;
/// Times are counted as at least this many seconds in ratios (about the resolution of the
/// CPU time measured), so that a run measured as 0 s has a finite ratio.
pub const FLOOR_S: f64 = 0.01;

/// What one folder's run says of a job under one configuration, over the job's files.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Side {
    /// CPU seconds of the fastest `true` answer, if a file was answered true.
    pub said_true: Option<f64>,
    /// CPU seconds of the fastest `false` answer, if a file was answered false.
    pub said_false: Option<f64>,
    /// The longest attempt without an answer (time-out, memory-out, error…), if any.
    pub unsolved: Option<(Status, f64)>,
    /// Whether the checks rejected an answer of this side (status `wrong`: it contradicts
    /// the manifest's expected answer, or its certificate was rejected).
    pub judged_wrong: bool,
}

impl Side {
    /// Folds the records of one job and configuration.
    fn of<'a>(records: impl IntoIterator<Item = &'a Record>) -> Side {
        let mut side = Side::default();
        for record in records {
            let seconds = record.pre_cpu_s + record.cpu_s;
            let fastest = |old: Option<f64>| Some(old.map_or(seconds, |o: f64| o.min(seconds)));
            match record.answer() {
                Some(Verdict::True) => side.said_true = fastest(side.said_true),
                Some(Verdict::False) => side.said_false = fastest(side.said_false),
                None => {
                    if !matches!(side.unsolved, Some((_, old)) if old >= seconds) {
                        side.unsolved = Some((record.status, seconds));
                    }
                }
            }
            side.judged_wrong |= record.status == Status::Wrong;
        }
        side
    }

    /// The time of the fastest answer, if there is one.
    pub fn solved(&self) -> Option<f64> {
        match (self.said_true, self.said_false) {
            (Some(t), Some(f)) => Some(t.min(f)),
            (t, f) => t.or(f),
        }
    }

    /// The side as a cell: `true 0.12 s`, `false 3.40 s (judged wrong)`, `timeout 10.00 s`.
    pub fn text(&self) -> String {
        let wrong = if self.judged_wrong { " (judged wrong)" } else { "" };
        match (self.said_true, self.said_false, self.unsolved) {
            (Some(t), Some(f), _) => format!("true {} and false {}{wrong}", secs(t), secs(f)),
            (Some(t), None, _) => format!("true {}{wrong}", secs(t)),
            (None, Some(f), _) => format!("false {}{wrong}", secs(f)),
            (None, None, Some((status, s))) => format!("{status} {}", secs(s)),
            (None, None, None) => "no record".to_string(),
        }
    }

    /// The answers given, for CSV: `true`, `false`, `true+false` or empty.
    fn answers(&self) -> &'static str {
        match (self.said_true, self.said_false) {
            (Some(_), Some(_)) => "true+false",
            (Some(_), None) => "true",
            (None, Some(_)) => "false",
            (None, None) => "",
        }
    }
}

fn secs(s: f64) -> String {
    format!("{s:.2} s")
}

/// How the two sides of a pair compare, in the order the differing rows are listed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Category {
    /// One side says true, the other false: one of them is unsound.
    Conflict,
    /// A answers, B does not.
    SolvedByA,
    /// B answers, A does not.
    SolvedByB,
    /// Both answer alike; B is slower by [`FACTOR`] and [`MARGIN_S`].
    Slower,
    /// Both answer alike; B is faster by [`FACTOR`] and [`MARGIN_S`].
    Faster,
    /// Both answer alike, in about the same time.
    Similar,
    /// Neither answers.
    Neither,
    /// Records in A only (the job is not in B's manifest, or B did not run it).
    OnlyInA,
    /// Records in B only.
    OnlyInB,
}

impl Category {
    pub const ALL: [Category; 9] = [
        Category::Conflict,
        Category::SolvedByA,
        Category::SolvedByB,
        Category::Slower,
        Category::Faster,
        Category::Similar,
        Category::Neither,
        Category::OnlyInA,
        Category::OnlyInB,
    ];

    /// The category as the tables name it.
    pub fn name(self) -> &'static str {
        match self {
            Category::Conflict => "CONFLICT",
            Category::SolvedByA => "A only",
            Category::SolvedByB => "B only",
            Category::Slower => "B slower",
            Category::Faster => "B faster",
            Category::Similar => "similar",
            Category::Neither => "neither",
            Category::OnlyInA => "only in A",
            Category::OnlyInB => "only in B",
        }
    }

    /// Whether both sides answered alike.
    pub fn both_solved(self) -> bool {
        matches!(self, Category::Slower | Category::Faster | Category::Similar)
    }
}

/// One job under one configuration, in both folders.
#[derive(Clone, Debug, PartialEq)]
pub struct Pair {
    pub job: String,
    pub family: String,
    pub configuration: String,
    /// A's run, `None` without a record in A.
    pub a: Option<Side>,
    /// B's run, `None` without a record in B.
    pub b: Option<Side>,
    /// The manifest's expected answer (A's manifest, else B's).
    pub expected: Option<Verdict>,
    pub category: Category,
}

impl Pair {
    fn new(job: String, family: String, configuration: String, a: Option<Side>, b: Option<Side>) -> Pair {
        let category = match (&a, &b) {
            (Some(_), None) => Category::OnlyInA,
            (None, _) => Category::OnlyInB,
            (Some(a), Some(b)) => {
                let contradicts = |x: &Side, y: &Side| x.said_true.is_some() && y.said_false.is_some();
                if contradicts(a, b) || contradicts(b, a) {
                    Category::Conflict
                } else {
                    match (a.solved(), b.solved()) {
                        (Some(_), None) => Category::SolvedByA,
                        (None, Some(_)) => Category::SolvedByB,
                        (None, None) => Category::Neither,
                        (Some(ta), Some(tb)) => {
                            let ratio = tb.max(FLOOR_S) / ta.max(FLOOR_S);
                            if (tb - ta).abs() < MARGIN_S {
                                Category::Similar
                            } else if ratio >= FACTOR {
                                Category::Slower
                            } else if ratio <= 1.0 / FACTOR {
                                Category::Faster
                            } else {
                                Category::Similar
                            }
                        }
                    }
                }
            }
        };
        Pair { job, family, configuration, a, b, expected: None, category }
    }

    /// B's time over A's when both answered alike (times below [`FLOOR_S`] counted as it);
    /// none for a conflict, whose times are of different answers.
    pub fn ratio(&self) -> Option<f64> {
        if self.category == Category::Conflict {
            return None;
        }
        let a = self.a?.solved()?;
        let b = self.b?.solved()?;
        Some(b.max(FLOOR_S) / a.max(FLOOR_S))
    }

    /// The line that reports a conflict; `None` for other pairs.
    pub fn conflict_line(&self) -> Option<String> {
        if self.category != Category::Conflict {
            return None;
        }
        let side = |s: &Option<Side>| {
            let Some(s) = s else { return String::new() };
            let mut said = Vec::new();
            if let Some(t) = s.said_true {
                said.push(format!("true in {}", secs(t)));
            }
            if let Some(t) = s.said_false {
                said.push(format!("false in {}", secs(t)));
            }
            let judged = if s.judged_wrong { " (judged wrong)" } else { "" };
            format!("{}{judged}", said.join(" and "))
        };
        let expected = match self.expected {
            Some(v) => format!("; the manifest expects {v}"),
            None => "; the manifest does not know the answer".to_string(),
        };
        Some(format!(
            "CONFLICT: job {}, configuration {}: A says {}, B says {}{expected}",
            self.job,
            self.configuration,
            side(&self.a),
            side(&self.b)
        ))
    }
}

/// Two folders with no pair of job and configuration that both ran.
#[derive(Debug, thiserror::Error)]
pub enum CompareError {
    /// The manifests (and results) share no job: two different suites.
    #[error("the two folders have no job in common (A: {a} job(s), B: {b} job(s))\n  help: compare two runs of one suite: `qbfgames generate SUITE --out DIR` once, copy DIR, and `qbfgames run` each copy")]
    NoCommonJob { a: usize, b: usize },
    /// Jobs in common, but no configuration ran on any of them in both folders.
    #[error("no configuration ran a common job in both folders (A ran: {a}; B ran: {b})\n  help: run the same configuration in both: `qbfgames run DIR --solvers NAME --preprocessors NAME`")]
    NoCommonRun { a: String, b: String },
}

/// Two runs compared, pair by pair.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// Every job and configuration with a record in either folder, sorted by job, then
    /// configuration.
    pub pairs: Vec<Pair>,
    /// Jobs of A (its manifest or its records) that B has neither in its manifest nor in
    /// its results.
    pub jobs_only_in_a: Vec<String>,
    /// Jobs of B that A lacks.
    pub jobs_only_in_b: Vec<String>,
    /// Configurations with records in A only.
    pub configurations_only_in_a: Vec<String>,
    /// Configurations with records in B only.
    pub configurations_only_in_b: Vec<String>,
    /// What the captions call the two folders (default `A` and `B`).
    pub names: (String, String),
}

/// A folder's records by (job, configuration), with each job's family and expected answer.
struct Indexed<'a> {
    records: BTreeMap<(String, String), Vec<&'a Record>>,
    jobs: BTreeMap<String, (String, Option<Verdict>)>,
    configurations: BTreeSet<String>,
}

fn index(data: &RunData) -> Indexed<'_> {
    let mut jobs = BTreeMap::new();
    for row in data.instances.values() {
        let job = if row.job.is_empty() { row.id.clone() } else { row.job.clone() };
        jobs.entry(job).or_insert_with(|| (row.family.clone(), row.expected));
    }
    let mut records: BTreeMap<(String, String), Vec<&Record>> = BTreeMap::new();
    for record in &data.records {
        let job = match data.instances.get(&record.instance) {
            Some(row) if !row.job.is_empty() => row.job.clone(),
            _ => record.instance.clone(),
        };
        jobs.entry(job.clone()).or_insert_with(|| (record.family.clone(), record.expected.parse().ok()));
        records.entry((job, record.configuration())).or_default().push(record);
    }
    let configurations = records.keys().map(|(_, c)| c.clone()).collect();
    Indexed { records, jobs, configurations }
}

impl Comparison {
    /// Compares run `a` with run `b`; an error when no job and configuration was run in
    /// both.
    pub fn new(a: &RunData, b: &RunData) -> Result<Comparison, CompareError> {
        let (a, b) = (index(a), index(b));
        let keys: BTreeSet<&(String, String)> = a.records.keys().chain(b.records.keys()).collect();
        let mut pairs = Vec::new();
        for key in keys {
            let (job, configuration) = key.clone();
            let (family, expected) = a.jobs.get(&job).or_else(|| b.jobs.get(&job)).cloned().unwrap_or_default();
            let side_a = a.records.get(key).map(|r| Side::of(r.iter().copied()));
            let side_b = b.records.get(key).map(|r| Side::of(r.iter().copied()));
            let mut pair = Pair::new(job, family, configuration, side_a, side_b);
            pair.expected = expected;
            pairs.push(pair);
        }
        if !pairs.iter().any(|p| p.a.is_some() && p.b.is_some()) {
            if !a.jobs.keys().any(|job| b.jobs.contains_key(job)) {
                return Err(CompareError::NoCommonJob { a: a.jobs.len(), b: b.jobs.len() });
            }
            let list = |c: &BTreeSet<String>| {
                if c.is_empty() {
                    "nothing".to_string()
                } else {
                    c.iter().cloned().collect::<Vec<_>>().join(", ")
                }
            };
            return Err(CompareError::NoCommonRun { a: list(&a.configurations), b: list(&b.configurations) });
        }
        let only = |x: &Indexed, y: &Indexed| -> (Vec<String>, Vec<String>) {
            let jobs = x.jobs.keys().filter(|j| !y.jobs.contains_key(*j)).cloned().collect();
            let configurations = x.configurations.difference(&y.configurations).cloned().collect();
            (jobs, configurations)
        };
        let (jobs_only_in_a, configurations_only_in_a) = only(&a, &b);
        let (jobs_only_in_b, configurations_only_in_b) = only(&b, &a);
        Ok(Comparison {
            pairs,
            jobs_only_in_a,
            jobs_only_in_b,
            configurations_only_in_a,
            configurations_only_in_b,
            names: ("A".to_string(), "B".to_string()),
        })
    }

    /// The same comparison with the folders named `a` and `b` in the captions.
    pub fn with_names(mut self, a: &str, b: &str) -> Comparison {
        self.names = (a.to_string(), b.to_string());
        self
    }

    /// The number of conflicts (pairs where one side says true and the other false).
    pub fn conflicts(&self) -> usize {
        self.count(Category::Conflict)
    }

    /// The number of pairs in `category`.
    pub fn count(&self, category: Category) -> usize {
        self.pairs.iter().filter(|p| p.category == category).count()
    }

    /// The pairs that differ, in the order they are listed: conflicts, answered by one side
    /// only, then both answered with B slower or faster, the largest ratio first; then the
    /// pairs one folder lacks, of the configurations both folders ran (a configuration one
    /// folder never ran is one line of [`Comparison::summary`], not a row per job).
    pub fn differing(&self) -> Vec<&Pair> {
        let mut rows: Vec<&Pair> = self
            .pairs
            .iter()
            .filter(|p| match p.category {
                Category::Similar | Category::Neither => false,
                Category::OnlyInA => !self.configurations_only_in_a.contains(&p.configuration),
                Category::OnlyInB => !self.configurations_only_in_b.contains(&p.configuration),
                _ => true,
            })
            .collect();
        // Stable: within a category, the pairs keep their job and configuration order.
        let spread = |p: &Pair| p.ratio().map_or(0.0, |r| r.ln().abs());
        rows.sort_by(|x, y| {
            let (cx, cy) = (x.category, y.category);
            let both = |c: Category| matches!(c, Category::Slower | Category::Faster);
            if both(cx) && both(cy) {
                spread(y).total_cmp(&spread(x))
            } else {
                cx.cmp(&cy)
            }
        });
        rows
    }
}
