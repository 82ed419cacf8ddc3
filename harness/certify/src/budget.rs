//! [`Budget`]: how far one certification may go (the proof's size, the SAT solver's time,
//! the certificate's size).

use std::time::Duration;

/// How far a certification may go.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Budget {
    /// The largest proof file checked, in bytes.
    pub max_proof: u64,
    /// How long the SAT solver may take to verify the certificate.
    pub sat_time: Duration,
    /// The most rules and and-gates the certificate may have (memory: about 16 bytes each).
    pub max_certificate: u64,
}

impl Budget {
    /// The default certificate limit: 100 million rules and gates, about 1.6 GB.
    pub const MAX_CERTIFICATE: u64 = 100_000_000;
}
