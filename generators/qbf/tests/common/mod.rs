//! Random circuit QBFs for property tests.

use proptest::prelude::*;
use qbf::formula::{Circuit, CircuitQbf, GateOp, Lit, Prefix, Quant, VarManager};

/// A recipe for a random circuit QBF: inputs with quantifiers (in prefix order), a few
/// inputs left free, and gates over earlier nodes.
#[derive(Clone, Debug)]
pub struct Recipe {
    pub quants: Vec<Option<Quant>>,
    pub gates: Vec<(bool, Vec<(usize, bool)>)>,
    pub negate_output: bool,
}

pub fn recipe(max_inputs: usize, max_gates: usize) -> impl Strategy<Value = Recipe> {
    let quant = prop_oneof![3 => Just(Some(Quant::Exists)), 3 => Just(Some(Quant::Forall)), 1 => Just(None)];
    (prop::collection::vec(quant, 1..=max_inputs), 1..=max_gates, any::<bool>()).prop_flat_map(
        |(quants, n_gates, negate_output)| {
            let n_inputs = quants.len();
            let gates: Vec<_> = (0..n_gates)
                .map(|g| (any::<bool>(), prop::collection::vec((0..n_inputs + g, any::<bool>()), 0..=4)))
                .collect();
            (Just(quants), gates, Just(negate_output)).prop_map(|(quants, gates, negate_output)| Recipe {
                quants,
                gates,
                negate_output,
            })
        },
    )
}

/// Builds the QBF of a recipe; the output is the last node.
pub fn build(recipe: &Recipe) -> CircuitQbf {
    let mut vars = VarManager::new();
    let mut prefix = Prefix::new();
    let mut nodes: Vec<Lit> = Vec::new();
    for q in &recipe.quants {
        let v = vars.fresh();
        if let Some(q) = q {
            prefix.push(*q, [v]);
        }
        nodes.push(v.pos_lit());
    }
    let mut circuit = Circuit::new();
    for (is_and, inputs) in &recipe.gates {
        let lits: Vec<Lit> = inputs.iter().map(|&(i, neg)| if neg { !nodes[i] } else { nodes[i] }).collect();
        let op = if *is_and { GateOp::And } else { GateOp::Or };
        let g = circuit.gate(&mut vars, op, lits);
        nodes.push(g);
    }
    let last = nodes.last().copied().unwrap_or(Lit::TRUE);
    let output = if recipe.negate_output { !last } else { last };
    CircuitQbf { vars, prefix, circuit, output }
}
