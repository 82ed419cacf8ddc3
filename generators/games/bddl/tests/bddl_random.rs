//! Random small BDDL games: the lifted encoding under DepQBF must agree with the reference
//! solver on each of them, at depths 1 to 5, moving first and second.
//!
//! The games are drawn from a fixed seed, so the set is the same on every run: boards of
//! at most 3×3, one to three actions per player with relative and absolute positions,
//! negated preconditions, multi-atom effects, zero to two goal conditions per player and a
//! random initial position. Drawn games that the checks reject (for instance an initial
//! position that is already won) are skipped; the test asserts how many remain.

use std::time::Duration;

use contract::{Source, Verdict};
use game_bddl::lifted::Lifted;
use game_bddl::{self as bddl, Solver};
use gamekit::rng::SplitMix64;
use gamekit::{Encoding, Form, Side};
use harness::{solve_qdimacs, solver, Outcome};
use qbf::io::write_qdimacs;
use qbf::tseitin::{to_cnf, ClauseForm};

/// Random choices from a seeded SplitMix64.
trait Pick {
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str;
}

impl Pick for SplitMix64 {
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

fn coordinate(rng: &mut SplitMix64, param: &str, min: &str, max: &str) -> String {
    match rng.below(8) {
        0 => min.to_string(),
        1 => max.to_string(),
        2 => format!("{max}-1"),
        3 | 4 => param.to_string(),
        5 => format!("{param}+1"),
        6 => format!("{param}-1"),
        _ => format!("{param}+2"),
    }
}

fn atom(rng: &mut SplitMix64, preds: &[&str], may_negate: bool) -> String {
    let pred = rng.pick(preds);
    let body = format!("{pred}({},{})", coordinate(rng, "?x", "xmin", "xmax"), coordinate(rng, "?y", "ymin", "ymax"));
    if may_negate && rng.below(3) == 0 {
        format!("NOT({body})")
    } else {
        body
    }
}

/// `base + below(spread)` atoms.
fn atoms(rng: &mut SplitMix64, base: u64, spread: u64, preds: &[&str], may_negate: bool) -> String {
    let count = base + rng.below(spread);
    (0..count).map(|_| atom(rng, preds, may_negate)).collect::<Vec<_>>().join(" ")
}

fn actions(rng: &mut SplitMix64, own: &str) -> String {
    let mut text = String::new();
    for k in 0..1 + rng.below(3) {
        // The mover's piece at (?x,?y) keeps most actions piece-moving, as in real games.
        let pre = format!("{own}(?x,?y) {}", atoms(rng, 0, 3, &["open", "black", "white"], true));
        let eff = if rng.below(2) == 0 {
            format!("open(?x,?y) {}", atoms(rng, 1, 1, &[own], false))
        } else {
            atoms(rng, 1, 2, &["open", own], false)
        };
        let pre = if rng.below(4) == 0 {
            format!("open(?x,?y) {}", atoms(rng, 0, 2, &["open", "black", "white"], true))
        } else {
            pre
        };
        text += &format!(":action a{k}\n:parameters (?x, ?y)\n:precondition ({pre})\n:effect ({eff})\n");
    }
    text
}

fn game(rng: &mut SplitMix64) -> (String, String) {
    let domain = format!("#blackactions\n{}#whiteactions\n{}", actions(rng, "black"), actions(rng, "white"));
    let (w, h) = (1 + rng.below(3), 1 + rng.below(3));
    let mut init = Vec::new();
    for y in 1..=h {
        for x in 1..=w {
            match rng.below(4) {
                0 => init.push(format!("black({x},{y})")),
                1 => init.push(format!("white({x},{y})")),
                _ => {}
            }
        }
    }
    let goals = |rng: &mut SplitMix64, pred: &str| {
        let count = rng.below(3);
        (0..count).map(|_| atoms(rng, 1, 2, &[pred], false)).collect::<Vec<_>>().join("\n")
    };
    let black_goals = goals(rng, "black");
    let white_goals = goals(rng, "white");
    let turn = if rng.below(3) == 0 { "#blackturn second\n" } else { "" };
    let problem = format!(
        "#boardsize\n{w} {h}\n#init\n{}\n#depth\n1\n#blackgoal\n{black_goals}\n#whitegoal\n{white_goals}\n{turn}",
        init.join(" ")
    );
    (domain, problem)
}

#[test]
fn random_small_games_agree_with_the_reference_solver() {
    let solver_path = solver("depqbf").expect("DepQBF is required (make solvers)");
    let mut rng = SplitMix64::new(20230704);
    let (mut checked, mut wins) = (0, 0);
    let mut failures = Vec::new();
    for n in 0..1500 {
        let (domain, problem) = game(&mut rng);
        let (dsrc, psrc) = (
            Source::from_bytes("random-domain.ig", domain.clone()),
            Source::from_bytes("random-problem.ig", problem.clone()),
        );
        if bddl::load(&dsrc, &psrc, None).is_err() {
            continue;
        }
        for depth in 1..=5 {
            let game = bddl::load(&dsrc, &psrc, Some(depth)).unwrap_or_else(|e| panic!("{e}"));
            let expected = Solver::new(&game).expect("small board").wins(depth);
            let mut qdimacs = Vec::new();
            write_qdimacs(
                &mut qdimacs,
                &to_cnf(
                    &Lifted
                        .formula(&game, game.depth(), Side::Black, Form::Circuit)
                        .ok()
                        .and_then(|(q, _)| q.into_circuit())
                        .expect("the lifted encoding is a circuit"),
                    ClauseForm::TSEITIN,
                ),
                &[],
            )
            .expect("in-memory write");
            let got = match solve_qdimacs(&solver_path, &qdimacs, Duration::from_secs(60)).expect("running DepQBF") {
                Outcome::Solved(v) => v == Verdict::True,
                other => panic!("game {n} depth {depth}: DepQBF gave no answer ({other:?})"),
            };
            checked += 1;
            wins += expected as usize;
            if got != expected {
                failures
                    .push(format!("game {n} depth {depth}: reference {expected}, DepQBF {got}\n{domain}\n{problem}"));
            }
        }
    }
    assert!(failures.is_empty(), "disagreements:\n{}", failures.join("\n---\n"));
    assert!(checked >= 1000, "only {checked} (game, depth) pairs survived the checks");
    assert!(
        wins >= checked / 10 && wins <= checked * 9 / 10,
        "{wins} wins of {checked}: the sample is too one-sided to test anything"
    );
}
