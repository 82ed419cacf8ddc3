//! Starved cells before a set is judged: a run the machine starved (stopped by the
//! wall-clock limit before it used its CPU limit) is not a result, so a command that judges
//! a set on its results (`select`, `report`) refuses while any is left, naming the run that
//! re-runs them (a `run` of the same folder re-runs starved cells first).

use std::collections::BTreeSet;
use std::path::Path;

use contract::Record;

use super::error::Error;
use super::input::RunData;
use super::selection::calibration_limit;

/// `Ok` when no record of `data` at its calibration limit (the smallest CPU limit of its
/// records) is starved; else the error with the `run` that re-runs them, for each set of
/// limits they were run at. The set is judged on the calibration runs: a prediction check's
/// run at a longer limit that starved is no measurement (the report's footer counts it),
/// and `calibrate --check-predictions` runs it again.
pub fn refuse_starved(data: &RunData, dir: &Path) -> Result<(), Error> {
    let limit = calibration_limit(data);
    let starved: Vec<&Record> = data.starved().filter(|r| r.timeout_s == limit).collect();
    if starved.is_empty() {
        return Ok(());
    }
    let mut first: String =
        starved.iter().take(5).map(|r| format!("\n  {} on {} ({})", r.configuration(), r.instance, r.detail)).collect();
    if starved.len() > 5 {
        first.push_str(&format!("\n  … and {} more", starved.len() - 5));
    }
    let runs: BTreeSet<(String, u64)> = starved.iter().map(|r| (r.timeout_s.to_string(), r.memory_mb)).collect();
    let reruns: Vec<String> = runs
        .iter()
        .map(|(timeout, memory)| {
            let at = |r: &&&Record| r.timeout_s.to_string() == *timeout && r.memory_mb == *memory;
            let names = |f: fn(&Record) -> &str| {
                starved
                    .iter()
                    .filter(at)
                    .map(|r| f(r))
                    .collect::<BTreeSet<&str>>()
                    .into_iter()
                    .collect::<Vec<_>>()
                    .join(",")
            };
            format!(
                "qbfgames run {} --solvers {} --preprocessors {} --timeout {timeout} --memory {memory}M",
                dir.display(),
                names(|r| &r.solver),
                names(|r| &r.preprocessor)
            )
        })
        .collect();
    Err(Error::Starved { count: starved.len(), first, reruns: reruns.join("\n        ") })
}
