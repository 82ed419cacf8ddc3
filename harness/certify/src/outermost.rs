//! The outermost block's assignment from a checked certificate instead of `--qdo`
//! (`strategy first-move --from-certificate`): DepQBF writes a Q-resolution proof, this
//! crate checks it and extracts Skolem functions (true) or Herbrand functions (false),
//! verified with a SAT solver. The functions of the outermost block's variables depend on
//! no variable (nothing is quantified before them), so they are constants: the
//! certificate evaluated with every input false gives the block's assignment, which the
//! game's symbol map (`gamekit`) decodes into a move as it decodes `--qdo`'s. So the move
//! checked against the game comes from the certificate, and the check validates the
//! encoding as well as the solver (Shaik & van de Pol, Section 5.1, with QBFcert's
//! certificates).

use std::collections::{BTreeMap, BTreeSet};

use contract::Verdict;
use qbf::formula::{CnfQbf, Quant};

use crate::aig::Aig;

/// The constants the certificate gives the outermost block's variables: Skolem functions
/// of an existential block of a true formula, Herbrand functions of a universal block of a
/// false one (what `--qdo` prints). Nothing for a block the certificate has no functions
/// of (an existential block of a false formula, say).
pub fn outermost(formula: &CnfQbf, certificate: &Aig, verdict: Verdict) -> BTreeMap<u32, bool> {
    let Some(first) = formula.prefix.blocks().first() else { return BTreeMap::new() };
    let certified = match verdict {
        Verdict::True => Quant::Exists,
        Verdict::False => Quant::Forall,
    };
    if first.quant != certified {
        return BTreeMap::new();
    }
    let block: BTreeSet<u32> = first.vars.iter().map(|v| v.index()).collect();
    // Nothing is quantified before the block, so its functions read no input.
    certificate.evaluate(&[]).into_iter().filter(|(v, _)| block.contains(v)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_outermost_block_is_read_from_the_constants_of_its_functions() {
        let source = contract::Source::from_bytes("f.qdimacs", "p cnf 3 1\ne 1 2 0\na 3 0\n1 3 0\n");
        let formula = qbf::io::read_qdimacs(&source).unwrap_or_else(|e| panic!("{e}"));
        let mut skolem = Aig::new(3);
        // AIG literals: 1 is true, 0 false.
        skolem.add_output(1, 1);
        skolem.add_output(2, 0);
        assert_eq!(outermost(&formula, &skolem, Verdict::True), BTreeMap::from([(1, true), (2, false)]));
        assert_eq!(outermost(&formula, &skolem, Verdict::False), BTreeMap::new(), "no Herbrand functions of ∃");
    }
}
