//! The gate DAG: n-ary AND/OR gates over literals, built by hash-consing.
//!
//! Every gate is normalised before it is stored: constants are folded, duplicate inputs
//! dropped, complementary inputs short-circuit, inputs are sorted, and a gate with one
//! input is that input. Two requests for the same normalised gate return the same output
//! literal (the table is keyed by op + sorted inputs), so shared sub-circuits are stored
//! once. Gate inputs live in one flat arena and the lookup table holds only gate indices:
//! each gate is in memory exactly once, and writers stream from this arena.
//!
//! Gates are appended in creation order, which is a topological order: a gate's inputs
//! always exist before it, so writers can emit "defined before use" in one pass.

use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};

use hashbrown::HashTable;

use super::lit::{Lit, Var};
use super::vars::VarManager;

/// The operator of a gate.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug)]
pub enum GateOp {
    And,
    Or,
}

impl GateOp {
    /// The QCIR keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            GateOp::And => "and",
            GateOp::Or => "or",
        }
    }
}

/// A stored gate, as seen by writers and converters.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Gate<'a> {
    pub out: Var,
    pub op: GateOp,
    pub inputs: &'a [Lit],
}

#[derive(Copy, Clone, Debug)]
struct GateRecord {
    out: Var,
    op: GateOp,
    start: u32,
    end: u32,
}

type Hasher = BuildHasherDefault<DefaultHasher>;

/// A hash-consed DAG of AND/OR gates.
#[derive(Clone, Default)]
pub struct Circuit {
    records: Vec<GateRecord>,
    inputs: Vec<Lit>,
    table: HashTable<u32>,
    hasher: Hasher,
    scratch: Vec<Lit>,
}

fn key_hash(hasher: &Hasher, op: GateOp, inputs: &[Lit]) -> u64 {
    hasher.hash_one((op, inputs))
}

impl Circuit {
    pub fn new() -> Circuit {
        Circuit::default()
    }

    /// The conjunction of `inputs` (true for no inputs).
    pub fn and(&mut self, vars: &mut VarManager, inputs: impl IntoIterator<Item = Lit>) -> Lit {
        self.gate(vars, GateOp::And, inputs)
    }

    /// The disjunction of `inputs` (false for no inputs).
    pub fn or(&mut self, vars: &mut VarManager, inputs: impl IntoIterator<Item = Lit>) -> Lit {
        self.gate(vars, GateOp::Or, inputs)
    }

    /// `a → b`.
    pub fn implies(&mut self, vars: &mut VarManager, a: Lit, b: Lit) -> Lit {
        self.or(vars, [!a, b])
    }

    /// `a ↔ b`.
    pub fn iff(&mut self, vars: &mut VarManager, a: Lit, b: Lit) -> Lit {
        let both = self.and(vars, [a, b]);
        let neither = self.and(vars, [!a, !b]);
        self.or(vars, [both, neither])
    }

    /// `a ⊕ b`.
    pub fn xor(&mut self, vars: &mut VarManager, a: Lit, b: Lit) -> Lit {
        !self.iff(vars, a, b)
    }

    /// If `c` then `t` else `e`.
    pub fn ite(&mut self, vars: &mut VarManager, c: Lit, t: Lit, e: Lit) -> Lit {
        let then = self.and(vars, [c, t]);
        let other = self.and(vars, [!c, e]);
        self.or(vars, [then, other])
    }

    /// A gate with the given operator, normalised and shared (see the module doc).
    pub fn gate(&mut self, vars: &mut VarManager, op: GateOp, inputs: impl IntoIterator<Item = Lit>) -> Lit {
        self.build(vars, op, inputs, None)
    }

    /// Like [`Circuit::gate`], but a newly stored gate gets the output variable `out`
    /// (parsers keep a file's numbering this way). `out` must not be in use.
    pub fn gate_named(
        &mut self,
        vars: &mut VarManager,
        op: GateOp,
        inputs: impl IntoIterator<Item = Lit>,
        out: Var,
    ) -> Lit {
        self.build(vars, op, inputs, Some(out))
    }

    fn build(
        &mut self,
        vars: &mut VarManager,
        op: GateOp,
        inputs: impl IntoIterator<Item = Lit>,
        out: Option<Var>,
    ) -> Lit {
        // The neutral element of the operator, and the absorbing one.
        let (unit, zero) = match op {
            GateOp::And => (Lit::TRUE, Lit::FALSE),
            GateOp::Or => (Lit::FALSE, Lit::TRUE),
        };
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        for lit in inputs {
            if lit == zero {
                self.scratch = scratch;
                return zero;
            }
            if lit != unit {
                scratch.push(lit);
            }
        }
        scratch.sort_unstable();
        scratch.dedup();
        // Sorted by code, a literal and its complement are adjacent.
        let complementary = scratch.windows(2).any(|w| w[0] == !w[1]);
        let result = if complementary {
            zero
        } else {
            match scratch.len() {
                0 => unit,
                1 => scratch[0],
                _ => self.intern(vars, op, &scratch, out),
            }
        };
        self.scratch = scratch;
        result
    }

    fn intern(&mut self, vars: &mut VarManager, op: GateOp, inputs: &[Lit], out: Option<Var>) -> Lit {
        let hash = key_hash(&self.hasher, op, inputs);
        let (records, arena) = (&self.records, &self.inputs);
        let found = self.table.find(hash, |&i| {
            let r = &records[i as usize];
            r.op == op && &arena[r.start as usize..r.end as usize] == inputs
        });
        if let Some(&i) = found {
            return self.records[i as usize].out.pos_lit();
        }
        let out = match out {
            Some(out) => {
                vars.reserve(out);
                out
            }
            None => vars.fresh(),
        };
        let start = self.inputs.len() as u32;
        self.inputs.extend_from_slice(inputs);
        let index = self.records.len() as u32;
        self.records.push(GateRecord { out, op, start, end: self.inputs.len() as u32 });
        let (records, arena, hasher) = (&self.records, &self.inputs, &self.hasher);
        self.table.insert_unique(hash, index, |&i| {
            let r = &records[i as usize];
            key_hash(hasher, r.op, &arena[r.start as usize..r.end as usize])
        });
        out.pos_lit()
    }

    /// Number of gates.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The gates in creation (topological) order.
    pub fn gates(&self) -> impl DoubleEndedIterator<Item = Gate<'_>> + ExactSizeIterator + '_ {
        self.records.iter().map(|r| Gate {
            out: r.out,
            op: r.op,
            inputs: &self.inputs[r.start as usize..r.end as usize],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> (VarManager, Circuit, Lit, Lit, Lit) {
        let mut vars = VarManager::new();
        let (a, b, c) = (vars.fresh().pos_lit(), vars.fresh().pos_lit(), vars.fresh().pos_lit());
        (vars, Circuit::new(), a, b, c)
    }

    #[test]
    fn structurally_equal_gates_are_shared() {
        let (mut vars, mut circuit, a, b, c) = setup();
        let g1 = circuit.and(&mut vars, [a, !b, c]);
        let g2 = circuit.and(&mut vars, [c, a, !b, a]);
        assert_eq!(g1, g2);
        assert_eq!(circuit.len(), 1);
        let g3 = circuit.or(&mut vars, [a, !b, c]);
        assert_ne!(g1, g3, "the operator is part of the key");
    }

    #[test]
    fn constants_fold() {
        let (mut vars, mut circuit, a, b, _) = setup();
        assert_eq!(circuit.and(&mut vars, []), Lit::TRUE);
        assert_eq!(circuit.or(&mut vars, []), Lit::FALSE);
        assert_eq!(circuit.and(&mut vars, [a, Lit::FALSE]), Lit::FALSE);
        assert_eq!(circuit.or(&mut vars, [a, Lit::TRUE]), Lit::TRUE);
        assert_eq!(circuit.and(&mut vars, [a, Lit::TRUE]), a);
        assert_eq!(circuit.and(&mut vars, [a, b, !a]), Lit::FALSE);
        assert_eq!(circuit.or(&mut vars, [a, b, !a]), Lit::TRUE);
        assert!(circuit.is_empty());
    }

    #[test]
    fn gates_are_stored_in_topological_order_with_sorted_inputs() {
        let (mut vars, mut circuit, a, b, c) = setup();
        let g = circuit.or(&mut vars, [c, a]);
        let h = circuit.and(&mut vars, [g, !b]);
        let gates: Vec<Gate> = circuit.gates().collect();
        assert_eq!(gates[0].inputs, &[a, c]);
        assert_eq!(gates[1].out.pos_lit(), h);
        assert!(gates[1].inputs.contains(&g));
    }
}
