//! The lifted encoding against the reference solver: for every (game, board, depth) pair
//! below, DepQBF's verdict on the QDIMACS instance must equal the reference solver's game
//! value, and the QCIR instance must read back and re-write to the same bytes.
//!
//! The pairs are every depth from 1 up to a bound per board. Plain DepQBF finds these
//! encodings hard (as the paper reports), so the bounds are where DepQBF answers in about a
//! few seconds on a busy machine, keeping this file near a minute in total:
//!
//! | game | boards and depths |
//! |------|-------------------|
//! | HTTT | 3×3: domino 1–3, knobby, tippy 1–3, el, tic, elly, fatty 1–5; 4×4: domino, el 1–3 |
//! | Connect-c | 2×2 connect2 1–3, 3×3 connect2 1–3, 3×3 connect3 1–5, 4×4 connect2 1–3 |
//! | Breakthrough | 2×4 1–7, 3×4 1–3; second player 2×4 1–6 |
//! | KnightThrough | 3×4 1–5 |
//! | Evader-Pursuer | 4×4 p(2,3) 1–3, p(1,2) 1–3; dual 4×4 p(1,2) 1–3, p(2,3) 1–5 |
//! | Domineering | 2×2, 3×2 1–3; 2×3, 2×4, 3×3, 4×2 1–5; 3×4, 4×4 1–6 |
//! | Hex (flattened `N 1` board) | 2×2 Hex as 4×1, 1–4 |
//!
//! Deeper reproductions (the paper's Table 2) run in `make verify`
//! (`suite/published/bddl-sat2023-table2.toml`).

use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::time::Duration;

use contract::{Source, Verdict};
use game_bddl::lifted::Lifted;
use game_bddl::{self as bddl, Solver};
use gamekit::{Encoding, Form, Side};
use harness::{solve_qdimacs, solver, Outcome};
use qbf::io::{read_qcir, write_qcir, write_qdimacs};
use qbf::tseitin::{to_cnf, ClauseForm};

fn games() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../suite/games/bddl")
}

fn read(path: &str) -> Source {
    let full = games().join(path);
    let bytes = std::fs::read(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()));
    Source::from_bytes(path, bytes)
}

/// Checks every depth in `depths`; returns the disagreements.
fn agree_sources(domain: &Source, problem: &Source, depths: RangeInclusive<u32>) -> Vec<String> {
    let solver_path = solver("depqbf").expect("DepQBF is required (make solvers)");
    let mut failures = Vec::new();
    for depth in depths {
        let game = bddl::load(domain, problem, Some(depth)).unwrap_or_else(|e| panic!("{e}"));
        let expected = Solver::new(&game).expect("small board").wins(depth);
        let qbf = Lifted
            .formula(&game, game.depth(), Side::Black, Form::Circuit)
            .ok()
            .and_then(|(q, _)| q.into_circuit())
            .expect("the lifted encoding is a circuit");

        let mut qcir = Vec::new();
        write_qcir(&mut qcir, &qbf, &["round trip"]).expect("in-memory write");
        let back = read_qcir(&Source::from_bytes("rt.qcir", qcir.clone())).unwrap_or_else(|e| panic!("{e}"));
        let mut again = Vec::new();
        write_qcir(&mut again, &back, &["round trip"]).expect("in-memory write");
        if again != qcir {
            failures.push(format!("{} depth {depth}: QCIR does not round-trip", problem.name));
        }

        let mut qdimacs = Vec::new();
        write_qdimacs(&mut qdimacs, &to_cnf(&qbf, ClauseForm::TSEITIN), &[]).expect("in-memory write");
        let outcome = solve_qdimacs(&solver_path, &qdimacs, Duration::from_secs(120)).expect("running DepQBF");
        let verdict = match outcome {
            Outcome::Solved(v) => v == Verdict::True,
            other => {
                failures.push(format!("{} depth {depth}: DepQBF gave no answer ({other:?})", problem.name));
                continue;
            }
        };
        if verdict != expected {
            failures.push(format!(
                "{} depth {depth}: reference solver says {expected}, DepQBF says {verdict}",
                problem.name
            ));
        }
    }
    failures
}

fn check_all(domain: &str, cases: &[(&str, RangeInclusive<u32>)]) {
    let domain = read(domain);
    let failures: Vec<String> =
        cases.iter().flat_map(|(p, depths)| agree_sources(&domain, &read(p), depths.clone())).collect();
    assert!(failures.is_empty(), "disagreements:\n{}", failures.join("\n"));
}

#[test]
fn httt_encoding_agrees_with_the_reference_solver() {
    check_all(
        "positional/domain.ig",
        &[
            ("httt/3x3_domino.ig", 1..=3),
            ("httt/3x3_el.ig", 1..=5),
            ("httt/3x3_tic.ig", 1..=5),
            ("httt/3x3_elly.ig", 1..=5),
            ("httt/3x3_knobby.ig", 1..=3),
            ("httt/3x3_tippy.ig", 1..=3),
            ("httt/3x3_fatty.ig", 1..=5),
            ("httt/4x4_domino.ig", 1..=3),
            ("httt/4x4_el.ig", 1..=3),
        ],
    );
}

#[test]
fn connect_encoding_agrees_with_the_reference_solver() {
    check_all(
        "connect/domain.ig",
        &[
            ("connect/2x2_connect2.ig", 1..=3),
            ("connect/3x3_connect2.ig", 1..=3),
            ("connect/3x3_connect3.ig", 1..=5),
            ("connect/4x4_connect2.ig", 1..=3),
        ],
    );
}

#[test]
fn breakthrough_encoding_agrees_with_the_reference_solver() {
    check_all(
        "breakthrough/domain.ig",
        &[("breakthrough/2x4.ig", 1..=7), ("breakthrough/3x4.ig", 1..=3), ("breakthrough/2x4_second.ig", 1..=6)],
    );
}

#[test]
fn knightthrough_encoding_agrees_with_the_reference_solver() {
    check_all("knightthrough/domain.ig", &[("knightthrough/3x4.ig", 1..=5)]);
}

#[test]
fn evader_pursuer_encoding_agrees_with_the_reference_solver() {
    check_all(
        "evader-pursuer/domain.ig",
        &[("evader-pursuer/4x4_e-4-1_p-2-3.ig", 1..=3), ("evader-pursuer/4x4_e-4-1_p-1-2.ig", 1..=3)],
    );
    check_all(
        "evader-pursuer/dual-domain.ig",
        &[("evader-pursuer/4x4_e-4-1_p-1-2_dual.ig", 1..=3), ("evader-pursuer/4x4_e-4-1_p-2-3_dual.ig", 1..=5)],
    );
}

#[test]
fn domineering_encoding_agrees_with_the_reference_solver() {
    check_all(
        "domineering/domain.ig",
        &[
            ("domineering/2x2.ig", 1..=3),
            ("domineering/3x2.ig", 1..=3),
            ("domineering/2x3.ig", 1..=5),
            ("domineering/2x4.ig", 1..=5),
            ("domineering/3x3.ig", 1..=5),
            ("domineering/4x2.ig", 1..=5),
            ("domineering/3x4.ig", 1..=6),
            ("domineering/4x4.ig", 1..=6),
        ],
    );
}

/// Hex as the positional-games emitter writes it: a flattened `N 1` board and the winning
/// sets as explicit constant positions. Here 2×2 Hex, positions a1 a2 b1 b2 as 1..4; Black
/// connects top to bottom ({a1,a2}, {b1,b2}, {b1,a2}), White left to right.
#[test]
fn flattened_hex_encoding_agrees_with_the_reference_solver() {
    let domain = read("positional/domain.ig");
    let problem = Source::from_bytes(
        "hex2x2.ig",
        "#boardsize\n4 1\n#init\n#depth\n3\n#blackgoal\n(black(1,1) black(3,1))\n(black(2,1) black(4,1))\n(black(2,1) black(3,1))\n#whitegoal\n(white(1,1) white(2,1))\n(white(3,1) white(4,1))\n(white(2,1) white(3,1))\n",
    );
    let failures = agree_sources(&domain, &problem, 1..=4);
    assert!(failures.is_empty(), "disagreements:\n{}", failures.join("\n"));
    let game = bddl::load(&domain, &problem, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        Solver::new(&game).expect("small").critical_depth(4),
        Some(3),
        "the first player wins 2x2 Hex with its second stone"
    );
}
