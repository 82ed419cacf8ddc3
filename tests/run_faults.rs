//! `qbfgames run` under load and faults: numbers that hold on a busy machine, solvers
//! that leave children behind or lie, a harness killed with SIGKILL, and the logs kept.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::run_dir;

use run_dir::*;

/// A fake solver that spends the CPU seconds its instance asks for (`c burn S`), then
/// sleeps as long as it asks (`c sleep S`, if it does), and gives the answer it asks for
/// (`c answer true|false`); and a fake preprocessor that spends the CPU seconds the
/// instance asks of it (`c preburn S`) and writes the instance unchanged.
const FAKES: &str = r#"
[solver.burn]
command = ["python3", "-c", """
import sys, time
text = open(sys.argv[1]).read()
burn = float(text.split("c burn ")[1].split()[0])
answer = text.split("c answer ")[1].split()[0]
start = time.process_time()
while time.process_time() - start < burn:
    pass
if "c sleep " in text:
    time.sleep(float(text.split("c sleep ")[1].split()[0]))
print("SAT" if answer == "true" else "UNSAT")
sys.exit(10 if answer == "true" else 20)
""", "{input}"]
formats = ["qdimacs"]
version = "1"
answer_lines = { true = "SAT", false = "UNSAT" }

[preprocessor.preburn]
command = ["python3", "-c", """
import sys, time
text = open(sys.argv[1]).read()
burn = float(text.split("c preburn ")[1].split()[0])
start = time.process_time()
while time.process_time() - start < burn:
    pass
open(sys.argv[2], "w").write(text)
""", "{input}", "{output}"]
formats = ["qdimacs"]
version = "1"
"#;

/// The fake solvers that are shell scripts: `orphaner` leaves a `setsid` child holding its
/// output; `lingerer` closes its output and sleeps; `liar` says true to everything and
/// `denier` false; `sleeper` (and a `setsid` child of it) sleeps while the file `FLAG`
/// exists; `stalled` sleeps on its first run (while the file `ONCE` exists, which it
/// removes) and answers on the next.
const SCRIPTS: [(&str, &str); 6] = [
    ("orphaner", "setsid sleep 4343.16 & echo SAT; exit 10"),
    ("lingerer", "exec >&- 2>&-; sleep 4343.17"),
    ("liar", "echo SAT; exit 10"),
    ("denier", "echo UNSAT; exit 20"),
    ("sleeper", "if [ -e FLAG ]; then setsid sleep 4343.19 & sleep 4343.18; fi; echo SAT; exit 10"),
    ("stalled", "if [ -e ONCE ]; then rm ONCE; sleep 4343.2; fi; echo SAT; exit 10"),
];

fn fakes(dir: &Path) -> Result<String> {
    let mut toml = FAKES.to_string();
    for (name, script) in SCRIPTS {
        let script = script
            .replace("FLAG", &dir.join("flag").display().to_string())
            .replace("ONCE", &dir.join("once").display().to_string());
        toml.push_str(&format!(
            "\n[solver.{name}]\ncommand = [\"/bin/sh\", \"-c\", {script:?}, \"sh\", \"{{input}}\"]\nformats = [\"qdimacs\"]\nversion = \"1\"\nanswer_lines = {{ true = \"SAT\", false = \"UNSAT\" }}\n"
        ));
    }
    let path = dir.join("fakes.toml");
    std::fs::write(&path, toml)?;
    Ok(path.display().to_string())
}

/// An instance for `burn`: it needs `seconds` of CPU and answers `answer`.
fn burn(seconds: f64, answer: &'static str) -> (&'static str, String, &'static str) {
    ("burn", format!("c burn {seconds}\nc answer {answer}\np cnf 1 1\ne 1 0\n1 0\n"), answer)
}

/// Whether a live process's command line contains `marker`.
fn alive(marker: &str) -> bool {
    std::fs::read_dir("/proc").into_iter().flatten().flatten().any(|e| {
        std::fs::read(e.path().join("cmdline")).is_ok_and(|c| {
            let c = String::from_utf8_lossy(&c);
            c.contains(marker) && !c.starts_with("/bin/sh")
        })
    })
}

/// Processes that burn CPU until dropped, pinned to `cores` (all cores: `None`).
struct Burners(Vec<Child>);

impl Burners {
    fn start(n: usize, core: Option<usize>) -> Result<Burners> {
        let mut all = Vec::new();
        for _ in 0..n {
            let mut c = match core {
                Some(core) => {
                    let mut c = Command::new("taskset");
                    c.args(["-c", &core.to_string(), "/bin/sh"]);
                    c
                }
                None => Command::new("/bin/sh"),
            };
            all.push(c.args(["-c", "while :; do :; done"]).stdout(Stdio::null()).spawn()?);
        }
        Ok(Burners(all))
    }
}

impl Drop for Burners {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// (instance, status) of every record, sorted.
fn outcomes(dir: &Path) -> Result<Vec<(String, String)>> {
    let (all, _) = records(dir)?;
    let mut out: Vec<(String, String)> = all
        .iter()
        .map(|r| (r["instance"].as_str().unwrap_or("").to_string(), r["status"].as_str().unwrap_or("").to_string()))
        .collect();
    out.sort();
    Ok(out)
}

#[test]
fn under_full_load_the_verdicts_and_timeouts_are_those_of_an_idle_machine() -> Result<()> {
    let formulas = vec![burn(0.5, "true"), burn(1.0, "false"), burn(2.5, "true"), burn(3.0, "false")];
    let jobs = cores().min(2).to_string();
    let mut seen = Vec::new();
    for load in [0, cores()] {
        let dir = instance_dir(&formulas)?;
        let config = fakes(dir.path())?;
        let _burners = Burners::start(load, None)?;
        let out = run(dir.path(), &["--config", &config, "--solvers", "burn", "--timeout", "1.6", "--jobs", &jobs])?;
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        seen.push(outcomes(dir.path())?);
    }
    let statuses: Vec<&str> = seen[0].iter().map(|(_, s)| s.as_str()).collect();
    let mut sorted = statuses.clone();
    sorted.sort();
    assert_eq!(sorted, ["false", "timeout", "timeout", "true"], "idle: {:?}", seen[0]);
    assert_eq!(seen[0], seen[1], "idle and loaded runs agree, and nothing is starved");
    Ok(())
}

#[test]
fn a_run_starved_of_its_core_is_starved_not_timed_out_and_runs_again_on_resume() -> Result<()> {
    let dir = instance_dir(&[burn(1.0, "true")])?;
    let config = fakes(dir.path())?;
    let args = ["--config", &config, "--solvers", "burn", "--timeout", "2", "--jobs", "1", "--wall-timeout"];
    {
        // The run is pinned to the first core; three burners there leave it a quarter.
        let _burners = Burners::start(3, Some(0))?;
        let out = run(dir.path(), &[&args[..], &["2.5", "--starved-retries", "0"]].concat())?;
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    assert_eq!(outcomes(dir.path())?.iter().map(|(_, s)| s.as_str()).collect::<Vec<_>>(), ["starved"]);
    let out = run(dir.path(), &[&args[..], &["60"]].concat())?;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let (all, count) = records(dir.path())?;
    assert_eq!(all.len(), 2, "the starved record stays in the log, superseded");
    assert_eq!(count.len(), 1);
    let csv = std::fs::read_to_string(dir.path().join("results.csv"))?;
    assert_eq!(csv.lines().count(), 2, "one row per cell:\n{csv}");
    assert!(csv.contains(",true,true,correct,true,"), "the re-run's answer is the cell's:\n{csv}");
    Ok(())
}

#[test]
fn a_setsid_child_holding_the_output_neither_blocks_the_run_nor_outlives_it() -> Result<()> {
    let dir = instance_dir(&[burn(0.0, "true")])?;
    let config = fakes(dir.path())?;
    let start = Instant::now();
    let out = run(dir.path(), &["--config", &config, "--solvers", "orphaner", "--timeout", "5"])?;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(start.elapsed() < Duration::from_secs(6), "finished within the limit + 1 s: {:?}", start.elapsed());
    assert!(!alive("4343.16"), "the setsid child is gone");
    assert_eq!(status_of(&records(dir.path())?.0, "orphaner"), ["true"]);
    Ok(())
}

#[test]
fn a_solver_that_closes_its_output_and_lingers_is_stopped_at_the_wall_limit_and_starved() -> Result<()> {
    let dir = instance_dir(&[burn(0.0, "true")])?;
    let config = fakes(dir.path())?;
    let start = Instant::now();
    let args = ["--config", &config, "--solvers", "lingerer", "--timeout", "1", "--wall-timeout", "2"];
    let out = run(dir.path(), &[&args[..], &["--starved-retries", "0"]].concat())?;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(start.elapsed() < Duration::from_secs(4), "stopped at the wall limit: {:?}", start.elapsed());
    assert!(!alive("4343.17"));
    let (all, _) = records(dir.path())?;
    assert_eq!(status_of(&all, "lingerer"), ["starved"], "its CPU limit unused: no timeout: {all:?}");
    assert!(all[0]["detail"].as_str().is_some_and(|d| d.contains("idle")), "{all:?}");
    Ok(())
}

/// An instance for `burn` after `preburn`: the preprocessor needs `pre` CPU seconds, the
/// solver `solve`, and the answer is true.
fn preburn(pre: f64, solve: f64) -> (&'static str, String, &'static str) {
    ("burn", format!("c preburn {pre}\nc burn {solve}\nc answer true\np cnf 1 1\ne 1 0\n1 0\n"), "true")
}

#[test]
fn a_preprocessor_and_its_solver_share_one_cpu_limit() -> Result<()> {
    let mut seen = Vec::new();
    for limit in ["10", "15"] {
        let dir = instance_dir(&[preburn(6.0, 6.0)])?;
        let config = fakes(dir.path())?;
        let args = ["--config", &config, "--solvers", "burn", "--preprocessors", "preburn", "--timeout", limit];
        let out = run(dir.path(), &args)?;
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let (all, _) = records(dir.path())?;
        let r = all.first().ok_or("no record")?.clone();
        let cpu = |field: &str| r[field].as_f64().unwrap_or(f64::NAN);
        seen.push((r["status"].as_str().unwrap_or("").to_string(), cpu("pre_cpu_s"), cpu("cpu_s")));
    }
    let (status, pre, solve) = &seen[0];
    assert_eq!(status, "timeout", "6 s + 6 s do not fit 10 s: {seen:?}");
    assert!(*pre >= 5.9 && pre + solve <= 10.3, "the solver got what preprocessing left: {seen:?}");
    let (status, pre, solve) = &seen[1];
    assert_eq!(status, "true", "6 s + 6 s fit 15 s: {seen:?}");
    assert!((11.8..13.0).contains(&(pre + solve)), "both times are the cell's: {seen:?}");
    Ok(())
}

#[test]
fn a_run_the_wall_clock_stopped_short_of_its_cpu_limit_is_starved_and_runs_again() -> Result<()> {
    let dir = instance_dir(&[("burn", "c burn 8\nc sleep 30\nc answer true\np cnf 1 1\ne 1 0\n1 0\n".into(), "true")])?;
    let config = fakes(dir.path())?;
    let args = ["--config", &config, "--solvers", "burn", "--timeout", "10", "--wall-timeout", "10"];
    let args = [&args[..], &["--starved-retries", "0"]].concat();
    for _ in 0..2 {
        let out = run(dir.path(), &args)?;
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let (all, count) = records(dir.path())?;
    assert_eq!(
        status_of(&all, "burn"),
        ["starved", "starved"],
        "8 s of a 10 s limit: starved, and the resume ran it again"
    );
    assert_eq!(count.len(), 1);
    Ok(())
}

#[test]
fn a_starved_cell_runs_again_within_the_run_with_a_wider_wall_clock_limit() -> Result<()> {
    let dir = instance_dir(&[burn(0.0, "true")])?;
    let config = fakes(dir.path())?;
    std::fs::write(dir.path().join("once"), "")?;
    let args = ["--config", &config, "--solvers", "stalled", "--timeout", "1", "--wall-timeout", "1.5"];
    let out = run(dir.path(), &args)?;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!alive("4343.2"), "the stalled run was stopped");
    let (all, count) = records(dir.path())?;
    assert_eq!(status_of(&all, "stalled"), ["starved", "true"], "run again within the run: {all:?}");
    assert_eq!(count.len(), 1, "one cell");
    let walls: Vec<f64> = all.iter().filter_map(|r| r["wall_timeout_s"].as_f64()).collect();
    assert_eq!(walls, [1.5, 2.0], "the re-run's wall-clock margin doubled");
    let csv = std::fs::read_to_string(dir.path().join("results.csv"))?;
    assert!(csv.contains(",true,true,correct,true,"), "the re-run's answer is the cell's:\n{csv}");
    Ok(())
}

#[test]
fn sigkill_of_run_takes_its_solvers_down_and_resume_runs_each_cell_once() -> Result<()> {
    let formulas: Vec<(&str, String, &str)> =
        (0..4).map(|i| ("slow", format!("c {i}\np cnf 1 1\ne 1 0\n1 0\n"), "true")).collect();
    let dir = instance_dir(&formulas)?;
    let config = fakes(dir.path())?;
    std::fs::write(dir.path().join("flag"), "")?;
    let args = ["--config", config.as_str(), "--solvers", "sleeper", "--timeout", "60", "--jobs", "2"];
    let mut harness =
        qbfgames().arg("run").arg(dir.path()).args(args).stdin(Stdio::null()).stderr(Stdio::null()).spawn()?;
    let deadline = Instant::now() + Duration::from_secs(30);
    while !(alive("4343.18") && alive("4343.19")) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(alive("4343.18"), "the solvers started");
    harness.kill()?; // SIGKILL
    harness.wait()?;
    let killed = Instant::now();
    while (alive("4343.18") || alive("4343.19")) && killed.elapsed() < Duration::from_secs(2) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!alive("4343.18") && !alive("4343.19"), "no solver or child of one outlives the harness by 2 s");
    std::fs::remove_file(dir.path().join("flag"))?;
    let out = run(dir.path(), &args)?;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let (all, count) = records(dir.path())?;
    assert_eq!((all.len(), count.len()), (4, 4), "each cell exactly once");
    Ok(())
}

#[test]
fn wrong_and_conflicting_answers_are_in_the_results_file_itself_with_logs_kept() -> Result<()> {
    let formulas = vec![burn(0.0, "false"), ("other", "c x\np cnf 1 1\ne 1 0\n1 0\n".to_string(), "unknown")];
    let dir = instance_dir(&formulas)?;
    let config = fakes(dir.path())?;
    let out = run(dir.path(), &["--config", &config, "--solvers", "liar,denier", "--timeout", "5"])?;
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    let (all, _) = records(dir.path())?;
    let liar = all.iter().find(|r| r["solver"] == "liar" && r["expected"] == "false").ok_or("no liar record")?;
    assert_eq!((&liar["status"], &liar["answer"], &liar["check"]), (&"wrong".into(), &"true".into(), &"wrong".into()));
    let csv = std::fs::read_to_string(dir.path().join("results.csv"))?;
    let unknown: Vec<&str> = csv.lines().filter(|l| l.contains(",unknown,")).collect();
    assert_eq!(unknown.len(), 2, "{csv}");
    assert!(unknown.iter().all(|l| l.contains(",conflict,") && !l.contains(",true,unchecked")), "{csv}");
    assert!(!csv.lines().any(|l| l.contains(",true,true,wrong")), "no rejected answer shows as an answer:\n{csv}");
    let log = liar["log"].as_str().ok_or("no log")?;
    let mut text = String::new();
    std::io::Read::read_to_string(
        &mut flate2::read::GzDecoder::new(std::fs::File::open(dir.path().join(log))?),
        &mut text,
    )?;
    assert!(text.contains("==> stdout (4 bytes) <==\nSAT\n"), "{text}");
    Ok(())
}
