//! Cram: the encodings against the reference player, and the reference player against the
//! literature.
//!
//! On every rectangle from 1x1 to 4x4 and a few shaped boards, at every ply limit from 1 to
//! the last ply of any play (to 7 on 4x4, where DepQBF takes minutes past it), both
//! encodings: DepQBF's and CAQE's verdicts equal the reference player's. DepQBF must answer
//! every formula, CAQE every formula of at most [`CAQE_SURE`] plies; past them CAQE has a
//! few seconds and must agree where it answers (it leaves about half unanswered). On
//! rectangles, the reference player's winner of the whole game is the one the symmetry
//! strategies name (Gardner; Winning Ways).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use contract::{Budget, Source, Verdict};
use game_cram::board::{Board, Dims};
use game_cram::encoding::CramEncoding;
use game_cram::player::Player;
use game_cram::CramSetup;
use gamekit::{Encoding, Form, Side};
use harness::{solve_qdimacs, solver, Outcome};
use qbf::io::write_qdimacs;
use qbf::tseitin::ClauseForm;

fn rectangle(rows: usize, cols: usize) -> Board {
    Board::rectangle(Dims { rows, cols })
}

/// Every rectangle up to 4x4, both orientations, and shaped boards from board files.
fn boards() -> Vec<(String, Board)> {
    let mut out = Vec::new();
    for rows in 1..=4 {
        for cols in 1..=4 {
            out.push((format!("{rows}x{cols}"), rectangle(rows, cols)));
        }
    }
    for (name, text) in [
        ("plus", "#.#\n...\n#.#\n"),
        ("ell", "..\n.#\n.#\n..\n"),
        ("ring", "...\n.#.\n...\n"),
        ("holes", "....\n.#..\n..#.\n....\n"),
    ] {
        let board = Board::parse(&Source::from_bytes(name, text)).unwrap_or_else(|e| panic!("{e}"));
        out.push((name.to_string(), board));
    }
    out
}

/// The ply limits up to which CAQE must answer; past them it has [`CAQE_DEEP`].
const CAQE_SURE: u32 = 5;
const CAQE_DEEP: Duration = Duration::from_secs(5);

/// The ply limits a board is checked at: all of them, to 7 on boards of more than 14 empty
/// cells.
fn ply_limits(board: &Board) -> std::ops::RangeInclusive<u32> {
    1..=if board.empty_cells() > 14 { board.last_ply().min(7) } else { board.last_ply() }
}

fn qdimacs(encoding: CramEncoding, board: &Board, plies: u32) -> Vec<u8> {
    let form = ClauseForm::default();
    let (qbf, _) = encoding.formula(board, plies, Side::Black, Form::Clauses(form)).unwrap_or_else(|e| panic!("{e}"));
    let cnf = qbf.into_cnf(form);
    assert!(cnf.cnf.num_literals() as u64 <= encoding.estimate(board, plies), "{encoding:?} d={plies}: estimate");
    let mut bytes = Vec::new();
    write_qdimacs(&mut bytes, &cnf, &[]).unwrap_or_else(|e| panic!("{e}"));
    bytes
}

#[test]
fn every_board_and_ply_limit_agrees_with_the_reference_player() {
    let (dep, caqe) =
        (solver("depqbf").unwrap_or_else(|e| panic!("{e}")), solver("caqe").unwrap_or_else(|e| panic!("{e}")));
    let all = boards();
    let checked = AtomicUsize::new(0);
    let caqe_unanswered = AtomicUsize::new(0);
    let verdicts = Mutex::new([0usize; 2]);
    let disagreements = Mutex::new(Vec::new());
    let (even, odd): (Vec<_>, Vec<_>) = all.iter().enumerate().partition(|(i, _)| i % 2 == 0);
    std::thread::scope(|scope| {
        for half in [even, odd] {
            let (dep, caqe, checked, verdicts, disagreements) = (&dep, &caqe, &checked, &verdicts, &disagreements);
            let caqe_unanswered = &caqe_unanswered;
            scope.spawn(move || {
                for (_, (name, board)) in half {
                    let mut player = Player::new(board);
                    for plies in ply_limits(board) {
                        let want = player.wins_within(plies);
                        verdicts.lock().unwrap_or_else(|e| e.into_inner())[usize::from(want)] += 1;
                        for encoding in CramEncoding::ALL {
                            let bytes = qdimacs(encoding, board, plies);
                            let deep = plies > CAQE_SURE;
                            let caqe_limit = if deep { CAQE_DEEP } else { Duration::from_secs(60) };
                            for (solver, what, limit) in
                                [(dep, "DepQBF", Duration::from_secs(60)), (caqe, "CAQE", caqe_limit)]
                            {
                                let outcome = solve_qdimacs(solver, &bytes, limit).unwrap_or_else(|e| panic!("{e}"));
                                let got = match outcome {
                                    Outcome::Solved(v) => v == Verdict::True,
                                    Outcome::Timeout if deep && what == "CAQE" => {
                                        caqe_unanswered.fetch_add(1, Ordering::Relaxed);
                                        continue;
                                    }
                                    other => panic!("{name} {encoding:?} d={plies}: {what} gave {other:?}"),
                                };
                                checked.fetch_add(1, Ordering::Relaxed);
                                if got != want {
                                    disagreements.lock().unwrap_or_else(|e| e.into_inner()).push(format!(
                                        "{name} {encoding:?} d={plies}: {what} says {got}, reference {want}"
                                    ));
                                }
                            }
                        }
                    }
                }
            });
        }
    });
    let disagreements = disagreements.into_inner().unwrap_or_else(|e| e.into_inner());
    assert!(disagreements.is_empty(), "disagreements:\n{}", disagreements.join("\n"));
    let [lost, won] = verdicts.into_inner().unwrap_or_else(|e| e.into_inner());
    let checked = checked.load(Ordering::Relaxed);
    let unanswered = caqe_unanswered.load(Ordering::Relaxed);
    // Every pair: 2 encodings × 2 solvers, less the deep formulas CAQE left unanswered.
    assert_eq!(checked + unanswered, 4 * (lost + won), "{checked} verdicts compared");
    assert!(lost > 0 && won > 0, "false and true instances: {lost} and {won}");
    println!(
        "{} boards, {} board-and-ply-limit pairs ({won} true), {checked} solver verdicts equal to the reference's, \
         {unanswered} deep formulas CAQE left unanswered within {CAQE_DEEP:?}",
        all.len(),
        lost + won
    );
}

#[test]
fn even_boards_are_lost_and_even_by_odd_boards_won_by_the_first_player() {
    // Both sides even: the second player answers each domino with its image under the
    // half-turn about the centre. One even, one odd: the first player takes the two centre
    // cells, then answers the same way (Gardner 1974; Winning Ways, ch. 22).
    for (rows, cols) in [(2, 2), (2, 4), (4, 4), (2, 6), (2, 8)] {
        let board = rectangle(rows, cols);
        assert_eq!(Player::new(&board).critical(), None, "{rows}x{cols}: the second player wins");
    }
    for (rows, cols) in [(1, 2), (2, 3), (3, 4), (2, 5), (3, 2), (4, 3), (1, 4), (3, 6)] {
        let board = rectangle(rows, cols);
        let mut player = Player::new(&board);
        assert!(player.wins_within(board.last_ply()), "{rows}x{cols}: the first player wins");
    }
}

#[test]
fn black_needs_two_plies_and_white_one_free_domino() {
    assert_eq!(Player::new(&rectangle(1, 1)).critical(), None, "no domino fits: Black is stuck at once");
    let domino = rectangle(1, 2);
    let mut player = Player::new(&domino);
    assert!(!player.wins_within(1));
    assert!(player.wins_within(2));
    // 2x3: a domino down leaves a 2x2 square or two columns, where Black answers each of
    // White's dominoes with a parallel one; a domino across leaves an L in which White
    // takes the middle of the long side and strands Black.
    let board = rectangle(2, 3);
    let winning: Vec<String> = Player::new(&board).winning_moves(4).into_iter().map(|k| board.domino_name(k)).collect();
    assert_eq!(winning, ["r1c1-r2c1", "r1c2-r2c2", "r1c3-r2c3"]);
    assert_eq!(Player::new(&board).critical(), Some(4));
}

#[test]
fn the_estimate_refuses_a_formula_past_the_budget() {
    let board = rectangle(4, 4);
    let estimate = CramEncoding::Onehot.estimate(&board, 9);
    let tight = Budget::new(estimate - 1);
    let refused = CramEncoding::Onehot.formula_within(&board, 9, Side::Black, Form::Circuit, tight);
    assert!(refused.is_err(), "{estimate} literals fit {tight:?}");
    assert!(CramEncoding::Onehot.formula_within(&board, 9, Side::Black, Form::Circuit, Budget::new(estimate)).is_ok());
}

/// `strategy first-move cram`: DepQBF's first domino on both encodings is one the
/// reference player wins with, or both say Black has none.
#[test]
fn first_moves_from_depqbf_are_winning_moves() {
    use gamekit::first_move::Judgement;
    use gamekit::qdo::QdoRunner;

    let mut valid = 0;
    for (name, board) in boards() {
        for plies in [2, *ply_limits(&board).end()] {
            let setup = CramSetup { name: name.clone(), board: board.clone(), plies, budget: Budget::default() };
            for encoding in CramEncoding::ALL {
                let solvers = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../suite/solvers.toml");
                let mut runner = QdoRunner::from_solvers(&solvers, "depqbf", 60, Budget::default())
                    .unwrap_or_else(|e| panic!("{e}"));
                let found = setup.first_move(encoding, &mut runner).unwrap_or_else(|e| panic!("{e}"));
                match found.judgement {
                    Judgement::Valid(_) => valid += 1,
                    Judgement::NoStrategy { .. } => {}
                    other => panic!("{name} d={plies} {encoding:?}: {other}"),
                }
            }
        }
    }
    assert!(valid > 10, "{valid} valid first moves");
}
