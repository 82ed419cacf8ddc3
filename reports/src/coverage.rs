//! Coverage tables: how many jobs each configuration solved, per family and overall.
//!
//! Columns: solved (correct answers), true, false, wrong (answers contradicting the
//! manifest's expected value; never counted as solved), unsolved (wrong included), starved
//! (runs the wall-clock limit stopped on a busy machine before they used half their CPU
//! limit: not results, so in neither count nor PAR-2), PAR-2 (mean over jobs of the CPU
//! time of a solved job, or twice the time limit otherwise), and the cumulative CPU time
//! of the solved jobs. The overall table adds the *average coverage* of Shaik and van de Pol's
//! Table 3: the fraction of a family's (their "domain's") jobs solved, averaged over
//! families, so that a family with many depths does not outweigh one with few. The virtual
//! best solver (VBS, the fastest answer of any configuration on each job) is its own row.
//!
//! ## References
//! - I. Shaik, J. van de Pol. *Concise QBF Encodings for Games on a Grid*. SAT 2023,
//!   Table 3 ("Average Coverage indicates the fraction of solved instances by a
//!   combination, averaged per game row").

use contract::Status;

use super::input::Answer;
use super::matrix::{Cell, JobRow, Matrix};
use super::section::Section;
use super::table::Table;

/// The CPU limits of a matrix's runs for a legend: `10 s`, or `5 s and 60 s: each
/// configuration's limit is in its name` when there are several.
fn limits_text(matrix: &Matrix) -> String {
    let limits: Vec<String> = matrix.limits.iter().map(|&l| format!("{} s", fmt_seconds(l))).collect();
    match limits.as_slice() {
        [] => format!("{} s", fmt_seconds(matrix.timeout)),
        [one] => one.clone(),
        [first @ .., last] => format!("{} and {last}: each configuration's limit is in its name", first.join(", ")),
    }
}

/// The name of the virtual best solver's row.
pub const VBS: &str = "VBS";

/// Counts of one configuration (or the VBS) over a set of jobs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Counts {
    pub jobs: usize,
    pub true_: usize,
    pub false_: usize,
    pub wrong: usize,
    /// Unsolved jobs by how they ended: the CPU-time limit, the memory limit, an error
    /// (a crash or output with no meaning), no answer (the solver gave up, or no run).
    pub timeout: usize,
    pub memout: usize,
    pub error: usize,
    pub no_answer: usize,
    /// Jobs whose only result was starved: not counted in `jobs`.
    pub starved: usize,
    pub par2_sum: f64,
    pub time: f64,
}

impl Counts {
    pub fn solved(&self) -> usize {
        self.true_ + self.false_
    }

    pub fn unsolved(&self) -> usize {
        self.jobs - self.solved()
    }

    pub fn par2(&self) -> f64 {
        if self.jobs == 0 {
            0.0
        } else {
            self.par2_sum / self.jobs as f64
        }
    }

    /// Adds a job's cell; a job without one (no run) counts twice `timeout` in PAR-2, an
    /// unsolved cell twice its own limit.
    fn add(&mut self, cell: Option<Cell>, timeout: f64) {
        if cell.is_some_and(|c| c.answer == Answer::Starved) {
            self.starved += 1;
            return;
        }
        self.jobs += 1;
        match cell.map(|c| (c.answer, c.status)) {
            Some((Answer::True, _)) => self.true_ += 1,
            Some((Answer::False, _)) => self.false_ += 1,
            Some((Answer::Wrong, _)) => self.wrong += 1,
            Some((_, Status::Timeout)) => self.timeout += 1,
            Some((_, Status::Memout)) => self.memout += 1,
            Some((_, Status::Error)) => self.error += 1,
            _ => self.no_answer += 1,
        }
        match cell.and_then(|c| c.solved()) {
            Some(s) => {
                self.par2_sum += s;
                self.time += s;
            }
            None => self.par2_sum += 2.0 * cell.map_or(timeout, |c| c.limit),
        }
    }
}

/// Counts of a configuration (`None`: the VBS) over jobs.
pub fn counts(jobs: &[&JobRow], configuration: Option<&str>, timeout: f64) -> Counts {
    let mut counts = Counts::default();
    for job in jobs {
        let cell = match configuration {
            Some(name) => job.cells.get(name).copied(),
            // The VBS: the fastest answer, else the longest attempt that is not wrong (so
            // its unsolved jobs are counted by how they ended).
            None => job.best().or_else(|| {
                job.cells
                    .values()
                    .filter(|c| c.answer != Answer::Wrong)
                    .copied()
                    .max_by(|a, b| a.seconds.total_cmp(&b.seconds))
            }),
        };
        counts.add(cell, timeout);
    }
    counts
}

/// The configurations and the VBS, in row order.
fn rows(matrix: &Matrix) -> Vec<(String, Option<&str>)> {
    matrix.configurations.iter().map(|c| (c.clone(), Some(c.as_str()))).chain([(VBS.to_string(), None)]).collect()
}

fn count_cells(c: &Counts) -> Vec<String> {
    vec![
        c.jobs.to_string(),
        c.solved().to_string(),
        c.true_.to_string(),
        c.false_.to_string(),
        c.wrong.to_string(),
        c.unsolved().to_string(),
        c.timeout.to_string(),
        c.memout.to_string(),
        c.error.to_string(),
        c.no_answer.to_string(),
        c.starved.to_string(),
        format!("{:.2}", c.par2()),
        format!("{:.2}", c.time),
    ]
}

const COUNT_COLUMNS: [&str; 13] = [
    ">jobs",
    ">solved",
    ">true",
    ">false",
    ">wrong",
    ">unsolved",
    ">timeout",
    ">memout",
    ">error",
    ">no answer",
    ">starved",
    ">PAR-2 (s)",
    ">time (s)",
];

/// The average coverage of a configuration (`None`: the VBS): solved/jobs per family, averaged.
pub fn average_coverage(matrix: &Matrix, configuration: Option<&str>) -> f64 {
    let families = matrix.families();
    if families.is_empty() {
        return 0.0;
    }
    let sum: f64 = families
        .values()
        .map(|jobs| {
            let c = counts(jobs, configuration, matrix.timeout);
            c.solved() as f64 / c.jobs as f64
        })
        .sum();
    sum / families.len() as f64
}

/// One row per configuration and the VBS, over all jobs, with the average coverage.
pub fn summary(matrix: &Matrix) -> Section {
    let mut table = Table::new(&[&["configuration"][..], &COUNT_COLUMNS[..], &[">avg coverage"]].concat());
    let all: Vec<&JobRow> = matrix.jobs.values().collect();
    for (name, config) in rows(matrix) {
        let mut cells = vec![name];
        cells.extend(count_cells(&counts(&all, config, matrix.timeout)));
        cells.push(format!("{:.2}", average_coverage(matrix, config)));
        table.push_row(cells);
    }
    Section::new(
        "coverage",
        "Coverage",
        &format!(
            "Jobs solved by each configuration over all families; times are CPU seconds, preprocessing included (one limit for a preprocessor and its solver together); PAR-2 is the mean time with unsolved jobs at twice the CPU limit of their run ({}); starved runs (stopped by the wall-clock limit on a busy machine before they used their CPU limit) are not results and are not counted; `qbfgames run` runs them again. Average coverage is the fraction of a family's jobs solved, averaged over families (Shaik and van de Pol, SAT 2023, Table 3). VBS: the fastest answer of any configuration.",
            limits_text(matrix)
        ),
        table,
    )
}

/// The pivot of families × configurations (and the VBS): each cell the jobs solved out of
/// the family's jobs and its PAR-2, shaded by the fraction solved on the page.
pub fn per_family(matrix: &Matrix) -> Section {
    let names: Vec<(String, Option<&str>)> = rows(matrix);
    let columns: Vec<String> = ["family".to_string(), ">jobs".to_string()]
        .into_iter()
        .chain(names.iter().map(|(name, _)| format!(">{name}")))
        .collect();
    let mut table = Table::new(&columns);
    let mut shades = std::collections::BTreeMap::new();
    for (family, jobs) in matrix.families() {
        let r = table.rows.len();
        let mut cells = vec![family.to_string(), jobs.len().to_string()];
        for (c, (_, config)) in names.iter().enumerate() {
            let counts = counts(&jobs, *config, matrix.timeout);
            let fraction = counts.solved() as f64 / counts.jobs.max(1) as f64;
            shades.insert((r, c + 2), fraction);
            let wrong = if counts.wrong > 0 { format!(", {} wrong", counts.wrong) } else { String::new() };
            cells.push(format!("{}/{}{wrong} · {:.1}", counts.solved(), counts.jobs, counts.par2()));
        }
        table.push_row(cells);
    }
    let mut section = Section::new(
        "coverage-by-family",
        "Coverage by family",
        "Each family's jobs solved by each configuration and by the virtual best solver (solved/jobs · PAR-2 in CPU seconds); the darker the cell, the larger the fraction solved.",
        table,
    );
    section.shades = shades;
    section
}

/// Seconds without a needless fraction.
pub fn fmt_seconds(s: f64) -> String {
    if s.fract() == 0.0 {
        format!("{s:.0}")
    } else {
        format!("{s}")
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use contract::Status;

    use super::super::fixtures::{record, row};
    use super::super::input::RunData;
    use super::*;

    fn job(answer: Answer, seconds: f64) -> JobRow {
        JobRow {
            family: "f".into(),
            cells: BTreeMap::from([(
                "c".to_string(),
                Cell { answer, seconds, status: Status::Unknown, limit: 10.0, record: 0 },
            )]),
        }
    }

    #[test]
    fn a_starved_run_is_neither_solved_nor_unsolved() {
        let jobs = [job(Answer::True, 1.0), job(Answer::Starved, 0.2), job(Answer::Unsolved, 10.0)];
        let c = counts(&jobs.iter().collect::<Vec<_>>(), Some("c"), 10.0);
        assert_eq!((c.jobs, c.solved(), c.unsolved(), c.starved), (2, 1, 1, 1));
        assert_eq!(c.par2(), (1.0 + 20.0) / 2.0, "PAR-2 over the measured jobs only");
    }

    #[test]
    fn a_folder_with_runs_at_two_limits_scores_each_run_at_its_own_limit() {
        let rows = vec![row("i1", "j1", None), row("i2", "j2", None), row("i3", "j3", None)];
        let at = |limit: f64, instance: &str, answer: &str, cpu_s: f64| {
            let mut r = record(instance, "caqe", answer, cpu_s);
            r.timeout_s = limit;
            r.key = format!("{}|t{limit}", r.key);
            r
        };
        let records = vec![
            at(5.0, "i1", "false", 2.0),
            at(5.0, "i2", "timeout", 5.0),
            at(5.0, "i3", "timeout", 5.0),
            at(60.0, "i1", "false", 2.0),
            at(60.0, "i2", "true", 30.0),
            at(60.0, "i3", "timeout", 60.0),
        ];
        let data = RunData::new(rows, records);
        assert_eq!(data.limits(), [(5.0, 3), (60.0, 3)]);
        let matrix = Matrix::new(&data);
        assert_eq!(matrix.configurations, ["none+caqe@5s", "none+caqe@60s"], "each limit apart");
        let all: Vec<&JobRow> = matrix.jobs.values().collect();
        let short = counts(&all, Some("none+caqe@5s"), matrix.timeout);
        let long = counts(&all, Some("none+caqe@60s"), matrix.timeout);
        assert_eq!((short.solved(), long.solved()), (1, 2));
        assert_eq!(short.par2(), (2.0 + 10.0 + 10.0) / 3.0, "5 s timeouts count 10 s, not 120 s");
        assert_eq!(long.par2(), (2.0 + 30.0 + 120.0) / 3.0);
        let caption = summary(&matrix).caption;
        let limits = "twice the CPU limit of their run (5 s and 60 s: each configuration's limit is in its name)";
        assert!(caption.contains(limits), "{caption}");
    }
}
