//! Tightness: derived atoms in topological order, a positive loop within one step refused
//! (step 4 of the grounding, see the module doc of `ground`).

use rustc_hash::FxHashMap;

use crate::program::Program;
use crate::terms::{TermId, TermStore};
use contract::ParseError;

/// Ground bodies (atom terms with signs) per head atom, with the offset of a source rule.
pub(super) type GroundRules<'i> = FxHashMap<TermId, (Vec<&'i [(TermId, bool)]>, usize)>;

/// Derived atoms sorted so that every atom comes after the atoms in its bodies; a cycle
/// is a positive loop and an error.
pub(super) fn topological_order(
    program: &Program,
    store: &TermStore,
    heads: &[TermId],
    rules_of: &GroundRules,
    atom_of: &dyn Fn(TermId) -> Option<usize>,
) -> Result<Vec<usize>, ParseError> {
    let deps = |i: usize| -> Vec<usize> {
        let mut d: Vec<usize> =
            rules_of[&heads[i]].0.iter().flat_map(|body| body.iter()).filter_map(|&(t, _)| atom_of(t)).collect();
        d.sort_unstable();
        d.dedup();
        d
    };
    // 0 = unvisited, 1 = on the DFS stack, 2 = done
    let mut state = vec![0u8; heads.len()];
    let mut order = Vec::with_capacity(heads.len());
    for root in 0..heads.len() {
        if state[root] != 0 {
            continue;
        }
        let mut stack: Vec<(usize, Vec<usize>, usize)> = vec![(root, deps(root), 0)];
        state[root] = 1;
        while let Some((node, ds, pos)) = stack.last_mut() {
            if let Some(&d) = ds.get(*pos) {
                *pos += 1;
                match state[d] {
                    0 => {
                        state[d] = 1;
                        let dd = deps(d);
                        stack.push((d, dd, 0));
                    }
                    1 => {
                        let mut cycle: Vec<String> = stack
                            .iter()
                            .skip_while(|(n, _, _)| *n != d)
                            .map(|(n, _, _)| store.display(heads[*n]))
                            .collect();
                        cycle.push(store.display(heads[d]));
                        let offset = rules_of[&heads[d]].1;
                        return Err(ParseError::at(
                            &program.source,
                            offset,
                            format!("positive loop within one time step: {} depends on itself through {}", cycle[0], cycle.join(" -> ")),
                            "the program is not tight, so its Clark completion would admit unsupported models; rewrite the recursion so that it is well-founded on the ground level",
                        ));
                    }
                    _ => {}
                }
            } else {
                let node = *node;
                state[node] = 2;
                order.push(node);
                stack.pop();
            }
        }
    }
    Ok(order)
}
