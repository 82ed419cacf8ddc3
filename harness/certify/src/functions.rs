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
    /// Per variable: a rule that always fires was recorded, so later ones are dead.
    closed: Vec<bool>,
    scratch: Vec<u32>,
    /// Rules plus gates recorded so far, and the most allowed.
    size: u64,
    limit: u64,
}

/// The certificate grew past its limit.
#[derive(Debug)]
pub struct TooLarge {
    pub limit: u64,
}

impl Functions {
    /// Functions over `max_var` variables with at most `limit` rules and gates in all.
    pub fn new(kind: Kind, max_var: u32, limit: u64) -> Functions {
        let n = max_var as usize + 1;
        Functions {
            kind,
            aig: Aig::new(max_var),
            rules: vec![Vec::new(); n],
            closed: vec![false; n],
            scratch: Vec::new(),
            size: 0,
            limit,
        }
    }

    /// Records one reduction: `removed` went from a step whose fully reduced form is
    /// `reduced`.
    pub fn reduction(&mut self, reduced: &[u32], removed: &[u32]) -> Result<(), TooLarge> {
        if removed.iter().all(|&l| self.closed[(l >> 1) as usize]) {
            return Ok(());
        }
        let gates = self.aig.ands();
        self.scratch.clear();
        let flip = u32::from(self.kind == Kind::Clauses);
        self.scratch.extend(reduced.iter().map(|&l| l ^ flip));
        let condition = self.aig.and_all(&self.scratch);
        for &l in removed {
            let v = (l >> 1) as usize;
            if self.closed[v] {
                continue;
            }
            // Clauses: make `l` false; cubes: make `l` true.
            let value = (l & 1 == 1) == (self.kind == Kind::Clauses);
            self.rules[v].push((condition, value));
            self.closed[v] = condition == TRUE;
            self.size += 1;
        }
        self.size += (self.aig.ands() - gates) as u64;
        if self.size > self.limit {
            return Err(TooLarge { limit: self.limit });
        }
        Ok(())
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
