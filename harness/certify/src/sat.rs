//! Verifying a certificate with a SAT solver (CaDiCaL).
//!
//! The AIG's gates become Tseitin clauses over variables numbered as the AIG's nodes, and
//! each certified variable is tied to its function. For Herbrand functions (a false
//! formula) the matrix is added as it is: no assignment of the existential variables may
//! satisfy it. For Skolem functions (a true formula) the negated matrix is added (a
//! selector per clause, one of which must pick a falsified clause): no assignment of the
//! universal variables may falsify it. Unsatisfiable means certified.

use std::time::{Duration, Instant};

use contract::Verdict;

use super::aig::{Aig, FALSE, TRUE};
use super::error::Error;
use super::matrix::Matrix;

/// Figures of a successful verification.
#[derive(Clone, Debug, PartialEq)]
pub struct SatStats {
    pub variables: u64,
    pub clauses: u64,
    pub time: Duration,
}

fn dimacs(lit: u32) -> i32 {
    let v = (lit >> 1) as i32;
    if lit & 1 == 1 {
        -v
    } else {
        v
    }
}

/// Checks that `aig`, substituted into `matrix`, certifies `verdict`.
pub fn verify(matrix: &Matrix, aig: &Aig, verdict: Verdict, time: Duration) -> Result<SatStats, Error> {
    let start = Instant::now();
    let mut solver: cadical::Solver<cadical::Timeout> = cadical::Solver::new();
    let mut clauses = 0u64;
    let mut add = |solver: &mut cadical::Solver<cadical::Timeout>, clause: &[i32]| {
        clauses += 1;
        solver.add_clause(clause.iter().copied());
    };
    let used = aig.used_gates();
    for ((out, a, b), _) in aig.gates().zip(&used).filter(|(_, &u)| u) {
        let (o, a, b) = (dimacs(out), dimacs(a), dimacs(b));
        add(&mut solver, &[-o, a]);
        add(&mut solver, &[-o, b]);
        add(&mut solver, &[o, -a, -b]);
    }
    for &(var, f) in aig.outputs() {
        let x = var as i32;
        match f {
            FALSE => add(&mut solver, &[-x]),
            TRUE => add(&mut solver, &[x]),
            f => {
                add(&mut solver, &[-x, dimacs(f)]);
                add(&mut solver, &[x, -dimacs(f)]);
            }
        }
    }
    let mut next = aig.inputs() as i32 + aig.ands() as i32 + 1;
    match verdict {
        Verdict::False => {
            for c in matrix.clauses() {
                let c: Vec<i32> = c.iter().map(|&l| dimacs(l)).collect();
                add(&mut solver, &c);
            }
        }
        Verdict::True => {
            let mut some = Vec::with_capacity(matrix.len());
            for c in matrix.clauses() {
                let s = next;
                next += 1;
                some.push(s);
                for &l in c {
                    add(&mut solver, &[-s, -dimacs(l)]);
                }
            }
            add(&mut solver, &some);
        }
    }
    let variables = (next - 1) as u64;
    solver.set_callbacks(Some(cadical::Timeout::new(time.as_secs_f32())));
    match solver.solve() {
        Some(false) => Ok(SatStats { variables, clauses, time: start.elapsed() }),
        Some(true) => Err(Error::Certificate(match verdict {
            Verdict::False => {
                "an assignment of the existential variables satisfies the matrix against the Herbrand functions".into()
            }
            Verdict::True => {
                "an assignment of the universal variables falsifies the matrix against the Skolem functions".into()
            }
        })),
        None => Err(Error::Unverified { seconds: time.as_secs_f64() }),
    }
}
