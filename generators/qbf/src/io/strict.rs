//! The competitions' stricter reading of a formula, beyond what the readers accept: what
//! an organiser of the QBF Gallery or QBFEval checks before a file enters a track.
//!
//! QDIMACS 1.1 (prenex-CNF track): everything [`visit_qdimacs`] checks (header, ranges,
//! clause count, terminated clauses), and also: comments only before the header,
//! quantifier blocks that are not empty and alternate, the innermost block existential,
//! and no free variables. QCIR-G14, cleansed (non-CNF track): everything [`visit_qcir`]
//! checks (every variable declared), and also: a closed prefix (no `free(…)` block),
//! blocks that are not empty and alternate (a circuit may end with a universal block).

use std::collections::HashSet;

use contract::{ParseError, Source};

use crate::formula::{Lit, Quant, Var};

use super::{visit_qcir, visit_qdimacs, QcirGate, QcirVisitor, QdimacsVisitor};

/// Checks a QDIMACS file against QDIMACS 1.1 as competitions read it.
pub fn check_qdimacs(source: &Source) -> Result<(), ParseError> {
    #[derive(Default)]
    struct Seen {
        blocks: Vec<(Quant, usize)>,
        quantified: HashSet<u32>,
        free: Option<u32>,
    }
    impl QdimacsVisitor for Seen {
        fn header(&mut self, _: u32, _: u64) {}
        fn block(&mut self, quant: Quant, vars: &[Var]) {
            self.blocks.push((quant, vars.len()));
            self.quantified.extend(vars.iter().map(|v| v.index()));
        }
        fn clause(&mut self, lits: &[Lit]) {
            if self.free.is_none() {
                self.free = lits.iter().map(|l| l.var_index()).find(|v| !self.quantified.contains(v));
            }
        }
    }
    let mut seen = Seen::default();
    visit_qdimacs(source, &mut seen)?;
    let lines = Lines::of(source);
    if let Some(at) = lines.comment_after_header() {
        return Err(ParseError::at(
            source,
            at,
            "a comment after the header",
            "QDIMACS 1.1 allows comments only before the `p cnf` line",
        ));
    }
    check_blocks(source, &seen.blocks, &lines.starting_with(b"ae"), true)?;
    if let Some(v) = seen.free {
        let at = lines.clauses().unwrap_or(source.bytes.len());
        return Err(ParseError::at(
            source,
            at,
            format!("variable {v} occurs in a clause but in no quantifier block"),
            "quantify every variable (QDIMACS 1.1 has no free variables)",
        ));
    }
    Ok(())
}

/// Checks a QCIR file against cleansed QCIR-G14.
pub fn check_qcir(source: &Source) -> Result<(), ParseError> {
    #[derive(Default)]
    struct Seen {
        blocks: Vec<(Quant, usize)>,
    }
    impl QcirVisitor for Seen {
        fn block(&mut self, quant: Quant, vars: &[Var]) {
            self.blocks.push((quant, vars.len()));
        }
        fn output(&mut self, _: Lit) {}
        fn gate(&mut self, _: Var, _: QcirGate, _: &[Lit]) {}
        fn finish(&mut self, _: u32) {}
    }
    let mut seen = Seen::default();
    visit_qcir(source, &mut seen)?;
    let first = source.bytes.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(0);
    if !source.bytes[first..].starts_with(b"#QCIR-G14") {
        return Err(ParseError::at(
            source,
            first,
            "no `#QCIR-G14` header",
            "cleansed QCIR-G14 starts with the header line `#QCIR-G14`",
        ));
    }
    let lines = Lines::of(source);
    if let Some(at) = lines.starting_with_word("free") {
        return Err(ParseError::at(
            source,
            at,
            "a `free(…)` block",
            "cleansed QCIR has a closed prefix: quantify these variables",
        ));
    }
    let blocks = lines.starting_with_words(&["exists", "forall"]);
    check_blocks(source, &seen.blocks, &blocks, false)
}

/// Blocks not empty and alternating, and (`cnf`) the innermost one existential; `starts`
/// are the byte offsets of the blocks' lines, for the error's place.
fn check_blocks(source: &Source, blocks: &[(Quant, usize)], starts: &[usize], cnf: bool) -> Result<(), ParseError> {
    let at = |i: usize| starts.get(i).copied().unwrap_or(0);
    for (i, &(quant, len)) in blocks.iter().enumerate() {
        if len == 0 {
            return Err(ParseError::at(source, at(i), "an empty quantifier block", "drop the block"));
        }
        if i > 0 && blocks[i - 1].0 == quant {
            return Err(ParseError::at(
                source,
                at(i),
                "two blocks of the same quantifier in a row",
                "merge them into one block: the prefix must alternate",
            ));
        }
    }
    match blocks.last() {
        Some((Quant::Forall, _)) if cnf => Err(ParseError::at(
            source,
            at(blocks.len() - 1),
            "the innermost block is universal",
            "end the prefix with an existential block (a universal innermost block can be dropped by universal reduction)",
        )),
        _ => Ok(()),
    }
}

/// The byte offsets of a file's lines.
struct Lines<'a> {
    bytes: &'a [u8],
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    fn of(source: &'a Source) -> Lines<'a> {
        let bytes = &source.bytes[..];
        let mut starts = vec![0];
        starts.extend(bytes.iter().enumerate().filter(|(_, &b)| b == b'\n').map(|(i, _)| i + 1));
        starts.retain(|&s| s < bytes.len());
        Lines { bytes, starts }
    }

    fn text(&self, start: usize) -> &'a [u8] {
        let rest = &self.bytes[start..];
        let rest = &rest[..rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len())];
        let skip = rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
        &rest[skip..]
    }

    fn starting_with(&self, first: &[u8]) -> Vec<usize> {
        self.starts.iter().copied().filter(|&s| self.text(s).first().is_some_and(|b| first.contains(b))).collect()
    }

    fn starting_with_words(&self, words: &[&str]) -> Vec<usize> {
        let starts = |s: usize| {
            let t = self.text(s).to_ascii_lowercase();
            words.iter().any(|w| t.starts_with(w.as_bytes()) && t[w.len()..].trim_ascii_start().starts_with(b"("))
        };
        self.starts.iter().copied().filter(|&s| starts(s)).collect()
    }

    fn starting_with_word(&self, word: &str) -> Option<usize> {
        self.starting_with_words(&[word]).first().copied()
    }

    fn header(&self) -> Option<usize> {
        self.starts.iter().copied().find(|&s| self.text(s).starts_with(b"p "))
    }

    fn comment_after_header(&self) -> Option<usize> {
        let header = self.header()?;
        self.starts.iter().copied().find(|&s| s > header && self.text(s).first() == Some(&b'c'))
    }

    fn clauses(&self) -> Option<usize> {
        let header = self.header()?;
        self.starts
            .iter()
            .copied()
            .find(|&s| s > header && self.text(s).first().is_some_and(|b| *b == b'-' || b.is_ascii_digit()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn qdimacs(text: &str) -> Result<(), String> {
        check_qdimacs(&Source::from_bytes("f.qdimacs", text)).map_err(|e| format!("{}:{} {}", e.line, e.col, e.message))
    }

    fn qcir(text: &str) -> Result<(), String> {
        check_qcir(&Source::from_bytes("f.qcir", text)).map_err(|e| format!("{}:{} {}", e.line, e.col, e.message))
    }

    #[test]
    fn qdimacs_1_1_is_checked_beyond_the_reader() {
        assert_eq!(qdimacs("c ok\np cnf 2 2\na 1 0\ne 2 0\n-1 2 0\n1 -2 0\n"), Ok(()));
        let e = qdimacs("p cnf 2 1\ne 1 0\ne 2 0\n1 2 0\n").err().unwrap_or_default();
        assert!(e.starts_with("3:1 two blocks of the same quantifier"), "{e}");
        let e = qdimacs("p cnf 2 1\ne 1 0\na 2 0\n1 2 0\n").err().unwrap_or_default();
        assert!(e.starts_with("3:1 the innermost block is universal"), "{e}");
        let e = qdimacs("p cnf 2 1\ne 1 0\n1 2 0\n").err().unwrap_or_default();
        assert!(e.starts_with("3:1 variable 2 occurs in a clause but in no quantifier block"), "{e}");
        let e = qdimacs("p cnf 1 1\nc late\ne 1 0\n1 0\n").err().unwrap_or_default();
        assert!(e.starts_with("2:1 a comment after the header"), "{e}");
        let e = qdimacs("p cnf 2 3\ne 1 2 0\n1 0\n").err().unwrap_or_default();
        assert!(e.contains("clause"), "the reader's own checks come first: {e}");
    }

    #[test]
    fn cleansed_qcir_is_closed_and_alternating() {
        assert_eq!(qcir("#QCIR-G14\nforall(1)\nexists(2)\noutput(3)\n3 = and(1, 2)\n"), Ok(()));
        let e = qcir("#QCIR-G14\nfree(1)\nexists(2)\noutput(3)\n3 = and(1, 2)\n").err().unwrap_or_default();
        assert!(e.starts_with("2:1 a `free(…)` block"), "{e}");
        let e = qcir("#QCIR-G14\nexists(2)\noutput(3)\n3 = and(1, 2)\n").err().unwrap_or_default();
        assert!(e.starts_with("4:9 `1` is used but neither quantified nor defined as a gate"), "{e}");
        let e = qcir("#QCIR-G14\nexists(1)\nexists(2)\noutput(3)\n3 = and(1, 2)\n").err().unwrap_or_default();
        assert!(e.starts_with("3:1 two blocks"), "{e}");
    }
}
