//! A run on this machine: the options become a plan over the directory's instances, the
//! cells without a record run on a worker pool, and each record is stored durably as it
//! ends (see [`ResultStore`]); a second run of the same directory resumes.
//!
//! With a certifier ([`crate::certifier`]), the cells of solvers that can trace run
//! through it. Their keys end in the certifier's key, so a directory run without
//! certification and then with it keeps both sets of cells: the certified cells run
//! (once) and resume like any other, and uncertified records are never taken for
//! certified ones.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;

use super::certifier::AnswerCertifier;
use super::config::Tools;
use super::cores::{physical, usable};
use super::error::{Context, Error};
use super::executor::Executor;
use super::instance::subset;
use super::leftovers::{kill_leftovers, remove_half_written};
use super::matrix::{run_matrix, Plan};
use super::options::{tool_runs, versions, RunOptions};
use super::preprocess::is_partial;
use super::store::{Keep, ResultStore};
use contract::Record;

/// A local run, planned and ready to go.
pub struct LocalRun {
    plan: Plan,
    store: ResultStore,
    /// The keys of every cell of the plan.
    cells: BTreeSet<String>,
    /// The keys of the cells that already have a record the run keeps (not starved,
    /// unless starved cells are kept; not skipped, unless the run stops series too).
    finished: BTreeSet<String>,
    starved: usize,
    rerun_starved: bool,
    leftovers: (usize, usize),
    /// With a certifier: the solvers whose answers cannot be certified (no `trace`
    /// command), and whether some cells are preprocessed (never certified).
    uncertified: Option<(Vec<String>, bool)>,
}

/// The keys of the stored cells that ran out of a limit, where a series stop begins.
fn ran_out(store: &ResultStore) -> BTreeSet<String> {
    store.records().filter(|r| r.status.ran_out()).map(|r| r.key.clone()).collect()
}

impl LocalRun {
    /// Plans a run of `options` over `dir` with `jobs` runs at once (`None`: one per
    /// physical core, so that no two runs share one through SMT), its answers certified by `certifier` where they can be (see
    /// [`Plan::certifies`]): reads the solvers file, asks the tools' versions, reads the
    /// manifest, opens the results and records the run's environment.
    pub fn plan(
        dir: &Path,
        options: &RunOptions,
        jobs: Option<usize>,
        executor: &dyn Executor,
        certifier: Option<Arc<dyn AnswerCertifier>>,
    ) -> Result<Self, Error> {
        let tools = Tools::load(&options.config)?;
        let limits = options.limits()?;
        let cores = usable().len();
        let jobs = jobs.unwrap_or_else(physical);
        if jobs == 0 {
            return Err(Error::NoJobs);
        }
        if jobs > cores {
            return Err(Error::TooManyJobs { jobs, cores });
        }
        let runs = tool_runs(&tools, &options.solvers, &options.preprocessors, executor)?;
        let instances = subset(dir, &options.subset)?;
        let store = ResultStore::open(dir)?;
        let owner = std::path::absolute(dir).context(|| format!("finding the absolute path of {}", dir.display()))?;
        let half_written = remove_half_written(&dir.join("cache"), is_partial)
            + remove_half_written(&dir.join("logs"), contract::is_temporary);
        let leftovers = (kill_leftovers(&owner), half_written);
        let env = options.environment(&limits, jobs, versions(&runs)).record(dir)?;
        let (solvers, preprocessors) = runs;
        let uncertified = certifier.is_some().then(|| {
            let solvers = solvers.iter().filter(|s| s.tool.trace.is_none()).map(|s| s.tool.name.clone()).collect();
            (solvers, preprocessors.iter().any(Option::is_some))
        });
        let cache = dir.join("cache");
        let plan = Plan {
            instances,
            preprocessors,
            solvers,
            limits,
            jobs,
            cache,
            dir: dir.to_path_buf(),
            owner,
            run: env.run,
            certifier,
            starved_retries: options.starved_retries,
            stop_series: options.stop_series.then(|| ran_out(&store)),
        };
        let cells: BTreeSet<String> = plan
            .cells()
            .into_iter()
            .filter(|c| options.subset.takes_cell(&plan.instances[c.instance].job, &plan.configuration(c)))
            .map(|c| c.key)
            .collect();
        let keep = Keep { starved: !options.rerun_starved, skipped: options.stop_series };
        let finished: BTreeSet<String> = cells.iter().filter(|k| store.settled(k, keep)).cloned().collect();
        let starved = cells.iter().filter(|k| store.is_starved(k)).count();
        Ok(LocalRun {
            plan,
            store,
            cells,
            finished,
            starved,
            rerun_starved: options.rerun_starved,
            leftovers,
            uncertified,
        })
    }

    /// What a user should know before the run starts: what planning cleared, the starved
    /// cells of earlier runs, and, when answers are certified, what is not.
    pub fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        if let Some((solvers, preprocessed)) = &self.uncertified {
            if !solvers.is_empty() {
                notes.push(format!(
                    "not certified: the answers of {} (no `trace` command in the solvers file); they run as without --certify",
                    solvers.join(", ")
                ));
            }
            if *preprocessed {
                notes.push(
                    "not certified: preprocessed cells (a proof of the preprocessed formula would certify a different formula)"
                        .to_string(),
                );
            }
        }
        if let (processes @ 1.., files) | (processes, files @ 1..) = self.leftovers {
            notes.push(format!(
                "cleared what a killed run of this directory left: {processes} process(es), {files} half-written file(s)"
            ));
        }
        if self.starved > 0 {
            let what = if self.rerun_starved { "run again" } else { "kept (--rerun-starved=false)" };
            notes
                .push(format!("{} cell(s) starved in an earlier run (the machine was too busy): {what}", self.starved));
        }
        notes
    }

    /// The instance files no chosen solver (directly or after a chosen preprocessor)
    /// reads, counted by format; and how many instance files there are.
    pub fn unread(&self) -> (std::collections::BTreeMap<String, usize>, usize) {
        let read: BTreeSet<usize> = self.plan.cells().iter().map(|c| c.instance).collect();
        let mut unread = std::collections::BTreeMap::new();
        for (i, instance) in self.plan.instances.iter().enumerate() {
            if !read.contains(&i) {
                *unread.entry(instance.format.to_string()).or_insert(0) += 1;
            }
        }
        (unread, self.plan.instances.len())
    }

    /// Cells to run.
    pub fn pending(&self) -> usize {
        self.cells.len() - self.finished.len()
    }

    /// Cells that already have their record.
    pub fn finished(&self) -> usize {
        self.finished.len()
    }

    /// Runs the pending cells, handing each record to `progress` once it is stored;
    /// returns the records of every cell of the plan, sorted by key.
    pub fn run(mut self, executor: &dyn Executor, progress: &mut dyn FnMut(&Record)) -> Result<Vec<Record>, Error> {
        let store = &mut self.store;
        let cells = &self.cells;
        run_matrix(&self.plan, executor, &|k| self.finished.contains(k) || !cells.contains(k), &mut |record| {
            progress(&record);
            store.append(record)
        })?;
        store.finish()?;
        Ok(store.records().filter(|r| self.cells.contains(&r.key)).cloned().collect())
    }
}
