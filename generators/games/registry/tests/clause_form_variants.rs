//! Every clause-form variant (polarity, tseitin, universal × gates innermost, earliest)
//! is checked like the default: on small boards and graphs, at every depth, DepQBF's
//! verdict on the variant's QDIMACS equals the reference solver's game value, and CAQE's
//! too at the shallow depths (gate placement is what expansion solvers see).

use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::time::Duration;

use contract::{Source, Verdict};
use game_bddl as bddl;
use game_bddl::lifted::Lifted;
use game_geography::encoding::{GeoEncoding, Geography};
use game_geography::{Rule, Solver, Variant};
use gamekit::graph::gnp;
use gamekit::{Encoding, Form, Side};
use harness::{solve_qdimacs, solver, Outcome};
use qbf::formula::CircuitQbf;
use qbf::io::write_qdimacs;
use qbf::tseitin::{to_cnf, ClauseForm, Definitions, GatePlacement};

fn forms() -> Vec<ClauseForm> {
    Definitions::ALL
        .into_iter()
        .flat_map(|definitions| GatePlacement::ALL.map(|gates| ClauseForm { definitions, gates }))
        .collect()
}

fn verdict(solver: &harness::Solver, qbf: &CircuitQbf, form: ClauseForm, what: &str) -> Option<bool> {
    let mut bytes = Vec::new();
    write_qdimacs(&mut bytes, &to_cnf(qbf, form), &[]).unwrap_or_else(|e| panic!("{e}"));
    match solve_qdimacs(solver, &bytes, Duration::from_secs(60)).unwrap_or_else(|e| panic!("{e}")) {
        Outcome::Solved(v) => Some(v == Verdict::True),
        Outcome::Timeout => None,
        other => panic!("{what} {form}: {} gave {other:?}", solver.program.display()),
    }
}

/// The circuit's verdict under every form, DepQBF always and CAQE when `caqe_too`.
fn check(qbf: &CircuitQbf, want: bool, what: &str, caqe_too: bool) -> Vec<String> {
    let (dep, cq) =
        (solver("depqbf").unwrap_or_else(|e| panic!("{e}")), solver("caqe").unwrap_or_else(|e| panic!("{e}")));
    let mut failures = Vec::new();
    for form in forms() {
        let solvers: &[&harness::Solver] = if caqe_too { &[&dep, &cq] } else { &[&dep] };
        for solver in solvers {
            match verdict(solver, qbf, form, what) {
                Some(v) if v != want => {
                    failures.push(format!("{what} {form}: {} says {v}, reference {want}", solver.program.display()))
                }
                Some(_) => {}
                None if solver.tool.name == dep.tool.name => failures.push(format!("{what} {form}: DepQBF timed out")),
                None => {}
            }
        }
    }
    failures
}

fn bddl_games() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../suite/games/bddl")
}

fn read(path: &str) -> Source {
    let full = bddl_games().join(path);
    Source::from_bytes(path, std::fs::read(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display())))
}

fn bddl_cases(domain: &str, cases: &[(&str, RangeInclusive<u32>)]) -> Vec<String> {
    let domain = read(domain);
    let mut failures = Vec::new();
    for (problem, depths) in cases {
        let problem = read(problem);
        for depth in depths.clone() {
            let game = bddl::load(&domain, &problem, Some(depth)).unwrap_or_else(|e| panic!("{e}"));
            let want = bddl::Solver::new(&game).expect("small board").wins(depth);
            let (qbf, _) = Lifted.formula(&game, depth, Side::Black, Form::Circuit).unwrap_or_else(|e| panic!("{e}"));
            let qbf = qbf.into_circuit().expect("the lifted encoding is a circuit");
            failures.extend(check(&qbf, want, &format!("{} d{depth}", problem.name), depth <= 3));
        }
    }
    failures
}

#[test]
fn lifted_variants_agree_with_the_reference_solver_at_every_depth() {
    let mut failures = bddl_cases(
        "positional/domain.ig",
        &[("httt/3x3_el.ig", 1..=5), ("httt/3x3_tic.ig", 1..=3), ("httt/4x4_domino.ig", 1..=3)],
    );
    failures.extend(bddl_cases(
        "connect/domain.ig",
        &[("connect/3x3_connect3.ig", 1..=4), ("connect/4x4_connect2.ig", 1..=3)],
    ));
    failures.extend(bddl_cases("domineering/domain.ig", &[("domineering/3x3.ig", 1..=3)]));
    failures.extend(bddl_cases("breakthrough/domain.ig", &[("breakthrough/2x4.ig", 1..=4)]));
    assert!(failures.is_empty(), "disagreements:\n{}", failures.join("\n"));
}

#[test]
fn geography_variants_agree_with_the_reference_solver_at_every_round() {
    let mut failures = Vec::new();
    for (n, seed) in [(5usize, 1u64), (6, 2), (7, 3)] {
        let g = gnp(n, 0.35, seed);
        let mut solver = Solver::new(&g, Variant::Thesis, Rule::Vertex);
        for rounds in 1..=n as u32 {
            let want = solver.wins_within(rounds).unwrap_or_else(|e| panic!("{e}"));
            for encoding in GeoEncoding::ALL {
                let enc = Geography { encoding, variant: Variant::Thesis, rule: Rule::Vertex };
                let (qbf, _) = enc.formula(&g, rounds, Side::Black, Form::Circuit).unwrap_or_else(|e| panic!("{e}"));
                let qbf = qbf.into_circuit().expect("geography is a circuit");
                failures.extend(check(
                    &qbf,
                    want,
                    &format!("G({n},0.35) seed {seed} {encoding:?} r={rounds}"),
                    rounds <= 4,
                ));
            }
        }
    }
    assert!(failures.is_empty(), "disagreements:\n{}", failures.join("\n"));
}
