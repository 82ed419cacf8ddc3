//! `qbfgames run`: the solver × preprocessor matrix over a generated instance directory.
//!
//! A pipeline: solvers file → selected tools (located, versions asked) → manifest →
//! plan → [`harness::run_matrix`] with each record stored durably and shown as progress →
//! summary table → wrong answers and conflicts, loudly, with a non-zero exit.

mod progress;

use std::collections::BTreeSet;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use harness::{
    check, parse_memory, prepare, run_matrix, Environment, Executor, Findings, Instance, Limits, Plan, RealExecutor,
    Record, ResultStore, Status, Tool, ToolRun, Tools,
};
use reports::Table;

use self::progress::Progress;
use crate::flags::{Backend, RunArgs, TableFormat};
use crate::output::print_table;

/// Exit code when an answer is wrong or two configurations conflict.
const FINDINGS_EXIT: u8 = 2;

pub fn run(args: &RunArgs) -> Result<ExitCode> {
    if args.backend == Backend::Slurm {
        return super::slurm::run(args);
    }
    super::slurm::no_slurm_flags(&args.slurm)?;
    let tools = Tools::load(&args.config)?;
    let limits = limits(args)?;
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if jobs == 0 {
        bail!("--jobs 0: at least one run must be able to go on");
    }
    let executor = RealExecutor;
    let (solvers, preprocessors) = tool_runs(&tools, &args.solvers, &args.preprocessors, &executor)?;
    let instances = instances(&args.dir)?;
    let mut store = ResultStore::open(&args.dir)?;
    let mut env = Environment::of_this_machine();
    env.qbfgames_version = env!("CARGO_PKG_VERSION").to_string();
    env.timeout_s = args.timeout;
    env.memory_limit_mb = limits.memory >> 20;
    env.jobs = jobs;
    for t in solvers.iter().chain(preprocessors.iter().flatten()) {
        env.tools.insert(t.tool.name.clone(), t.version.clone());
    }
    let env = env.record(&args.dir)?;
    let plan = Plan { instances, preprocessors, solvers, limits, jobs, cache: args.dir.join("cache"), run: env.run };
    let cells: BTreeSet<String> = plan.cells().into_iter().map(|c| c.key).collect();
    let finished: BTreeSet<String> = cells.iter().filter(|k| store.contains(k)).cloned().collect();
    let mut progress = Progress::new(cells.len() - finished.len(), finished.len());
    run_matrix(&plan, &executor, &|k| finished.contains(k), &mut |record| {
        progress.show(&record);
        store.append(record)
    })?;
    progress.finish();
    store.finish()?;
    conclude(store.records().filter(|r| cells.contains(&r.key)).collect())
}

/// Prints the summary table and any wrong answers or conflicts; the exit code says which.
pub(super) fn conclude(records: Vec<&Record>) -> Result<ExitCode> {
    print_table(&summary(&records), TableFormat::Text)?;
    let findings = check(records.iter().copied());
    report(&findings)?;
    Ok(if findings.is_clean() { ExitCode::SUCCESS } else { ExitCode::from(FINDINGS_EXIT) })
}

/// The limits of `--timeout` and `--memory`.
pub(super) fn limits(args: &RunArgs) -> Result<Limits> {
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        bail!("--timeout {}: the time limit must be a positive number of seconds", args.timeout);
    }
    Ok(Limits {
        timeout: Duration::from_secs_f64(args.timeout),
        memory: parse_memory(&args.memory).context("--memory")?,
    })
}

/// The solvers and preprocessors named, located and with their versions asked.
pub(super) fn tool_runs(
    tools: &Tools,
    solvers: &[String],
    preprocessors: &[String],
    executor: &dyn Executor,
) -> Result<(Vec<ToolRun>, Vec<Option<ToolRun>>)> {
    let solvers = select(&tools.solvers, solvers, "--solvers", false)?
        .into_iter()
        .flatten()
        .map(|t| prepare(t, executor))
        .collect::<Result<Vec<ToolRun>, _>>()?;
    let preprocessors = select(&tools.preprocessors, preprocessors, "--preprocessors", true)?
        .into_iter()
        .map(|t| t.map(|t| prepare(t, executor)).transpose())
        .collect::<Result<Vec<Option<ToolRun>>, _>>()?;
    Ok((solvers, preprocessors))
}

/// The instances of `dir`'s manifest, each checked to exist.
pub(super) fn instances(dir: &std::path::Path) -> Result<Vec<Instance>> {
    Ok(harness::instances(dir)?)
}

/// The tools named in a `--solvers`/`--preprocessors` list; `none` (where allowed) is
/// no tool.
fn select<'a>(
    known: &'a std::collections::BTreeMap<String, Tool>,
    names: &[String],
    flag: &str,
    none_ok: bool,
) -> Result<Vec<Option<&'a Tool>>> {
    let mut out = Vec::new();
    for name in names {
        if none_ok && name == "none" {
            out.push(None);
            continue;
        }
        match known.get(name) {
            Some(t) => out.push(Some(t)),
            None => {
                let mut choices: Vec<&str> = known.keys().map(String::as_str).collect();
                if none_ok {
                    choices.insert(0, "none");
                }
                bail!(
                    "{flag}: unknown name `{name}`\n  help: choose from {} (the solvers file lists them)",
                    choices.join(", ")
                );
            }
        }
    }
    if out.is_empty() {
        bail!("{flag}: empty list\n  help: name at least one");
    }
    Ok(out)
}

/// Status counts and CPU time per configuration.
fn summary(records: &[&Record]) -> Table {
    let mut columns = vec!["configuration"];
    let numbered: Vec<String> = Status::ALL.iter().map(|s| format!(">{s}")).collect();
    columns.extend(numbered.iter().map(String::as_str));
    columns.push(">cpu_s");
    let mut table = Table::new(&columns);
    let configs: BTreeSet<String> = records.iter().map(|r| r.configuration()).collect();
    for config in configs {
        let mine: Vec<&&Record> = records.iter().filter(|r| r.configuration() == config).collect();
        let mut row = vec![config];
        for s in Status::ALL {
            row.push(mine.iter().filter(|r| r.status == s).count().to_string());
        }
        row.push(format!("{:.2}", mine.iter().map(|r| r.cpu_s + r.pre_cpu_s).sum::<f64>()));
        table.push_row(row);
    }
    table
}

/// Shows wrong answers and conflicts on standard error, where they cannot be missed.
fn report(findings: &Findings) -> Result<()> {
    let mut err = std::io::stderr().lock();
    for r in &findings.wrong {
        writeln!(
            err,
            "WRONG: {} says {} on {} ({}), expected {}",
            r.configuration(),
            r.status,
            r.instance,
            r.family,
            r.expected
        )?;
    }
    for c in &findings.conflicts {
        writeln!(
            err,
            "CONFLICT: instance {}: true by {}; false by {}",
            c.instance,
            c.said_true.join(", "),
            c.said_false.join(", ")
        )?;
    }
    if !findings.is_clean() {
        writeln!(
            err,
            "error: {} wrong answer(s), {} conflict(s): a solver, a preprocessor or a benchmark is wrong",
            findings.wrong.len(),
            findings.conflicts.len()
        )?;
    }
    Ok(())
}
