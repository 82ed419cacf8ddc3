//! The QBF formula model every encoder writes into.
//!
//! Two shapes of prenex QBF: [`CircuitQbf`] (a prefix over a gate DAG with one output, the
//! shape of QCIR) and [`CnfQbf`] (a prefix over clauses, the shape of QDIMACS).

mod circuit;
mod cnf;
mod lit;
mod prefix;
mod vars;

pub use circuit::{Circuit, Gate, GateOp};
pub use cnf::{normalize_clause, ClauseSink, Cnf, Normalized};
pub use lit::{Lit, Quant, Var};
pub use prefix::{Block, Prefix};
pub use vars::VarManager;

/// A prenex QBF in circuit form: quantified inputs, gates, one output literal.
#[derive(Clone)]
pub struct CircuitQbf {
    pub vars: VarManager,
    pub prefix: Prefix,
    pub circuit: Circuit,
    /// The output literal; may be a constant or an input literal.
    pub output: Lit,
}

impl CircuitQbf {
    /// The gates the output depends on, as a mask indexed by gate position: encoders may
    /// leave dangling gates, which writers and converters skip.
    pub fn reachable_gates(&self) -> Vec<bool> {
        let n = self.circuit.len();
        let mut position = vec![u32::MAX; self.vars.max_index() as usize + 1];
        for (i, g) in self.circuit.gates().enumerate() {
            position[g.out.index() as usize] = i as u32;
        }
        let mut reachable = vec![false; n];
        let mark = |lit: Lit, reachable: &mut Vec<bool>| {
            if let Some(&p) = position.get(lit.var_index() as usize) {
                if p != u32::MAX {
                    reachable[p as usize] = true;
                }
            }
        };
        mark(self.output, &mut reachable);
        for (i, g) in self.circuit.gates().enumerate().rev() {
            if reachable[i] {
                for &lit in g.inputs {
                    mark(lit, &mut reachable);
                }
            }
        }
        reachable
    }

    /// Input variables that reachable gates (or the output) use but the prefix does not
    /// quantify, in increasing order. They are existential at the outermost level.
    pub fn free_vars(&self) -> Vec<Var> {
        let size = self.vars.max_index() as usize + 1;
        let mut bound = vec![false; size];
        for (_, v) in self.prefix.iter() {
            bound[v.index() as usize] = true;
        }
        for g in self.circuit.gates() {
            bound[g.out.index() as usize] = true;
        }
        let mut free = vec![false; size];
        let reachable = self.reachable_gates();
        let used = self.circuit.gates().zip(&reachable).filter(|(_, &r)| r).flat_map(|(g, _)| g.inputs.iter().copied());
        for lit in used.chain(std::iter::once(self.output)) {
            let i = lit.var_index() as usize;
            if i != 0 && !bound[i] {
                free[i] = true;
            }
        }
        free.iter().enumerate().filter(|(_, &f)| f).filter_map(|(i, _)| Var::new(i as u32)).collect()
    }
}

/// A prenex QBF in clausal form.
#[derive(Clone, Debug, Default)]
pub struct CnfQbf {
    /// The `<max var>` of the `p cnf` line.
    pub max_var: u32,
    pub prefix: Prefix,
    pub cnf: Cnf,
}
