//! The cores runs are pinned to, and the machine's load.
//!
//! Each run takes a core of its own from the cores this process may use
//! (`sched_getaffinity`) and gives it back when it ends; two runs never share a core, so
//! neither measures the other. When every core is taken (more runs at once than cores,
//! which a matrix refuses), a run goes unpinned. Cores that are SMT siblings (hyperthreads
//! of one physical core, from `/sys`) slow each other down: a run takes a core whose
//! siblings are free when there is one, and its lease records whether a sibling was busy
//! with another run while it ran ([`Lease::shared`]). With as many runs at once as
//! physical cores ([`physical`], the default of `--jobs`), none is.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

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

/// The SMT siblings of each usable core (by its place in [`usable`]): the places of the
/// other usable cores on the same physical core, from
/// `/sys/devices/system/cpu/cpuN/topology/thread_siblings_list`; none where it cannot be
/// read.
fn siblings() -> &'static [Vec<usize>] {
    static SIBLINGS: OnceLock<Vec<Vec<usize>>> = OnceLock::new();
    SIBLINGS.get_or_init(|| {
        let cores = usable();
        cores
            .iter()
            .map(|&c| {
                let path = format!("/sys/devices/system/cpu/cpu{c}/topology/thread_siblings_list");
                let listed = std::fs::read_to_string(path).map(|t| cpu_list(&t)).unwrap_or_default();
                (0..cores.len()).filter(|&i| cores[i] != c && listed.contains(&cores[i])).collect()
            })
            .collect()
    })
}

/// The CPUs of a kernel CPU list (`0-3,8,10-11`); what does not parse is left out.
fn cpu_list(text: &str) -> Vec<usize> {
    let mut cpus = Vec::new();
    for part in text.trim().split(',') {
        let bounds = match part.split_once('-') {
            Some((a, b)) => a.trim().parse::<usize>().ok().zip(b.trim().parse::<usize>().ok()),
            None => part.trim().parse::<usize>().ok().map(|c| (c, c)),
        };
        // A range wider than the kernel's CPU set is not a real list.
        if let Some((a, b)) = bounds.filter(|(a, b)| a <= b && *b < libc::CPU_SETSIZE as usize) {
            cpus.extend(a..=b);
        }
    }
    cpus
}

/// The physical cores among the usable cores: usable cores, SMT siblings counted once.
/// The default number of runs at once, so that no two runs share a physical core.
pub fn physical() -> usize {
    let siblings = siblings();
    (0..siblings.len()).filter(|&i| siblings[i].iter().all(|&j| j > i)).count().max(1)
}

/// A core held by one run; given back when dropped. It knows whether another run held an
/// SMT sibling of its core at some time while it held the core.
#[derive(Debug)]
pub struct Lease {
    core: usize,
    shared: Arc<AtomicBool>,
}

impl Lease {
    pub fn core(&self) -> usize {
        self.core
    }

    /// Whether another run held an SMT sibling of this core while this lease was held.
    pub fn shared(&self) -> bool {
        self.shared.load(Ordering::SeqCst)
    }
}

/// The held cores, by place in [`usable`]: the flag a lease sets when a sibling is taken.
type Held = Vec<Option<Arc<AtomicBool>>>;

fn held() -> &'static Mutex<Held> {
    static HELD: OnceLock<Mutex<Held>> = OnceLock::new();
    HELD.get_or_init(|| Mutex::new(vec![None; usable().len()]))
}

/// The place of the core to lease: a free core whose siblings are free too, else any free
/// core (its run then shares a physical core).
fn choose(taken: &[bool], siblings: &[Vec<usize>]) -> Option<usize> {
    let free = |i: &usize| !taken[*i];
    (0..taken.len())
        .filter(free)
        .find(|&i| siblings[i].iter().all(|&j| !taken[j]))
        .or_else(|| (0..taken.len()).find(free))
}

/// A free core, if there is one; a core whose physical core no other run uses first.
pub fn lease() -> Option<Lease> {
    let mut held = held().lock().ok()?;
    let taken: Vec<bool> = held.iter().map(Option::is_some).collect();
    let i = choose(&taken, siblings())?;
    let shared = Arc::new(AtomicBool::new(false));
    for &j in &siblings()[i] {
        if let Some(other) = &held[j] {
            other.store(true, Ordering::SeqCst);
            shared.store(true, Ordering::SeqCst);
        }
    }
    held[i] = Some(shared.clone());
    Some(Lease { core: usable()[i], shared })
}

impl Drop for Lease {
    fn drop(&mut self) {
        if let (Ok(mut held), Some(i)) = (held().lock(), usable().iter().position(|&c| c == self.core)) {
            held[i] = None;
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

    #[test]
    fn kernel_cpu_lists_parse() {
        assert_eq!(cpu_list("0-3,8,10-11\n"), vec![0, 1, 2, 3, 8, 10, 11]);
        assert_eq!(cpu_list("5"), vec![5]);
        assert_eq!(cpu_list("3-1,x,0-99999999"), Vec::<usize>::new());
    }

    #[test]
    fn a_core_whose_sibling_is_free_is_taken_first() {
        // Four hyperthreads on two physical cores: 0 and 2 are siblings, 1 and 3.
        let siblings = vec![vec![2], vec![3], vec![0], vec![1]];
        assert_eq!(choose(&[false; 4], &siblings), Some(0));
        assert_eq!(choose(&[true, false, false, false], &siblings), Some(1), "not 2: it shares 0's core");
        assert_eq!(choose(&[true, true, false, false], &siblings), Some(2), "every physical core busy: share");
        assert_eq!(choose(&[true; 4], &siblings), None);
        assert!((1..=usable().len()).contains(&physical()));
    }
}
