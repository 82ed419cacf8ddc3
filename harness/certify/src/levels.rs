//! Quantifier levels of the formula's variables, the order reductions are judged by, and
//! the check that a proof's prefix is the formula's.

use qbf::formula::{CnfQbf, Quant};

use super::qrp::Header;

/// Each variable's quantifier and block: level 0 holds the free variables (existential,
/// outermost, as QDIMACS defines them), then the blocks of the prefix from 1.
#[derive(Clone, Debug)]
pub struct Levels {
    level: Vec<u32>,
    universal: Vec<bool>,
}

impl Levels {
    pub fn of(formula: &CnfQbf) -> Levels {
        let n = formula.max_var as usize + 1;
        let mut levels = Levels { level: vec![0; n], universal: vec![false; n] };
        for (i, block) in formula.prefix.blocks().iter().enumerate() {
            for v in &block.vars {
                let v = v.index() as usize;
                if v < n {
                    levels.level[v] = i as u32 + 1;
                    levels.universal[v] = block.quant == Quant::Forall;
                }
            }
        }
        levels
    }

    pub fn max_var(&self) -> u32 {
        self.level.len() as u32 - 1
    }

    /// The level of the variable of literal code `lit`.
    #[inline]
    pub fn level(&self, lit: u32) -> u32 {
        self.level[(lit >> 1) as usize]
    }

    /// Whether the variable of literal code `lit` is universal.
    #[inline]
    pub fn universal(&self, lit: u32) -> bool {
        self.universal[(lit >> 1) as usize]
    }

    /// Why the proof's header and prefix are not the formula's, if they are not: the same
    /// largest variable, every variable of the proof's prefix with the formula's
    /// quantifier, in an order the formula's prefix allows (blocks may be split or merged).
    pub fn mismatch(&self, formula: &CnfQbf, header: &Header) -> Option<String> {
        if header.max_var != formula.max_var {
            return Some(format!(
                "the proof is of a formula with {} variables; this one has {}: it is not this formula's proof",
                header.max_var, formula.max_var
            ));
        }
        let mut reached = 0;
        for (quant, vars) in &header.blocks {
            let mut highest = reached;
            for &v in vars {
                let lit = v << 1;
                let formula_quant = if self.universal(lit) { Quant::Forall } else { Quant::Exists };
                if formula_quant != *quant {
                    return Some(format!(
                        "variable {v} is {} in the proof's prefix, {} in the formula",
                        name(*quant),
                        name(formula_quant)
                    ));
                }
                if self.level(lit) < reached {
                    return Some(format!("variable {v} comes later in the proof's prefix than in the formula's"));
                }
                highest = highest.max(self.level(lit));
            }
            reached = highest;
        }
        None
    }
}

fn name(quant: Quant) -> &'static str {
    match quant {
        Quant::Exists => "existential",
        Quant::Forall => "universal",
    }
}
