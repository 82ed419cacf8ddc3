//! Quantifier prefixes of the GDL encodings: naive (GN), time-based (GT) and
//! dependency-based (GD), and the clausal form of the circuit under them.
//!
//! Blocks are numbered `E_0 = 0, U_1 = 1, E_1 = 2, …, U_T = 2T − 1, E_T = 2T`. In every
//! method `moveL(·, t)` is in `U_t`, `x`'s choices `does(x, ·, t)` in `E_{t−1}` and `o`'s
//! choices `does(o, ·, t)` in `E_t` (Definitions 6, 7, 9). The other variables are the
//! circuit's gates (atoms of the temporal extension and their bodies):
//!
//! - **GD**: a gate is placed in the first existential block after all of its inputs,
//!   i.e. in `E_t` for the largest `t` with a `moveL(·, t)` it depends on (Definition 9);
//!   `legal`, `terminal` and `goal` of step `t` thus come before the moves of step `t`.
//! - **GT**: a gate that defines an atom of step `t` goes to `E_t` (Definition 7); a body
//!   gate to the block of its latest input atom.
//! - **GN**: every gate is in the innermost block `E_T` (Definition 6).
//!
//! In GT and GN a gate is never placed before its inputs (the level is the maximum of
//! the method's level and the dependency level), so each prefix is sound. The variables
//! are renumbered densely in prefix order, so the output names only what it uses.
//!
//! ## References
//! - Y. He, A. Saffidine, M. Thielscher: *Solving Two-player Games with QBF Solvers in
//!   General Game Playing*, AAMAS 2024, Section 3.2.

use qbf::formula::{Circuit, CircuitQbf, ClauseSink, Gate, GateOp, Lit, Prefix, Quant, Var, VarManager};

/// How the atoms of the temporal extension are quantified.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PrefixMethod {
    /// GN: all atoms innermost.
    Naive,
    /// GT: atoms by their time step.
    Time,
    /// GD: atoms by the latest move they depend on.
    Dependency,
}

impl PrefixMethod {
    /// `gn`, `gt` or `gd`.
    pub fn name(self) -> &'static str {
        match self {
            PrefixMethod::Naive => "gn",
            PrefixMethod::Time => "gt",
            PrefixMethod::Dependency => "gd",
        }
    }
}

/// Block levels of variables, and the time stamps of atom gates.
pub struct Levels {
    method: PrefixMethod,
    depth: u32,
    level: Vec<u32>,
    stamp: Vec<u32>,
}

const UNSET: u32 = u32::MAX;

impl Levels {
    pub fn new(method: PrefixMethod, depth: u32) -> Levels {
        Levels { method, depth, level: Vec::new(), stamp: Vec::new() }
    }

    /// The block of `x`'s choices at step `t`.
    pub fn choice_x(&self, t: u32) -> u32 {
        2 * (t - 1)
    }

    /// The block of `o`'s choices at step `t`.
    pub fn choice_o(&self, t: u32) -> u32 {
        2 * t
    }

    /// The universal block of step `t`.
    pub fn universal(&self, t: u32) -> u32 {
        2 * t - 1
    }

    fn slot(v: &mut Vec<u32>, i: usize, init: u32) -> &mut u32 {
        if v.len() <= i {
            v.resize(i + 1, init);
        }
        &mut v[i]
    }

    /// Puts the variable of `lit` into block `level`.
    pub fn set(&mut self, lit: Lit, level: u32) {
        *Self::slot(&mut self.level, lit.var_index() as usize, UNSET) = level;
    }

    /// Records that `lit` defines an atom of step `t` (used by GT).
    pub fn stamp(&mut self, lit: Lit, t: u32) {
        if !lit.is_const() {
            let s = Self::slot(&mut self.stamp, lit.var_index() as usize, 0);
            *s = (*s).max(t.min(self.depth));
        }
    }

    fn get(v: &[u32], i: usize, default: u32) -> u32 {
        v.get(i).copied().unwrap_or(default)
    }

    /// Writes the clauses of `constraints` and of the gates they reach into `sink`,
    /// renumbered densely in prefix order; returns the prefix, the largest new variable and
    /// the new variable of each old variable index (none: not in the output).
    pub fn finish_clauses(
        mut self,
        circuit: &Circuit,
        constraints: &[Vec<Lit>],
        max_var: u32,
        sink: &mut impl ClauseSink,
    ) -> (Prefix, u32, Vec<Option<Var>>) {
        let size = max_var as usize + 1;
        let gates: Vec<_> = circuit.gates().collect();
        let reachable = reachable(&gates, constraints, size);
        let innermost = 2 * self.depth;
        let mut clauses: Vec<Vec<Lit>> = constraints.to_vec();
        for g in &gates {
            let out = g.out.index() as usize;
            if !reachable[out] {
                continue;
            }
            let mut dep = 0;
            let mut stamp = Self::get(&self.stamp, out, 0);
            for l in g.inputs {
                let i = l.var_index() as usize;
                dep = dep.max(Self::get(&self.level, i, innermost));
                stamp = stamp.max(Self::get(&self.stamp, i, 0));
            }
            dep += dep % 2;
            let level = match self.method {
                PrefixMethod::Dependency => dep,
                PrefixMethod::Time => dep.max(2 * stamp),
                PrefixMethod::Naive => dep.max(innermost),
            };
            self.set(g.out.pos_lit(), level);
            *Self::slot(&mut self.stamp, out, 0) = stamp;
            let o = g.out.pos_lit();
            let (pos, neg) = match g.op {
                GateOp::And => (o, !o),
                GateOp::Or => (!o, o),
            };
            // And: o → each input, all inputs → o. Or: each input → o, o → some input.
            let mut long = vec![pos];
            for &l in g.inputs {
                if g.op == GateOp::And {
                    clauses.push(vec![neg, l]);
                    long.push(!l);
                } else {
                    clauses.push(vec![neg, !l]);
                    long.push(l);
                }
            }
            clauses.push(long);
        }
        self.renumber(&clauses, size, innermost, sink)
    }

    /// The constraints as one circuit output over the gates: the QCIR shape. Only the
    /// choice and universal variables are quantified (by their blocks); gates are
    /// definitions, so their placement needs no prefix.
    pub fn finish_circuit(self, mut circuit: Circuit, constraints: &[Vec<Lit>], mut vars: VarManager) -> CircuitQbf {
        let clauses: Vec<Lit> = constraints.iter().map(|c| circuit.or(&mut vars, c.iter().copied())).collect();
        let output = circuit.and(&mut vars, clauses);
        let mut inputs: Vec<(u32, u32)> =
            self.level.iter().enumerate().filter(|(_, &l)| l != UNSET).map(|(i, &l)| (l, i as u32)).collect();
        inputs.sort_unstable();
        let mut prefix = Prefix::new();
        for (level, v) in inputs {
            prefix.push(quant(level), Var::new(v));
        }
        CircuitQbf { vars, prefix, circuit, output }
    }

    fn renumber(
        &self,
        clauses: &[Vec<Lit>],
        size: usize,
        innermost: u32,
        sink: &mut impl ClauseSink,
    ) -> (Prefix, u32, Vec<Option<Var>>) {
        let mut used = vec![false; size];
        for c in clauses {
            for l in c {
                used[l.var_index() as usize] = true;
            }
        }
        let mut order: Vec<(u32, u32)> =
            (1..size).filter(|&i| used[i]).map(|i| (Self::get(&self.level, i, innermost), i as u32)).collect();
        order.sort_unstable();
        let mut new_var = vec![None; size];
        let mut prefix = Prefix::new();
        let mut block: Vec<Var> = Vec::new();
        let mut current = 0;
        for (n, &(level, old)) in order.iter().enumerate() {
            let v = Var::new(n as u32 + 1).expect("variable count fits");
            new_var[old as usize] = Some(v);
            if level != current {
                prefix.push(quant(current), block.drain(..));
                current = level;
            }
            block.push(v);
        }
        prefix.push(quant(current), block);
        let mut buf = Vec::new();
        for c in clauses {
            buf.clear();
            buf.extend(c.iter().map(|&l| match new_var[l.var_index() as usize] {
                Some(v) => v.lit(!l.is_neg()),
                None => l,
            }));
            sink.add_clause(&buf);
        }
        (prefix, order.len() as u32, new_var)
    }
}

/// Which variables (by index, below `size`) the constraints use, directly or through
/// the gates (in the circuit's order, inputs before outputs) that define them.
fn reachable(gates: &[Gate], constraints: &[Vec<Lit>], size: usize) -> Vec<bool> {
    let mut reachable = vec![false; size];
    for c in constraints {
        for l in c {
            reachable[l.var_index() as usize] = true;
        }
    }
    for g in gates.iter().rev() {
        if reachable[g.out.index() as usize] {
            for l in g.inputs {
                reachable[l.var_index() as usize] = true;
            }
        }
    }
    reachable
}

/// The variables and clauses of the clausal form [`Levels::finish_clauses`] writes of
/// `constraints` over `circuit` (variables up to `max_var`), whatever the prefix.
pub fn clausal_size(circuit: &Circuit, constraints: &[Vec<Lit>], max_var: u32) -> (u32, usize) {
    let gates: Vec<_> = circuit.gates().collect();
    let reachable = reachable(&gates, constraints, max_var as usize + 1);
    let vars = reachable.iter().skip(1).filter(|&&r| r).count() as u32;
    let gate_clauses: usize =
        gates.iter().filter(|g| reachable[g.out.index() as usize]).map(|g| g.inputs.len() + 1).sum();
    (vars, constraints.len() + gate_clauses)
}

fn quant(level: u32) -> Quant {
    if level & 1 == 0 {
        Quant::Exists
    } else {
        Quant::Forall
    }
}
