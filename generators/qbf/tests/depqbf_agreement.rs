//! DepQBF reads what we write and agrees with the exhaustive evaluator.

mod common;

use std::time::Duration;

use contract::Verdict;
use harness::{solve_qdimacs, solver, Outcome};
use proptest::prelude::*;
use qbf::eval::eval_circuit;
use qbf::io::write_qdimacs;
use qbf::tseitin::{to_cnf, ClauseForm};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn depqbf_agrees_with_the_evaluator_on_random_formulas(r in common::recipe(9, 12), polarity in any::<bool>()) {
        let solver = solver("depqbf").map_err(|e| TestCaseError::fail(e.to_string()))?;
        let qbf = common::build(&r);
        let expected = eval_circuit(&qbf).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let form = if polarity { ClauseForm::POLARITY } else { ClauseForm::TSEITIN };
        let mut bytes = Vec::new();
        write_qdimacs(&mut bytes, &to_cnf(&qbf, form), &[]).expect("writing to memory cannot fail");
        let outcome = solve_qdimacs(&solver, &bytes, Duration::from_secs(20)).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let want = Outcome::Solved(if expected { Verdict::True } else { Verdict::False });
        prop_assert_eq!(outcome, want, "formula:\n{}", String::from_utf8_lossy(&bytes));
    }
}
