//! Size statistics of QDIMACS and QCIR files, computed while parsing (nothing is stored).
//!
//! Counts are semantic: free variables count as existential variables of the outermost
//! block, and blocks are counted after adjacent blocks of one quantifier are merged, so a
//! file and its cleansed rewrite have the same statistics.

use crate::formula::{Lit, Prefix, Quant, Var};
use crate::io::{visit_qcir, visit_qdimacs, Format, QcirGate, QcirVisitor, QdimacsVisitor};
use contract::{ParseError, Source};

/// Size statistics of one instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// QDIMACS: `<max var>` of the header. QCIR: declared variables (`free(…)` included).
    pub vars: u64,
    pub universal: u64,
    pub existential: u64,
    /// Quantifier blocks after merging.
    pub blocks: u64,
    /// QDIMACS only.
    pub clauses: Option<u64>,
    /// QDIMACS only: literal occurrences in clauses.
    pub literals: Option<u64>,
    /// QCIR only.
    pub gates: Option<u64>,
    /// QCIR only: gate input occurrences.
    pub inputs: Option<u64>,
}

#[derive(Default)]
struct Counter {
    prefix: Prefix,
    quantified: u64,
    used: Vec<bool>,
    max_var: u32,
    clauses: u64,
    literals: u64,
    gates: u64,
    inputs: u64,
    free: u64,
}

impl Counter {
    fn finish(mut self, format: Format) -> Stats {
        let (universal, existential) =
            (self.prefix.count(Quant::Forall) as u64, self.prefix.count(Quant::Exists) as u64);
        if self.free > 0 {
            self.prefix.push_outermost_exists(Var::new(1));
        }
        let blocks = self.prefix.blocks().len() as u64;
        let base = Stats { universal, existential: existential + self.free, blocks, ..Stats::default() };
        match format {
            Format::Qdimacs => {
                Stats { vars: self.max_var as u64, clauses: Some(self.clauses), literals: Some(self.literals), ..base }
            }
            Format::Qcir => Stats { vars: self.quantified, gates: Some(self.gates), inputs: Some(self.inputs), ..base },
        }
    }
}

impl QdimacsVisitor for Counter {
    fn header(&mut self, max_var: u32, _: u64) {
        self.max_var = max_var;
        self.used = vec![false; max_var as usize + 1];
    }
    fn block(&mut self, quant: Quant, vars: &[Var]) {
        self.quantified += vars.len() as u64;
        for v in vars {
            self.used[v.index() as usize] = true;
        }
        self.prefix.push(quant, vars.iter().copied());
    }
    fn clause(&mut self, lits: &[Lit]) {
        self.clauses += 1;
        self.literals += lits.len() as u64;
        for l in lits {
            let slot = &mut self.used[l.var_index() as usize];
            if !*slot {
                *slot = true;
                self.free += 1;
            }
        }
    }
}

impl QcirVisitor for Counter {
    fn block(&mut self, quant: Quant, vars: &[Var]) {
        self.quantified += vars.len() as u64;
        self.prefix.push(quant, vars.iter().copied());
    }
    fn output(&mut self, _: Lit) {}
    fn gate(&mut self, _: Var, _: QcirGate, inputs: &[Lit]) {
        self.gates += 1;
        self.inputs += inputs.len() as u64;
    }
    fn finish(&mut self, _: u32) {}
}

/// The statistics of a QDIMACS or QCIR file (detected from its content).
pub fn stats(source: &Source) -> Result<(Format, Stats), ParseError> {
    let format = Format::detect(&source.bytes);
    let mut counter = Counter::default();
    match format {
        Format::Qdimacs => visit_qdimacs(source, &mut counter)?,
        Format::Qcir => visit_qcir(source, &mut counter)?,
    }
    Ok((format, counter.finish(format)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qdimacs_statistics_count_free_variables_as_outermost_existentials() -> Result<(), ParseError> {
        let src = Source::from_bytes("t", "p cnf 4 2\na 1 0\ne 2 0\ne 3 0\n1 2 4 0\n-3 0\n");
        let (format, s) = stats(&src)?;
        assert_eq!(format, Format::Qdimacs);
        assert_eq!(
            s,
            Stats {
                vars: 4,
                universal: 1,
                existential: 3,
                blocks: 3,
                clauses: Some(2),
                literals: Some(4),
                gates: None,
                inputs: None
            }
        );
        Ok(())
    }

    #[test]
    fn qcir_statistics_count_gates_and_inputs_as_written() -> Result<(), ParseError> {
        let src = Source::from_bytes(
            "t",
            "#QCIR-G14\nfree(z)\nforall(x)\nexists(y)\noutput(g)\nh = xor(x, y)\ng = and(h, x, z)\n",
        );
        let (format, s) = stats(&src)?;
        assert_eq!(format, Format::Qcir);
        assert_eq!(
            s,
            Stats {
                vars: 3,
                universal: 1,
                existential: 2,
                blocks: 3,
                clauses: None,
                literals: None,
                gates: Some(2),
                inputs: Some(5)
            }
        );
        Ok(())
    }
}
