//! The one mutator of the fuzz corpus: seeded, so that a failing input is replayed from its
//! format, seed file and number. Each mutant applies one or two of the mutations issue 18
//! lists to a shipped file.

use gamekit::rng::SplitMix64;

/// What a mutant changed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mutation {
    FlipBits,
    Truncate,
    DeleteLine,
    DuplicateLine,
    Nest,
    HugeNumber,
    InvalidUtf8,
}

const MUTATIONS: [Mutation; 7] = [
    Mutation::FlipBits,
    Mutation::Truncate,
    Mutation::DeleteLine,
    Mutation::DuplicateLine,
    Mutation::Nest,
    Mutation::HugeNumber,
    Mutation::InvalidUtf8,
];

/// Numbers substituted for a number of the file: past `u32`, past `u64`, negative, past
/// `i64` in both directions, and zero.
const HUGE: [&str; 8] = [
    "1000000000",
    "4294967296",
    "10000000000000000000",
    "-1",
    "-9223372036854775809",
    "99999999999999999999999999999999",
    "0",
    "-0",
];

/// How often a line is repeated: once, or enough to show a reader slower than linear.
const COPIES: [usize; 3] = [1, 2, 200];

/// Byte sequences that are never UTF-8: a lone continuation byte, a cut two-byte
/// sequence, an encoded surrogate, and a byte no UTF-8 text holds.
const NOT_UTF8: [&[u8]; 4] = [&[0x80], &[0xc3], &[0xed, 0xa0, 0x80], &[0xff]];

/// How a format nests: `prefix`, then `open` `depth` times, `inner`, `close` `depth`
/// times, inserted at the start of a line or anywhere.
#[derive(Copy, Clone, Debug)]
pub struct Nesting {
    pub prefix: &'static str,
    pub open: &'static str,
    pub inner: &'static str,
    pub close: &'static str,
    pub depth: usize,
}

/// Seeded mutations of one format's seed files.
pub struct Mutator {
    rng: SplitMix64,
    nesting: Nesting,
}

impl Mutator {
    pub fn new(seed: u64, nesting: Nesting) -> Mutator {
        Mutator { rng: SplitMix64::new(seed), nesting }
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.rng.below(n as u64) as usize
    }

    /// `seed` with one or two mutations, and which. Nesting comes last, so that no other
    /// mutation copies its long line.
    pub fn mutate(&mut self, seed: &[u8]) -> (Vec<Mutation>, Vec<u8>) {
        let mut chosen: Vec<Mutation> = (0..=self.below(2)).map(|_| MUTATIONS[self.below(MUTATIONS.len())]).collect();
        chosen.sort_by_key(|&m| m == Mutation::Nest);
        chosen.dedup();
        let mut bytes = seed.to_vec();
        for &mutation in &chosen {
            self.apply(mutation, &mut bytes);
        }
        (chosen, bytes)
    }

    fn apply(&mut self, mutation: Mutation, bytes: &mut Vec<u8>) {
        match mutation {
            Mutation::FlipBits => {
                for _ in 0..=self.below(4) {
                    if !bytes.is_empty() {
                        let at = self.below(bytes.len());
                        bytes[at] ^= 1 << self.below(8);
                    }
                }
            }
            Mutation::Truncate => bytes.truncate(self.below(bytes.len() + 1)),
            Mutation::DeleteLine => {
                let (start, end) = self.line(bytes);
                bytes.drain(start..end);
            }
            Mutation::DuplicateLine => {
                let (start, end) = self.line(bytes);
                let copies = COPIES[self.below(COPIES.len())];
                let lines = bytes[start..end].repeat(copies);
                bytes.splice(end..end, lines);
            }
            Mutation::Nest => {
                let n = self.nesting;
                let mut deep = n.prefix.as_bytes().to_vec();
                deep.extend(n.open.repeat(n.depth).bytes());
                deep.extend(n.inner.bytes());
                deep.extend(n.close.repeat(n.depth).bytes());
                deep.push(b'\n');
                let at = match self.below(2) {
                    0 => self.line(bytes).0,
                    _ => self.below(bytes.len() + 1),
                };
                bytes.splice(at..at, deep);
            }
            Mutation::HugeNumber => {
                let numbers = digit_runs(bytes);
                if !numbers.is_empty() {
                    let (start, end) = numbers[self.below(numbers.len())];
                    let huge = HUGE[self.below(HUGE.len())];
                    bytes.splice(start..end, huge.bytes());
                }
            }
            Mutation::InvalidUtf8 => {
                let at = self.below(bytes.len() + 1);
                let junk = NOT_UTF8[self.below(NOT_UTF8.len())];
                bytes.splice(at..at, junk.iter().copied());
            }
        }
    }

    /// The byte range of a random line, its newline included.
    fn line(&mut self, bytes: &[u8]) -> (usize, usize) {
        let at = self.below(bytes.len() + 1);
        let start = bytes[..at].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        let end = bytes[at..].iter().position(|&b| b == b'\n').map_or(bytes.len(), |p| at + p + 1);
        (start, end)
    }
}

/// The byte ranges of the runs of ASCII digits.
fn digit_runs(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            runs.push((start, i));
        } else {
            i += 1;
        }
    }
    runs
}
