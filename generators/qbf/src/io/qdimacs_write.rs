//! QDIMACS 1.1 writers.
//!
//! What we write is the strict subset every solver accepts: optional comment lines, then
//! `p cnf <max var> <clauses>`, then non-empty quantifier blocks that alternate, the
//! innermost one existential, then the clauses. Free variables are declared in the
//! outermost existential block. An innermost universal block is removed by universal
//! reduction (its literals are deleted from every clause; this preserves the truth value).
//! An empty clause makes the formula false; it is written as the canonical false formula
//! `p cnf 1 2 / e 1 0 / 1 0 / -1 0`, since QDIMACS files must not contain empty clauses.
//!
//! [`write_qdimacs`] writes a formula held in memory; [`QdimacsStream`] is a
//! [`ClauseSink`] that spills clauses to an anonymous temporary file and writes the
//! header when the encoding is finished, for matrices too large to hold twice.

use std::fs::File;
use std::io::{self, BufWriter, Seek, Write};

use crate::formula::{normalize_clause, ClauseSink, CnfQbf, Lit, Normalized, Prefix, Quant, Var};

/// Writes `qbf` as QDIMACS, `comments` first (one `c` line each).
pub fn write_qdimacs<W: Write>(out: W, qbf: &CnfQbf, comments: &[&str]) -> io::Result<()> {
    let mut out = BufWriter::with_capacity(1 << 16, out);
    let size = qbf.max_var as usize + 1;
    let mut used = vec![false; size];
    for clause in qbf.cnf.iter() {
        for lit in clause {
            used[lit.var_index() as usize] = true;
        }
    }
    let (prefix, reduced) = clean_prefix(&qbf.prefix, &used);
    let kept = |l: &Lit| !reduced[l.var_index() as usize];
    let falsified = qbf.cnf.has_empty_clause() || qbf.cnf.iter().any(|c| !c.iter().any(kept));
    if falsified {
        return write_false(&mut out, comments);
    }
    write_head(&mut out, comments, qbf.max_var, qbf.cnf.len() as u64, &prefix)?;
    let mut line = Vec::with_capacity(256);
    for clause in qbf.cnf.iter() {
        line.clear();
        for lit in clause.iter().filter(|l| kept(l)) {
            push_int(&mut line, lit.to_dimacs());
            line.push(b' ');
        }
        line.extend_from_slice(b"0\n");
        out.write_all(&line)?;
    }
    out.flush()
}

/// The prefix as written: free variables (used, unquantified) join the outermost
/// existential block; an innermost universal block is dropped. Returns the prefix and a
/// mask of the dropped (reduced) variables.
fn clean_prefix(prefix: &Prefix, used: &[bool]) -> (Prefix, Vec<bool>) {
    let mut bound = vec![false; used.len()];
    for (_, v) in prefix.iter() {
        if let Some(b) = bound.get_mut(v.index() as usize) {
            *b = true;
        }
    }
    let free = (1..used.len()).filter(|&i| used[i] && !bound[i]).filter_map(|i| Var::new(i as u32));
    let mut cleaned = prefix.clone();
    cleaned.push_outermost_exists(free);
    let mut reduced = vec![false; used.len()];
    for v in cleaned.pop_innermost_forall().unwrap_or_default() {
        if let Some(r) = reduced.get_mut(v.index() as usize) {
            *r = true;
        }
    }
    (cleaned, reduced)
}

fn write_head<W: Write>(out: &mut W, comments: &[&str], max_var: u32, clauses: u64, prefix: &Prefix) -> io::Result<()> {
    for comment in comments {
        for line in comment.lines() {
            if line.is_empty() {
                writeln!(out, "c")?;
            } else {
                writeln!(out, "c {line}")?;
            }
        }
    }
    writeln!(out, "p cnf {max_var} {clauses}")?;
    let mut line = Vec::new();
    for block in prefix.blocks() {
        line.clear();
        line.extend_from_slice(if block.quant == Quant::Exists { b"e" } else { b"a" });
        for v in &block.vars {
            line.push(b' ');
            push_int(&mut line, v.index() as i64);
        }
        line.extend_from_slice(b" 0\n");
        out.write_all(&line)?;
    }
    Ok(())
}

fn write_false<W: Write>(out: &mut W, comments: &[&str]) -> io::Result<()> {
    let mut prefix = Prefix::new();
    prefix.push(Quant::Exists, Var::new(1));
    write_head(out, comments, 1, 2, &prefix)?;
    out.write_all(b"1 0\n-1 0\n")?;
    out.flush()
}

/// Appends the decimal form of `value` (faster than `write!` in the clause loop).
pub(crate) fn push_int(buf: &mut Vec<u8>, value: i64) {
    let mut digits = [0u8; 20];
    let mut n = value.unsigned_abs();
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if value < 0 {
        buf.push(b'-');
    }
    buf.extend_from_slice(&digits[i..]);
}

/// A clause sink that streams clauses to a spill file; [`QdimacsStream::finish`] writes
/// the complete QDIMACS file once the prefix is known.
pub struct QdimacsStream {
    body: BufWriter<File>,
    clauses: u64,
    literals: u64,
    used: Vec<bool>,
    has_empty: bool,
    error: Option<io::Error>,
    buf: Vec<Lit>,
    seen: Vec<bool>,
    line: Vec<u8>,
}

/// Sizes of a streamed matrix.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StreamedSize {
    pub clauses: u64,
    pub literals: u64,
}

impl QdimacsStream {
    pub fn new() -> io::Result<QdimacsStream> {
        Ok(QdimacsStream {
            body: BufWriter::with_capacity(1 << 16, tempfile::tempfile()?),
            clauses: 0,
            literals: 0,
            used: Vec::new(),
            has_empty: false,
            error: None,
            buf: Vec::new(),
            seen: Vec::new(),
            line: Vec::new(),
        })
    }

    /// Writes the file: comments, header, `prefix` (cleaned as the module doc says), then
    /// the streamed clauses. Fails if an innermost universal variable occurs in a clause
    /// (universal reduction cannot be applied to clauses already written) or on an I/O
    /// error during streaming.
    pub fn finish<W: Write>(
        mut self,
        out: W,
        max_var: u32,
        prefix: &Prefix,
        comments: &[&str],
    ) -> io::Result<StreamedSize> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        let mut out = BufWriter::with_capacity(1 << 16, out);
        let size = StreamedSize { clauses: self.clauses, literals: self.literals };
        if self.has_empty {
            write_false(&mut out, comments)?;
            return Ok(StreamedSize { clauses: 2, literals: 2 });
        }
        self.used.resize(max_var as usize + 1, false);
        let (cleaned, reduced) = clean_prefix(prefix, &self.used);
        if let Some(i) = (0..reduced.len()).find(|&i| reduced[i] && self.used[i]) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("universal variable {i} of the innermost block occurs in a streamed clause; end the prefix with an existential block"),
            ));
        }
        write_head(&mut out, comments, max_var, self.clauses, &cleaned)?;
        let mut body = self.body.into_inner().map_err(|e| e.into_error())?;
        body.rewind()?;
        io::copy(&mut body, &mut out)?;
        out.flush()?;
        Ok(size)
    }
}

impl ClauseSink for QdimacsStream {
    fn add_clause(&mut self, clause: &[Lit]) {
        match normalize_clause(clause, &mut self.buf, &mut self.seen) {
            Normalized::Tautology => {}
            Normalized::Empty => self.has_empty = true,
            Normalized::Clause => {
                self.line.clear();
                for &lit in &self.buf {
                    let v = lit.var_index() as usize;
                    if v >= self.used.len() {
                        self.used.resize(v + 1, false);
                    }
                    self.used[v] = true;
                    push_int(&mut self.line, lit.to_dimacs());
                    self.line.push(b' ');
                }
                self.line.extend_from_slice(b"0\n");
                self.clauses += 1;
                self.literals += self.buf.len() as u64;
                if self.error.is_none() {
                    if let Err(e) = self.body.write_all(&self.line) {
                        self.error = Some(e);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formula::Cnf;

    fn lit(v: i64) -> Lit {
        Lit::from_dimacs(v).unwrap_or(Lit::FALSE)
    }

    fn var(i: u32) -> Option<Var> {
        Var::new(i)
    }

    fn written(qbf: &CnfQbf) -> String {
        let mut out = Vec::new();
        write_qdimacs(&mut out, qbf, &["game test"]).expect("write to memory");
        String::from_utf8(out).unwrap_or_default()
    }

    #[test]
    fn free_variables_are_declared_and_innermost_universals_reduced() {
        let mut prefix = Prefix::new();
        prefix.push(Quant::Forall, var(1));
        prefix.push(Quant::Exists, var(2));
        prefix.push(Quant::Forall, var(3));
        let mut cnf = Cnf::new();
        cnf.add_clause(&[lit(1), lit(2), lit(-3)]);
        cnf.add_clause(&[lit(-2), lit(4)]);
        let text = written(&CnfQbf { max_var: 4, prefix, cnf });
        assert_eq!(text, "c game test\np cnf 4 2\ne 4 0\na 1 0\ne 2 0\n1 2 0\n-2 4 0\n");
    }

    #[test]
    fn an_empty_clause_gives_the_canonical_false_formula() {
        let mut prefix = Prefix::new();
        prefix.push(Quant::Exists, var(1));
        prefix.push(Quant::Forall, var(2));
        let mut cnf = Cnf::new();
        cnf.add_clause(&[lit(1)]);
        cnf.add_clause(&[lit(2)]);
        assert_eq!(written(&CnfQbf { max_var: 2, prefix, cnf }), "c game test\np cnf 1 2\ne 1 0\n1 0\n-1 0\n");
    }

    #[test]
    fn the_stream_writes_the_same_bytes_as_the_in_memory_writer() -> io::Result<()> {
        let mut prefix = Prefix::new();
        prefix.push(Quant::Forall, var(1));
        prefix.push(Quant::Exists, [var(2), var(3)].into_iter().flatten());
        let clauses: [&[Lit]; 3] = [&[lit(1), lit(2)], &[lit(-1), lit(3), lit(3)], &[lit(2), lit(-2)]];
        let mut cnf = Cnf::new();
        let mut stream = QdimacsStream::new()?;
        for c in clauses {
            cnf.add_clause(c);
            stream.add_clause(c);
        }
        let mut out = Vec::new();
        let size = stream.finish(&mut out, 3, &prefix, &["game test"])?;
        assert_eq!(size, StreamedSize { clauses: 2, literals: 4 });
        assert_eq!(String::from_utf8(out).unwrap_or_default(), written(&CnfQbf { max_var: 3, prefix, cnf }));
        Ok(())
    }
}
