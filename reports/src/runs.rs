//! The per-run table: one row per job (family, short game label, depth, encoding, the
//! expected answer and what it comes from, links to its instance files), and per
//! configuration the status of its run and its CPU time, the status linked to the run's log.
//!
//! The logs the harness keeps (`DIR/logs/…/*.log.gz`, bounded) are copied into the report as
//! plain text (`logs/…/*.log.txt`), so that a browser shows them from `file://` or from an
//! archive. Each row carries `data-family`, `data-expected`, `data-status` and
//! `data-differ` (the configurations' outcomes differ) for the page's filters.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Read;
use std::path::Path;

use contract::manifest::{Row, SOURCE_FORMATS};

use super::input::{Answer, RunData};
use super::label;
use super::matrix::{job_key, Cell, Matrix};
use super::section::Section;
use super::table::Table;

/// The most of a log copied into the report (the harness keeps at most 256 KiB).
const MAX_LOG: u64 = 1 << 20;

/// The per-run table and the log files it links to (relative path, bytes).
pub struct Runs {
    pub section: Section,
    pub logs: Vec<(String, Vec<u8>)>,
}

/// Where the table's links point.
#[derive(Clone, Debug, Default)]
pub struct Links {
    /// The run directory, whose logs are copied; `None`: no log links.
    pub run_dir: Option<std::path::PathBuf>,
    /// The run directory as seen from the report's directory (`../` for `DIR/report`);
    /// `None`: no instance links.
    pub instances: Option<String>,
}

/// The per-run table of a run.
pub fn table(data: &RunData, matrix: &Matrix, links: &Links) -> Runs {
    let mut jobs: BTreeMap<&str, Vec<&Row>> = BTreeMap::new();
    for row in data.instances.values().filter(|r| !SOURCE_FORMATS.contains(&r.format.as_str())) {
        jobs.entry(job_key(row)).or_default().push(row);
    }
    let formats: BTreeSet<&str> = jobs.values().flatten().map(|r| r.format.as_str()).collect();
    let mut columns: Vec<String> =
        ["family", "game", ">depth", "encoding", "expected", "expected by"].iter().map(|s| s.to_string()).collect();
    columns.extend(formats.iter().map(|f| f.to_string()));
    for configuration in &matrix.configurations {
        columns.push(configuration.clone());
        columns.push(format!(">{configuration} CPU (s)"));
    }
    let first_config = 6 + formats.len();
    let mut section_table = Table::new(&columns);
    let mut section_links = BTreeMap::new();
    let mut row_data = BTreeMap::new();
    let mut logs = Vec::new();
    let mut copied = BTreeSet::new();
    for (job, mut rows) in jobs {
        rows.sort_by(|a, b| a.format.cmp(&b.format));
        let first = rows[0];
        let r = section_table.rows.len();
        let expected = first.expected.map_or_else(|| "unknown".to_string(), |v| v.to_string());
        let mut cells = vec![
            first.family.clone(),
            label::short(&first.params),
            first.depth.to_string(),
            first.encoding.clone(),
            expected.clone(),
            if first.expected.is_some() { first.expected_by.clone() } else { String::new() },
        ];
        for (f, format) in formats.iter().enumerate() {
            match rows.iter().find(|row| row.format == *format) {
                Some(row) => {
                    cells.push(row.id.chars().take(8).collect());
                    if let Some(prefix) = &links.instances {
                        section_links.insert((r, 6 + f), format!("{prefix}{}", row.path));
                    }
                }
                None => cells.push(String::new()),
            }
        }
        let row_cells: Vec<Option<Cell>> =
            matrix.configurations.iter().map(|c| matrix.jobs.get(job).and_then(|j| j.cells.get(c)).copied()).collect();
        let mut statuses = BTreeSet::new();
        for (c, cell) in row_cells.iter().enumerate() {
            let Some(cell) = cell else {
                cells.extend(["-".to_string(), "-".to_string()]);
                continue;
            };
            statuses.insert(cell.status.to_string());
            cells.push(cell.status.to_string());
            cells.push(format!("{:.2}", cell.seconds));
            let record = &data.records[cell.record];
            if let (Some(dir), false) = (&links.run_dir, record.log.is_empty()) {
                let target = format!("{}.txt", record.log.trim_end_matches(".gz"));
                if copied.contains(&target) || copy_log(&dir.join(&record.log), &target, &mut logs) {
                    copied.insert(target.clone());
                    section_links.insert((r, first_config + 2 * c), target);
                }
            }
        }
        let outcomes: BTreeSet<&str> = row_cells
            .iter()
            .flatten()
            .map(|c| match c.answer {
                Answer::True => "true",
                Answer::False => "false",
                Answer::Wrong => "wrong",
                Answer::Unsolved | Answer::Starved => "unsolved",
            })
            .collect();
        let differ = outcomes.len() > 1 || row_cells.iter().any(Option::is_none) && outcomes.len() == 1;
        row_data.insert(
            r,
            vec![
                ("family".to_string(), first.family.clone()),
                ("expected".to_string(), expected),
                ("status".to_string(), statuses.into_iter().collect::<Vec<_>>().join(" ")),
                ("differ".to_string(), if differ { "1" } else { "0" }.to_string()),
            ],
        );
        section_table.push_row(cells);
    }
    let mut section = Section::new(
        "runs",
        "Runs",
        "One row per job: its expected answer and where that comes from, its instance files (first 8 hex digits of the SHA-256, linked to the file), and for each configuration the status of its run (linked to the run's log) and its CPU time in seconds, preprocessing included. On the page, click a header to sort; the filters above the table select a family, a status or an expected answer, or the rows where configurations differ.",
        section_table,
    );
    section.links = section_links;
    section.row_data = row_data;
    section.sortable = true;
    Runs { section, logs }
}

/// Copies a gzip'd log as text; false when it cannot be read (no link then).
fn copy_log(source: &Path, target: &str, logs: &mut Vec<(String, Vec<u8>)>) -> bool {
    let Ok(file) = std::fs::File::open(source) else { return false };
    let mut text = Vec::new();
    if flate2::read::GzDecoder::new(file).take(MAX_LOG).read_to_end(&mut text).is_err() {
        return false;
    }
    logs.push((target.to_string(), text));
    true
}
