//! The cores runs are pinned to, and the machine's load.
//!
//! Each run takes a core of its own from the cores this process may use
//! (`sched_getaffinity`) and gives it back when it ends; two runs never share a core, so
//! neither measures the other. When every core is taken (more runs at once than cores,
//! which a matrix refuses), a run goes unpinned.

use std::sync::{Mutex, OnceLock};

/// The cores this process may use, in order.
pub fn usable() -> &'static [usize] {
    static CORES: OnceLock<Vec<usize>> = OnceLock::new();
    CORES.get_or_init(|| {
        // SAFETY: cpu_set_t is plain data; sched_getaffinity(2) fills the set we own.
        let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        let ok = unsafe { libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) } == 0;
        let cores: Vec<usize> = if ok {
            (0..libc::CPU_SETSIZE as usize).filter(|&c| unsafe { libc::CPU_ISSET(c, &set) }).collect()
        } else {
            Vec::new()
        };
        if cores.is_empty() {
            (0..std::thread::available_parallelism().map_or(1, |n| n.get())).collect()
        } else {
            cores
        }
    })
}

/// A core held by one run; given back when dropped.
#[derive(Debug)]
pub struct Lease(usize);

impl Lease {
    pub fn core(&self) -> usize {
        self.0
    }
}

fn taken() -> &'static Mutex<Vec<bool>> {
    static TAKEN: OnceLock<Mutex<Vec<bool>>> = OnceLock::new();
    TAKEN.get_or_init(|| Mutex::new(vec![false; usable().len()]))
}

/// A free core, if there is one.
pub fn lease() -> Option<Lease> {
    let mut taken = taken().lock().ok()?;
    let i = taken.iter().position(|t| !t)?;
    taken[i] = true;
    Some(Lease(usable()[i]))
}

impl Drop for Lease {
    fn drop(&mut self) {
        if let (Ok(mut taken), Some(i)) = (taken().lock(), usable().iter().position(|&c| c == self.0)) {
            taken[i] = false;
        }
    }
}

/// The one-minute load average (`/proc/loadavg`), 0 when unknown.
pub fn load_average() -> f64 {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|t| t.split_whitespace().next().and_then(|w| w.parse().ok()))
        .unwrap_or(0.0)
}

/// The loud warning (once per run) when a load average means more runnable processes
/// than usable cores, with one to spare for the harness itself: runs then wait for a core
/// and their wall-clock times stretch (their CPU times stay honest).
pub fn oversubscription(load: f64) -> Option<String> {
    let cores = usable().len();
    (load > cores as f64 + 1.0).then(|| {
        format!(
            "WARNING: load average {load:.1} on {cores} core(s): the machine is oversubscribed.\n  CPU times and timeouts stay honest; runs the wall-clock limit stops early are marked `starved` and run again on resume.\n  help: stop other work on this machine, or lower --jobs"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_core_is_held_by_one_run_at_a_time() {
        let all: Vec<Lease> = std::iter::from_fn(lease).collect();
        assert!(all.len() <= usable().len());
        let mut cores: Vec<usize> = all.iter().map(Lease::core).collect();
        cores.dedup();
        assert_eq!(cores.len(), all.len(), "no core is leased twice");
        drop(all);
        assert!(lease().is_some(), "cores come back when their runs end");
    }
}
