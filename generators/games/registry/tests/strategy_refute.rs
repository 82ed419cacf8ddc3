//! White's side: encodings of positions with White to move, whose prefix starts with
//! White's universal move block, must keep the game's value (DepQBF's verdict equals the
//! reference solver's at every depth); White's refutation read from `--qdo` must hold
//! against every Black move (`play --as black --auto --all`); and a broken refutation
//! must be caught.

// Clause removal (`solver::without`) serves the other strategy tests.
#[allow(dead_code)]
#[path = "../../gamekit/tests/common/solver.rs"]
mod solver;

use std::path::PathBuf;

use contract::Source;
use game_bddl as bddl;
use game_bddl::lifted::Lifted;
use game_bddl::strategy::{bddl_white_position, refute_bddl};
use game_gdl::encoding::{GdlEncoding, PrefixMethod, Rules};
use game_gdl::player::Solver as GdlSolver;
use game_gdl::strategy::{game_at, refute_gdl, GdlSetup};
use game_gdl::{load, GroundGame};
use game_positional::corplus::Corplus;
use game_positional::gttt::{Gttt, Shape};
use game_positional::solver::Solver as PositionalSolver;
use game_positional::strategy::refute_positional;
use game_positional::{Player, PositionalGame};
use gamekit::play::{Played, White};
use gamekit::{Encoding, Form, MapError, Side};
use qbf::formula::CnfQbf;
use qbf::tseitin::ClauseForm;
use solver::qdo;

const CLAUSES: Form = Form::Clauses(ClauseForm::POLARITY);

fn suite(path: &str) -> Source {
    let full = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../suite").join(path);
    Source::read(&full.display().to_string()).unwrap_or_else(|e| panic!("{e}"))
}

fn gdl(name: &str) -> GroundGame {
    load(suite(&format!("games/gdl/{name}"))).unwrap_or_else(|e| panic!("{e}"))
}

fn gttt(shape: &str, first: Player, depth: u32) -> PositionalGame {
    let shape = Shape::parse(shape).expect("a shape");
    Gttt { shape, board: 3, torus: false, p: 1, q: 1, first, first_moves: false }
        .game()
        .with_depth(depth)
        .expect("a 3x3 board")
}

/// `game` after Black takes vertex `v` at its first time point.
fn after_black(game: &PositionalGame, v: usize) -> PositionalGame {
    let mut next = game.clone();
    next.black_initials.push(v);
    next.turns.remove(0);
    next.first_moves = None;
    next.symmetries.clear();
    next
}

#[test]
fn corplus_with_white_outermost_keeps_the_value_at_every_depth() {
    let mut mismatches = Vec::new();
    let mut verdicts = [0, 0];
    // White-first GTTT 3×3 (always lost for Black), and the positions after a first Black
    // stone (a corner, an edge, the centre) of Black-first GTTT 3×3.
    let mut cases: Vec<(String, PositionalGame)> = Vec::new();
    for shape in ["domino", "el", "elly"] {
        for depth in 1..=8 {
            cases.push((format!("gttt {shape} 3x3 White first, depth {depth}"), gttt(shape, Player::White, depth)));
            for v in [0, 1, 4] {
                cases.push((
                    format!("gttt {shape} 3x3 after Black's stone {v}, depth {depth}"),
                    after_black(&gttt(shape, Player::Black, depth + 1), v),
                ));
            }
        }
    }
    for (name, game) in &cases {
        let (qbf, map) = Corplus.formula(game, game.depth(), Side::White, CLAUSES).unwrap_or_else(|e| panic!("{e}"));
        if game.turns.contains(&Player::Black) {
            map.unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        let (verdict, _) = qdo(&qbf.into_cnf(ClauseForm::default())).unwrap_or_else(|e| panic!("{e}"));
        let reference =
            PositionalSolver::new(game).and_then(|mut s| s.black_wins(game.depth())).unwrap_or_else(|e| panic!("{e}"));
        verdicts[usize::from(verdict)] += 1;
        if verdict != reference {
            mismatches.push(format!("{name}: DepQBF {verdict}, reference {reference}"));
        }
    }
    assert!(mismatches.is_empty(), "{mismatches:#?}");
    assert!(verdicts[0] > 0 && verdicts[1] > 0, "false and true instances: {verdicts:?}");
    let black_first = gttt("el", Player::Black, 5);
    let refused = Corplus.formula(&black_first, 5, Side::White, CLAUSES).map(|(_, map)| map.err());
    assert_eq!(refused, Ok(Some(MapError::WhiteNotFirst)));
}

#[test]
fn lifted_positions_with_white_to_move_keep_the_value_at_every_depth() {
    // HTTT el and Connect-2 (gravity) on 3×3 after each of Black's first moves, encoded
    // with `#blackturn second`: White's move block is outermost and the verdict is the
    // reference solver's.
    let mut mismatches = Vec::new();
    let mut verdicts = [0, 0];
    for (domain, problem) in
        [("positional/domain.ig", "httt/3x3_el.ig"), ("connect/domain.ig", "connect/3x3_connect2.ig")]
    {
        let game =
            bddl::load(&suite(&format!("games/bddl/{domain}")), &suite(&format!("games/bddl/{problem}")), Some(5))
                .unwrap_or_else(|e| panic!("{e}"));
        let solver = bddl::Solver::new(&game).unwrap_or_else(|e| panic!("{e}"));
        for (_, mv, next) in solver.moves(solver.initial(), true) {
            for left in 1..=3 {
                let here = bddl_white_position(&game, next, left);
                let (qbf, map) =
                    Lifted.formula(&here, here.depth(), Side::White, CLAUSES).unwrap_or_else(|e| panic!("{e}"));
                map.unwrap_or_else(|e| panic!("{problem} after {mv:?}: {e}"));
                let (verdict, _) = qdo(&qbf.into_cnf(ClauseForm::default())).unwrap_or_else(|e| panic!("{e}"));
                let reference = bddl::Solver::new(&here).unwrap_or_else(|e| panic!("{e}")).wins(here.depth());
                verdicts[usize::from(verdict)] += 1;
                if verdict != reference {
                    mismatches
                        .push(format!("{problem} after {mv:?}, {left} plies: DepQBF {verdict}, reference {reference}"));
                }
            }
        }
    }
    assert!(mismatches.is_empty(), "{mismatches:#?}");
    assert!(verdicts[0] > 0 && verdicts[1] > 0, "false and true instances: {verdicts:?}");
}

#[test]
fn gdl_positions_with_white_to_move_keep_the_value_at_every_depth() {
    let mut mismatches = Vec::new();
    let mut verdicts = [0, 0];
    // Tic-tac-toe and Connect-3 4×4 after first moves of xplayer (oplayer to move), and
    // Breakthrough 2×4 for oplayer, who moves second.
    let ttt = gdl("tictactoe.kif");
    let mut cases: Vec<(String, GroundGame, usize)> = Vec::new();
    let player = GdlSolver::new(&ttt, 0).unwrap_or_else(|e| panic!("{e}"));
    let start = player.initial();
    for mx in player.legal(&start, 0).into_iter().take(3) {
        let next = player.next(&start, &[mx, player.legal(&start, 1)[0]]);
        cases.push((format!("tictactoe after move {mx}"), game_at(&ttt, player.fluents(&next)), 0));
    }
    let c3 = gdl("connect3-4x4.kif");
    let player = GdlSolver::new(&c3, 0).unwrap_or_else(|e| panic!("{e}"));
    let start = player.initial();
    for mx in player.legal(&start, 0).into_iter().take(2) {
        let next = player.next(&start, &[mx, player.legal(&start, 1)[0]]);
        cases.push((format!("connect3-4x4 after move {mx}"), game_at(&c3, player.fluents(&next)), 0));
    }
    cases.push(("breakthrough-2x4".into(), gdl("breakthrough-2x4.kif"), 1));
    for (name, g, first) in &cases {
        for depth in 1..=8 {
            let mut reference = GdlSolver::new(g, *first).unwrap_or_else(|e| panic!("{e}"));
            let expected = reference.wins_within(depth).unwrap_or_else(|e| panic!("{e}"));
            for (encoding, prefix) in [
                (Rules::General, PrefixMethod::Naive),
                (Rules::General, PrefixMethod::Time),
                (Rules::General, PrefixMethod::Dependency),
                (Rules::StrictTurns, PrefixMethod::Dependency),
            ] {
                let options = GdlEncoding { rules: encoding, prefix, first: *first };
                let (qbf, map) = options.formula(g, depth, Side::White, CLAUSES).unwrap_or_else(|e| panic!("{e}"));
                map.unwrap_or_else(|e| panic!("{name} {encoding:?} {prefix:?} depth {depth}: {e}"));
                let (verdict, _) = qdo(&qbf.into_cnf(ClauseForm::default())).unwrap_or_else(|e| panic!("{e}"));
                verdicts[usize::from(verdict)] += 1;
                if verdict != expected {
                    mismatches.push(format!(
                        "{name} {encoding:?} {prefix:?} depth {depth}: DepQBF {verdict}, reference {expected}"
                    ));
                }
            }
        }
    }
    assert!(mismatches.is_empty(), "{mismatches:#?}");
    assert!(verdicts[0] > 0 && verdicts[1] > 0, "false and true instances: {verdicts:?}");
    assert_eq!(verdicts[0] + verdicts[1], 6 * 8 * 4);
}

#[test]
fn white_refutations_hold_against_every_black_move() {
    let mut solve = qdo;
    let mut results: Vec<(String, Result<Played, String>)> = Vec::new();
    let httt = bddl::load(&suite("games/bddl/positional/domain.ig"), &suite("games/bddl/httt/3x3_el.ig"), Some(3))
        .unwrap_or_else(|e| panic!("{e}"));
    results.push(("httt el 3x3 depth 3".into(), refute_bddl(&httt, &mut solve, White::All).map_err(|f| f.to_string())));
    let bt = bddl::load(
        &suite("games/bddl/breakthrough/domain.ig"),
        &suite("games/bddl/breakthrough/2x4_second.ig"),
        Some(6),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    results.push((
        "breakthrough 2x4 second depth 6".into(),
        refute_bddl(&bt, &mut solve, White::All).map_err(|f| f.to_string()),
    ));
    for first in [Player::Black, Player::White] {
        let game = gttt("el", first, 4);
        results.push((
            format!("gttt el 3x3 {first:?} first depth 4"),
            refute_positional(&game, &mut solve, White::All).map_err(|f| f.to_string()),
        ));
    }
    let ttt = gdl("tictactoe.kif");
    let encoding = GdlEncoding { rules: Rules::StrictTurns, prefix: PrefixMethod::Dependency, first: 0 };
    let setup = GdlSetup { game: &ttt, encoding };
    results.push(("tictactoe depth 5".into(), refute_gdl(setup, 5, &mut solve, White::All).map_err(|f| f.to_string())));
    let bt = gdl("breakthrough-2x4.kif");
    let encoding = GdlEncoding { rules: Rules::General, prefix: PrefixMethod::Dependency, first: 1 };
    let setup = GdlSetup { game: &bt, encoding };
    results.push((
        "breakthrough-2x4 oplayer depth 7".into(),
        refute_gdl(setup, 7, &mut solve, White::All).map_err(|f| f.to_string()),
    ));
    let ttt3 = gdl("tictactoe-3p-3x3.kif");
    let encoding = GdlEncoding { rules: Rules::General, prefix: PrefixMethod::Dependency, first: 0 };
    let setup = GdlSetup { game: &ttt3, encoding };
    results.push((
        "tictactoe-3p-3x3 against oplayer and zplayer, depth 5".into(),
        refute_gdl(setup, 5, &mut solve, White::All).map_err(|f| f.to_string()),
    ));
    for (name, r) in &results {
        eprintln!("{name}: {r:?}");
    }
    assert!(results.iter().all(|(_, r)| r.as_ref().is_ok_and(|p| p.lines > 0)), "{results:#?}");
}

#[test]
fn a_wrong_refutation_is_caught() {
    // A "solver" with DepQBF's verdicts whose White always names move number 0 (all bits
    // false): in tic-tac-toe within 5 steps some Black line then completes a row.
    let mut lazy = |qbf: &CnfQbf| {
        let outer = qbf
            .prefix
            .blocks()
            .first()
            .map(|b| b.vars.iter().map(|v| (v.index(), false)).collect())
            .unwrap_or_default();
        qdo(qbf).map(|(verdict, _)| (verdict, outer))
    };
    let ttt = gdl("tictactoe.kif");
    let encoding = GdlEncoding { rules: Rules::StrictTurns, prefix: PrefixMethod::Dependency, first: 0 };
    let setup = GdlSetup { game: &ttt, encoding };
    let failure = refute_gdl(setup, 5, &mut lazy, White::All).err().map(|f| f.to_string()).unwrap_or_default();
    assert!(
        failure.contains("after White's (mark 1 3) (the solver's (mark 1 1)) Black wins within 1 steps"),
        "{failure}"
    );
    // Tic (three in a row) on 3×3 is a draw: White must block, and a White that always
    // names vertex number 0 of the position does not.
    let game = gttt("tic", Player::Black, 5);
    let failure = refute_positional(&game, &mut lazy, White::All).err().map(|f| f.to_string()).unwrap_or_default();
    assert!(failure.contains("Black wins within 1 time points"), "{failure}");
}

#[test]
fn black_second_bddl_games_are_played_from_white_s_first_ply() {
    // Breakthrough 2×4 with `#blackturn second`: Black wins within 9 (a pass, then White
    // first); played as a Black-first game the solver would rightly say false.
    let bt =
        bddl::load(&suite("games/bddl/breakthrough/domain.ig"), &suite("games/bddl/breakthrough/2x4_second.ig"), None)
            .unwrap_or_else(|e| panic!("{e}"));
    let mut solve = qdo;
    let played = game_bddl::strategy::play_bddl(&bt, &mut solve, White::All).unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(played.lines, 22, "{played:?}");
}
