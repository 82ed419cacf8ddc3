//! An and-inverter graph with structural hashing, the form certificates take (as in
//! QRPcert and the AIGER format of the hardware model checking competitions).
//!
//! Literal codes are `2·node + negated`; node 0 is the constant false, nodes `1..=inputs`
//! are the formula's variables (so a formula literal's code is its AIG literal), and
//! and-gates follow.

use std::io::{self, Write};

use rustc_hash::FxHashMap;

pub const FALSE: u32 = 0;
pub const TRUE: u32 = 1;

/// An AIG whose outputs are functions named by the variable they define.
pub struct Aig {
    inputs: u32,
    ands: Vec<(u32, u32)>,
    strash: FxHashMap<(u32, u32), u32>,
    /// `(variable, function)` pairs.
    outputs: Vec<(u32, u32)>,
}

impl Aig {
    /// An AIG over the variables `1..=inputs`.
    pub fn new(inputs: u32) -> Aig {
        Aig { inputs, ands: Vec::new(), strash: FxHashMap::default(), outputs: Vec::new() }
    }

    pub fn inputs(&self) -> u32 {
        self.inputs
    }

    /// Number of and-gates: the certificate's size.
    pub fn ands(&self) -> usize {
        self.ands.len()
    }

    pub fn outputs(&self) -> &[(u32, u32)] {
        &self.outputs
    }

    /// The gates as `(output literal, input, input)`, in topological order.
    pub fn gates(&self) -> impl Iterator<Item = (u32, u32, u32)> + '_ {
        let first = self.inputs + 1;
        self.ands.iter().enumerate().map(move |(i, &(a, b))| (2 * (first + i as u32), a, b))
    }

    /// Which gates the outputs depend on, by gate position.
    pub fn used_gates(&self) -> Vec<bool> {
        let first = self.inputs as usize + 1;
        let mut used = vec![false; self.ands.len()];
        let mark = |used: &mut Vec<bool>, lit: u32| {
            if let Some(g) = ((lit >> 1) as usize).checked_sub(first) {
                used[g] = true;
            }
        };
        for &(_, f) in &self.outputs {
            mark(&mut used, f);
        }
        for g in (0..self.ands.len()).rev() {
            if used[g] {
                let (a, b) = self.ands[g];
                mark(&mut used, a);
                mark(&mut used, b);
            }
        }
        used
    }

    /// `a ∧ b`, simplified and shared with an equal gate made before.
    pub fn and(&mut self, a: u32, b: u32) -> u32 {
        let (a, b) = if a < b { (a, b) } else { (b, a) };
        if a == FALSE || a == b ^ 1 {
            return FALSE;
        }
        if a == TRUE || a == b {
            return b;
        }
        if let Some(&lit) = self.strash.get(&(a, b)) {
            return lit;
        }
        let lit = 2 * (self.inputs + 1 + self.ands.len() as u32);
        self.ands.push((a, b));
        self.strash.insert((a, b), lit);
        lit
    }

    /// The conjunction of `lits` (true for none).
    pub fn and_all(&mut self, lits: &[u32]) -> u32 {
        lits.iter().fold(TRUE, |acc, &l| self.and(acc, l))
    }

    /// `if c then t else e`.
    pub fn ite(&mut self, c: u32, t: u32, e: u32) -> u32 {
        if t == TRUE {
            return self.and(c ^ 1, e ^ 1) ^ 1;
        }
        let then = self.and(c, t);
        let other = self.and(c ^ 1, e);
        self.and(then ^ 1, other ^ 1) ^ 1
    }

    pub fn add_output(&mut self, var: u32, function: u32) {
        self.outputs.push((var, function));
    }

    /// The outputs' values when the inputs have the values of `inputs` (by variable; a
    /// missing entry is false).
    pub fn evaluate(&self, inputs: &[bool]) -> Vec<(u32, bool)> {
        let mut value = vec![false; self.inputs as usize + 1 + self.ands.len()];
        for (v, slot) in value.iter_mut().enumerate().take(self.inputs as usize + 1).skip(1) {
            *slot = inputs.get(v).copied().unwrap_or(false);
        }
        let lit = |value: &[bool], l: u32| value[(l >> 1) as usize] ^ (l & 1 == 1);
        for (i, &(a, b)) in self.ands.iter().enumerate() {
            value[self.inputs as usize + 1 + i] = lit(&value, a) && lit(&value, b);
        }
        self.outputs.iter().map(|&(v, f)| (v, lit(&value, f))).collect()
    }

    /// Writes the AIG in the ASCII AIGER format, inputs and outputs named by variable.
    pub fn write_aiger<W: Write>(&self, mut w: W) -> io::Result<()> {
        let max = self.inputs as usize + self.ands.len();
        writeln!(w, "aag {max} {} 0 {} {}", self.inputs, self.outputs.len(), self.ands.len())?;
        for v in 1..=self.inputs {
            writeln!(w, "{}", 2 * v)?;
        }
        for &(_, f) in &self.outputs {
            writeln!(w, "{f}")?;
        }
        for (lhs, a, b) in self.gates() {
            writeln!(w, "{lhs} {b} {a}")?;
        }
        for v in 1..=self.inputs {
            writeln!(w, "i{} v{v}", v - 1)?;
        }
        for (i, &(v, _)) in self.outputs.iter().enumerate() {
            writeln!(w, "o{i} v{v}")?;
        }
        writeln!(w, "c\ncertificate: output oK defines variable vN as a function of the inputs")?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simplifies_and_shares_gates() {
        let mut aig = Aig::new(3);
        let x = aig.and(2, 4);
        assert_eq!(aig.and(4, 2), x);
        assert_eq!(aig.and(2, 3), FALSE);
        assert_eq!(aig.and(TRUE, 6), 6);
        assert_eq!(aig.ands(), 1);
    }

    #[test]
    fn ite_evaluates_as_a_multiplexer() {
        let mut aig = Aig::new(3);
        let f = aig.ite(2, 4, 6);
        aig.add_output(1, f);
        for bits in 0..8u32 {
            let inputs = [false, bits & 1 == 1, bits & 2 == 2, bits & 4 == 4];
            let want = if inputs[1] { inputs[2] } else { inputs[3] };
            assert_eq!(aig.evaluate(&inputs), vec![(1, want)]);
        }
    }
}
