//! The environment of a run, captured once per `qbfgames run` and appended to
//! `DIR/environment.jsonl`; every record names its run by number.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::error::Error;
use super::jsonl::JsonLines;

/// What a run ran on and with.
/// The file of a run folder that holds the environments, one JSON line per run.
const FILE: &str = "environment.jsonl";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Environment {
    pub run: u64,
    pub qbfgames_version: String,
    pub host: String,
    pub cpu_model: String,
    pub cores: usize,
    pub memory_mb: u64,
    pub os: String,
    pub kernel: String,
    /// The CPU-time limit of each run.
    pub timeout_s: f64,
    /// The wall-clock safety limit of each run.
    #[serde(default)]
    pub wall_timeout_s: f64,
    pub memory_limit_mb: u64,
    pub jobs: usize,
    /// Tool name → version, for every solver and preprocessor of the run.
    pub tools: BTreeMap<String, String>,
}

impl Environment {
    /// Reads the machine's description; run number and settings are filled in by the caller.
    pub fn of_this_machine() -> Environment {
        let read = |p: &str| std::fs::read_to_string(p).unwrap_or_default();
        let field = |text: &str, key: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(key))
                .map(|v| v.trim_start_matches([' ', '\t', ':', '=']).trim().trim_matches('"').to_string())
                .unwrap_or_default()
        };
        let meminfo = read("/proc/meminfo");
        let mem_kb: u64 = field(&meminfo, "MemTotal").trim_end_matches("kB").trim().parse().unwrap_or(0);
        Environment {
            run: 0,
            qbfgames_version: String::new(),
            host: read("/proc/sys/kernel/hostname").trim().to_string(),
            cpu_model: field(&read("/proc/cpuinfo"), "model name"),
            cores: super::cores::usable().len(),
            memory_mb: mem_kb / 1024,
            os: field(&read("/etc/os-release"), "PRETTY_NAME"),
            kernel: read("/proc/sys/kernel/osrelease").trim().to_string(),
            timeout_s: 0.0,
            wall_timeout_s: 0.0,
            memory_limit_mb: 0,
            jobs: 0,
            tools: BTreeMap::new(),
        }
    }

    /// The environments recorded in `dir` by earlier runs, in file order: none without the
    /// file; a line that is not a record is skipped.
    pub fn recorded(dir: &Path) -> Vec<Environment> {
        let text = std::fs::read_to_string(dir.join(FILE)).unwrap_or_default();
        text.lines().filter_map(|l| serde_json::from_str(l).ok()).collect()
    }

    /// Numbers this run after those already in `dir/environment.jsonl` and appends it.
    pub fn record(mut self, dir: &Path) -> Result<Environment, Error> {
        let (mut file, lines) = JsonLines::open(&dir.join(FILE))?;
        let last = lines.iter().filter_map(|(_, l)| serde_json::from_str::<Environment>(l).ok()).map(|e| e.run).max();
        self.run = last.unwrap_or(0) + 1;
        let line =
            serde_json::to_string(&self).map_err(|error| Error::Encode { what: "the environment".into(), error })?;
        file.append(&line)?;
        Ok(self)
    }
}
