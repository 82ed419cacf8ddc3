//! Slurm: the cluster profile, the job-array script, and the scheduler seam.
//!
//! A batch (see [`crate::shard`]) becomes one `sbatch` job array: array task `i` runs
//! `qbfgames run-shard DIR --batch N --shard i`, which runs shard `i`'s cells with the
//! same limits and measurement as a local run. Never one job per cell: schedulers limit
//! the number of jobs a user may queue, and a job costs seconds of scheduler time.
//!
//! The [`Scheduler`] trait is the seam between the batch logic and Slurm's commands:
//! [`SlurmCli`] calls `sbatch` and `squeue` (argv lists, never a shell); tests use a
//! mock. Array tasks are found again by the job name, which is derived from the
//! directory and the batch, so a script submitted by hand is followed like one submitted
//! by `qbfgames`.
//!
//! The profile (`suite/cluster.toml` documents every key) holds what differs between
//! clusters: partition, account, modules to load, setup lines, extra `#SBATCH` lines.
//! It is read like the solvers file: unknown keys are errors naming `file:line:col`. Its
//! values may not add a line or a command to the job script, and are written quoted
//! (`script_values`).
//!
//! ## References
//! - Slurm job arrays: <https://slurm.schedmd.com/job_array.html> (`--array` ranges,
//!   `%K` limits, `SLURM_ARRAY_TASK_ID`, `%a` in output names, `MaxArraySize`).
//! - `sbatch` and `squeue` manual pages, Slurm 22.05: <https://slurm.schedmd.com/sbatch.html>,
//!   <https://slurm.schedmd.com/squeue.html> (`--parsable`, `--array`, `--name`, `%K`).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use serde::Deserialize;

use super::config::{located, read_text};
use super::error::Error;
use super::script_values::{check_flag, check_profile, quote, Kind, PROFILE_HELP};

/// A cluster profile: what the user wrote, with defaults for what they did not.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub partition: Option<String>,
    pub account: Option<String>,
    pub qos: Option<String>,
    /// CPUs per array task; that many cells run at once inside a shard.
    pub cpus_per_task: Option<usize>,
    /// Memory per CPU in Slurm's notation (`4G`, `4096M`); default: the memory limit
    /// plus 256 MiB for the harness.
    pub mem_per_cpu: Option<String>,
    /// Array tasks running at once (`%K` of `--array`); default: no limit.
    pub array_limit: Option<usize>,
    /// Cells per shard; default 20.
    pub shard_cells: Option<usize>,
    /// Wall time per array task (`--time`); default: computed from the shard size.
    pub time: Option<String>,
    /// `module load` arguments, one per entry.
    #[serde(default)]
    pub modules: Vec<String>,
    /// Shell lines run before the shard (e.g. activating an environment).
    #[serde(default)]
    pub setup: Vec<String>,
    /// Extra `#SBATCH` options, e.g. `--constraint=intel`.
    #[serde(default)]
    pub sbatch: Vec<String>,
    /// The `qbfgames` executable on the compute nodes; default: this executable.
    pub qbfgames: Option<PathBuf>,
    /// Seconds between two looks at the queue while waiting; default 10.
    pub poll_seconds: Option<u64>,
}

/// Settings of a profile given on the command line, each over the profile's if given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overrides {
    pub partition: Option<String>,
    pub account: Option<String>,
    pub mem_per_cpu: Option<String>,
    pub array_limit: Option<usize>,
    pub cpus_per_task: Option<usize>,
    pub shard_cells: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProfileFile {
    slurm: Profile,
}

impl Profile {
    /// Reads the `[slurm]` table of a profile file.
    pub fn load(path: &Path) -> Result<Profile, Error> {
        let text = read_text(path, "the cluster profile ")?;
        match toml::from_str::<ProfileFile>(&text) {
            Ok(f) => check_profile(&text, path).map(|()| f.slurm),
            Err(e) => {
                let offset = e.span().map_or(0, |s| s.start);
                Err(Error::BadConfig(located(&text, path, offset, e.message(), PROFILE_HELP)))
            }
        }
    }

    /// The profile with the settings given beside it (the command line's) over its own;
    /// fails naming the first flag whose value could not go into the job script, or the
    /// first count flag that is 0 (the profile file's values are checked when it is read).
    pub fn overridden(mut self, over: Overrides) -> Result<Profile, Error> {
        let words =
            [("--partition", &over.partition), ("--account", &over.account), ("--mem-per-cpu", &over.mem_per_cpu)];
        for (flag, value) in words {
            if let Some(v) = value {
                check_flag(flag, Kind::Word, v)?;
            }
        }
        let counts = [
            ("--array-limit", over.array_limit),
            ("--cpus-per-task", over.cpus_per_task),
            ("--shard-cells", over.shard_cells),
        ];
        if let Some((flag, _)) = counts.into_iter().find(|(_, value)| *value == Some(0)) {
            return Err(Error::ZeroCount(flag));
        }
        let set = |slot: &mut Option<String>, value: Option<String>| {
            if value.is_some() {
                *slot = value;
            }
        };
        set(&mut self.partition, over.partition);
        set(&mut self.account, over.account);
        set(&mut self.mem_per_cpu, over.mem_per_cpu);
        self.array_limit = over.array_limit.or(self.array_limit);
        self.cpus_per_task = over.cpus_per_task.or(self.cpus_per_task);
        self.shard_cells = over.shard_cells.or(self.shard_cells);
        Ok(self)
    }

    pub fn shard_cells(&self) -> usize {
        self.shard_cells.unwrap_or(20).max(1)
    }

    pub fn cpus(&self) -> usize {
        self.cpus_per_task.unwrap_or(1).max(1)
    }

    pub fn poll(&self) -> Duration {
        Duration::from_secs(self.poll_seconds.unwrap_or(10).max(1))
    }
}

/// Everything the job-array script says.
#[derive(Clone, Debug, PartialEq)]
pub struct Script {
    /// The results directory, absolute.
    pub dir: PathBuf,
    pub batch: u64,
    pub shards: usize,
    /// Cells of the largest shard.
    pub shard_cells: usize,
    /// The CPU-time limit of a cell.
    pub timeout: Duration,
    /// The wall-clock safety limit of a cell.
    pub wall: Duration,
    /// With preprocessing, a cell can take two time limits.
    pub preprocessing: bool,
    pub memory: u64,
    pub qbfgames: PathBuf,
    pub profile: Profile,
}

impl Script {
    /// The job name, unique per directory and batch: how array tasks are found in the queue.
    pub fn job_name(&self) -> String {
        job_name(&self.dir, self.batch)
    }

    /// The wall time of one array task: every cell may use its whole wall-clock limit (twice with
    /// preprocessing), `cpus` at a time, plus five minutes for start-up and the tools'
    /// version checks, in Slurm's `D-HH:MM:SS`.
    pub fn time_limit(&self) -> String {
        if let Some(t) = &self.profile.time {
            return t.clone();
        }
        let per_cell = self.wall.as_secs_f64().ceil() as u64 * if self.preprocessing { 2 } else { 1 };
        let rounds = self.shard_cells.div_ceil(self.profile.cpus()) as u64;
        let s = rounds * per_cell + 300;
        format!("{}-{:02}:{:02}:{:02}", s / 86400, s % 86400 / 3600, s % 3600 / 60, s % 60)
    }

    pub fn mem_per_cpu(&self) -> String {
        self.profile.mem_per_cpu.clone().unwrap_or_else(|| format!("{}M", (self.memory >> 20) + 256))
    }

    /// Writes the script.
    pub fn write<W: Write>(&self, mut w: W) -> std::io::Result<()> {
        let dir = self.dir.display().to_string();
        let batch_dir = super::shard::batch_dir(&self.dir, self.batch);
        let p = &self.profile;
        writeln!(w, "#!/bin/bash")?;
        writeln!(w, "# qbfgames job array: batch {} of {dir}", self.batch)?;
        writeln!(w, "# {} shards of at most {} cells; array task i runs shard i with", self.shards, self.shard_cells)?;
        writeln!(w, "# `qbfgames run-shard`, under the same limits and measurement as a local")?;
        writeln!(
            w,
            "# `qbfgames run` (CPU limit {}s, wall-clock limit {}s, memory {} MiB per process, cells at once: {}),",
            self.timeout.as_secs_f64(),
            self.wall.as_secs_f64(),
            self.memory >> 20,
            p.cpus()
        )?;
        writeln!(w, "# and writes its records to {}/shard-<i>/results.jsonl.", batch_dir.display())?;
        writeln!(w, "# A task exits 0 whatever the solvers answered; non-zero only when the harness")?;
        writeln!(w, "# itself failed (its log says why).")?;
        writeln!(w, "#")?;
        writeln!(w, "# Submit all shards:     sbatch {}", quote(&batch_dir.join("job.sbatch").display().to_string()))?;
        writeln!(w, "# Merge the results:     qbfgames collect {}", quote(&dir))?;
        writeln!(w, "# Rerun failed shards:   qbfgames collect {} --resubmit-failed", quote(&dir))?;
        writeln!(w, "#SBATCH --job-name={}", self.job_name())?;
        writeln!(w, "#SBATCH --array={}", array_spec(&(0..self.shards).collect::<Vec<_>>(), p.array_limit))?;
        for (flag, value) in [("partition", &p.partition), ("account", &p.account), ("qos", &p.qos)] {
            if let Some(v) = value {
                writeln!(w, "#SBATCH --{flag}={}", quote(v))?;
            }
        }
        writeln!(w, "#SBATCH --ntasks=1")?;
        writeln!(w, "#SBATCH --cpus-per-task={}", p.cpus())?;
        writeln!(w, "#SBATCH --mem-per-cpu={}", quote(&self.mem_per_cpu()))?;
        writeln!(w, "#SBATCH --time={}", quote(&self.time_limit()))?;
        writeln!(w, "#SBATCH --output={}", quote(&format!("{}/logs/%a.out", batch_dir.display())))?;
        for extra in &p.sbatch {
            writeln!(w, "#SBATCH {}", quote(extra))?;
        }
        writeln!(w, "set -euo pipefail")?;
        for m in &p.modules {
            writeln!(w, "module load {}", quote(m))?;
        }
        for line in &p.setup {
            writeln!(w, "{line}")?;
        }
        writeln!(
            w,
            "exec {} run-shard {} --batch {} --shard \"$SLURM_ARRAY_TASK_ID\"",
            quote(&self.qbfgames.display().to_string()),
            quote(&dir),
            self.batch
        )
    }
}

/// `qbfgames-<8 hex digits of the directory>-<batch>`.
pub fn job_name(dir: &Path, batch: u64) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in dir.as_os_str().as_encoded_bytes() {
        h = (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3);
    }
    format!("qbfgames-{:08x}-{batch}", h >> 32)
}

/// An `--array` value: sorted indices as ranges (`0-3,5,7-9`), with `%limit`.
pub fn array_spec(indices: &[usize], limit: Option<usize>) -> String {
    let sorted: BTreeSet<usize> = indices.iter().copied().collect();
    let mut out = String::new();
    let mut it = sorted.into_iter().peekable();
    while let Some(start) = it.next() {
        let mut end = start;
        while it.peek() == Some(&(end + 1)) {
            end += 1;
            it.next();
        }
        if !out.is_empty() {
            out.push(',');
        }
        let _ = if end == start { write!(out, "{start}") } else { write!(out, "{start}-{end}") };
    }
    if let Some(k) = limit {
        let _ = write!(out, "%{k}");
    }
    out
}

/// Submits job arrays and lists their active tasks.
pub trait Scheduler {
    /// Submits `script` with `--array=array`; returns the job id.
    fn submit(&self, script: &Path, array: &str) -> Result<String, Error>;
    /// The array indices of the queued or running tasks of jobs named `name`.
    fn active(&self, name: &str) -> Result<BTreeSet<usize>, Error>;
}

/// The real Slurm commands, found on `PATH`.
#[derive(Copy, Clone, Debug, Default)]
pub struct SlurmCli;

impl Scheduler for SlurmCli {
    fn submit(&self, script: &Path, array: &str) -> Result<String, Error> {
        let out = command("sbatch", &["--parsable".into(), format!("--array={array}"), script.display().to_string()])?;
        Ok(out.split(';').next().unwrap_or("").trim().to_string())
    }

    fn active(&self, name: &str) -> Result<BTreeSet<usize>, Error> {
        let out = command(
            "squeue",
            &["--noheader".into(), "--array".into(), format!("--name={name}"), "--format=%K".into()],
        )?;
        Ok(out.lines().filter_map(|l| l.trim().parse().ok()).collect())
    }
}

/// Runs a Slurm command and returns its standard output; a failure names the command and
/// quotes its error output.
fn command(program: &str, args: &[String]) -> Result<String, Error> {
    let out = Command::new(program).args(args).output().map_err(|e| {
        Error::Slurm(format!(
            "{program}: {e}\n  help: run on a Slurm login node (the Slurm client commands must be on PATH)"
        ))
    })?;
    if !out.status.success() {
        return Err(Error::Slurm(format!(
            "{program} {} failed ({}): {}",
            args.join(" "),
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Waits like [`wait`], telling `announce` the number of active tasks whenever it
/// changes (and is not zero): what a user watching the wait wants to see.
pub fn wait_announcing(
    scheduler: &dyn Scheduler,
    name: &str,
    poll: Duration,
    announce: &mut dyn FnMut(usize),
) -> Result<(), Error> {
    let mut last = usize::MAX;
    wait(scheduler, name, poll, &mut |n| {
        if n != last && n > 0 {
            announce(n);
        }
        last = n;
    })
}

/// Waits until no task named `name` is queued or running, looking every `poll`;
/// `progress` hears the number of active tasks after each look.
pub fn wait(
    scheduler: &dyn Scheduler,
    name: &str,
    poll: Duration,
    progress: &mut dyn FnMut(usize),
) -> Result<(), Error> {
    loop {
        let active = scheduler.active(name)?;
        progress(active.len());
        if active.is_empty() {
            return Ok(());
        }
        std::thread::sleep(poll);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_win_and_zero_counts_are_refused() -> Result<(), Error> {
        let profile = Profile { partition: Some("a".into()), shard_cells: Some(5), ..Profile::default() };
        let over = Overrides { account: Some("b".into()), shard_cells: Some(7), ..Overrides::default() };
        let p = profile.clone().overridden(over)?;
        assert_eq!((p.partition.as_deref(), p.account.as_deref(), p.shard_cells), (Some("a"), Some("b"), Some(7)));
        let zero = profile.overridden(Overrides { cpus_per_task: Some(0), ..Overrides::default() });
        assert_eq!(
            zero.map_err(|e| e.to_string()),
            Err("--cpus-per-task 0: must be at least 1\n  help: give --cpus-per-task 1 or more, or leave the flag out"
                .into())
        );
        Ok(())
    }

    #[test]
    fn array_specs_compress_ranges() {
        assert_eq!(array_spec(&[0, 1, 2, 3], Some(2)), "0-3%2");
        assert_eq!(array_spec(&[7, 5, 0, 1, 8, 9], None), "0-1,5,7-9");
        assert_eq!(array_spec(&[4], None), "4");
    }

    #[test]
    fn the_time_limit_covers_every_cell_of_a_shard() {
        let mut s = Script {
            dir: "/d".into(),
            batch: 1,
            shards: 1,
            shard_cells: 25,
            timeout: Duration::from_secs(3600),
            wall: Duration::from_secs(3630),
            preprocessing: true,
            memory: 4 << 30,
            qbfgames: "/bin/qbfgames".into(),
            profile: Profile { cpus_per_task: Some(2), ..Profile::default() },
        };
        // 13 rounds × 2 wall-clock limits of 1 h 30 s + 5 min.
        assert_eq!(s.time_limit(), "1-02:18:00");
        assert_eq!(s.mem_per_cpu(), "4352M");
        s.profile.time = Some("4:00:00".into());
        assert_eq!(s.time_limit(), "4:00:00");
    }

    #[test]
    fn job_names_differ_by_directory_and_batch() {
        let a = job_name(Path::new("/x/out"), 1);
        assert_ne!(a, job_name(Path::new("/y/out"), 1));
        assert_ne!(a, job_name(Path::new("/x/out"), 2));
        assert_eq!(a, job_name(Path::new("/x/out"), 1));
    }
}
