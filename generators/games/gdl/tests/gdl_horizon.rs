//! Grounding for a depth (`game_gdl::load_for_depth`): only what plays of at most that
//! many steps reach. The game must be the same up to that depth: the reference player and
//! a real QBF solver on the GD encoding must give the full grounding's verdict, at every
//! depth tested, and the domains must be parts of the full ones.

use std::time::Duration;

use contract::{Budget, Source, Verdict};
use game_gdl::encoding::{GdlEncoding, PrefixMethod, Rules};
use game_gdl::{load_for_depth, load_within, player::Solver, GroundGame};
use gamekit::{Encoding, Form, Side};
use harness::{solve_qdimacs, solver, Outcome};
use qbf::io::write_qdimacs;

fn source(name: &str) -> Source {
    let path = format!("{}/../../../suite/games/gdl/{name}.kif", env!("CARGO_MANIFEST_DIR"));
    Source::read(&path).unwrap_or_else(|e| panic!("{e}"))
}

fn texts(g: &GroundGame) -> (Vec<String>, Vec<String>) {
    let fluents = g.fluents.iter().map(|&f| g.store.display(f)).collect();
    let moves = g.moves.iter().map(|m| format!("{} {}", m.role, g.store.display(m.term))).collect();
    (fluents, moves)
}

fn qbf_verdict(g: &GroundGame, depth: u32) -> bool {
    let encoding = GdlEncoding { rules: Rules::General, prefix: PrefixMethod::Dependency, first: 0 };
    let form = qbf::tseitin::ClauseForm::default();
    let qbf = encoding.formula(g, depth, Side::Black, Form::Clauses(form)).unwrap_or_else(|e| panic!("{e}")).0;
    let mut bytes = Vec::new();
    write_qdimacs(&mut bytes, &qbf.into_cnf(form), &[]).unwrap_or_else(|e| panic!("{e}"));
    let solver = solver("depqbf").unwrap_or_else(|e| panic!("{e}"));
    match solve_qdimacs(&solver, &bytes, Duration::from_secs(120)).unwrap_or_else(|e| panic!("{e}")) {
        Outcome::Solved(v) => v == Verdict::True,
        other => panic!("DepQBF gave {other:?}"),
    }
}

fn check(name: &str, depths: &[u32]) {
    let full = load_within(source(name), Budget::default()).unwrap_or_else(|e| panic!("{e}"));
    let (all_fluents, all_moves) = texts(&full);
    let mut reference = Solver::new(&full, 0).unwrap_or_else(|e| panic!("{e}"));
    for &depth in depths {
        let cut = load_for_depth(source(name), Budget::default(), depth).unwrap_or_else(|e| panic!("{e}"));
        let (fluents, moves) = texts(&cut);
        assert!(fluents.iter().all(|f| all_fluents.contains(f)), "{name} depth {depth}: a fluent the full game lacks");
        assert!(moves.iter().all(|m| all_moves.contains(m)), "{name} depth {depth}: a move the full game lacks");
        let expected = reference.wins_within(depth).unwrap_or_else(|e| panic!("{e}"));
        let on_cut = Solver::new(&cut, 0).and_then(|mut s| s.wins_within(depth)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(on_cut, expected, "{name} depth {depth}: the reference player on the cut game");
        assert_eq!(qbf_verdict(&cut, depth), expected, "{name} depth {depth}: DepQBF on the cut game's GD encoding");
    }
}

#[test]
fn cut_groundings_keep_the_verdicts_of_the_paper_games() {
    check("tictactoe", &[3, 5, 6]);
    check("connect3-4x4", &[2, 5, 9]);
    check("breakthrough-2x4", &[2, 4, 8]);
    check("dots-and-boxes-1x2", &[2, 4, 7]);
    check("tictactoe-3p-3x3", &[3, 7]);
}

#[test]
fn cut_groundings_keep_the_verdicts_of_the_large_games_small_sizes() {
    check("large/kalah-2x1", &[2, 5]);
    check("large/hex-3x3", &[3, 5]);
    check("large/pawnrace-3x4", &[1, 3]);
    check("large/checkers-4x4", &[2, 3]);
}

#[test]
fn a_cut_grounding_is_smaller_where_the_horizon_is_short() {
    let full = load_within(source("large/kalah-4x3"), Budget::default()).unwrap_or_else(|e| panic!("{e}"));
    let cut = load_for_depth(source("large/kalah-4x3"), Budget::default(), 2).unwrap_or_else(|e| panic!("{e}"));
    assert!(cut.fluents.len() < full.fluents.len() && cut.moves.len() <= full.moves.len());
}
