//! Certification of one QDIMACS file in a child process: `qbfgames certify-qdimacs`
//! ([`certify_qdimacs`]) runs DepQBF's tracer, checks the proof and verifies the
//! certificate, and prints the outermost block's constants as `--qdo` prints them. The
//! proof checker's memory grows with the certificate, and a limit on a child holds where
//! one on the calling process could not: `generate --certify` and `strategy first-move
//! --from-certificate` ([`certificate_oracle`]) certify through it.
//!
//! Its own crate, above `suites` and `strategy`: the protocol speaks the suite's
//! certification limits and outcome ([`suites::Certify`], [`suites::certified::Outcome`]),
//! which the `certify` crate, below `suites`, cannot name, and the oracle it feeds is
//! the `strategy` crate's.

pub mod certificate_oracle;
pub mod certify_qdimacs;

pub use certificate_oracle::{from_certificate, CertifyCommand};
pub use certify_qdimacs::{certify_here, certify_in_child, depqbf_tracer};
