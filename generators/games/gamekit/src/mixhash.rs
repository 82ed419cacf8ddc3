//! A fast hasher for the reference solvers' transposition tables.
//!
//! Their keys are bitboards, already well-mixed bits, so one multiply-rotate per word is
//! enough; std's SipHash would dominate the search time. Not for untrusted keys.

use std::hash::{BuildHasherDefault, Hasher};

/// Multiply-rotate hashing of whole words.
#[derive(Default)]
pub struct MixHasher(u64);

/// The `BuildHasher` for maps keyed by positions.
pub type MixState = BuildHasherDefault<MixHasher>;

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u8(&mut self, v: u8) {
        self.write_u64(u64::from(v));
    }
    fn write_u32(&mut self, v: u32) {
        self.write_u64(u64::from(v));
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(26) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
}
