//! A streaming reader of the ASCII QRP format (the trace format of DepQBF and QRPcheck):
//!
//! ```text
//! p qrp <max var> <clauses>
//! e 1 2 0            quantifier blocks, outermost first
//! a 3 0
//! 1 1 -3 0 0         step: <id> <literals> 0 <antecedent ids> 0
//! 4 2 0 1 3 0
//! 5 0 4 0            the last step is the empty clause (cube)
//! r UNSAT            r SAT for a cube proof
//! ```
//!
//! A step without antecedents is an input clause, or (in a proof of truth) an initial
//! cube. Steps come in increasing id order and name only earlier steps. The reader keeps
//! one line at a time; a proof of gigabytes is read in constant memory.

use std::io::BufRead;
use std::path::Path;

use contract::Verdict;
use qbf::formula::Quant;

use super::error::{Error, StepAt};

/// The header and prefix of a proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub max_var: u32,
    pub clauses: u64,
    /// Quantifier blocks as written, outermost first.
    pub blocks: Vec<(Quant, Vec<u32>)>,
}

/// One line after the prefix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A step; its literals (as codes `2·var + negated`) and antecedent ids are in the
    /// reader's buffers.
    Step { id: u64 },
    /// The `r SAT` / `r UNSAT` line.
    Result(Verdict),
}

pub struct Reader<'p, R> {
    input: R,
    path: &'p Path,
    line_no: u64,
    line: Vec<u8>,
    pending: bool,
    max_var: u32,
    /// The literals of the last step read with [`Reader::next`].
    pub lits: Vec<u32>,
    /// The antecedent ids of the last step read with [`Reader::next`].
    pub ants: Vec<u64>,
}

impl<'p, R: BufRead> Reader<'p, R> {
    pub fn new(input: R, path: &'p Path) -> Reader<'p, R> {
        Reader {
            input,
            path,
            line_no: 0,
            line: Vec::new(),
            pending: false,
            max_var: 0,
            lits: Vec::new(),
            ants: Vec::new(),
        }
    }

    /// The 1-based line of the last line read.
    pub fn line_no(&self) -> u64 {
        self.line_no
    }

    /// An error at the current line.
    pub fn reject(&self, step: Option<u64>, reason: impl Into<String>) -> Error {
        Error::Rejected {
            at: StepAt { path: self.path.to_path_buf(), line: self.line_no, step },
            reason: reason.into(),
        }
    }

    fn fill(&mut self) -> Result<bool, Error> {
        if self.pending {
            self.pending = false;
            return Ok(true);
        }
        loop {
            self.line.clear();
            let n = self
                .input
                .read_until(b'\n', &mut self.line)
                .map_err(|error| Error::Io { path: self.path.to_path_buf(), error })?;
            if n == 0 {
                return Ok(false);
            }
            self.line_no += 1;
            if self.line.iter().any(|b| !b.is_ascii_whitespace()) {
                return Ok(true);
            }
        }
    }

    /// Reads the `p qrp` line and the quantifier blocks.
    pub fn header(&mut self) -> Result<Header, Error> {
        if !self.fill()? {
            return Err(self.reject(None, "the proof is empty: the solver wrote no trace (was it run with --trace?)"));
        }
        let mut words = Words::new(&self.line);
        if words.word() != Some(b"p") || words.word() != Some(b"qrp") {
            return Err(self.reject(None, "expected the header `p qrp <max var> <clauses>` (binary `bqrp` traces are not read; run DepQBF with --trace=qrp)"));
        }
        let (max_var, clauses) = match (words.number(), words.number(), words.at_end()) {
            (Some(Ok(v)), Some(Ok(c)), true) if v <= u32::MAX as i64 && v >= 0 && c >= 0 => (v as u32, c as u64),
            _ => return Err(self.reject(None, "expected the header `p qrp <max var> <clauses>`")),
        };
        self.max_var = max_var;
        let mut blocks = Vec::new();
        while self.fill()? {
            let quant = match self.line.iter().find(|b| !b.is_ascii_whitespace()) {
                Some(b'e') => Quant::Exists,
                Some(b'a') => Quant::Forall,
                _ => {
                    self.pending = true;
                    break;
                }
            };
            let mut words = Words::new(&self.line);
            words.word();
            let mut vars = Vec::new();
            loop {
                match words.number() {
                    Some(Ok(0)) if words.at_end() => break,
                    Some(Ok(v)) if v > 0 && v <= max_var as i64 => vars.push(v as u32),
                    Some(Ok(v)) => {
                        return Err(self
                            .reject(None, format!("`{v}` in a quantifier block is not a variable of 1..={max_var}")))
                    }
                    _ => return Err(self.reject(None, "a quantifier block is a list of variables ending in 0")),
                }
            }
            blocks.push((quant, vars));
        }
        Ok(Header { max_var, clauses, blocks })
    }

    /// Reads the next step or the result line; `None` at the end of the file.
    pub fn next(&mut self) -> Result<Option<Line>, Error> {
        if !self.fill()? {
            return Ok(None);
        }
        let mut words = Words::new(&self.line);
        if self.line.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'r') {
            words.word();
            let verdict = match words.word() {
                Some(b"SAT") => Verdict::True,
                Some(b"UNSAT") => Verdict::False,
                _ => return Err(self.reject(None, "the result line is `r SAT` or `r UNSAT`")),
            };
            return Ok(Some(Line::Result(verdict)));
        }
        let id = match words.number() {
            Some(Ok(id)) if id > 0 => id as u64,
            _ => return Err(self.reject(None, "a step starts with its id, a positive number")),
        };
        self.lits.clear();
        self.ants.clear();
        loop {
            match words.number() {
                Some(Ok(0)) => break,
                Some(Ok(l)) if l.unsigned_abs() <= self.max_var as u64 => {
                    self.lits.push(((l.unsigned_abs() as u32) << 1) | u32::from(l < 0))
                }
                Some(Ok(l)) => {
                    return Err(
                        self.reject(Some(id), format!("literal `{l}` names no variable of 1..={}", self.max_var))
                    )
                }
                _ => return Err(self.reject(Some(id), "the literals of a step end in 0")),
            }
        }
        loop {
            match words.number() {
                Some(Ok(0)) if words.at_end() => break,
                Some(Ok(a)) if a > 0 => self.ants.push(a as u64),
                _ => return Err(self.reject(Some(id), "the antecedents of a step are positive step ids ending in 0")),
            }
        }
        Ok(Some(Line::Step { id }))
    }

    /// Skips the next line (a step not needed for the conclusion).
    pub fn skip(&mut self) -> Result<bool, Error> {
        self.fill()
    }
}

/// Whitespace-separated words of one line.
struct Words<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Words<'a> {
    fn new(bytes: &'a [u8]) -> Words<'a> {
        Words { bytes, pos: 0 }
    }

    fn skip_blanks(&mut self) {
        while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn at_end(&mut self) -> bool {
        self.skip_blanks();
        self.pos == self.bytes.len()
    }

    fn word(&mut self) -> Option<&'a [u8]> {
        self.skip_blanks();
        let start = self.pos;
        while self.pos < self.bytes.len() && !self.bytes[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        (self.pos > start).then(|| &self.bytes[start..self.pos])
    }

    /// The next word as a number; `Some(Err)` for a word that is not one.
    fn number(&mut self) -> Option<Result<i64, ()>> {
        self.skip_blanks();
        let bytes = self.bytes;
        let mut pos = self.pos;
        if pos == bytes.len() {
            return None;
        }
        let negative = bytes[pos] == b'-';
        if negative {
            pos += 1;
        }
        let start = pos;
        let mut value: i64 = 0;
        while pos < bytes.len() && bytes[pos].is_ascii_digit() {
            value = match value.checked_mul(10).and_then(|v| v.checked_add(i64::from(bytes[pos] - b'0'))) {
                Some(v) => v,
                None => return Some(Err(())),
            };
            pos += 1;
        }
        let ends = pos == bytes.len() || bytes[pos].is_ascii_whitespace();
        self.pos = pos;
        if pos == start || !ends {
            self.word();
            return Some(Err(()));
        }
        Some(Ok(if negative { -value } else { value }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reader(text: &str) -> Reader<'static, &[u8]> {
        Reader::new(text.as_bytes(), Path::new("p.qrp"))
    }

    #[test]
    fn reads_header_prefix_steps_and_result() {
        let text = "p qrp 3 2\ne 1 0\na 2 0\ne 3 0\n1 1 -3 0 0\n2 3 2 0 0\n3 1 2 0 1 2 0\nr UNSAT\n";
        let mut r = reader(text);
        let h = r.header().unwrap();
        assert_eq!(h.max_var, 3);
        assert_eq!(h.blocks, vec![(Quant::Exists, vec![1]), (Quant::Forall, vec![2]), (Quant::Exists, vec![3])]);
        assert_eq!(r.next().unwrap(), Some(Line::Step { id: 1 }));
        assert_eq!(r.lits, vec![2, 7]);
        assert_eq!(r.next().unwrap(), Some(Line::Step { id: 2 }));
        assert_eq!(r.next().unwrap(), Some(Line::Step { id: 3 }));
        assert_eq!(r.ants, vec![1, 2]);
        assert_eq!(r.next().unwrap(), Some(Line::Result(Verdict::False)));
        assert_eq!(r.next().unwrap(), None);
    }

    #[test]
    fn names_the_line_of_a_bad_step() {
        let mut r = reader("p qrp 2 1\ne 1 2 0\n1 1 0 0\n2 5 0 1 0\n");
        r.header().unwrap();
        r.next().unwrap();
        let e = r.next().unwrap_err().to_string();
        assert_eq!(e, "p.qrp:4: step 2: literal `5` names no variable of 1..=2");
    }

    #[test]
    fn refuses_a_binary_trace_and_an_empty_file() {
        assert!(reader("p bqrp 2 1\n").header().unwrap_err().to_string().contains("--trace=qrp"));
        assert!(reader("").header().unwrap_err().to_string().contains("empty"));
    }
}
