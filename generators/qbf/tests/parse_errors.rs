//! Every parse-error kind, pinned by a snapshot of its rendered message, and mutated
//! inputs that must give errors, never panics.

use contract::Source;
use proptest::prelude::*;
use qbf::io::{read_qcir, read_qdimacs};

fn qdimacs_error(text: &str) -> String {
    match read_qdimacs(&Source::from_bytes("bad.qdimacs", text)) {
        Ok(_) => format!("accepted:\n{text}"),
        Err(e) => e.to_string(),
    }
}

fn qcir_error(text: &str) -> String {
    match read_qcir(&Source::from_bytes("bad.qcir", text)) {
        Ok(_) => format!("accepted:\n{text}"),
        Err(e) => e.to_string(),
    }
}

const QDIMACS_CASES: &[(&str, &str)] = &[
    ("qdimacs_missing_header", "c no header\ne 1 0\n1 0\n"),
    ("qdimacs_header_not_cnf", "p dnf 2 1\n1 0\n"),
    ("qdimacs_header_bad_number", "p cnf two 1\n1 0\n"),
    ("qdimacs_header_trailing_text", "p cnf 2 1 extra\n1 0\n"),
    ("qdimacs_header_too_many_vars", "p cnf 99999999999 1\n1 0\n"),
    ("qdimacs_second_header", "p cnf 2 1\np cnf 2 1\n1 0\n"),
    ("qdimacs_quantifier_after_clause", "p cnf 2 2\ne 1 0\n1 0\na 2 0\n2 0\n"),
    ("qdimacs_quantifier_tag_glued", "p cnf 2 1\ne1 0\n1 0\n"),
    ("qdimacs_unexpected_token", "p cnf 2 1\ne 1 0\nx 1 0\n"),
    ("qdimacs_literal_not_a_number", "p cnf 2 1\n1 2x 0\n"),
    ("qdimacs_variable_out_of_range", "p cnf 4 1\ne 1 2 0\n1 -2 7 0\n"),
    ("qdimacs_negative_quantified", "p cnf 2 1\ne 1 -2 0\n1 0\n"),
    ("qdimacs_quantified_twice", "p cnf 2 1\ne 1 2 0\na 2 0\n1 0\n"),
    ("qdimacs_unterminated_clause", "p cnf 2 1\ne 1 2 0\n1 -2\n"),
    ("qdimacs_comment_inside_clause", "p cnf 2 1\n1\nc oops\n-2 0\n"),
    ("qdimacs_clause_count_mismatch", "p cnf 2 3\ne 1 2 0\n1 0\n-2 0\n"),
];

const QCIR_CASES: &[(&str, &str)] = &[
    ("qcir_missing_header", "g = and(1)\nexists(1)\noutput(g)\n"),
    ("qcir_given_qdimacs", "c a comment\np cnf 2 1\n1 -2 0\n"),
    ("qcir_header_trailing_text", "#QCIR-G14 5 extra\noutput(1)\n"),
    ("qcir_unknown_statement", "#QCIR-G14\nexist(1)\noutput(1)\n"),
    ("qcir_unexpected_character", "#QCIR-G14\nexists(1)\n(output(1)\n"),
    ("qcir_quantifier_after_output", "#QCIR-G14\nexists(1)\noutput(2)\nforall(3)\n2 = and(1, 3)\n"),
    ("qcir_second_output", "#QCIR-G14\nexists(1)\noutput(1)\noutput(-1)\n"),
    ("qcir_missing_output", "#QCIR-G14\nexists(1, 2)\n3 = and(1, 2)\n"),
    ("qcir_sparse_id_bomb", "#QCIR-G14\nexists(1)\noutput(1000000000)\n"),
    ("qcir_output_undefined", "#QCIR-G14\nexists(1, 2)\noutput(g)\nh = and(1, 2)\n"),
    ("qcir_unknown_gate_type", "#QCIR-G14\nexists(a, b)\noutput(g)\ng = nand(a, b)\n"),
    ("qcir_wrong_arity", "#QCIR-G14\nexists(a, b, c)\noutput(g)\ng = xor(a, b, c)\n"),
    ("qcir_gate_defined_twice", "#QCIR-G14\nexists(a, b)\noutput(g)\ng = and(a, b)\ng = or(a, b)\n"),
    ("qcir_gate_named_like_variable", "#QCIR-G14\nexists(a, b)\noutput(a)\na = and(a, b)\n"),
    ("qcir_gate_defined_after_use", "#QCIR-G14\nexists(a, b)\noutput(g)\ng = and(h, a)\nh = or(a, b)\n"),
    ("qcir_gate_uses_itself", "#QCIR-G14\nexists(a)\noutput(g)\ng = and(a, -g)\n"),
    ("qcir_negated_quantified_name", "#QCIR-G14\nexists(a, -b)\noutput(a)\n"),
    ("qcir_quantified_twice", "#QCIR-G14\nexists(a, b)\nforall(b)\noutput(a)\n"),
    ("qcir_missing_comma", "#QCIR-G14\nexists(a, b)\noutput(g)\ng = and(a b)\n"),
    ("qcir_missing_name", "#QCIR-G14\nexists(a, )\noutput(a)\n"),
    ("qcir_unclosed_list_at_eof", "#QCIR-G14\nexists(1)\noutput(2)\n2 = and(1, 3\n"),
    ("qcir_id_out_of_range", "#QCIR-G14\nexists(4294967295)\noutput(4294967295)\n"),
    ("qcir_undefined_gate_id", "#QCIR-G14 9\nexists(1, 2)\noutput(4)\n4 = and(1, 9)\n"),
];

#[test]
fn every_qdimacs_error_kind_is_pinned() {
    for (name, text) in QDIMACS_CASES {
        insta::assert_snapshot!(*name, qdimacs_error(text));
    }
}

#[test]
fn every_qcir_error_kind_is_pinned() {
    for (name, text) in QCIR_CASES {
        insta::assert_snapshot!(*name, qcir_error(text));
    }
}

const VALID_QDIMACS: &str = "c a comment\np cnf 5 4\na 1 2 0\ne 3 4 0\na 5 0\n1 -3 4 0\n-2 3 0\n5 -4\n 1 0\n-1 -5 0\n";
const VALID_QCIR: &str =
    "#QCIR-G14 7\nforall(1, 2)\nexists(x3, 4)\noutput(-7)\n5 = or(1, -x3)\n6 = xor(5, 4)\n7 = ite(2, 6, -1)\n";

/// Random edits of a valid file: byte replacements, insertions and deletions.
fn mutated(base: &'static str) -> impl Strategy<Value = Vec<u8>> {
    let alphabet: Vec<u8> = b" \n-0123456789pcnfea()=,#andorxitQCIRG".to_vec();
    let edit = (0..base.len(), prop::sample::select(alphabet), 0..3u8);
    prop::collection::vec(edit, 1..6).prop_map(move |edits| {
        let mut bytes = base.as_bytes().to_vec();
        for (at, byte, kind) in edits {
            let at = at.min(bytes.len().saturating_sub(1));
            match kind {
                0 if !bytes.is_empty() => bytes[at] = byte,
                1 => bytes.insert(at, byte),
                _ if !bytes.is_empty() => {
                    bytes.remove(at);
                }
                _ => {}
            }
        }
        bytes
    })
}

fn check_location(e: &contract::ParseError, bytes: &[u8]) -> Result<(), TestCaseError> {
    let lines = bytes.split(|&b| b == b'\n').count();
    prop_assert!(e.line >= 1 && e.line <= lines, "line {} of {}", e.line, lines);
    prop_assert!(e.col >= 1 && e.col <= e.line_text.chars().count() + 1, "col {} on {:?}", e.col, e.line_text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn mutated_qdimacs_never_panics(bytes in mutated(VALID_QDIMACS)) {
        if let Err(e) = read_qdimacs(&Source::from_bytes("m.qdimacs", bytes.clone())) {
            check_location(&e, &bytes)?;
        }
        let _ = qbf::identity::gbd_hash(&bytes);
    }

    #[test]
    fn mutated_qcir_never_panics(bytes in mutated(VALID_QCIR)) {
        if let Err(e) = read_qcir(&Source::from_bytes("m.qcir", bytes.clone())) {
            check_location(&e, &bytes)?;
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = read_qdimacs(&Source::from_bytes("a", bytes.clone()));
        let _ = read_qcir(&Source::from_bytes("a", bytes.clone()));
        let _ = qbf::stats::stats(&Source::from_bytes("a", bytes.clone()));
        let _ = qbf::identity::gbd_hash(&bytes);
    }
}
