//! COR+ against the reference solver: DepQBF's verdict on the QDIMACS must equal the
//! explicit-state value, for every game and depth of the set below.
//!
//! The set (chosen so that DepQBF answers each instance in well under a second):
//! - GTTT 3×3: the seven shapes that fit (all but skinny) × {plain, torus} × {Black,
//!   White first} × (p,q) ∈ {(1,1), (2,1), (2,2)}, every depth that ends on a Black move,
//!   up to the end of the game (9);
//! - GTTT 4×4: the paper's 96 games (8 shapes × {plain, torus} × {Black, White first} ×
//!   (p,q) ∈ {(1,1), (2,1), (2,2)}), every depth ending on a Black move up to 7 (deeper
//!   4×4 instances take DepQBF seconds to minutes without preprocessing; their full-depth
//!   values are checked by the reference solver in `positional_reference.rs`, 34 true /
//!   62 false);
//! - Hex: Hein's 3×3 and 4×4 puzzles, every odd depth up to the end of the game for
//!   hein_04, hein_09 and hein_12, up to 7 for hein_06 and hein_07 (whose critical pairs
//!   11/13 and 7/9 take DepQBF several seconds: `make verify-positional` checks them);
//! - PG files: the recorded GTTT 5×5 L games (initial stones on both sides) whose depth
//!   is at most 5, read from `suite/games/gttt5x5/`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use contract::{Source, Verdict};
use game_positional::corplus::Corplus;
use game_positional::gttt::{Gttt, Shape, GTTT_4X4_SHAPES, NAMED_SHAPES};
use game_positional::hex::read_hex;
use game_positional::pg::read_pg;
use game_positional::solver::Solver;
use game_positional::{Player, PositionalGame};
use gamekit::{Encoding, Form, Side};
use harness::Outcome;
use qbf::io::write_qdimacs;
use qbf::tseitin::ClauseForm;

fn suite(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../suite").join(path)
}

/// DepQBF's verdict on the COR+ encoding of `game`.
fn depqbf_verdict(game: &PositionalGame) -> bool {
    let form = ClauseForm::default();
    let (qbf, _) = Corplus.formula(game, game.depth(), Side::Black, Form::Clauses(form)).expect("all time points");
    let qbf = qbf.into_cnf(form);
    let mut bytes = Vec::new();
    write_qdimacs(&mut bytes, &qbf, &[]).expect("writing to memory");
    let solver = harness::solver("depqbf").expect("DepQBF is required: run `make solvers`");
    match harness::solve_qdimacs(&solver, &bytes, Duration::from_secs(60)).expect("running DepQBF") {
        Outcome::Solved(Verdict::True) => true,
        Outcome::Solved(Verdict::False) => false,
        other => panic!("DepQBF gave no verdict: {other:?}"),
    }
}

/// Checks every depth ≤ `max_depth` that ends on a Black move; returns how many.
fn check_depths(name: &str, game: &PositionalGame, max_depth: u32) -> usize {
    let mut solver = Solver::new(game).expect("small game");
    let mut checked = 0;
    for depth in (1..=max_depth.min(game.depth())).filter(|&d| game.turns[d as usize - 1] == Player::Black) {
        let cut = game.with_depth(depth).expect("depth within the game");
        let expected = solver.black_wins(depth).expect("depth within the game");
        assert_eq!(
            depqbf_verdict(&cut),
            expected,
            "{name} at depth {depth}: DepQBF disagrees with the reference solver"
        );
        checked += 1;
    }
    checked
}

fn gttt_games(n: usize, shapes: &[&str], p: usize, q: usize) -> Vec<(String, PositionalGame)> {
    let mut games = Vec::new();
    for &name in shapes {
        for torus in [false, true] {
            for first in [Player::Black, Player::White] {
                let shape = Shape::parse(name).expect("named shape");
                let game = Gttt { shape, board: n, torus, p, q, first, first_moves: true }.game();
                games.push((format!("gttt({p},{q}) {name} {n}x{n} torus={torus} first={first:?}"), game));
            }
        }
    }
    games
}

fn check_gttt(n: usize, shapes: &[&str], pq: (usize, usize), max_depth: u32, expected_checks: usize) {
    let games = gttt_games(n, shapes, pq.0, pq.1);
    let checked: usize = games.iter().map(|(name, game)| check_depths(name, game, max_depth)).sum();
    assert_eq!(checked, expected_checks, "the set of checked instances changed size");
}

const SHAPES_3X3: [&str; 7] = ["domino", "tic", "el", "elly", "fatty", "knobby", "tippy"];

#[test]
fn gttt_3x3_all_depths() {
    assert!(NAMED_SHAPES.iter().any(|(n, _)| *n == "skinny"));
    check_gttt(3, &SHAPES_3X3, (1, 1), 9, 7 * 4 * 5 - 7 * 2 * 5 + 7 * 2 * 4);
    check_gttt(3, &SHAPES_3X3, (2, 1), 9, 7 * 2 * 5 + 7 * 2 * 4);
    check_gttt(3, &SHAPES_3X3, (2, 2), 9, 7 * 2 * 5 + 7 * 2 * 4);
}

#[test]
fn gttt_4x4_11_to_depth_7() {
    check_gttt(4, &GTTT_4X4_SHAPES, (1, 1), 7, 8 * 2 * (4 + 3));
}

#[test]
fn gttt_4x4_21_to_depth_7() {
    check_gttt(4, &GTTT_4X4_SHAPES, (2, 1), 7, 8 * 2 * (3 + 4));
}

#[test]
fn gttt_4x4_22_to_depth_7() {
    check_gttt(4, &GTTT_4X4_SHAPES, (2, 2), 7, 8 * 2 * (4 + 3));
}

#[test]
fn hex_puzzles_up_to_4x4() {
    let mut checked = 0;
    for (file, max_depth) in
        [("hein_04_3x3", 9), ("hein_09_4x4", 16), ("hein_12_4x4", 16), ("hein_06_4x4", 7), ("hein_07_4x4", 7)]
    {
        let source =
            Source::read(&suite(&format!("games/hex/{file}.hex")).display().to_string()).expect("puzzle in suite/");
        let game = read_hex(&source).expect("valid puzzle").game();
        checked += check_depths(file, &game, max_depth);
    }
    assert_eq!(checked, 3 + 6 + 6 + 4 + 4);
}

#[test]
fn recorded_5x5_games_from_pg_files() {
    let dir = suite("games/gttt5x5");
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(&dir).expect("suite/games/gttt5x5").map(|e| e.expect("entry").path()).collect();
    files.sort();
    let mut checked = 0;
    for path in files {
        let source = Source::read(&path.display().to_string()).expect("readable");
        let game = read_pg(&source).expect("valid PG file").game;
        if game.turns.len() <= 5 {
            checked += check_depths(&path.display().to_string(), &game, 5);
        }
    }
    assert_eq!(checked, 46);
}
