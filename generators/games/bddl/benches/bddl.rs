//! BDDL lifted encoding: speed over the paper's instance set, and the size of Breakthrough
//! 3×4 at depth 19 next to the published BDDL figures (He, Saffidine & Thielscher,
//! AAMAS 2024, Table 3, column BL-plain).
//!
//! Run with `make bench` (or `cargo bench -p generators --bench bddl`); prints, asserts
//! nothing.

use std::path::{Path, PathBuf};
use std::time::Instant;

use contract::Source;
use game_bddl::lifted::Lifted;
use game_bddl::{self as bddl, Game};
use gamekit::{Encoding, Form, Side};
use qbf::io::{write_qcir, write_qdimacs};
use qbf::stats::stats;
use qbf::tseitin::{to_cnf, ClauseForm};

fn games() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../suite/games/bddl")
}

fn source(path: &Path) -> Source {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Source::from_bytes(path.display().to_string(), bytes)
}

/// The domain file of a problem file in the suite layout.
fn domain_of(problem: &Path) -> PathBuf {
    let dir = problem.parent().unwrap_or(Path::new("."));
    let name = problem.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    if dir.ends_with("httt") {
        games().join("positional/domain.ig")
    } else if name.ends_with("_dual.ig") {
        dir.join("dual-domain.ig")
    } else {
        dir.join("domain.ig")
    }
}

/// Every problem file of the suite, sorted, with its game.
fn instances() -> Vec<(String, Game)> {
    let mut problems = Vec::new();
    for dir in std::fs::read_dir(games()).expect("suite/games/bddl exists") {
        let dir = dir.expect("readable").path();
        for file in std::fs::read_dir(&dir).expect("readable") {
            let path = file.expect("readable").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            if name.ends_with(".ig") && !name.ends_with("domain.ig") {
                problems.push(path);
            }
        }
    }
    problems.sort();
    problems
        .into_iter()
        .map(|p| {
            let game = bddl::load(&source(&domain_of(&p)), &source(&p), None).unwrap_or_else(|e| panic!("{e}"));
            (p.strip_prefix(games()).unwrap_or(&p).display().to_string(), game)
        })
        .collect()
}

fn main() {
    let set = instances();
    let rounds = 5;
    let start = Instant::now();
    let mut bytes = 0usize;
    for _ in 0..rounds {
        for (_, game) in &set {
            let qbf = Lifted
                .formula(game, game.depth(), Side::Black, Form::Circuit)
                .ok()
                .and_then(|(q, _)| q.into_circuit())
                .expect("the lifted encoding is a circuit");
            let mut qcir = Vec::new();
            write_qcir(&mut qcir, &qbf, &[]).expect("in-memory write");
            let mut qdimacs = Vec::new();
            write_qdimacs(&mut qdimacs, &to_cnf(&qbf, ClauseForm::TSEITIN), &[]).expect("in-memory write");
            bytes += qcir.len() + qdimacs.len();
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let n = (set.len() * rounds) as f64;
    println!("bddl lifted encoding: {} instances (suite/games/bddl, at their #depth) x {rounds} rounds", set.len());
    println!(
        "  encode + QCIR + Tseitin QDIMACS: {:.1} instances/s, {:.2} ms each, {:.1} MB/s written",
        n / secs,
        1000.0 * secs / n,
        bytes as f64 / secs / 1e6
    );

    let (_, bt) = set.iter().find(|(name, _)| name == "breakthrough/3x4.ig").expect("breakthrough 3x4 in the suite");
    let qbf = Lifted
        .formula(bt, bt.depth(), Side::Black, Form::Circuit)
        .ok()
        .and_then(|(q, _)| q.into_circuit())
        .expect("the lifted encoding is a circuit");
    let mut qdimacs = Vec::new();
    write_qdimacs(&mut qdimacs, &to_cnf(&qbf, ClauseForm::TSEITIN), &[]).expect("in-memory write");
    let (_, s) = stats(&Source::from_bytes("bt", qdimacs)).expect("own output parses");
    let mut qcir = Vec::new();
    write_qcir(&mut qcir, &qbf, &[]).expect("in-memory write");
    let (_, c) = stats(&Source::from_bytes("bt", qcir)).expect("own output parses");
    println!("breakthrough 3x4, depth {} (QDIMACS, Tseitin):", bt.depth());
    println!("  {:<12} {:>8} {:>10}", "measure", "ours", "published");
    for (name, ours, published) in [
        ("vars", s.vars, 2366),
        ("universal", s.universal, 67),
        ("clauses", s.clauses.unwrap_or(0), 6875),
        ("blocks", s.blocks, 21),
    ] {
        println!("  {name:<12} {ours:>8} {published:>10}");
    }
    println!("  QCIR: {} inputs quantified, {} gates", c.vars, c.gates.unwrap_or(0));
    board_growth();
}

/// Q-sage's own Connect-4 formulas at depth 11 on empty boards (gates of its QCIR,
/// clauses of that QCIR in its clausal form), as measured for issue 22.
const QSAGE_CONNECT4: [(u32, usize, Option<usize>); 3] = [(4, 1052, None), (32, 1927, None), (256, 2815, Some(9332))];

/// Connect-4 goals at depth 11 on empty boards 4×4 … 256×256: the size of the lifted
/// formula grows with the logarithm of the board, beside Q-sage's figures.
fn board_growth() {
    let dir = games().join("connect");
    let domain = source(&dir.join("domain.ig"));
    let problem = std::fs::read_to_string(dir.join("4x4_connect4.ig")).expect("shipped problem");
    println!("connect-4 goals, depth 11, empty n x n board (QCIR gates; clauses of the default clause form):");
    println!(
        "  {:>5} {:>8} {:>8} {:>8} {:>12} {:>14}",
        "n", "gates", "clauses", "ms", "Q-sage gates", "Q-sage clauses"
    );
    for n in [4, 8, 16, 32, 64, 128, 256] {
        let text = problem.replace("\n4 4\n", &format!("\n{n} {n}\n")).replace("\n15\n", "\n11\n");
        let game = bddl::load(&domain, &Source::from_bytes(format!("{n}x{n}"), text.into_bytes()), None)
            .unwrap_or_else(|e| panic!("{e}"));
        let start = Instant::now();
        let qbf = Lifted
            .formula(&game, 11, Side::Black, Form::Circuit)
            .ok()
            .and_then(|(q, _)| q.into_circuit())
            .expect("the lifted encoding is a circuit");
        let clauses = to_cnf(&qbf, ClauseForm::default()).cnf.len();
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let theirs = QSAGE_CONNECT4.iter().find(|(side, ..)| *side == n);
        let gates = theirs.map_or("-".to_string(), |(_, g, _)| g.to_string());
        let cls = theirs.and_then(|(.., c)| *c).map_or("-".to_string(), |c| c.to_string());
        println!("  {n:>5} {:>8} {clauses:>8} {ms:>8.2} {gates:>12} {cls:>14}", qbf.circuit.len());
    }
}
