//! Harness overhead per cell, and whether `--jobs 2` keeps two cores busy.
//!
//! Overhead: a matrix of tiny instances × a trivial solver (`/bin/sh -c 'exit 10'`) runs
//! through the real executor and a result store (fsync per record); the time per cell
//! minus the time of a bare spawn-and-wait of the same program is what the harness adds.
//! Cores busy: a CPU-bound fake solver with --jobs 1 and --jobs 2; the CPU time of the
//! runs over the matrix's wall time × jobs is the share of the cores kept busy (goal
//! ≥ 95% at --jobs 2).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use harness::{run_matrix, Error, Instance, Limits, Plan, RealExecutor, ResultStore, ToolRun, Tools};

fn plan(dir: &Path, n: usize, script: &str, jobs: usize) -> Result<Plan, Error> {
    let toml = format!("[solver.s]\ncommand = [\"/bin/sh\", \"-c\", \"{script}\", \"sh\", \"{{input}}\"]\nformats = [\"qdimacs\"]\nversion = \"1\"\n");
    let tools = Tools::parse(&toml, Path::new("bench.toml"), Path::new("/"))?;
    let tool = tools.solvers["s"].clone();
    let solver = ToolRun { program: PathBuf::from("/bin/sh"), version: "1".into(), tool };
    let mut instances = Vec::new();
    for i in 0..n {
        let id = format!("{i:064x}");
        let path = dir.join(format!("{id}.qdimacs"));
        std::fs::write(&path, "p cnf 1 1\ne 1 0\n1 0\n")?;
        instances.push(Instance::qdimacs_file(id, "bench".into(), path));
    }
    Ok(Plan {
        instances,
        preprocessors: vec![None],
        solvers: vec![solver],
        limits: Limits::new(Duration::from_secs(60), 1 << 30),
        jobs,
        cache: dir.join("cache"),
        dir: dir.to_path_buf(),
        owner: dir.to_path_buf(),
        run: 1,
        certifier: None,
        starved_retries: 0,
        stop_series: None,
    })
}

/// Runs the plan into a fresh store; total wall time and the solvers' summed CPU time.
fn time(plan: &Plan, dir: &Path) -> Result<(Duration, f64), Error> {
    let mut store = ResultStore::open(dir)?;
    let mut solver_cpu = 0.0;
    let start = Instant::now();
    run_matrix(plan, &RealExecutor, &|_| false, &mut |r| {
        solver_cpu += r.cpu_s;
        store.append(r)
    })?;
    store.finish()?;
    Ok((start.elapsed(), solver_cpu))
}

fn main() -> Result<(), Error> {
    let n = 300;
    let dir = tempfile::tempdir()?;
    let p = plan(dir.path(), n, "exit 10", 1)?;
    let start = Instant::now();
    for _ in 0..n {
        Command::new("/bin/sh").args(["-c", "exit 10", "sh", "x"]).status()?;
    }
    let bare = start.elapsed().as_secs_f64() / n as f64;
    let (total, _) = time(&p, dir.path())?;
    let per_cell = total.as_secs_f64() / n as f64;
    println!("harness: {n} cells of a trivial solver, --jobs 1");
    println!("  per cell            {:7.2} ms", per_cell * 1e3);
    println!("  bare spawn + wait   {:7.2} ms", bare * 1e3);
    println!("  harness overhead    {:7.2} ms per cell (goal < 10 ms)", (per_cell - bare) * 1e3);

    let busy = "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; exit 10";
    for jobs in [1, 2] {
        let dir = tempfile::tempdir()?;
        let p = plan(dir.path(), 48, busy, jobs)?;
        let (total, solver_cpu) = time(&p, dir.path())?;
        println!(
            "harness: 48 CPU-bound cells, --jobs {jobs}: {:.2} s wall, {:.2} s CPU of runs: cores busy {:.1}%{}",
            total.as_secs_f64(),
            solver_cpu,
            100.0 * solver_cpu / (total.as_secs_f64() * jobs as f64),
            if jobs == 2 { " (goal >= 95%)" } else { "" }
        );
    }
    Ok(())
}
