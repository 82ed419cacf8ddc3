//! Single runs on a Slurm cluster, gathered into job-array waves: the [`Executor`] that
//! climbs ladders on a cluster (`generate --backend slurm`).
//!
//! Every ladder climbs on a thread of its own and asks for one run at a time (its next
//! rung). [`WaveExecutor`] holds each request until no new one has come for
//! [`GATHER`] (or every climbing thread has asked), then submits all of them as one
//! job array, a *wave*: array task `i` runs `qbfgames run-wave-task WAVE --task i`
//! ([`run_task`]), which runs request `i` with [`RealExecutor`] on its node, under the
//! same limits and measurement as a local run, and writes its [`Measurement`] to
//! `WAVE/result-i.json`. When the array has left the queue, each thread gets its
//! measurement and climbs on; a task that left no result (its node failed, it was
//! cancelled) is submitted again, up to [`RESUBMITS`] times, then is an error of its
//! run. Waves are numbered in `DIR/.waves/`, which is removed when the executor is
//! dropped.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::executor::{Executor, Job, RealExecutor};
use super::limited::Measurement;
use super::limits::Limits;
use super::process::Invocation;
use super::script_values::quote;
use super::slurm::{array_spec, job_name, wait, Profile, Scheduler};

/// How long a wave waits for more requests after the last one came.
pub const GATHER: Duration = Duration::from_secs(2);

/// How often a task that left no result is submitted again.
pub const RESUBMITS: usize = 2;

/// One request, as an array task reads it.
#[derive(Serialize, Deserialize)]
struct Task {
    program: PathBuf,
    args: Vec<String>,
    stdout_file: Option<PathBuf>,
    max_output: Option<u64>,
    cpu_s: f64,
    wall_s: f64,
    memory: u64,
    owner: Option<PathBuf>,
}

/// A task's measurement, as it writes it.
#[derive(Serialize, Deserialize)]
struct Result_ {
    exit_code: Option<i32>,
    signal: Option<i32>,
    wall_s: f64,
    cpu_s: f64,
    peak_memory: u64,
    wall_killed: bool,
    cpu_killed: bool,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

/// What the threads share: the requests of the next wave and the measurements of the
/// last ones.
#[derive(Default)]
struct State {
    pending: Vec<(u64, Job)>,
    done: BTreeMap<u64, Result<Measurement, String>>,
    next: u64,
    waves: u64,
    submitting: bool,
    last_request: Option<Instant>,
}

/// The executor of waves; see the module's documentation.
pub struct WaveExecutor<'s> {
    dir: PathBuf,
    qbfgames: PathBuf,
    profile: Profile,
    scheduler: &'s (dyn Scheduler + Sync),
    /// Threads that may call [`Executor::execute`] at once: a wave goes when all wait.
    climbers: usize,
    state: Mutex<State>,
    changed: Condvar,
}

impl<'s> WaveExecutor<'s> {
    /// Waves in `dir/.waves/`, their tasks run by `qbfgames` under `profile`; `climbers`
    /// threads may ask for runs at once.
    pub fn new(
        dir: &Path,
        qbfgames: &Path,
        profile: Profile,
        scheduler: &'s (dyn Scheduler + Sync),
        climbers: usize,
    ) -> io::Result<Self> {
        let dir = std::path::absolute(dir)?.join(".waves");
        fs::create_dir_all(&dir)?;
        Ok(WaveExecutor {
            dir,
            qbfgames: qbfgames.to_path_buf(),
            profile,
            scheduler,
            climbers: climbers.max(1),
            state: Mutex::new(State::default()),
            changed: Condvar::new(),
        })
    }

    /// How many waves were submitted (resubmissions not counted).
    pub fn waves(&self) -> u64 {
        self.state.lock().map_or(0, |s| s.waves)
    }

    /// Gathers the next wave, submits it and waits for it; called by one thread at a time
    /// with `state` locked, returns it locked.
    fn submit_wave<'g>(&'g self, mut state: MutexGuard<'g, State>) -> MutexGuard<'g, State> {
        state.submitting = true;
        loop {
            let quiet = state.last_request.is_none_or(|t| t.elapsed() >= GATHER);
            if quiet || state.pending.len() >= self.climbers {
                break;
            }
            state = match self.changed.wait_timeout(state, GATHER / 4) {
                Ok((s, _)) => s,
                Err(poisoned) => poisoned.into_inner().0,
            };
        }
        let wave: Vec<(u64, Job)> = std::mem::take(&mut state.pending);
        state.waves += 1;
        let number = state.waves;
        drop(state);
        let results = self.run_wave(number, &wave);
        let mut state = match self.state.lock() {
            Ok(s) => s,
            Err(poisoned) => poisoned.into_inner(),
        };
        for ((id, _), result) in wave.iter().zip(results) {
            state.done.insert(*id, result);
        }
        state.submitting = false;
        self.changed.notify_all();
        state
    }

    /// Writes, submits and waits for one wave; a measurement (or why there is none) per
    /// job, in order.
    fn run_wave(&self, number: u64, wave: &[(u64, Job)]) -> Vec<Result<Measurement, String>> {
        let dir = self.dir.join(format!("wave-{number}"));
        let prepared = (|| -> io::Result<()> {
            fs::create_dir_all(dir.join("logs"))?;
            for (i, (_, job)) in wave.iter().enumerate() {
                let task = Task {
                    program: job.invocation.program.clone(),
                    args: job.invocation.args.clone(),
                    stdout_file: job.invocation.stdout_file.clone(),
                    max_output: job.invocation.max_output,
                    cpu_s: job.limits.cpu.as_secs_f64(),
                    wall_s: job.limits.wall.as_secs_f64(),
                    memory: job.limits.memory,
                    owner: job.owner.clone(),
                };
                let json = serde_json::to_vec(&task).map_err(io::Error::other)?;
                contract::write_atomically(&dir.join(format!("task-{i}.json")), |w| w.write_all(&json))?;
            }
            let wall = wave.iter().map(|(_, j)| j.limits.wall).max().unwrap_or_default();
            let memory = wave.iter().map(|(_, j)| j.limits.memory).max().unwrap_or_default();
            let script = self.script(&dir, number, wall, memory);
            contract::write_atomically(&dir.join("wave.sbatch"), |w| w.write_all(script.as_bytes()))
        })();
        if let Err(e) = prepared {
            return wave.iter().map(|_| Err(format!("writing wave {}: {e}", dir.display()))).collect();
        }
        let name = format!("{}-wave", job_name(&self.dir, number));
        let mut missing: Vec<usize> = (0..wave.len()).collect();
        for _ in 0..=RESUBMITS {
            let submitted = self
                .scheduler
                .submit(&dir.join("wave.sbatch"), &array_spec(&missing, self.profile.array_limit))
                .and_then(|_| wait(self.scheduler, &name, self.profile.poll(), &mut |_| {}));
            if let Err(e) = submitted {
                return wave.iter().map(|_| Err(e.to_string())).collect();
            }
            missing.retain(|i| !dir.join(format!("result-{i}.json")).is_file());
            if missing.is_empty() {
                break;
            }
        }
        (0..wave.len())
            .map(|i| {
                let path = dir.join(format!("result-{i}.json"));
                let bytes = fs::read(&path).map_err(|e| {
                    format!(
                        "array task {i} of wave {number} left no result after {} submissions ({e}); its log: {}",
                        RESUBMITS + 1,
                        dir.join(format!("logs/{i}.out")).display()
                    )
                })?;
                let r: Result_ = serde_json::from_slice(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
                Ok(Measurement {
                    exit_code: r.exit_code,
                    signal: r.signal,
                    wall: Duration::from_secs_f64(r.wall_s),
                    cpu: Duration::from_secs_f64(r.cpu_s),
                    peak_memory: r.peak_memory,
                    wall_killed: r.wall_killed,
                    cpu_killed: r.cpu_killed,
                    stdout: r.stdout,
                    stderr: r.stderr,
                    ..Measurement::default()
                })
            })
            .collect()
    }

    /// The job-array script of a wave.
    fn script(&self, dir: &Path, number: u64, wall: Duration, memory: u64) -> String {
        let p = &self.profile;
        let d = dir.display().to_string();
        let mut s = format!(
            "#!/bin/bash\n# qbfgames calibration wave {number}: array task i runs the run in task-i.json\n\
             # under its limits and writes its measurement to result-i.json.\n\
             #SBATCH --job-name={}-wave\n#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n\
             #SBATCH --mem-per-cpu={}M\n#SBATCH --time={}\n#SBATCH --output={}\n",
            job_name(&self.dir, number),
            (memory >> 20) + 256,
            (wall.as_secs() + 300).div_ceil(60),
            quote(&format!("{d}/logs/%a.out"))
        );
        for (flag, value) in [("partition", &p.partition), ("account", &p.account), ("qos", &p.qos)] {
            if let Some(v) = value {
                s += &format!("#SBATCH --{flag}={}\n", quote(v));
            }
        }
        for extra in &p.sbatch {
            s += &format!("#SBATCH {}\n", quote(extra));
        }
        s += "set -euo pipefail\n";
        for m in &p.modules {
            s += &format!("module load {}\n", quote(m));
        }
        for line in &p.setup {
            s += &format!("{line}\n");
        }
        s += &format!(
            "exec {} run-wave-task {} --task \"$SLURM_ARRAY_TASK_ID\"\n",
            quote(&self.qbfgames.display().to_string()),
            quote(&d)
        );
        s
    }
}

impl Executor for WaveExecutor<'_> {
    fn execute(&self, job: &Job) -> io::Result<Measurement> {
        let mut state = self.state.lock().map_err(|_| io::Error::other("a wave thread panicked"))?;
        let id = state.next;
        state.next += 1;
        state.pending.push((id, job.clone()));
        state.last_request = Some(Instant::now());
        self.changed.notify_all();
        loop {
            if let Some(result) = state.done.remove(&id) {
                return result.map_err(io::Error::other);
            }
            if !state.submitting && state.pending.iter().any(|(p, _)| *p == id) {
                state = self.submit_wave(state);
                continue;
            }
            state = self.changed.wait(state).map_err(|_| io::Error::other("a wave thread panicked"))?;
        }
    }
}

impl Drop for WaveExecutor<'_> {
    fn drop(&mut self) {
        // Best effort: the waves' files are scratch; what they measured is in ladders.csv.
        drop(fs::remove_dir_all(&self.dir));
    }
}

/// What array task `task` of the wave in `dir` runs: its request, measured with
/// [`RealExecutor`], the measurement written to `dir/result-<task>.json`.
pub fn run_task(dir: &Path, task: usize) -> io::Result<()> {
    let bytes = fs::read(dir.join(format!("task-{task}.json")))?;
    let t: Task = serde_json::from_slice(&bytes).map_err(io::Error::other)?;
    let job = Job {
        invocation: Invocation {
            program: t.program,
            args: t.args,
            stdout_file: t.stdout_file,
            max_output: t.max_output,
        },
        limits: Limits {
            cpu: Duration::from_secs_f64(t.cpu_s),
            wall: Duration::from_secs_f64(t.wall_s),
            memory: t.memory,
        },
        owner: t.owner,
    };
    let m = RealExecutor.execute(&job)?;
    let r = Result_ {
        exit_code: m.exit_code,
        signal: m.signal,
        wall_s: m.wall.as_secs_f64(),
        cpu_s: m.cpu.as_secs_f64(),
        peak_memory: m.peak_memory,
        wall_killed: m.wall_killed,
        cpu_killed: m.cpu_killed,
        stdout: m.stdout,
        stderr: m.stderr,
    };
    let json = serde_json::to_vec(&r).map_err(io::Error::other)?;
    contract::write_atomically(&dir.join(format!("result-{task}.json")), |w| w.write_all(&json))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Error;
    use std::collections::BTreeSet;

    /// A scheduler that runs every submitted task at once, on this machine, as its node.
    struct Local {
        submissions: Mutex<Vec<usize>>,
        drop_first: bool,
    }

    impl Scheduler for Local {
        fn submit(&self, script: &Path, array: &str) -> Result<String, Error> {
            let dir = script.parent().unwrap_or(Path::new("."));
            let indices: Vec<usize> = array
                .split(',')
                .flat_map(|r| match r.split_once('-') {
                    Some((a, b)) => (a.parse().unwrap_or(0)..=b.parse().unwrap_or(0)).collect::<Vec<_>>(),
                    None => vec![r.parse().unwrap_or(0)],
                })
                .collect();
            let mut subs = self.submissions.lock().map_err(|_| Error::Slurm("poisoned".into()))?;
            subs.push(indices.len());
            let first = subs.len() == 1;
            for i in indices {
                if self.drop_first && first && i == 0 {
                    continue; // the node of task 0 fails the first time
                }
                run_task(dir, i).map_err(|e| Error::Slurm(e.to_string()))?;
            }
            Ok("1".into())
        }

        fn active(&self, _name: &str) -> Result<BTreeSet<usize>, Error> {
            Ok(BTreeSet::new())
        }
    }

    fn job(args: &[&str], cpu_s: f64) -> Job {
        Job {
            invocation: Invocation {
                program: "/bin/sh".into(),
                args: args.iter().map(|s| s.to_string()).collect(),
                stdout_file: None,
                max_output: None,
            },
            limits: Limits { cpu: Duration::from_secs_f64(cpu_s), wall: Duration::from_secs(10), memory: 0 },
            owner: None,
        }
    }

    #[test]
    fn concurrent_requests_go_in_one_wave_and_lost_tasks_are_resubmitted() {
        let dir = tempfile::tempdir().expect("a folder");
        let scheduler = Local { submissions: Mutex::new(Vec::new()), drop_first: true };
        let profile = Profile { poll_seconds: Some(1), ..Profile::default() };
        let exec = WaveExecutor::new(dir.path(), Path::new("/unused"), profile, &scheduler, 3).expect("an executor");
        let outs: Vec<Measurement> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..3)
                .map(|i| {
                    let exec = &exec;
                    s.spawn(move || exec.execute(&job(&["-c", &format!("echo {i}; exit 1{i}")], 5.0)))
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("a thread").expect("a measurement")).collect()
        });
        for (i, m) in outs.iter().enumerate() {
            assert_eq!(m.exit_code, Some(10 + i as i32));
            assert_eq!(String::from_utf8_lossy(&m.stdout).trim(), i.to_string());
        }
        assert_eq!(exec.waves(), 1, "three climbers, one wave");
        assert_eq!(*scheduler.submissions.lock().expect("the list"), [3, 1], "task 0 submitted again");
    }

    #[test]
    fn the_cpu_limit_holds_on_the_node() {
        let dir = tempfile::tempdir().expect("a folder");
        let scheduler = Local { submissions: Mutex::new(Vec::new()), drop_first: false };
        let exec = WaveExecutor::new(dir.path(), Path::new("/unused"), Profile::default(), &scheduler, 1)
            .expect("an executor");
        let m = exec.execute(&job(&["-c", "while :; do :; done"], 0.5)).expect("a measurement");
        assert!(m.cpu_killed, "{m:?}");
        assert!(m.cpu.as_secs_f64() >= 0.45, "{m:?}");
    }
}
