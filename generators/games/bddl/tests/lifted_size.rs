//! The lifted encoding is lifted in the board size too: Connect-4 goals at depth 11 on
//! empty boards from 4×4 to 256×256 grow by the same number of gates per doubling of the
//! side (the logarithm of the board), and on 256×256 stay within Q-sage's own formula
//! (2,815 gates, 9,332 clauses, as measured for issue 22 on Q-sage's QCIR and its
//! clausal form).

use contract::Source;
use game_bddl as bddl;
use game_bddl::lifted::Lifted;
use gamekit::{Encoding, Form, Side};
use qbf::tseitin::{to_cnf, ClauseForm};

/// Gates of the circuit and clauses of its default clausal form, Connect-4 on `n`×`n` at depth 11.
fn size(n: u32) -> (usize, usize) {
    let dir = format!("{}/../../../suite/games/bddl/connect", env!("CARGO_MANIFEST_DIR"));
    let domain = Source::read(&format!("{dir}/domain.ig")).unwrap_or_else(|e| panic!("{e}"));
    let problem = std::fs::read_to_string(format!("{dir}/4x4_connect4.ig")).expect("shipped problem");
    let problem = problem.replace("\n4 4\n", &format!("\n{n} {n}\n")).replace("\n15\n", "\n11\n");
    let problem = Source::from_bytes(format!("{n}x{n}_connect4.ig"), problem.into_bytes());
    let game = bddl::load(&domain, &problem, None).unwrap_or_else(|e| panic!("{e}"));
    let (qbf, _) = Lifted.formula(&game, 11, Side::Black, Form::Circuit).unwrap_or_else(|e| panic!("{e}"));
    let circuit = qbf.into_circuit().expect("the lifted encoding is a circuit");
    (circuit.circuit.len(), to_cnf(&circuit, ClauseForm::default()).cnf.len())
}

#[test]
fn connect4_grows_with_the_logarithm_of_the_board() {
    let sides = [4, 8, 16, 32, 64, 128, 256];
    let gates: Vec<usize> = sides.iter().map(|&n| size(n).0).collect();
    let steps: Vec<usize> = gates.windows(2).map(|w| w[1] - w[0]).collect();
    let first = steps[1];
    for (side, step) in sides[2..].iter().zip(&steps[1..]) {
        assert!(
            *step <= first + first / 4,
            "doubling to {side}×{side} adds {step} gates, the first doubling {first}: {gates:?}"
        );
    }
    let (gates, clauses) = size(256);
    assert!(gates <= 2815, "256×256: {gates} gates, Q-sage 2,815");
    assert!(clauses <= 9332, "256×256: {clauses} clauses, Q-sage 9,332");
}
