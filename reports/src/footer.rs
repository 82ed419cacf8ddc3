//! The page's footer: what the runs ran on and with (`DIR/environment.jsonl`, one line per
//! `qbfgames run`: machine, limits, tool versions), the CPU limits of the records (PAR-2
//! counts each unsolved run at twice its own), and how busy the machine was (runs that
//! started with a load average above the number of cores, runs whose core's SMT sibling
//! ran another run, starved runs), the cells a series stop left out, so a reader can judge the times.

use std::path::Path;

use harness::Environment;

use super::coverage::fmt_seconds;
use super::input::RunData;

/// The footer's lines; empty without an environment file and without records.
pub fn lines(dir: &Path, data: &RunData) -> Vec<String> {
    let environments = Environment::recorded(dir);
    let mut lines = Vec::new();
    let mut seen = Vec::new();
    for env in &environments {
        let machine = format!(
            "{} ({}, {} cores, {} MB), {}, kernel {}",
            env.host, env.cpu_model, env.cores, env.memory_mb, env.os, env.kernel
        );
        let tools: Vec<String> = env.tools.iter().map(|(name, version)| format!("{name}: {version}")).collect();
        let line = format!(
            "{machine}; limits: {} s CPU, {} s wall, {} MB; {} parallel runs; qbfgames {}; {}",
            env.timeout_s,
            env.wall_timeout_s,
            env.memory_limit_mb,
            env.jobs,
            env.qbfgames_version,
            tools.join(", ")
        );
        if !seen.contains(&line) {
            lines.push(format!("Run {}: {line}", env.run));
            seen.push(line);
        }
    }
    let limits: Vec<String> =
        data.limits().iter().map(|(limit, runs)| format!("{} s CPU ({runs} runs)", fmt_seconds(*limit))).collect();
    if !limits.is_empty() {
        lines.push(format!(
            "Limits: {}; one limit for a preprocessor and its solver together; PAR-2 counts an unsolved run at twice its own limit.",
            limits.join(", ")
        ));
    }
    let cores = environments.iter().map(|e| e.cores).max().unwrap_or(0) as f64;
    if cores > 0.0 {
        let busy = data.records.iter().filter(|r| r.load_start > cores).count();
        if busy > 0 {
            lines.push(format!(
                "Load warning: {busy} of {} runs started with the load average above the {cores} cores; their times may be inflated.",
                data.records.len()
            ));
        }
    }
    let shared = data.records.iter().filter(|r| r.core_shared == Some(true)).count();
    if shared > 0 {
        lines.push(format!(
            "SMT: {shared} of {} runs shared their physical core with another run (a busy hyperthread sibling); their CPU times may be inflated.",
            data.records.len()
        ));
    }
    let stopped = data.records.iter().filter(|r| r.status == contract::Status::Skipped).count();
    if stopped > 0 {
        lines.push(format!(
            "{stopped} cells were not run (`run --stop-series`): their configuration had run out of its limit on a shallower rung of the same series. They count as unsolved, not as timeouts."
        ));
    }
    let starved = data.starved().count();
    if starved > 0 {
        lines.push(format!(
            "{starved} runs were starved (the machine was too busy to measure them) and are not counted; `qbfgames run` runs them again."
        ));
    }
    lines
}
