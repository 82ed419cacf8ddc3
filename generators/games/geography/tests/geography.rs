//! The geography encodings against the reference solver: on ≥ 300 random graphs of at most
//! 14 nodes, both encodings, DepQBF's and CAQE's verdicts equal the game value — sampled in
//! `make test`, at every round limit in `make verify-geography`; the thesis example's first
//! move read through the map.

use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use contract::Verdict;
use game_geography::encoding::{GeoEncoding, Geography};
use game_geography::{Rule, Solver, Variant};
use gamekit::graph::{gnm, gnp, thesis_example, Graph};
use gamekit::{Assignment, Encoding, Form, Move, Side};
use harness::{solve_qdimacs, solver, Outcome};
use qbf::io::write_qdimacs;
use qbf::tseitin::ClauseForm;

fn qdimacs(enc: Geography, g: &Graph, rounds: u32) -> Vec<u8> {
    let (qbf, _) =
        enc.formula(g, rounds, Side::Black, Form::Clauses(ClauseForm::default())).unwrap_or_else(|e| panic!("{e}"));
    let cnf = qbf.into_cnf(ClauseForm::default());
    assert!(cnf.cnf.num_literals() as u64 <= enc.estimate(g, rounds), "{enc:?} r={rounds}: estimate too low");
    let mut bytes = Vec::new();
    write_qdimacs(&mut bytes, &cnf, &[]).unwrap_or_else(|e| panic!("{e}"));
    bytes
}

/// The solver's verdict; the formula is kept in the target's temporary directory when the
/// solver gives none.
fn verdict(solver: &harness::Solver, bytes: &[u8], what: &str) -> bool {
    match solve_qdimacs(solver, bytes, Duration::from_secs(60)).unwrap_or_else(|e| panic!("{e}")) {
        Outcome::Solved(v) => v == Verdict::True,
        other => {
            let kept = Path::new(env!("CARGO_TARGET_TMPDIR")).join("geography-unsolved.qdimacs");
            std::fs::write(&kept, bytes).unwrap_or_else(|e| panic!("{e}"));
            panic!("{what}: {} gave {other:?} (formula kept in {})", solver.program.display(), kept.display())
        }
    }
}

/// The graphs: G(n,p) and G(n,m) for n = 2..=14 at several densities, seeds fixed.
fn graphs() -> Vec<(String, Graph)> {
    let mut out = Vec::new();
    for n in 2..=14usize {
        for (i, p) in [0.15, 0.3, 0.5].into_iter().enumerate() {
            for seed in 0..8u64 {
                let seed = seed + 100 * i as u64 + 1000 * n as u64;
                if out.len() % 2 == 0 {
                    out.push((format!("G({n},{p}) seed {seed}"), gnp(n, p, seed)));
                } else {
                    let m = (n * (n - 1)) as f64 * p;
                    out.push((format!("G({n},{m:.0}) seed {seed}"), gnm(n, m as usize, seed)));
                }
            }
        }
    }
    out
}

/// Every round limit under the vertex rule (the thesis's game); under the edge rule plays
/// can be as long as the edges, so at most 6 rounds (DepQBF needs over 20 s for G(11,0.5)
/// at 11 rounds).
fn all_rounds(n: usize, rule: Rule) -> Vec<u32> {
    match rule {
        Rule::Vertex => (1..=n as u32).collect(),
        Rule::Edge => (1..=n.min(6) as u32).collect(),
    }
}

/// One check: the reference solver's value of `g` at each of `rounds`, against DepQBF on
/// both encodings, and CAQE where `caqe_too` says so.
struct Case<'a> {
    name: &'a str,
    g: &'a Graph,
    variant: Variant,
    rule: Rule,
    rounds: Vec<u32>,
}

/// Formulas CAQE left unanswered within its 20 s in [`check`].
static CAQE_UNANSWERED: AtomicUsize = AtomicUsize::new(0);

fn check(case: &Case, caqe_too: &dyn Fn(u32) -> bool) {
    let (dep, caqe) =
        (solver("depqbf").unwrap_or_else(|e| panic!("{e}")), solver("caqe").unwrap_or_else(|e| panic!("{e}")));
    let mut solver = Solver::new(case.g, case.variant, case.rule);
    for &r in &case.rounds {
        let want = solver.wins_within(r).unwrap_or_else(|e| panic!("{e}"));
        for encoding in GeoEncoding::ALL {
            let enc = Geography { encoding, variant: case.variant, rule: case.rule };
            let bytes = qdimacs(enc, case.g, r);
            let what = format!("{} {} {} {encoding:?} r={r}", case.name, case.variant, case.rule);
            assert_eq!(verdict(&dep, &bytes, &what), want, "{what}: DepQBF");
            if caqe_too(r) {
                match solve_qdimacs(&caqe, &bytes, Duration::from_secs(20)).unwrap_or_else(|e| panic!("{e}")) {
                    Outcome::Solved(v) => assert_eq!(v == Verdict::True, want, "{what}: CAQE"),
                    Outcome::Timeout => {
                        CAQE_UNANSWERED.fetch_add(1, Ordering::Relaxed);
                    }
                    other => panic!("{what}: CAQE gave {other:?}"),
                }
            }
        }
    }
}

/// Runs `cases` on two threads (the solvers are processes; the machine has two cores).
fn check_all(cases: &[Case], caqe_too: &(dyn Fn(u32) -> bool + Sync)) {
    let (even, odd): (Vec<_>, Vec<_>) = cases.iter().enumerate().partition(|(i, _)| i % 2 == 0);
    std::thread::scope(|scope| {
        for half in [even, odd] {
            scope.spawn(move || half.into_iter().for_each(|(_, case)| check(case, caqe_too)));
        }
    });
}

/// `make test`: the ≥ 300 graphs, each under one (variant, rule) in turn, both encodings
/// through DepQBF at every round limit up to 6 nodes and at 2, 3 and the node count (the
/// edge rule: 2, 3, 4) beyond; CAQE at most 4 rounds. About a minute on two cores.
#[test]
fn random_graphs_agree_with_the_reference_solver() {
    let all = graphs();
    assert!(all.len() >= 300, "{} graphs", all.len());
    let cases: Vec<Case> = all
        .iter()
        .enumerate()
        .map(|(k, (name, g))| {
            let (variant, rule) = (Variant::ALL[k % 2], Rule::ALL[(k / 2) % 2]);
            let n = g.nodes();
            let rounds = match (n <= 6, rule) {
                (true, _) => (1..=n as u32).collect(),
                (false, Rule::Vertex) => vec![2, 3, n as u32],
                (false, Rule::Edge) => vec![2, 3, 4],
            };
            Case { name, g, variant, rule, rounds }
        })
        .collect();
    check_all(&cases, &|r| r <= 4);
}

/// `make verify-geography` (about 16,500 formulas, over 25 minutes): every graph under every variant and rule,
/// both encodings, at every round limit of [`all_rounds`]: DepQBF must answer and agree;
/// CAQE must agree where it answers within 20 s (how often it does not is printed).
#[test]
#[ignore = "over 25 minutes on two cores: make verify-geography"]
fn random_graphs_agree_with_the_reference_solver_at_every_round_limit() {
    let all = graphs();
    let mut cases = Vec::new();
    for (name, g) in &all {
        for variant in Variant::ALL {
            for rule in Rule::ALL {
                cases.push(Case { name, g, variant, rule, rounds: all_rounds(g.nodes(), rule) });
            }
        }
    }
    check_all(&cases, &|_| true);
    let checked: usize = cases.iter().map(|c| c.rounds.len() * GeoEncoding::ALL.len()).sum();
    println!(
        "{checked} formulas: DepQBF agreed on all, CAQE on all it answered ({} left unanswered within 20 s)",
        CAQE_UNANSWERED.load(Ordering::Relaxed)
    );
}

/// The outermost existential assignment DepQBF prints with `--qdo` for a true formula.
fn first_block(bytes: &[u8], name: &str) -> Assignment {
    let file = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("geography-{name}.qdimacs"));
    std::fs::write(&file, bytes).unwrap_or_else(|e| panic!("{e}"));
    let dep = solver("depqbf").unwrap_or_else(|e| panic!("{e}"));
    let out = Command::new(&dep.program).arg("--qdo").arg(&file).output().unwrap_or_else(|e| panic!("{e}"));
    let text = String::from_utf8_lossy(&out.stdout);
    let mut a = Assignment::new();
    for line in text.lines().filter(|l| l.starts_with("V ")) {
        let lit: i64 = line.split_whitespace().nth(1).and_then(|t| t.parse().ok()).unwrap_or(0);
        a.insert(lit.unsigned_abs() as u32, lit > 0);
    }
    a
}

#[test]
fn the_thesis_example_is_true_at_three_rounds_with_node_1_first() {
    let g = thesis_example();
    let mut solver = Solver::new(&g, Variant::Thesis, Rule::Vertex);
    assert_eq!(solver.wins_within(3), Ok(true));
    assert_eq!(solver.winning_moves(&[], 3), Ok(vec![1]));
    for encoding in GeoEncoding::ALL {
        let enc = Geography { encoding, variant: Variant::Thesis, rule: Rule::Vertex };
        let (qbf, map) =
            enc.formula(&g, 3, Side::Black, Form::Clauses(ClauseForm::default())).unwrap_or_else(|e| panic!("{e}"));
        let map = map.unwrap_or_else(|e| panic!("{e}"));
        let mut bytes = Vec::new();
        write_qdimacs(&mut bytes, &qbf.into_cnf(ClauseForm::default()), &[]).unwrap_or_else(|e| panic!("{e}"));
        let mv = map.decode(&first_block(&bytes, encoding.name()));
        assert_eq!(mv, Move::Vertex { index: 1, name: "1".into() }, "{encoding:?}");
        // The circuit form carries the same map.
        let (_, circuit_map) = enc.formula(&g, 3, Side::Black, Form::Circuit).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(circuit_map, Ok(map));
        assert!(enc.formula(&g, 3, Side::White, Form::Circuit).is_ok_and(|(_, m)| m.is_err()));
    }
}
