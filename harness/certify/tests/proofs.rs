//! Certification against the real DepQBF 5.01: random formulas are certified with the
//! verdict of the exhaustive evaluator, and every kind of tampering is caught with the
//! step named.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use certify::{certify, check_proof, verify_certificate, Aig, Budget, Error};
use contract::{Source, Verdict};
use qbf::eval::eval_cnf;
use qbf::formula::CnfQbf;

const BUDGET: Budget =
    Budget { max_proof: 1 << 30, sat_time: Duration::from_secs(60), max_certificate: Budget::MAX_CERTIFICATE };

/// A deterministic pseudo-random formula: `blocks` alternating blocks (∃ first when
/// `exists_first`) over `vars` variables, `clauses` clauses of 3–4 literals on distinct variables (DepQBF's trace of a formula whose
/// clauses are all tautologies names a step it never wrote).
fn random_formula(seed: u64, vars: u32, clauses: usize, exists_first: bool) -> String {
    let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let mut text = format!("p cnf {vars} {clauses}\n");
    let per_block = 2;
    let mut exists = exists_first;
    for start in (1..=vars).step_by(per_block) {
        let block: Vec<String> = (start..=(start + per_block as u32 - 1).min(vars)).map(|v| v.to_string()).collect();
        text += &format!("{} {} 0\n", if exists { "e" } else { "a" }, block.join(" "));
        exists = !exists;
    }
    for _ in 0..clauses {
        let len = 3 + next(2);
        let mut picked: Vec<i64> = Vec::new();
        while picked.len() < len as usize {
            let v = 1 + next(u64::from(vars)) as i64;
            if !picked.iter().any(|p| p.abs() == v) {
                picked.push(if next(2) == 0 { v } else { -v });
            }
        }
        let lits: Vec<String> = picked.iter().map(|l| l.to_string()).collect();
        text += &format!("{} 0\n", lits.join(" "));
    }
    text
}

struct Traced {
    _dir: tempfile::TempDir,
    formula_path: PathBuf,
    proof_path: PathBuf,
    formula: CnfQbf,
}

fn traced(text: &str) -> Traced {
    let dir = tempfile::tempdir().expect("temporary directory");
    let formula_path = dir.path().join("f.qdimacs");
    let proof_path = dir.path().join("f.qrp");
    std::fs::write(&formula_path, text).expect("writing the formula");
    let depqbf = harness::solver("depqbf").expect("depqbf in the solvers file and installed");
    let tracer = certify::Tracer::of(&depqbf.tool).expect("its trace program").expect("a `trace` command");
    let output = Command::new(&tracer.program).args(tracer.args_for(&formula_path)).output().expect("running depqbf");
    assert!(matches!(output.status.code(), Some(10 | 20)), "depqbf failed on\n{text}");
    std::fs::write(&proof_path, &output.stdout).expect("writing the proof");
    let formula = qbf::io::read_qdimacs(&Source::from_bytes("f.qdimacs", text)).expect("a valid formula");
    Traced { _dir: dir, formula_path, proof_path, formula }
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).expect("reading the proof")
}

#[test]
fn random_formulas_are_certified_with_the_evaluators_verdict() {
    let (mut trues, mut falses) = (0, 0);
    for seed in 0..500 {
        let vars = 4 + (seed % 11) as u32;
        let text = random_formula(seed, vars, vars as usize + (seed % 9) as usize, seed % 2 == 0);
        let t = traced(&text);
        let expected = Verdict::from_bool(eval_cnf(&t.formula).expect("a small formula"));
        let certified = certify(&t.formula, &t.proof_path, BUDGET).unwrap_or_else(|e| panic!("{e}\non\n{text}"));
        assert_eq!(certified.verdict, expected, "on\n{text}");
        match expected {
            Verdict::True => trues += 1,
            Verdict::False => falses += 1,
        }
        let _ = t.formula_path;
    }
    assert!(trues >= 20 && falses >= 20, "both answers are exercised: {trues} true, {falses} false");
}

/// A false formula whose proof resolves and reduces: ∃x ∀u ∃y. (x ∨ u ∨ y)(¬u ∨ y)(¬y ∨ ¬x)(¬y ∨ x ∨ u)...
fn false_instance() -> Traced {
    traced("p cnf 4 5\ne 1 0\na 2 0\ne 3 4 0\n1 2 3 0\n-2 3 0\n-3 4 0\n-1 -4 2 0\n-3 -4 0\n")
}

fn true_instance() -> Traced {
    traced("p cnf 4 4\ne 1 0\na 2 0\ne 3 4 0\n1 2 3 0\n-2 3 0\n-3 4 0\n-1 -4 2 0\n")
}

/// The proof with line `line` (1-based) replaced by `f(line)`.
fn tamper(t: &Traced, line: usize, f: impl Fn(&str) -> String) -> Result<Verdict, Error> {
    let text = read(&t.proof_path);
    let lines: Vec<String> =
        text.lines().enumerate().map(|(i, l)| if i + 1 == line { f(l) } else { l.to_string() }).collect();
    let path = t.proof_path.with_extension("tampered");
    std::fs::write(&path, lines.join("\n") + "\n").expect("writing the tampered proof");
    certify(&t.formula, &path, BUDGET).map(|c| c.verdict)
}

/// The line of the step with id `id`.
fn line_of(t: &Traced, id: u64) -> usize {
    let text = read(&t.proof_path);
    1 + text
        .lines()
        .position(|l| !l.starts_with(['p', 'e', 'a', 'r']) && l.split_whitespace().next() == Some(&id.to_string()))
        .expect("the step is in the proof")
}

fn rejected_at(result: Result<Verdict, Error>, line: usize) -> String {
    match result {
        Err(e @ Error::Rejected { .. }) => {
            let at = e.step().expect("a rejection names its step");
            assert_eq!(at.line, line as u64, "{e}");
            e.to_string()
        }
        other => panic!("expected a rejection at line {line}, got {:?}", other.map_err(|e| e.to_string())),
    }
}

#[test]
fn the_untampered_proofs_certify() {
    assert_eq!(tamper(&false_instance(), 0, str::to_string).expect("certified"), Verdict::False);
    assert_eq!(tamper(&true_instance(), 0, str::to_string).expect("certified"), Verdict::True);
}

#[test]
fn a_flipped_literal_in_a_step_is_caught_at_that_step() {
    // DepQBF's proof of the false instance: step 6 `-3 0 5 3 0` resolves steps 5 and 3.
    let t = false_instance();
    let line = line_of(&t, 6);
    let e = rejected_at(tamper(&t, line, |l| l.replacen("6 -3 0", "6 3 0", 1)), line);
    assert!(e.contains("step 6") && e.contains("literal 3 is not in the resolvent"), "{e}");
}

#[test]
fn a_wrong_antecedent_is_caught_at_that_step() {
    let t = false_instance();
    let line = line_of(&t, 6);
    let e = rejected_at(tamper(&t, line, |l| l.replacen(" 0 5 3 0", " 0 5 1 0", 1)), line);
    assert!(e.contains("step 6"), "{e}");
}

#[test]
fn an_input_clause_missing_from_the_formula_is_caught() {
    // The formula without its last clause; the proof still uses it (step 5).
    let t = false_instance();
    let text = read(&t.formula_path).replace("-3 -4 0\n", "").replace("p cnf 4 5", "p cnf 4 4");
    let smaller = qbf::io::read_qdimacs(&Source::from_bytes("g.qdimacs", text)).expect("a valid formula");
    let e = match certify(&smaller, &t.proof_path, BUDGET) {
        Err(e @ Error::Rejected { .. }) => e.to_string(),
        other => panic!("expected a rejection, got {:?}", other.map(|c| c.verdict).map_err(|e| e.to_string())),
    };
    assert!(e.contains("step 5") && e.contains("not a clause of the formula"), "{e}");
}

#[test]
fn an_initial_cube_that_misses_a_clause_is_caught() {
    // Step 5 of the true instance's proof is the initial cube `3 4 -1`.
    let t = true_instance();
    let line = line_of(&t, 5);
    let e = rejected_at(tamper(&t, line, |_| "5 3 4 1 0 0".into()), line);
    assert!(e.contains("does not satisfy clause 4"), "{e}");
}

#[test]
fn a_wrong_reduction_is_caught() {
    // Step 7 of the false instance reduces the universal 2 from `-2` after resolving; a
    // step that drops the existential 3 instead is not a reduction.
    let t = false_instance();
    let line = line_of(&t, 6);
    let e = rejected_at(tamper(&t, line, |l| l.replacen("6 -3 0", "6 0", 1)), line);
    assert!(e.contains("may not remove it"), "{e}");
}

#[test]
fn a_proof_of_another_formula_or_a_truncated_proof_is_refused() {
    let t = false_instance();
    let other =
        qbf::io::read_qdimacs(&Source::from_bytes("o.qdimacs", "p cnf 5 1\ne 1 2 3 4 5 0\n1 0\n")).expect("valid");
    let e = check_proof(&other, &t.proof_path, 1 << 30).err().expect("refused").to_string();
    assert!(e.contains("not this formula's proof"), "{e}");
    let text = read(&t.proof_path);
    let cut = t.proof_path.with_extension("cut");
    std::fs::write(&cut, &text[..text.find("r UNSAT").expect("a result line")]).expect("writing");
    let e = check_proof(&t.formula, &cut, 1 << 30).err().expect("refused").to_string();
    assert!(e.contains("without a result line"), "{e}");
    let e = check_proof(&t.formula, &t.proof_path, 10).err().expect("refused").to_string();
    assert!(e.contains("more than the limit of 10 bytes") && e.contains("--max-proof"), "{e}");
}

#[test]
fn a_certificate_that_does_not_satisfy_the_matrix_is_caught() {
    // ∀x ∃y. x ↔ y is true with y = x; the certificate y = ¬x is refused.
    let formula =
        qbf::io::read_qdimacs(&Source::from_bytes("iff.qdimacs", "p cnf 2 2\na 1 0\ne 2 0\n-1 2 0\n1 -2 0\n"))
            .expect("valid");
    let mut right = Aig::new(2);
    right.add_output(2, 2);
    verify_certificate(&formula, &right, Verdict::True, Duration::from_secs(10)).expect("y = x certifies");
    let mut wrong = Aig::new(2);
    wrong.add_output(2, 3);
    let e = verify_certificate(&formula, &wrong, Verdict::True, Duration::from_secs(10)).expect_err("y = ¬x fails");
    assert!(e.to_string().contains("falsifies the matrix against the Skolem functions"), "{e}");
    // The same formula read as false with a Herbrand function for x is refused too.
    let mut herbrand = Aig::new(2);
    herbrand.add_output(1, 4);
    let e = verify_certificate(&formula, &herbrand, Verdict::False, Duration::from_secs(10)).expect_err("refused");
    assert!(e.to_string().contains("satisfies the matrix against the Herbrand functions"), "{e}");
}

#[test]
fn a_certificate_past_its_limit_is_refused_at_the_step() {
    let t = true_instance();
    let small = Budget { max_certificate: 0, ..BUDGET };
    match certify(&t.formula, &t.proof_path, small) {
        Err(e @ Error::CertificateTooLarge { .. }) => {
            let text = e.to_string();
            assert!(text.contains("step 6") && text.contains("--max-certificate"), "{text}");
        }
        other => panic!("expected a refusal, got {:?}", other.map(|c| c.verdict).map_err(|e| e.to_string())),
    }
}
