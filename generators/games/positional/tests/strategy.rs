//! Black's first move, read from DepQBF's `--qdo` assignment through the symbol maps, must
//! be a winning move by the reference solvers: on a small true instance (at the critical
//! depth) of every BDDL family, of GTTT 3×3 and of Hex 3×3 and 4×4. And the check must
//! catch a broken encoding (lifted and COR+): with one clause on Black's move bits
//! removed, some removal makes the solver choose a move the validator rejects. Finally the
//! solver's strategy, re-asked at every Black turn, is played against every White reply on
//! small games, and every line must end in Black's win (`play --auto --all`).

#[path = "../../gamekit/tests/common/solver.rs"]
mod solver;

use std::path::PathBuf;

use contract::Source;
use game_bddl::lifted::Lifted;
use game_bddl::strategy::{check_bddl, play_bddl};
use game_bddl::{self as bddl, Game, Solver};
use game_positional::corplus::Corplus;
use game_positional::gttt::{Gttt, Shape};
use game_positional::hex::read_hex;
use game_positional::strategy::{check_positional, play_positional};
use game_positional::{Player, PositionalGame};
use gamekit::play::White;
use gamekit::validate::Check;
use gamekit::{Assignment, Side, SymbolMap};
use qbf::formula::CnfQbf;
use solver::{clauses, without};

fn suite(path: &str) -> Source {
    let full = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../suite").join(path);
    let bytes = std::fs::read(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()));
    Source::from_bytes(path, bytes)
}

/// DepQBF's verdict and outermost-block assignment.
fn qdo(qbf: &CnfQbf) -> (bool, Assignment) {
    solver::qdo(qbf).unwrap_or_else(|e| panic!("{e}"))
}

fn bddl_check(game: &Game, cnf: &CnfQbf, map: &SymbolMap) -> Option<(String, Check)> {
    let (verdict, assignment) = qdo(cnf);
    verdict.then(|| {
        let mv = map.decode(&assignment);
        (mv.to_string(), check_bddl(game, &mv).expect("small board"))
    })
}

/// The BDDL game at its critical depth (at most `max`), which must exist.
fn critical(domain: &Source, problem: &Source, max: u32) -> Game {
    let game = bddl::load(domain, problem, Some(max)).unwrap_or_else(|e| panic!("{e}"));
    let depth = Solver::new(&game)
        .expect("small board")
        .critical_depth(max)
        .unwrap_or_else(|| panic!("{}: Black does not win within {max}", problem.name));
    bddl::load(domain, problem, Some(depth)).unwrap_or_else(|e| panic!("{e}"))
}

const BREAKTHROUGH_2X4_SMALL: &str = "#boardsize\n2 4\n#init\n(black(1,4) black(2,4) white(1,1))\n#depth\n5\n#blackgoal\nblack(?x,ymin)\n#whitegoal\nwhite(?x,ymax)\n";

#[test]
fn first_moves_of_every_bddl_family_are_winning() {
    let cases: Vec<(Source, Source, u32)> = vec![
        (suite("games/bddl/positional/domain.ig"), suite("games/bddl/httt/3x3_domino.ig"), 3),
        (suite("games/bddl/positional/domain.ig"), suite("games/bddl/httt/3x3_el.ig"), 5),
        (suite("games/bddl/connect/domain.ig"), suite("games/bddl/connect/3x3_connect2.ig"), 3),
        (
            suite("games/bddl/breakthrough/domain.ig"),
            Source::from_bytes("bt-2x4-small", BREAKTHROUGH_2X4_SMALL.as_bytes().to_vec()),
            5,
        ),
        (suite("games/bddl/knightthrough/domain.ig"), suite("games/bddl/knightthrough/3x4.ig"), 3),
        (suite("games/bddl/evader-pursuer/domain.ig"), suite("games/bddl/evader-pursuer/4x4_e-4-1_p-2-3.ig"), 3),
        (suite("games/bddl/domineering/domain.ig"), suite("games/bddl/domineering/2x3.ig"), 4),
        (suite("games/bddl/domineering/domain.ig"), suite("games/bddl/domineering/3x3.ig"), 4),
    ];
    let mut failures = Vec::new();
    for (domain, problem, max) in &cases {
        let game = critical(domain, problem, *max);
        let (qbf, map) = clauses(&Lifted, &game, game.depth(), Side::Black);
        match bddl_check(&game, &qbf, &map) {
            Some((_, Check::Valid)) => {}
            Some((mv, Check::Invalid { reason, position })) => {
                failures.push(format!("{} depth {}: {mv} at {position}: {reason}", problem.name, game.depth()))
            }
            None => failures.push(format!("{} depth {}: DepQBF says false", problem.name, game.depth())),
        }
    }
    assert!(failures.is_empty(), "invalid first moves:\n{}", failures.join("\n"));
}

fn positional_check(game: &PositionalGame) -> Result<String, String> {
    let (qbf, map) = clauses(&Corplus, game, game.depth(), Side::Black);
    let (verdict, assignment) = qdo(&qbf);
    if !verdict {
        return Err("DepQBF says false".into());
    }
    let mv = map.decode(&assignment);
    match check_positional(game, &mv).unwrap_or_else(|e| panic!("{e}")) {
        Check::Valid => Ok(mv.to_string()),
        Check::Invalid { reason, position } => Err(format!("{mv} at {position}: {reason}")),
    }
}

#[test]
fn first_moves_of_gttt_and_hex_are_winning() {
    let mut games = Vec::new();
    for (shape, depth) in [("domino", 3), ("el", 5)] {
        let shape = Shape::parse(shape).expect("a shape");
        for first_moves in [true, false] {
            let gttt =
                Gttt { shape: shape.clone(), board: 3, torus: false, p: 1, q: 1, first: Player::Black, first_moves };
            games.push((
                format!("gttt {shape:?} 3x3 first_moves={first_moves}"),
                gttt.game().with_depth(depth).expect("a 3x3 board"),
            ));
        }
    }
    for (file, depth) in [("hein_04_3x3.hex", 5), ("hein_09_4x4.hex", 7)] {
        let puzzle = read_hex(&suite(&format!("games/hex/{file}"))).unwrap_or_else(|e| panic!("{e}"));
        games.push((file.to_string(), puzzle.game().with_depth(depth).expect("enough empty cells")));
    }
    let failures: Vec<String> =
        games.iter().filter_map(|(name, g)| positional_check(g).err().map(|e| format!("{name}: {e}"))).collect();
    assert!(failures.is_empty(), "invalid first moves:\n{}", failures.join("\n"));
}

#[test]
fn a_clause_removed_from_the_move_constraints_is_caught() {
    // Connect-2 with gravity on 3×3: Black's stone must rest on the bottom or on a stone.
    let game = critical(&suite("games/bddl/connect/domain.ig"), &suite("games/bddl/connect/3x3_connect2.ig"), 3);
    let (cnf, map) = clauses(&Lifted, &game, game.depth(), Side::Black);
    let move_vars = map.vars();
    let on_move: Vec<usize> = cnf
        .cnf
        .iter()
        .enumerate()
        .filter(|(_, c)| c.iter().any(|l| move_vars.contains(&l.var_index())))
        .map(|(k, _)| k)
        .collect();
    assert!(!on_move.is_empty());
    let caught = on_move.iter().find_map(|&k| match bddl_check(&game, &without(&cnf, k), &map) {
        Some((mv, Check::Invalid { reason, .. })) => Some(format!("clause {k}: {mv}: {reason}")),
        _ => None,
    });
    assert!(caught.is_some(), "no removal among {} clauses on the move bits was caught", on_move.len());
}

fn depqbf_qdo(qbf: &CnfQbf) -> Result<(bool, Assignment), gamekit::qdo::QdoError> {
    Ok(qdo(qbf))
}

#[test]
fn the_strategy_wins_against_every_reply_in_small_games() {
    let mut results = Vec::new();
    let positional = [
        (
            "gttt el 3x3 depth 5",
            Gttt {
                shape: Shape::parse("el").expect("a shape"),
                board: 3,
                torus: false,
                p: 1,
                q: 1,
                first: Player::Black,
                first_moves: true,
            }
            .game()
            .with_depth(5),
        ),
        (
            "hex hein_04 3x3 depth 5",
            read_hex(&suite("games/hex/hein_04_3x3.hex")).unwrap_or_else(|e| panic!("{e}")).game().with_depth(5),
        ),
    ];
    for (name, game) in positional {
        let game = game.expect("enough time points");
        results.push((name.to_string(), play_positional(&game, &mut depqbf_qdo, White::All)));
    }
    let bddl_cases = [
        (suite("games/bddl/positional/domain.ig"), suite("games/bddl/httt/3x3_domino.ig"), 3),
        (suite("games/bddl/connect/domain.ig"), suite("games/bddl/connect/3x3_connect2.ig"), 3),
        (
            suite("games/bddl/breakthrough/domain.ig"),
            Source::from_bytes("bt-2x4-small", BREAKTHROUGH_2X4_SMALL.as_bytes().to_vec()),
            5,
        ),
        (suite("games/bddl/domineering/domain.ig"), suite("games/bddl/domineering/2x3.ig"), 4),
        (suite("games/bddl/knightthrough/domain.ig"), suite("games/bddl/knightthrough/3x4.ig"), 3),
        (suite("games/bddl/evader-pursuer/domain.ig"), suite("games/bddl/evader-pursuer/4x4_e-4-1_p-2-3.ig"), 3),
    ];
    for (domain, problem, max) in &bddl_cases {
        let game = critical(domain, problem, *max);
        results
            .push((format!("{} depth {}", problem.name, game.depth()), play_bddl(&game, &mut depqbf_qdo, White::All)));
    }
    let failures: Vec<String> =
        results.iter().filter_map(|(name, r)| r.as_ref().err().map(|f| format!("{name}: {f}"))).collect();
    assert!(failures.is_empty(), "lines Black does not win:\n{}", failures.join("\n"));
    for (name, r) in &results {
        let played = r.as_ref().map(|p| (p.lines, p.solver_calls)).unwrap_or_default();
        assert!(played.0 > 0 && played.1 > 0, "{name}: nothing was played");
    }
}

#[test]
fn a_clause_removed_from_cor_plus_is_caught() {
    // GTTT el on 3×3 at depth 5 without symmetry breaking: Black's stone is tied to its
    // move bits by clauses (8), (9); without one of them the bits can name a losing vertex.
    let gttt = Gttt {
        shape: Shape::parse("el").expect("a shape"),
        board: 3,
        torus: false,
        p: 1,
        q: 1,
        first: Player::Black,
        first_moves: false,
    };
    let game = gttt.game().with_depth(5).expect("a 3x3 board");
    let (qbf, map) = clauses(&Corplus, &game, game.depth(), Side::Black);
    let move_vars = map.vars();
    let on_move: Vec<usize> = qbf
        .cnf
        .iter()
        .enumerate()
        .filter(|(_, c)| c.iter().any(|l| move_vars.contains(&l.var_index())))
        .map(|(k, _)| k)
        .collect();
    assert!(!on_move.is_empty());
    let caught = on_move.iter().find_map(|&k| {
        let (verdict, assignment) = qdo(&without(&qbf, k));
        let mv = map.decode(&assignment);
        match check_positional(&game, &mv).unwrap_or_else(|e| panic!("{e}")) {
            Check::Invalid { reason, .. } if verdict => Some(format!("clause {k}: {mv}: {reason}")),
            _ => None,
        }
    });
    assert!(caught.is_some(), "no removal among {} clauses on the move bits was caught", on_move.len());
}
