//! The small sizes of the games of `suite/games/gdl/large/` (written by
//! `make_large_games.py`) and `suite/games/gdl/wide/` (`make_wide_games.py`) against the
//! reference player.
//!
//! Each game is grounded from its file; at each depth listed, DepQBF's verdict on GE and
//! on SD (GD prefix) and CAQE's on GE must equal the minimax value. The large sizes of
//! the same games are a grounding benchmark (their sizes and times are in the README of
//! that directory); the small ones here show that the rules mean what the encodings and
//! the reference player both read.

use std::time::Duration;

use contract::{Source, Verdict};
use game_gdl::encoding::{GdlEncoding, PrefixMethod, Rules};
use game_gdl::{load, player::Solver, GroundGame};
use gamekit::{Encoding, Form, Side};
use harness::{solve_qdimacs, solver, Outcome};
use qbf::io::write_qdimacs;

/// The game `name` of `suite/games/gdl/large/`, or of another directory there when
/// `name` names it (`wide/skirmish-4x4`).
fn game(name: &str) -> GroundGame {
    let dir = if name.contains('/') { "" } else { "large/" };
    let path = format!("{}/../../../suite/games/gdl/{dir}{name}.kif", env!("CARGO_MANIFEST_DIR"));
    let source = Source::read(&path).unwrap_or_else(|e| panic!("{e}"));
    load(source).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// QDIMACS of `encoding` with the GD prefix at `depth`, role number `first` to win.
fn qdimacs(rules: Rules, g: &GroundGame, first: usize, depth: u32) -> Vec<u8> {
    let form = qbf::tseitin::ClauseForm::default();
    let encoding = GdlEncoding { rules, prefix: PrefixMethod::Dependency, first };
    let qbf =
        encoding.formula(g, depth, Side::Black, Form::Clauses(form)).unwrap_or_else(|e| panic!("{e}")).0.into_cnf(form);
    let mut bytes = Vec::new();
    write_qdimacs(&mut bytes, &qbf, &[]).unwrap_or_else(|e| panic!("{e}"));
    bytes
}

/// Checks `name` at `depths` with role number `first` as the winner; `wins` are the
/// depths at which the reference player must find a win.
fn check(name: &str, first: usize, depths: &[u32], wins: &[u32]) {
    let g = game(name);
    let depqbf = solver("depqbf").unwrap_or_else(|e| panic!("{e}"));
    let caqe = solver("caqe").unwrap_or_else(|e| panic!("{e}"));
    let mut player = Solver::new(&g, first).unwrap_or_else(|e| panic!("{e}"));
    let timeout = Duration::from_secs(60);
    for &depth in depths {
        let expected = player.wins_within(depth).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(expected, wins.contains(&depth), "{name} depth {depth}: the reference player's value changed");
        let want = Outcome::Solved(if expected { Verdict::True } else { Verdict::False });
        for rules in [Rules::General, Rules::StrictTurns] {
            let bytes = qdimacs(rules, &g, first, depth);
            let outcome = solve_qdimacs(&depqbf, &bytes, timeout).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(outcome, want, "{name} depth {depth} {rules:?}: DepQBF disagrees with minimax");
            if rules == Rules::General {
                let outcome = solve_qdimacs(&caqe, &bytes, timeout).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(outcome, want, "{name} depth {depth} {rules:?}: CAQE disagrees with minimax");
            }
        }
    }
}

#[test]
fn checkers_4x4() {
    check("checkers-4x4", 0, &[2, 3], &[]);
}

#[test]
fn minichess_4x4() {
    check("minichess-4x4", 0, &[2, 3], &[]);
}

#[test]
fn hex_3x3_is_won_at_depth_5() {
    check("hex-3x3", 0, &[3, 4, 5], &[5]);
}

#[test]
fn amazons_4x4() {
    check("amazons-4x4", 0, &[2, 3], &[]);
}

#[test]
fn amazons_split_4x4() {
    check("amazons-split-4x4", 0, &[2, 4], &[]);
}

#[test]
fn othello_4x4() {
    check("othello-4x4", 0, &[2, 3], &[]);
}

#[test]
fn connect4_4x4() {
    check("connect4-4x4", 0, &[2, 3], &[]);
}

#[test]
fn kalah_2x1_is_won_at_depth_5() {
    check("kalah-2x1", 0, &[4, 5], &[5]);
}

#[test]
fn morris_2rings_3men() {
    check("morris-2rings-3men", 0, &[2, 3], &[]);
}

#[test]
fn pawnrace_3x4_is_won_by_the_second_player_at_depth_2() {
    check("pawnrace-3x4", 1, &[1, 2], &[2]);
}

#[test]
fn knightfight_4x4_is_won_by_the_second_player_at_depth_2() {
    check("knightfight-4x4", 1, &[1, 2], &[2]);
}

/// The frame rule of the issue on rule decomposition (cells x pieces x moves x players as
/// written), with knights, kings, pawns and sliders and capture counts.
#[test]
fn skirmish_4x4() {
    check("wide/skirmish-4x4", 0, &[2, 3], &[]);
}

#[test]
fn pathrace_3x3_is_won_at_depth_3() {
    check("wide/pathrace-3x3", 0, &[2, 3], &[3]);
}

#[test]
fn pathrace_4x4() {
    check("wide/pathrace-4x4", 0, &[3, 4], &[]);
}

/// Not won at 3: oplayer's snake blocks the cell xplayer's would need after (1,4).
#[test]
fn snake_4x4() {
    check("wide/snake-4x4", 0, &[2, 3], &[]);
}
