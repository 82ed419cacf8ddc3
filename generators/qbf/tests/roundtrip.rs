//! Round trips through the file formats, checked against the exhaustive evaluator.

mod common;

use contract::Source;
use proptest::prelude::*;
use qbf::eval::{eval_circuit, eval_cnf};
use qbf::io::{read_qcir, read_qdimacs, write_qcir, write_qdimacs, Format};
use qbf::stats::stats;
use qbf::tseitin::{to_cnf, ClauseForm, Definitions, GatePlacement};

fn qcir_bytes(qbf: &qbf::formula::CircuitQbf) -> Vec<u8> {
    let mut out = Vec::new();
    write_qcir(&mut out, qbf, &[]).expect("writing to memory cannot fail");
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// QCIR → parse → QCIR gives the same bytes, the same statistics and the same value.
    #[test]
    fn qcir_round_trip_preserves_bytes_statistics_and_value(r in common::recipe(10, 14)) {
        let qbf = common::build(&r);
        let first = qcir_bytes(&qbf);
        let source = Source::from_bytes("random.qcir", first.clone());
        let parsed = read_qcir(&source).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let second = qcir_bytes(&parsed);
        prop_assert_eq!(String::from_utf8_lossy(&first), String::from_utf8_lossy(&second));
        let s1 = stats(&source).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let s2 = stats(&Source::from_bytes("again.qcir", second)).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(s1, s2);
        prop_assert_eq!(eval_circuit(&qbf), eval_circuit(&parsed));
    }

    /// A QCIR body without its `#QCIR-G14` line (as Q-sage writes it, here after a
    /// comment) is taken for QCIR and read as the same formula.
    #[test]
    fn a_qcir_body_without_header_reads_as_the_same_formula(r in common::recipe(8, 10)) {
        let qbf = common::build(&r);
        let with = qcir_bytes(&qbf);
        let text = String::from_utf8_lossy(&with).into_owned();
        let body = text.split_once('\n').map_or("", |(_, rest)| rest);
        let without = format!("# written without a header\n{body}").into_bytes();
        prop_assert_eq!(Format::detect(&without), Format::Qcir);
        let source = Source::from_bytes("headerless.qcir", without);
        let parsed = read_qcir(&source).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&text, &String::from_utf8_lossy(&qcir_bytes(&parsed)).into_owned());
        let s = stats(&source).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(s, stats(&Source::from_bytes("with.qcir", with)).map_err(|e| TestCaseError::fail(e.to_string()))?);
    }

    /// Every clause form (definitions × gate placement) keeps the truth value, also after
    /// a QDIMACS round trip.
    #[test]
    fn every_clause_form_preserves_the_value(r in common::recipe(7, 10)) {
        let qbf = common::build(&r);
        let expected = eval_circuit(&qbf).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let forms = Definitions::ALL
            .into_iter()
            .flat_map(|definitions| GatePlacement::ALL.map(|gates| ClauseForm { definitions, gates }));
        for form in forms {
            let cnf = to_cnf(&qbf, form);
            prop_assert_eq!(eval_cnf(&cnf), Ok(expected), "{:?} in memory", form);
            let innermost = to_cnf(&qbf, ClauseForm::POLARITY).prefix.innermost();
            prop_assert_eq!(cnf.prefix.innermost(), innermost, "{:?}: the innermost block as with gates innermost", form);
            let mut bytes = Vec::new();
            write_qdimacs(&mut bytes, &cnf, &["random"]).expect("writing to memory cannot fail");
            let parsed = read_qdimacs(&Source::from_bytes("random.qdimacs", bytes)).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(eval_cnf(&parsed), Ok(expected), "{:?} after QDIMACS", form);
        }
    }

    /// Polarity clauses are a subset: never more clauses than full Tseitin.
    #[test]
    fn polarity_clauses_are_never_more(r in common::recipe(8, 14)) {
        let qbf = common::build(&r);
        let full = to_cnf(&qbf, ClauseForm::TSEITIN);
        let pg = to_cnf(&qbf, ClauseForm::POLARITY);
        prop_assert!(pg.cnf.len() <= full.cnf.len());
        prop_assert_eq!(pg.prefix, full.prefix);
    }
}
