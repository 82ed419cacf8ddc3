//! `qbfgames run --backend slurm` and `qbfgames slurm-script`: the pending cells of a
//! directory as one Slurm job array.
//!
//! A pipeline: cluster profile + flags → tools and instances (as for a local run) →
//! earlier batches merged → pending cells split into shards → batch directory with the
//! job script → `sbatch` (not for `slurm-script`) → wait for the array → collect.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use harness::shard::{batch_dir, batches, split, Batch};
use harness::slurm::{array_spec, job_name, wait, Profile, Scheduler, Script, SlurmCli};
use harness::{Environment, Plan, RealExecutor, ResultStore, Tools};

use super::run::{instances, limits, tool_runs};
use super::slurm_collect;
use crate::flags::{RunArgs, SlurmArgs};
use crate::output::write_atomically;

/// Slurm's default MaxArraySize: array indices go up to 1000.
const MAX_ARRAY: usize = 1001;

/// A batch written to disk, ready to submit.
struct Prepared {
    dir: PathBuf,
    batch_dir: PathBuf,
    script: Script,
    script_path: PathBuf,
}

/// `qbfgames run --backend slurm`: submit, wait (unless `--no-wait`), collect.
pub fn run(args: &RunArgs) -> Result<ExitCode> {
    check_flags(args)?;
    let scheduler = SlurmCli;
    let dir = absolute(&args.dir)?;
    for n in batches(&dir)? {
        let active = scheduler.active(&job_name(&dir, n))?;
        if !active.is_empty() {
            bail!(
                "batch {n} of {} still has {} array task(s) queued or running\n  help: wait for them (`qbfgames collect {}` shows how far they are), or cancel them with scancel",
                dir.display(),
                active.len(),
                args.dir.display()
            );
        }
    }
    let Some(prepared) = prepare(args)? else {
        println!("nothing to run: every cell of {} has its result", args.dir.display());
        if batches(&dir)?.is_empty() {
            return Ok(ExitCode::SUCCESS);
        }
        return slurm_collect::run(&dir, false, true);
    };
    let all: Vec<usize> = (0..prepared.script.shards).collect();
    let job = match scheduler.submit(&prepared.script_path, &array_spec(&all, prepared.script.profile.array_limit)) {
        Ok(job) => job,
        Err(e) => {
            // A batch that never reached the queue would only show up as failed shards.
            let _ = std::fs::remove_dir_all(&prepared.batch_dir);
            return Err(e.into());
        }
    };
    println!(
        "submitted job {job}: {} array task(s), logs in {}",
        prepared.script.shards,
        prepared.batch_dir.join("logs").display()
    );
    if args.slurm.no_wait {
        println!("not waiting; merge the results later with: qbfgames collect {}", args.dir.display());
        return Ok(ExitCode::SUCCESS);
    }
    wait_for(&scheduler, &prepared.script.job_name(), prepared.script.profile.poll())?;
    slurm_collect::run(&prepared.dir, false, true)
}

/// `qbfgames slurm-script`: write the batch and its script; the user submits it.
pub fn script(args: &RunArgs) -> Result<ExitCode> {
    match prepare(args)? {
        None => println!("nothing to run: every cell of {} has its result", args.dir.display()),
        Some(p) => {
            println!("wrote {} ({} array task(s))", p.script_path.display(), p.script.shards);
            println!("submit it with:   sbatch {}", p.script_path.display());
            println!("then merge with:  qbfgames collect {}", args.dir.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Waits for the array tasks named `name`, showing how many are left.
pub fn wait_for(scheduler: &dyn Scheduler, name: &str, poll: std::time::Duration) -> Result<()> {
    let mut last = usize::MAX;
    wait(scheduler, name, poll, &mut |n| {
        if n != last && n > 0 {
            let _ = writeln!(std::io::stderr(), "waiting for {n} array task(s) of {name}");
        }
        last = n;
    })?;
    Ok(())
}

/// Makes a batch of the cells of `args` that have no result yet; `None` if there are none.
fn prepare(args: &RunArgs) -> Result<Option<Prepared>> {
    check_flags(args)?;
    let profile = profile(&args.slurm)?;
    let dir = absolute(&args.dir)?;
    if dir.to_string_lossy().contains(|c: char| c.is_whitespace() || c == '"' || c == '\'') {
        bail!("{}: the Slurm backend needs a directory path without spaces or quotes (it goes into #SBATCH lines)\n  help: move or link the directory to such a path", dir.display());
    }
    let config = absolute(&args.config).with_context(|| format!("--config {}", args.config.display()))?;
    let tools = Tools::load(&config)?;
    let limits = limits(args)?;
    let (solvers, preprocessors) = tool_runs(&tools, &args.solvers, &args.preprocessors, &RealExecutor)?;
    let instances = instances(&dir)?;
    let mut store = ResultStore::open(&dir)?;
    for n in batches(&dir)? {
        harness::shard::collect(&mut store, &batch_dir(&dir, n), &BTreeSet::new())?;
    }
    let mut env = Environment::of_this_machine();
    env.qbfgames_version = env!("CARGO_PKG_VERSION").to_string();
    env.timeout_s = args.timeout;
    env.memory_limit_mb = limits.memory >> 20;
    env.jobs = profile.cpus();
    let mut versions = std::collections::BTreeMap::new();
    for t in solvers.iter().chain(preprocessors.iter().flatten()) {
        versions.insert(t.tool.name.clone(), t.version.clone());
    }
    env.tools = versions.clone();
    let preprocessing = preprocessors.iter().any(Option::is_some);
    let plan =
        Plan { instances, preprocessors, solvers, limits, jobs: profile.cpus(), cache: dir.join("cache"), run: 0 };
    let pending: Vec<String> = plan.cells().into_iter().map(|c| c.key).filter(|k| !store.contains(k)).collect();
    if pending.is_empty() {
        return Ok(None);
    }
    let shards = split(&pending, profile.shard_cells());
    if shards.len() > MAX_ARRAY {
        bail!(
            "--shard-cells {}: {} cells make {} shards, more than Slurm's usual MaxArraySize of {MAX_ARRAY}\n  help: use --shard-cells {} or more",
            profile.shard_cells(),
            pending.len(),
            shards.len(),
            pending.len().div_ceil(MAX_ARRAY)
        );
    }
    let env = env.record(&dir)?;
    drop(store);
    let batch_dir = batch_dir(&dir, env.run);
    let batch = Batch {
        run: env.run,
        config,
        solvers: args.solvers.clone(),
        preprocessors: args.preprocessors.clone(),
        versions,
        timeout_s: args.timeout,
        memory: limits.memory,
        jobs: profile.cpus(),
        shards: shards.len(),
        array_limit: profile.array_limit,
        poll_seconds: profile.poll().as_secs(),
    };
    batch.write(&batch_dir, &shards)?;
    let logs = batch_dir.join("logs");
    std::fs::create_dir_all(&logs).with_context(|| format!("creating {}", logs.display()))?;
    let qbfgames = match &profile.qbfgames {
        Some(p) => p.clone(),
        None => std::env::current_exe().context("finding this executable's path (set `qbfgames` in the profile)")?,
    };
    let script = Script {
        dir: dir.clone(),
        batch: env.run,
        shards: shards.len(),
        shard_cells: shards.iter().map(Vec::len).max().unwrap_or(0),
        timeout: limits.timeout,
        preprocessing,
        memory: limits.memory,
        qbfgames,
        profile,
    };
    let script_path = batch_dir.join("job.sbatch");
    write_atomically(&script_path, |w| script.write(w))?;
    Ok(Some(Prepared { dir, batch_dir, script, script_path }))
}

/// Fails when a Slurm flag is given to a local run, where it would be ignored.
pub fn no_slurm_flags(args: &SlurmArgs) -> Result<()> {
    let given = [
        ("--profile", args.profile.is_some()),
        ("--partition", args.partition.is_some()),
        ("--account", args.account.is_some()),
        ("--array-limit", args.array_limit.is_some()),
        ("--cpus-per-task", args.cpus_per_task.is_some()),
        ("--mem-per-cpu", args.mem_per_cpu.is_some()),
        ("--shard-cells", args.shard_cells.is_some()),
        ("--no-wait", args.no_wait),
    ];
    if let Some((flag, _)) = given.iter().find(|(_, g)| *g) {
        bail!("{flag} is a Slurm setting\n  help: add --backend slurm, or drop {flag} for a run on this machine");
    }
    Ok(())
}

/// Flags that mean nothing on Slurm.
fn check_flags(args: &RunArgs) -> Result<()> {
    if args.jobs.is_some() {
        bail!(
            "--jobs: on Slurm, the cells running at once in a shard are its CPUs\n  help: use --cpus-per-task instead"
        );
    }
    Ok(())
}

/// The profile file (if any) with the command line's settings over it.
fn profile(args: &SlurmArgs) -> Result<Profile> {
    let mut p = match &args.profile {
        Some(path) => Profile::load(path)?,
        None => Profile::default(),
    };
    let set = |slot: &mut Option<String>, value: &Option<String>| {
        if value.is_some() {
            slot.clone_from(value);
        }
    };
    set(&mut p.partition, &args.partition);
    set(&mut p.account, &args.account);
    set(&mut p.mem_per_cpu, &args.mem_per_cpu);
    p.array_limit = args.array_limit.or(p.array_limit);
    p.cpus_per_task = args.cpus_per_task.or(p.cpus_per_task);
    p.shard_cells = args.shard_cells.or(p.shard_cells);
    for (flag, value) in
        [("--array-limit", p.array_limit), ("--cpus-per-task", p.cpus_per_task), ("--shard-cells", p.shard_cells)]
    {
        if value == Some(0) {
            bail!("{flag} 0: must be at least 1 (flag or profile key)");
        }
    }
    Ok(p)
}

/// `path` made absolute (array tasks may start in another directory).
fn absolute(path: &Path) -> Result<PathBuf> {
    std::fs::canonicalize(path).with_context(|| format!("{}: cannot open", path.display()))
}
