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
use std::io::{self, Write};

use contract::Verdict;
use harness::{Record, Status};

use super::export::write_text;
use super::input::RunData;
use super::section::{Mark, Section};
use super::table::Table;

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

    /// The counts per configuration and category, with a total row.
    pub fn summary(&self) -> Section {
        let mut columns = vec!["configuration".to_string(), ">pairs".to_string()];
        columns.extend(Category::ALL.iter().map(|c| format!(">{}", c.name())));
        let mut table = Table::new(&columns);
        let configurations: BTreeSet<&str> = self.pairs.iter().map(|p| p.configuration.as_str()).collect();
        let row = |name: &str, pairs: &[&Pair]| {
            let mut row = vec![name.to_string(), pairs.len().to_string()];
            row.extend(Category::ALL.iter().map(|&c| pairs.iter().filter(|p| p.category == c).count().to_string()));
            row
        };
        for configuration in &configurations {
            let mine: Vec<&Pair> = self.pairs.iter().filter(|p| p.configuration == *configuration).collect();
            table.push_row(row(configuration, &mine));
        }
        table.push_row(row("total", &self.pairs.iter().collect::<Vec<_>>()));
        let mut section = Section::new(
            "compare-summary",
            "Comparison of two runs: summary",
            &format!(
                "Pairs of job and configuration by how {} (A) and {} (B) compare. B slower or faster: both answer, \
                 times differ by at least {FACTOR}× and {MARGIN_S} s CPU. Only in A or B: the other folder has no \
                 record of the pair.",
                self.names.0, self.names.1
            ),
            table,
        );
        let conflicts = 2;
        for (r, cells) in section.table.rows.iter().enumerate() {
            if cells[conflicts] != "0" {
                section.marks.insert((r, conflicts), Mark::Bold);
            }
        }
        section
    }

    /// The pairs that differ ([`Comparison::differing`]) as a table, conflicts in bold.
    pub fn section(&self) -> Section {
        let mut table = Table::new(&["difference", "job", "configuration", "A", "B", ">B/A", "expected"]);
        for pair in self.differing() {
            table.push_row(vec![
                pair.category.name().to_string(),
                pair.job.clone(),
                pair.configuration.clone(),
                pair.a.map_or_else(|| "no record".to_string(), |s| s.text()),
                pair.b.map_or_else(|| "no record".to_string(), |s| s.text()),
                pair.ratio().map_or_else(String::new, |r| format!("{r:.2}")),
                pair.expected.map_or_else(|| "unknown".to_string(), |v| v.to_string()),
            ]);
        }
        let mut section = Section::new(
            "compare",
            "Comparison of two runs",
            &format!(
                "Where {} (A) and {} (B) differ: conflicts (one says true, the other false) first, then jobs \
                 answered by one side only, then times that differ by at least {FACTOR}× and {MARGIN_S} s CPU \
                 (B/A: B's time over A's), then jobs one folder did not run. Answers as the solvers gave them; \
                 judged wrong: the manifest's expected answer contradicts it.",
                self.names.0, self.names.1
            ),
            table,
        );
        for (r, cells) in section.table.rows.iter().enumerate() {
            if cells[0] == Category::Conflict.name() {
                section.marks.insert((r, 0), Mark::Bold);
            }
        }
        section.sortable = true;
        section
    }

    /// Every pair, one row each with plain numbers, for CSV.
    pub fn table(&self) -> Table {
        let mut table = Table::new(&[
            "job",
            "family",
            "configuration",
            "category",
            "a_answer",
            "a_cpu_s",
            "a_status",
            "b_answer",
            "b_cpu_s",
            "b_status",
            ">ratio",
            "expected",
        ]);
        let cells = |side: &Option<Side>| -> [String; 3] {
            match side {
                None => [String::new(), String::new(), "absent".to_string()],
                Some(s) => {
                    let seconds = s.solved().or(s.unsolved.map(|(_, t)| t));
                    let status = match (s.solved(), s.unsolved) {
                        (Some(_), _) if s.judged_wrong => "wrong".to_string(),
                        (Some(_), _) => "answered".to_string(),
                        (None, Some((status, _))) => status.to_string(),
                        (None, None) => String::new(),
                    };
                    [s.answers().to_string(), seconds.map_or_else(String::new, |t| format!("{t:.3}")), status]
                }
            }
        };
        for pair in &self.pairs {
            let mut row = vec![
                pair.job.clone(),
                pair.family.clone(),
                pair.configuration.clone(),
                pair.category.name().to_string(),
            ];
            row.extend(cells(&pair.a));
            row.extend(cells(&pair.b));
            row.push(pair.ratio().map_or_else(String::new, |r| format!("{r:.3}")));
            row.push(pair.expected.map_or_else(|| "unknown".to_string(), |v| v.to_string()));
            table.push_row(row);
        }
        table
    }

    /// The comparison as text: one line per conflict, the summary table, the differing
    /// pairs, what one folder lacks, and a closing line (an `error:` line when there are
    /// conflicts).
    pub fn write_text(&self, mut out: impl Write) -> io::Result<()> {
        for line in self.pairs.iter().filter_map(Pair::conflict_line) {
            writeln!(out, "{line}")?;
        }
        if self.conflicts() > 0 {
            writeln!(out)?;
        }
        writeln!(out, "A: {}", self.names.0)?;
        writeln!(out, "B: {}", self.names.1)?;
        writeln!(out)?;
        write_text(&mut out, &self.summary().table)?;
        let differing = self.section();
        writeln!(out)?;
        if differing.table.rows.is_empty() {
            writeln!(out, "no differences beyond {FACTOR}× and {MARGIN_S} s")?;
        } else {
            write_text(&mut out, &differing.table)?;
        }
        let mut notes = Vec::new();
        let mut note = |what: &str, list: &[String]| {
            if !list.is_empty() {
                let shown: Vec<&str> = list.iter().take(3).map(String::as_str).collect();
                let more = if list.len() > shown.len() {
                    format!(", … ({} more)", list.len() - shown.len())
                } else {
                    String::new()
                };
                notes.push(format!("note: {} {what}: {}{more}", list.len(), shown.join(", ")));
            }
        };
        note("job(s) only in A", &self.jobs_only_in_a);
        note("job(s) only in B", &self.jobs_only_in_b);
        note("configuration(s) run only in A", &self.configurations_only_in_a);
        note("configuration(s) run only in B", &self.configurations_only_in_b);
        if !notes.is_empty() {
            writeln!(out)?;
            for line in notes {
                writeln!(out, "{line}")?;
            }
        }
        let both = self.pairs.iter().filter(|p| p.a.is_some() && p.b.is_some()).count();
        writeln!(out)?;
        match self.conflicts() {
            0 => writeln!(out, "no conflicts: {both} job × configuration pair(s) run in both folders agree")?,
            n => writeln!(
                out,
                "error: {n} conflict(s) in {both} pair(s) run in both folders: A and B answer the same job \
                 differently, so a solver, a preprocessor or an encoding is unsound"
            )?,
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use contract::manifest::Row;

    use super::super::fixtures::{record, row};
    use super::*;

    /// Jobs `j1`…`j7` (one file each, `i1`…`i7`), expected answers unknown but for `j1`.
    fn rows() -> Vec<Row> {
        let mut rows: Vec<Row> = (1..=7).map(|i| row(&format!("i{i}"), &format!("j{i}"), None)).collect();
        rows[0].expected = Some(Verdict::False);
        rows
    }

    fn pair<'c>(c: &'c Comparison, job: &str) -> &'c Pair {
        c.pairs.iter().find(|p| p.job == job).unwrap_or_else(|| panic!("no pair of {job}"))
    }

    fn text(c: &Comparison) -> String {
        let mut out = Vec::new();
        c.write_text(&mut out).expect("writing to memory");
        String::from_utf8(out).expect("UTF-8")
    }

    /// One pair per category: j1 conflict, j2 A only, j3 B only, j4 B much slower, j5 B
    /// faster, j6 similar, j7 neither; j8 is a job of B's run only.
    fn both() -> (RunData, RunData) {
        let a = RunData::new(
            rows(),
            vec![
                record("i1", "s", "false", 0.5),
                record("i2", "s", "true", 2.0),
                record("i3", "s", "timeout", 10.0),
                record("i4", "s", "true", 1.0),
                record("i5", "s", "false", 9.0),
                record("i6", "s", "true", 0.01),
                record("i7", "s", "memout", 3.0),
            ],
        );
        let mut b_rows = rows();
        b_rows.push(row("i8", "j8", None));
        let b = RunData::new(
            b_rows,
            vec![
                record("i1", "s", "true", 0.1),
                record("i2", "s", "error", 0.2),
                record("i3", "s", "false", 4.0),
                record("i4", "s", "true", 8.0),
                record("i5", "s", "false", 1.0),
                record("i6", "s", "true", 0.5),
                record("i7", "s", "timeout", 10.0),
                record("i8", "s", "true", 1.0),
            ],
        );
        (a, b)
    }

    #[test]
    fn every_pair_falls_in_its_category() {
        let (a, b) = both();
        let c = Comparison::new(&a, &b).expect("pairs in common");
        let categories: Vec<(&str, Category)> = c.pairs.iter().map(|p| (p.job.as_str(), p.category)).collect();
        assert_eq!(
            categories,
            [
                ("j1", Category::Conflict),
                ("j2", Category::SolvedByA),
                ("j3", Category::SolvedByB),
                ("j4", Category::Slower),
                ("j5", Category::Faster),
                ("j6", Category::Similar),
                ("j7", Category::Neither),
                ("j8", Category::OnlyInB),
            ]
        );
        assert_eq!(c.conflicts(), 1);
        assert_eq!(pair(&c, "j4").ratio(), Some(8.0));
        assert_eq!(pair(&c, "j6").ratio().map(|r| r.round()), Some(50.0), "a large ratio under a second is noise");
        assert_eq!(c.jobs_only_in_b, ["j8"]);
        assert!(c.jobs_only_in_a.is_empty() && c.configurations_only_in_a.is_empty());
    }

    #[test]
    fn a_liar_the_checks_already_judged_wrong_is_still_a_conflict() {
        // j1 is expected false: B's `true` is judged wrong when the data is read, but it
        // is the answer B gave, and it contradicts A.
        let (a, b) = both();
        let liar = b.records.iter().find(|r| r.instance == "i1").expect("B's record of i1");
        assert_eq!(liar.status, Status::Wrong, "RunData judges the answer");
        let c = Comparison::new(&a, &b).expect("pairs in common");
        let j1 = pair(&c, "j1");
        assert_eq!(j1.category, Category::Conflict);
        assert_eq!(
            j1.conflict_line().as_deref(),
            Some(
                "CONFLICT: job j1, configuration none+s: A says false in 0.50 s, B says true in 0.10 s (judged \
                 wrong); the manifest expects false"
            )
        );
    }

    #[test]
    fn conflicts_are_listed_first_then_one_sided_answers_then_the_largest_ratios() {
        let (a, b) = both();
        let c = Comparison::new(&a, &b).expect("pairs in common");
        let section = c.section();
        let listed: Vec<(&str, &str)> = section.table.rows.iter().map(|r| (r[0].as_str(), r[1].as_str())).collect();
        assert_eq!(
            listed,
            [
                ("CONFLICT", "j1"),
                ("A only", "j2"),
                ("B only", "j3"),
                ("B faster", "j5"),
                ("B slower", "j4"),
                ("only in B", "j8")
            ],
            "9× faster before 8× slower; similar and neither are not listed"
        );
        assert_eq!(section.marks.get(&(0, 0)), Some(&Mark::Bold), "the conflict in bold");
        let out = text(&c);
        assert!(out.starts_with("CONFLICT: job j1, configuration none+s:"), "{out}");
        assert!(out.trim_end().ends_with("a solver, a preprocessor or an encoding is unsound"), "{out}");
        assert!(out.contains("error: 1 conflict(s) in 7 pair(s)"), "{out}");
        assert!(out.contains("note: 1 job(s) only in B: j8"), "{out}");
    }

    #[test]
    fn the_summary_counts_each_category_per_configuration() {
        let (a, b) = both();
        let mut b = b;
        let mut other = record("i1", "t", "true", 1.0);
        other.key = "other".into();
        b.records.push(other);
        let c = Comparison::new(&a, &b).expect("pairs in common");
        let summary = c.summary();
        let names: Vec<&str> = summary.table.columns.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "configuration",
                "pairs",
                "CONFLICT",
                "A only",
                "B only",
                "B slower",
                "B faster",
                "similar",
                "neither",
                "only in A",
                "only in B"
            ]
        );
        assert_eq!(summary.table.rows[0], ["none+s", "8", "1", "1", "1", "1", "1", "1", "1", "0", "1"]);
        assert_eq!(summary.table.rows[1], ["none+t", "1", "0", "0", "0", "0", "0", "0", "0", "0", "1"]);
        assert_eq!(summary.table.rows[2], ["total", "9", "1", "1", "1", "1", "1", "1", "1", "0", "2"]);
        assert_eq!(c.configurations_only_in_b, ["none+t"]);
        assert!(
            !c.section().table.rows.iter().any(|r| r[2] == "none+t"),
            "a configuration B alone ran is a summary line, not a row per job"
        );
        assert!(text(&c).contains("note: 1 configuration(s) run only in B: none+t"));
    }

    #[test]
    fn jobs_missing_from_one_run_are_counted_and_listed() {
        let a = RunData::new(rows(), (1..=7).map(|i| record(&format!("i{i}"), "s", "true", 1.0)).collect());
        let b = RunData::new(rows()[..2].to_vec(), vec![record("i1", "s", "false", 1.0)]);
        let c = Comparison::new(&a, &b).expect("pairs in common");
        assert_eq!(c.count(Category::OnlyInA), 6, "j2 (in B's manifest, not run) and j3…j7 (not in it)");
        assert_eq!(c.jobs_only_in_a, ["j3", "j4", "j5", "j6", "j7"]);
        let rows = c.section().table.rows;
        assert_eq!(rows.len(), 7, "the conflict and the six pairs B lacks");
        assert_eq!((rows[1][0].as_str(), rows[1][4].as_str()), ("only in A", "no record"));
        let out = text(&c);
        assert!(out.contains("note: 5 job(s) only in A: j3, j4, j5, … (2 more)"), "{out}");
    }

    #[test]
    fn a_job_answered_on_one_file_is_solved_and_its_time_is_the_fastest_answer() {
        let mut manifest = rows();
        manifest.push(row("i1-qcir", "j1", Some(Verdict::False)));
        let a = RunData::new(
            manifest.clone(),
            vec![record("i1", "s", "timeout", 10.0), record("i1-qcir", "s", "false", 3.0)],
        );
        let b = RunData::new(manifest, vec![record("i1", "s", "false", 0.5), record("i1-qcir", "s", "false", 0.2)]);
        let c = Comparison::new(&a, &b).expect("pairs in common");
        assert_eq!(c.pairs.len(), 1);
        assert_eq!(c.pairs[0].category, Category::Faster);
        assert_eq!(c.pairs[0].ratio(), Some(0.2 / 3.0));
    }

    #[test]
    fn the_same_run_twice_has_no_difference() {
        let (a, _) = both();
        let c = Comparison::new(&a, &a).expect("pairs in common");
        assert_eq!(c.conflicts(), 0);
        assert!(c.section().table.rows.is_empty());
        let out = text(&c);
        assert!(out.ends_with("no conflicts: 7 job × configuration pair(s) run in both folders agree\n"), "{out}");
    }

    #[test]
    fn folders_without_a_pair_in_common_are_an_error_with_help() {
        let (a, _) = both();
        let other = RunData::new(vec![row("x", "other", None)], vec![record("x", "s", "true", 1.0)]);
        let e = Comparison::new(&a, &other).expect_err("no job in common").to_string();
        assert!(e.starts_with("the two folders have no job in common (A: 7 job(s), B: 1 job(s))"), "{e}");
        assert!(e.contains("\n  help: compare two runs of one suite"), "{e}");
        let unrun = RunData::new(rows(), Vec::new());
        let e = Comparison::new(&a, &unrun).expect_err("nothing ran in B").to_string();
        assert!(
            e.starts_with("no configuration ran a common job in both folders (A ran: none+s; B ran: nothing)"),
            "{e}"
        );
        assert!(e.contains("\n  help: run the same configuration in both"), "{e}");
    }

    #[test]
    fn every_pair_is_a_csv_row_with_plain_numbers() {
        let (a, b) = both();
        let c = Comparison::new(&a, &b).expect("pairs in common");
        let table = c.table();
        assert_eq!(table.rows.len(), 8);
        assert_eq!(
            table.rows[0],
            ["j1", "f", "none+s", "CONFLICT", "false", "0.500", "answered", "true", "0.100", "wrong", "", "false"]
        );
        assert_eq!(table.rows[7][4..7], ["", "", "absent"]);
        assert_eq!(table.rows[6][4..10], ["", "3.000", "memout", "", "10.000", "timeout"]);
    }
}
