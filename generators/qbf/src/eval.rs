//! An exhaustive QBF evaluator for small formulas: the ground truth of the tests.
//!
//! It expands the prefix variable by variable (∃ = some value works, ∀ = both values
//! work), so it is obviously right and exponential; it refuses formulas with more than
//! [`MAX_VARS`] variables. For clauses it stops a branch as soon as a clause is falsified
//! or all clauses are satisfied, which keeps Tseitin encodings of small circuits cheap.

use crate::formula::{CircuitQbf, CnfQbf, GateOp, Lit, Prefix, Quant, Var};

/// The largest number of variables (quantified, free and, for clauses, gate variables)
/// the evaluator accepts.
pub const MAX_VARS: usize = 24;

/// The formula is too large to evaluate exhaustively.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{0} variables: the exhaustive evaluator takes at most {MAX_VARS}")]
pub struct TooLarge(pub usize);

fn order(prefix: &Prefix, free: Vec<Var>) -> Result<Vec<(Quant, Var)>, TooLarge> {
    let mut order: Vec<(Quant, Var)> = free.into_iter().map(|v| (Quant::Exists, v)).collect();
    order.extend(prefix.iter());
    if order.len() > MAX_VARS {
        return Err(TooLarge(order.len()));
    }
    Ok(order)
}

fn value(assignment: &[u8], lit: Lit) -> bool {
    match lit {
        Lit::TRUE => true,
        Lit::FALSE => false,
        _ => (assignment[lit.var_index() as usize] == 1) != lit.is_neg(),
    }
}

/// The truth value of a circuit QBF.
pub fn eval_circuit(qbf: &CircuitQbf) -> Result<bool, TooLarge> {
    let order = order(&qbf.prefix, qbf.free_vars())?;
    let mut assignment = vec![0u8; qbf.vars.max_index() as usize + 1];
    fn go(qbf: &CircuitQbf, order: &[(Quant, Var)], a: &mut Vec<u8>) -> bool {
        let Some((&(quant, var), rest)) = order.split_first() else {
            for gate in qbf.circuit.gates() {
                let v = match gate.op {
                    GateOp::And => gate.inputs.iter().all(|&l| value(a, l)),
                    GateOp::Or => gate.inputs.iter().any(|&l| value(a, l)),
                };
                a[gate.out.index() as usize] = v as u8;
            }
            return value(a, qbf.output);
        };
        let branch = |bit: u8, a: &mut Vec<u8>| {
            a[var.index() as usize] = bit;
            go(qbf, rest, a)
        };
        match quant {
            Quant::Exists => branch(0, a) || branch(1, a),
            Quant::Forall => branch(0, a) && branch(1, a),
        }
    }
    Ok(go(qbf, &order, &mut assignment))
}

/// The truth value of a clausal QBF.
pub fn eval_cnf(qbf: &CnfQbf) -> Result<bool, TooLarge> {
    if qbf.cnf.has_empty_clause() {
        return Ok(false);
    }
    let size = qbf.max_var as usize + 1;
    let mut bound = vec![false; size];
    for (_, v) in qbf.prefix.iter() {
        bound[v.index() as usize] = true;
    }
    let mut free = vec![false; size];
    for clause in qbf.cnf.iter() {
        for lit in clause {
            let i = lit.var_index() as usize;
            free[i] = !bound[i];
        }
    }
    let free: Vec<Var> = (1..size).filter(|&i| free[i]).filter_map(|i| Var::new(i as u32)).collect();
    let order = order(&qbf.prefix, free)?;
    let clauses: Vec<&[Lit]> = qbf.cnf.iter().collect();
    // 2 = unassigned.
    let mut assignment = vec![2u8; size];
    fn status(clauses: &[&[Lit]], a: &[u8]) -> Option<bool> {
        let mut all_satisfied = true;
        for clause in clauses {
            let mut satisfied = false;
            let mut open = false;
            for &l in *clause {
                match a[l.var_index() as usize] {
                    2 => open = true,
                    v => satisfied |= (v == 1) != l.is_neg(),
                }
            }
            if !satisfied && !open {
                return Some(false);
            }
            all_satisfied &= satisfied;
        }
        all_satisfied.then_some(true)
    }
    fn go(clauses: &[&[Lit]], order: &[(Quant, Var)], a: &mut Vec<u8>) -> bool {
        if let Some(decided) = status(clauses, a) {
            return decided;
        }
        let Some((&(quant, var), rest)) = order.split_first() else {
            return status(clauses, a).unwrap_or(false);
        };
        let branch = |bit: u8, a: &mut Vec<u8>| {
            a[var.index() as usize] = bit;
            let r = go(clauses, rest, a);
            a[var.index() as usize] = 2;
            r
        };
        match quant {
            Quant::Exists => branch(0, a) || branch(1, a),
            Quant::Forall => branch(0, a) && branch(1, a),
        }
    }
    Ok(go(&clauses, &order, &mut assignment))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formula::{Circuit, ClauseSink, Cnf, VarManager};

    #[test]
    fn quantifier_order_decides_the_value() {
        // ∀x ∃y. x ↔ y is true; ∃y ∀x. x ↔ y is false.
        let mut vars = VarManager::new();
        let (x, y) = (vars.fresh(), vars.fresh());
        let mut circuit = Circuit::new();
        let output = circuit.iff(&mut vars, x.pos_lit(), y.pos_lit());
        let mut prefix = Prefix::new();
        prefix.push(Quant::Forall, [x]);
        prefix.push(Quant::Exists, [y]);
        let mut qbf = CircuitQbf { vars, prefix, circuit, output };
        assert_eq!(eval_circuit(&qbf), Ok(true));
        qbf.prefix = Prefix::new();
        qbf.prefix.push(Quant::Exists, [y]);
        qbf.prefix.push(Quant::Forall, [x]);
        assert_eq!(eval_circuit(&qbf), Ok(false));

        let mut cnf = Cnf::new();
        cnf.add_clause(&[x.neg_lit(), y.pos_lit()]);
        cnf.add_clause(&[x.pos_lit(), y.neg_lit()]);
        let mut prefix = Prefix::new();
        prefix.push(Quant::Forall, [x]);
        prefix.push(Quant::Exists, [y]);
        assert_eq!(eval_cnf(&CnfQbf { max_var: 2, prefix: prefix.clone(), cnf: cnf.clone() }), Ok(true));
        let mut swapped = Prefix::new();
        swapped.push(Quant::Exists, [y]);
        swapped.push(Quant::Forall, [x]);
        assert_eq!(eval_cnf(&CnfQbf { max_var: 2, prefix: swapped, cnf }), Ok(false));
    }

    #[test]
    fn large_formulas_are_refused() {
        let mut vars = VarManager::new();
        let mut prefix = Prefix::new();
        prefix.push(Quant::Exists, vars.fresh_n(MAX_VARS + 1));
        let qbf = CircuitQbf { vars, prefix, circuit: Circuit::new(), output: Lit::TRUE };
        assert_eq!(eval_circuit(&qbf), Err(TooLarge(MAX_VARS + 1)));
    }
}
