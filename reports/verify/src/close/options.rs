//! How the open entries of a table are closed: the runs' programs, the certifier, the
//! budget and the limits.

use std::path::Path;
use std::time::Duration;

use certify::{Certifier, Certify};
use harness::{Executor, Invocation};
use suites::builder::Encoders;

/// How the open entries of a table are closed.
pub struct CloseOptions<'a> {
    pub encoders: &'a Encoders,
    pub executor: &'a dyn Executor,
    /// The binary's `qbfgames reference --last-ply` child, without the set-up.
    pub last_ply: &'a Invocation,
    /// Certifies a QDIMACS file; `None`: the entries are not certified.
    pub certifier: Option<&'a dyn Certifier>,
    /// The limits of each certification.
    pub certify: Certify,
    /// Where the certified instances are generated.
    pub out: &'a Path,
    pub budget: Duration,
    /// The most memory a reference run may get, in bytes (0: no limit).
    pub memory: u64,
    /// Entries whose reference runs are in flight at once: the local cores, or on a
    /// cluster as many as a wave should hold.
    pub climbers: usize,
    /// Certifications at once (they run on this machine).
    pub jobs: usize,
}
