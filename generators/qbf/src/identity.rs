//! Instance identity.
//!
//! - [`sha256_hex`]: SHA-256 of the instance bytes; the instance's name in a suite. Inputs
//!   are hashed after transparent decompression, so `x.qdimacs` and `x.qdimacs.gz` have
//!   the same id.
//! - [`gbd_hash`]: the identifier of the Global Benchmark Database for QBF (gbdc's
//!   `PQBF::gbdhash`): an MD5 over the normalised token stream. Comment (`c`) and header
//!   (`p`) lines are dropped; every remaining line — quantifier lines with their `e `/`a `
//!   tag kept inline, and clauses — is reduced to its tokens, each number followed by one
//!   space, closed by `0`, and records are joined by single spaces. Whitespace and line
//!   breaks in the file therefore do not change the hash. This follows gbdc's
//!   `src/identify/GBDHash.h` token by token.

use md5::{Digest as _, Md5};
use sha2::Sha256;

/// Lowercase hex of a digest.
pub fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// SHA-256 of `bytes`, as lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    to_hex(&Sha256::digest(bytes))
}

/// The GBD identifier of a QDIMACS file's bytes.
pub fn gbd_hash(bytes: &[u8]) -> String {
    let mut md5 = Md5::new();
    let mut pos = 0;
    let len = bytes.len();
    let is_space = |b: u8| b.is_ascii_whitespace();
    let mut not_first = false;
    let skip_ws = |pos: &mut usize| {
        while *pos < len && is_space(bytes[*pos]) {
            *pos += 1;
        }
    };
    loop {
        skip_ws(&mut pos);
        if pos >= len {
            break;
        }
        if bytes[pos] == b'p' || bytes[pos] == b'c' {
            match bytes[pos..].iter().position(|&b| b == b'\n') {
                Some(p) => pos += p + 1,
                None => break,
            }
            continue;
        }
        if not_first {
            md5.update(b" ");
        }
        if bytes[pos] == b'e' || bytes[pos] == b'a' {
            md5.update(if bytes[pos] == b'e' { b"e " } else { b"a " });
            pos += 1;
        }
        let mut malformed = false;
        loop {
            skip_ws(&mut pos);
            let start = pos;
            if pos < len && (bytes[pos] == b'-' || bytes[pos] == b'+') {
                pos += 1;
            }
            while pos < len && bytes[pos].is_ascii_digit() {
                pos += 1;
            }
            let number = &bytes[start..pos];
            if !number.last().is_some_and(u8::is_ascii_digit) {
                malformed = pos < len;
                break;
            }
            if number == b"0" {
                break;
            }
            md5.update(number);
            md5.update(b" ");
        }
        md5.update(b"0");
        not_first = true;
        if malformed {
            // gbdc stops reading numbers at a non-number; move on to the next line.
            match bytes[pos..].iter().position(|&b| b == b'\n') {
                Some(p) => pos += p + 1,
                None => break,
            }
        }
    }
    to_hex(&md5.finalize())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_matches_the_standard_test_vector() {
        assert_eq!(sha256_hex(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    #[test]
    fn gbd_hash_is_md5_of_the_normalised_token_stream() {
        let file = b"c comment\np cnf 3 2\ne 1 2 0\na 3 0\n1 -3 0\n2   3\n 0\n";
        let normalised = b"e 1 2 0 a 3 0 1 -3 0 2 3 0";
        assert_eq!(gbd_hash(file), to_hex(&Md5::digest(normalised)));
        let reformatted = b"p cnf 3 2\ne 1 2 0\na 3 0\n1 -3 0 2 3 0\n";
        assert_eq!(gbd_hash(file), gbd_hash(reformatted));
    }
}
