//! A fixed number of worker threads over a list of work items; results come back to
//! the calling thread one at a time, in completion order, so a single writer records them.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

/// Runs `work(i)` for every `i < n` on `jobs` threads and hands each result to `done` on
/// the calling thread. When `done` fails, no new item starts; the items in flight finish
/// and the first error is returned.
pub fn run_pool<T: Send, E>(
    jobs: usize,
    n: usize,
    work: impl Fn(usize) -> T + Sync,
    mut done: impl FnMut(usize, T) -> Result<(), E>,
) -> Result<(), E> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(usize, T)>();
    thread::scope(|scope| {
        for _ in 0..jobs.max(1).min(n.max(1)) {
            let tx = tx.clone();
            let (next, stop, work) = (&next, &stop, &work);
            scope.spawn(move || loop {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= n || tx.send((i, work(i))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let mut result = Ok(());
        for (i, value) in rx {
            if result.is_ok() {
                if let Err(e) = done(i, value) {
                    stop.store(true, Ordering::SeqCst);
                    result = Err(e);
                }
            }
        }
        result
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_is_done_exactly_once() {
        let mut seen = vec![0; 100];
        let done = run_pool(
            3,
            100,
            |i| i * 2,
            |i, v| {
                seen[i] += 1;
                if v == i * 2 {
                    Ok(())
                } else {
                    Err((i, v))
                }
            },
        );
        assert_eq!(done, Ok(()));
        assert!(seen.iter().all(|&c| c == 1));
    }

    #[test]
    fn a_failing_consumer_stops_new_work() {
        let started = AtomicUsize::new(0);
        let r = run_pool(
            2,
            1000,
            |_| {
                thread::sleep(std::time::Duration::from_millis(1));
                started.fetch_add(1, Ordering::SeqCst)
            },
            |_, _| Err("disk full"),
        );
        assert_eq!(r, Err("disk full"));
        assert!(started.load(Ordering::SeqCst) < 1000);
    }
}
