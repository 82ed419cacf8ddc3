//! `make verify-positional`: the semantic checks too slow for `cargo test` (the published
//! tables themselves are re-checked by `make verify`, see docs/verify.md):
//!
//! - the 96 GTTT 4×4 games at the depths beyond `cargo test` (9 up to 16, ending on a Black
//!   move): DepQBF with a ten-second limit per instance against the reference solver;
//!   agreements and timeouts are counted, a disagreement is a failure;
//! - Figure 2: game 1 after 2 stones, published "15?" (no solver finished); the reference
//!   solver's critical depth is printed.
//!
//! Exits non-zero on any disagreement.

use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use contract::{Source, Verdict};
use game_positional::corplus::Corplus;
use game_positional::gttt::Gttt;
use game_positional::pg::read_pg;
use game_positional::solver::Solver;
use game_positional::{Player, PositionalGame};
use gamekit::{Encoding, Form, Side};
use harness::Outcome;
use qbf::io::write_qdimacs;
use qbf::tseitin::ClauseForm;

fn depqbf_within(game: &PositionalGame, limit: Duration) -> (Outcome, Duration) {
    let (qbf, _) = Corplus
        .formula(game, game.depth(), Side::Black, Form::Clauses(ClauseForm::default()))
        .expect("all time points");
    let mut bytes = Vec::new();
    write_qdimacs(&mut bytes, &qbf.into_cnf(ClauseForm::default()), &[]).expect("writing to memory");
    let solver = harness::solver("depqbf").expect("DepQBF is required: run `make solvers`");
    let start = Instant::now();
    let outcome = harness::solve_qdimacs(&solver, &bytes, limit).expect("running DepQBF");
    (outcome, start.elapsed())
}

fn main() -> ExitCode {
    let suite = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../suite");
    let failures = gttt_4x4_deep();
    let fig2 = suite.join("games/gttt5x5/game_1_gttt_L_5x5_k_02_m_15.pg");
    let game = read_pg(&Source::read(&fig2.display().to_string()).expect("PG file")).expect("valid PG").game;
    let start = Instant::now();
    let depth = Solver::new(&game).expect("small").critical_depth();
    println!("fig2 k=2 (published 15?): reference critical depth {depth:?} ({:.2}s)", start.elapsed().as_secs_f64());
    if failures > 0 {
        eprintln!("{failures} disagreement(s)");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// GTTT 4×4 at depths 9–16: returns the number of disagreements.
fn gttt_4x4_deep() -> usize {
    let (mut agree, mut timeouts, mut wrong) = (0, 0, 0);
    let start = Instant::now();
    for (name, gttt) in Gttt::table5_set() {
        let game = gttt.game();
        let mut solver = Solver::new(&game).expect("16 vertices");
        for depth in (9..=16).filter(|&d| game.turns[d as usize - 1] == Player::Black) {
            let expected = solver.black_wins(depth).expect("depth within the game");
            let cut = game.with_depth(depth).expect("depth within the game");
            match depqbf_within(&cut, Duration::from_secs(10)).0.verdict() {
                Some(v) if (v == Verdict::True) == expected => agree += 1,
                Some(_) => {
                    wrong += 1;
                    let Gttt { p, q, torus, first, .. } = gttt;
                    println!("WRONG: gttt({p},{q}) {name} torus={torus} first={first:?} depth {depth}");
                }
                None => timeouts += 1,
            }
        }
    }
    println!(
        "gttt 4x4 depths 9-16: {agree} agree, {timeouts} timeouts (10 s), {wrong} disagree ({:.0}s)",
        start.elapsed().as_secs_f64()
    );
    wrong
}
