//! Extracting the certificate from a checked proof, as Balabanov and Jiang do (QRPcert):
//! Herbrand functions of the universal variables from a clause proof, Skolem functions of
//! the existential variables from a cube proof.
//!
//! Every reduction in the proof, taken in proof order, adds a rule to the function of
//! each variable it removes. In a clause proof, universal reduction of `l` from a clause
//! whose fully reduced form is `R` gives "if every literal of `R` is false, make `l`
//! false"; the Herbrand function of `x` is the decision list of its rules, earliest rule
//! first, false when none applies. Under these functions every assignment of the
//! existential variables falsifies the matrix: follow falsified clauses from the empty
//! clause back to an input clause (each rule fires only when its `R` is falsified, and
//! an earlier rule that overrides it names an earlier falsified clause). Cube proofs are
//! the dual: "if every literal of `R` is true, make `l` true". `R` holds only variables
//! quantified before `x`, so the functions depend on what they may depend on.
//!
//! ## References
//! - V. Balabanov, J.-H. R. Jiang: Unified QBF certification and its applications.
//!   Formal Methods in System Design 41(1), 2012.
//! - A. Niemetz, M. Preiner, F. Lonsing, M. Seidl, A. Biere: Resolution-based certificate
//!   extraction for QBF. SAT 2012.

use super::aig::{Aig, FALSE, TRUE};
use super::rules::Kind;

/// The rules of each variable's function as they are found.
pub struct Functions {
    kind: Kind,
    aig: Aig,
    /// Per variable: `(condition, value)` rules in proof order.
    rules: Vec<Vec<(u32, bool)>>,
    scratch: Vec<u32>,
}

impl Functions {
    pub fn new(kind: Kind, max_var: u32) -> Functions {
        Functions { kind, aig: Aig::new(max_var), rules: vec![Vec::new(); max_var as usize + 1], scratch: Vec::new() }
    }

    /// Records one reduction: `removed` went from a step whose fully reduced form is
    /// `reduced`.
    pub fn reduction(&mut self, reduced: &[u32], removed: &[u32]) {
        if removed.is_empty() {
            return;
        }
        self.scratch.clear();
        let flip = u32::from(self.kind == Kind::Clauses);
        self.scratch.extend(reduced.iter().map(|&l| l ^ flip));
        let condition = self.aig.and_all(&self.scratch);
        for &l in removed {
            // Clauses: make `l` false; cubes: make `l` true.
            let value = (l & 1 == 1) == (self.kind == Kind::Clauses);
            self.rules[(l >> 1) as usize].push((condition, value));
        }
    }

    /// The certificate: one function per variable of `vars` (the universal variables of a
    /// clause proof, the existential ones of a cube proof).
    pub fn finish(mut self, vars: impl IntoIterator<Item = u32>) -> Aig {
        for v in vars {
            let mut rules = std::mem::take(&mut self.rules[v as usize]);
            live_rules(&mut rules);
            let mut f = FALSE;
            for &(condition, value) in rules.iter().rev() {
                f = self.aig.ite(condition, if value { TRUE } else { FALSE }, f);
            }
            self.aig.add_output(v, f);
        }
        self.aig
    }
}

/// Drops the rules of a decision list that can never decide: those after a rule that
/// always fires, those whose condition never holds, and repeats of an earlier condition.
fn live_rules(rules: &mut Vec<(u32, bool)>) {
    if let Some(always) = rules.iter().position(|&(c, _)| c == TRUE) {
        rules.truncate(always + 1);
    }
    let mut seen = rustc_hash::FxHashSet::default();
    rules.retain(|&(c, _)| c != FALSE && seen.insert(c));
}
