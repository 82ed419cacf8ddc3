//! `qbfgames depth`: critical depths by iterative deepening with a QBF solver, as in the
//! papers. For every grid point and encoding of a suite, depths 1, 2, … (odd depths only for
//! models that need them) are encoded and solved until the first *true* answer (the
//! critical depth), `--max-depth` (no win up to it), or a run without an answer (the
//! largest refuted depth is reported).

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use harness::{
    classify, parse_memory, prepare, Executor, InputFormat, Job as RunJob, Limits, RealExecutor, Status, ToolRun, Tools,
};
use reports::Table;
use suites::generate::{Builder, Instance};
use suites::resolve::params_string;
use suites::{load, Depth, Job};

use crate::flags::DepthArgs;
use crate::output::print_table;
use suites::builder::Encoders;

/// What deepening one grid point found.
enum Found {
    Win(u32),
    NoWinUpTo(u32),
    Refuted { up_to: u32, stopped: Status },
}

pub fn run(args: &DepthArgs) -> Result<ExitCode> {
    let suite = load(&args.suite)?;
    let tools = Tools::load(&args.config)?;
    let tool = tools.solvers.get(&args.solver).with_context(|| {
        format!(
            "--solver {}: not in {}; its solvers are {}",
            args.solver,
            args.config.display(),
            tools.solvers.keys().cloned().collect::<Vec<_>>().join(", ")
        )
    })?;
    let solver = prepare(tool, &RealExecutor)?;
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        bail!("--timeout {}: the time limit must be a positive number of seconds", args.timeout);
    }
    let limits = Limits {
        timeout: Duration::from_secs_f64(args.timeout),
        memory: parse_memory(&args.memory).context("--memory")?,
    };
    let builder = Encoders { exe: std::env::current_exe().context("locating the qbfgames executable")? };
    let scratch = tempfile::tempdir().context("creating a scratch directory")?;
    let mut table = Table::new(&["family", "params", "encoding", "result", ">solver_s"]);
    for family in suite.families.iter().filter(|f| args.family.as_ref().is_none_or(|name| &f.name == name)) {
        let step = if family.model.schema().odd_depths { 2 } else { 1 };
        for point in &family.points {
            for &encoding in &family.encodings {
                let mut total = 0.0;
                let mut found = Found::NoWinUpTo(0);
                for depth in (1..=args.max_depth).step_by(step) {
                    let job = Job {
                        family,
                        params: &point.params,
                        depth: Depth::Plies(depth),
                        encoding,
                        formats: &[],
                        answer: None,
                    };
                    let instance =
                        builder.build(&suite.dir, &job).map_err(|e| anyhow::anyhow!("{}: {e}", job.key()))?;
                    let (status, seconds) = solve(&instance, &job, &solver, &limits, scratch.path())?;
                    total += seconds;
                    eprintln!("{}: {status} ({seconds:.2} s)", job.key());
                    found = match status {
                        Status::True => Found::Win(depth),
                        Status::False => Found::NoWinUpTo(depth),
                        stopped => Found::Refuted { up_to: depth.saturating_sub(step as u32), stopped },
                    };
                    if !matches!(found, Found::NoWinUpTo(_)) {
                        break;
                    }
                }
                let result = match found {
                    Found::Win(d) => format!("win at {d}"),
                    Found::NoWinUpTo(d) => format!("no win up to {d}"),
                    Found::Refuted { up_to, stopped } => {
                        format!("refuted up to {up_to} ({stopped} at {})", up_to + step as u32)
                    }
                };
                table.push_row(vec![
                    family.name.clone(),
                    params_string(&point.params),
                    encoding.name().to_string(),
                    result,
                    format!("{total:.2}"),
                ]);
            }
        }
    }
    print_table(&table, args.format)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes the instance in a format the solver reads, runs it under the limits, and
/// returns the strict reading of its answer and its CPU time.
fn solve(instance: &Instance, job: &Job, solver: &ToolRun, limits: &Limits, dir: &Path) -> Result<(Status, f64)> {
    let qcir = !solver.tool.reads(InputFormat::Qdimacs) && solver.tool.reads(InputFormat::Qcir);
    let path = dir.join(if qcir { "instance.qcir" } else { "instance.qdimacs" });
    let mut file =
        std::io::BufWriter::new(std::fs::File::create(&path).with_context(|| format!("creating {}", path.display()))?);
    if qcir {
        instance.write_qcir(&mut file, &[])
    } else {
        instance.write_qdimacs(&mut file, job.family.clause_form, &[])
    }
    .with_context(|| format!("{} for solver {}", job.key(), solver.tool.name))?;
    file.flush()?;
    drop(file);
    let argv = solver.tool.argv(&path, None, limits.cpu_seconds(), limits.memory >> 20);
    let run = RunJob {
        invocation: harness::Invocation { program: solver.program.clone(), args: argv[1..].to_vec() },
        limits: *limits,
    };
    let m = RealExecutor.execute(&run).with_context(|| format!("starting {}", solver.tool.name))?;
    let (status, _) = classify(&m, limits, &solver.tool.answer);
    Ok((status, m.cpu.as_secs_f64()))
}
