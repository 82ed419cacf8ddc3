//! A resolved published table: every cell knows what it claims and how we measure it.

use std::cmp::Ordering;
use std::fmt;
use std::path::PathBuf;

use suites::{encodings, Depth, Encoding, Params, Suite};
use toml::Value;

/// A published table, ready to verify.
pub struct Table {
    pub name: String,
    pub paper: String,
    pub table: String,
    /// The CSV transcription the file was written from.
    pub csv: PathBuf,
    pub suites: Vec<Suite>,
    /// Each run's time limit in seconds.
    pub timeout: f64,
    /// The paper's time limit per run, if it states one.
    pub published_timeout: Option<f64>,
    pub rows: Vec<Row>,
}

impl Table {
    /// The instance as the suites name jobs: family, grid point, depth, encoding.
    pub fn describe(&self, inst: &InstanceRef) -> String {
        let family = &self.suites[inst.suite].families[inst.family];
        suites::Job {
            family,
            params: &inst.params,
            depth: inst.depth,
            encoding: inst.encoding,
            formats: &[],
            answer: None,
        }
        .key()
    }
}

/// A row of the published table.
pub struct Row {
    pub label: String,
    pub cells: Vec<Cell>,
}

/// One published value and how ours is produced.
pub struct Cell {
    pub column: String,
    pub published: Published,
    pub measure: Measure,
    pub target: Target,
    /// A solver of the solvers file, or `reference`.
    pub solver: Option<String>,
    /// A preprocessor of the solvers file; `None` for none.
    pub preprocessor: Option<String>,
    /// Added to the instance's depth for this cell's run.
    pub shift: i64,
    /// Sizes: the allowed relative difference.
    pub tolerance: f64,
    /// Why we cannot produce the cell.
    pub unavailable: Option<String>,
    pub known: Option<KnownDifference>,
}

/// A difference the table file explains, with the value we produce.
pub struct KnownDifference {
    pub ours: Value,
    pub why: String,
}

/// What the paper reports.
#[derive(Clone, Debug, PartialEq)]
pub enum Published {
    Outcome(Claim),
    Number(f64),
    /// The run hit a limit: `TO` (time) or `MO` (memory), as printed in the paper.
    Limit(String),
    /// `n/a`: the paper has no value (an encoding that does not apply).
    NotApplicable,
}

/// What a paper says about Black's win at the row's depth.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// Black wins at the depth and not one step earlier (the critical depth).
    Win,
    /// Black does not win at the depth, which covers the whole game.
    NoWin,
    /// Black does not win at the depth; deeper was not decided (the largest refuted depth).
    Refuted,
    /// The critical depth is at least the depth: one step earlier is refuted, the depth
    /// itself was not decided (Table 7's "15?").
    AtLeast,
    /// The paper did not decide the depth.
    Open,
}

impl Claim {
    pub const NAMES: [(&'static str, Claim); 5] = [
        ("win", Claim::Win),
        ("no-win", Claim::NoWin),
        ("refuted", Claim::Refuted),
        ("at-least", Claim::AtLeast),
        ("open", Claim::Open),
    ];

    pub fn name(self) -> &'static str {
        Claim::NAMES.iter().find(|(_, c)| *c == self).map_or("?", |(n, _)| n)
    }
}

/// What a cell measures.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Measure {
    /// The claim at the depth (and one step earlier, for a win): exact.
    Outcome,
    /// CPU seconds of the solver (after the preprocessor, whose time is not counted):
    /// shown as a ratio.
    Time,
    /// CPU seconds of the preprocessor alone: shown as a ratio.
    PreprocessTime,
    /// A size of the formula (after the preprocessor, if any): within the tolerance.
    /// Variables are those in the prefix or used free (not the header's maximum, which a
    /// preprocessor keeps).
    Size(Size),
    /// Counts over a set of instances: solved, true, false, unsolved.
    Count(Count),
    /// The solver's CPU seconds on the solved instances of a set, summed: a ratio.
    TotalTime,
    /// The fraction of a set solved (averaged over rows, in an aggregate row).
    Coverage,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Size {
    Vars,
    Universal,
    Existential,
    Blocks,
    Clauses,
    Literals,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Count {
    Solved,
    True,
    False,
    Unsolved,
}

impl Measure {
    pub const NAMES: [(&'static str, Measure); 14] = [
        ("outcome", Measure::Outcome),
        ("time", Measure::Time),
        ("preprocess_time", Measure::PreprocessTime),
        ("vars", Measure::Size(Size::Vars)),
        ("universal", Measure::Size(Size::Universal)),
        ("existential", Measure::Size(Size::Existential)),
        ("blocks", Measure::Size(Size::Blocks)),
        ("clauses", Measure::Size(Size::Clauses)),
        ("literals", Measure::Size(Size::Literals)),
        ("solved", Measure::Count(Count::Solved)),
        ("true", Measure::Count(Count::True)),
        ("false", Measure::Count(Count::False)),
        ("unsolved", Measure::Count(Count::Unsolved)),
        ("total_time", Measure::TotalTime),
    ];

    pub fn parse(name: &str) -> Option<Measure> {
        match name {
            "coverage" => Some(Measure::Coverage),
            _ => Measure::NAMES.iter().find(|(n, _)| *n == name).map(|(_, m)| *m),
        }
    }

    /// Whether the cell is about one instance (else a set of them).
    pub fn per_instance(self) -> bool {
        matches!(self, Measure::Outcome | Measure::Time | Measure::PreprocessTime | Measure::Size(_))
    }

    /// Whether the cell needs a solver run.
    pub fn solves(self) -> bool {
        !matches!(self, Measure::PreprocessTime | Measure::Size(_))
    }
}

/// What a cell is about.
#[derive(Clone, Debug)]
pub enum Target {
    /// One instance at a depth.
    Instance(InstanceRef),
    /// Every instance of a family at its suite depths.
    Set(Vec<InstanceRef>),
    /// The same column's cells of every other row (an aggregate row).
    Rows,
    /// Nothing: the paper has no value (`n/a`), or we cannot produce it (`unavailable`).
    Nothing,
}

/// An instance: a grid point of a suite's family at a depth under an encoding. Instances
/// sort by suite, family, grid point and depths, then encoding in the order suites
/// generate them ([`encodings`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InstanceRef {
    pub suite: usize,
    pub family: usize,
    pub params: Params,
    /// Our instance's depth (the published depth plus the row's offset).
    pub depth: Depth,
    /// The depth as the paper counts it.
    pub shown_depth: Option<u32>,
    pub encoding: Encoding,
}

impl Ord for InstanceRef {
    fn cmp(&self, other: &InstanceRef) -> Ordering {
        self.sort_key().cmp(&other.sort_key())
    }
}

impl PartialOrd for InstanceRef {
    fn partial_cmp(&self, other: &InstanceRef) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl InstanceRef {
    /// What instances sort by.
    fn sort_key(&self) -> (usize, usize, &Params, Depth, Option<u32>, Option<usize>, &'static str) {
        let rank = encodings().iter().position(|&e| e == self.encoding);
        (self.suite, self.family, &self.params, self.depth, self.shown_depth, rank, self.encoding.name())
    }

    /// The same instance `by` plies deeper (shallower when negative); `None` below 1.
    pub fn shifted(&self, by: i64) -> Option<InstanceRef> {
        let depth = match self.depth {
            Depth::Plies(d) => Depth::Plies(u32::try_from(i64::from(d) + by).ok().filter(|&d| d >= 1)?),
            Depth::Model if by == 0 => Depth::Model,
            Depth::Model => return None,
        };
        Some(InstanceRef {
            depth,
            shown_depth: self.shown_depth.map(|d| (i64::from(d) + by).max(0) as u32),
            ..self.clone()
        })
    }
}

impl fmt::Display for Published {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Published::Outcome(c) => f.write_str(c.name()),
            Published::Number(x) => write!(f, "{}", format_number(*x)),
            Published::Limit(s) => f.write_str(s),
            Published::NotApplicable => f.write_str("n/a"),
        }
    }
}

/// A number as a table shows it: integers without decimals, others with up to 2.
pub fn format_number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        let s = format!("{x:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}
