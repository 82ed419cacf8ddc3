//! Every GDL encoding and prefix against the reference player, through DepQBF.
//!
//! For each game and each depth listed, the verdict of DepQBF on GE with GN, GT and GD
//! (and SD where the game is strictly turn-taking) must equal the minimax value.

use std::time::Duration;

use generators::encodings::gdl::{Encoding, GdlEncoding, PrefixMethod};
use generators::gdl::{load, player::Solver, GroundGame};
use generators::io::{write_qdimacs, Source};
use harness::{depqbf, solve_qdimacs, Outcome, Verdict};

fn game(name: &str) -> GroundGame {
    let path = format!("{}/../suite/games/gdl/{name}", env!("CARGO_MANIFEST_DIR"));
    let source = Source::read(&path).unwrap_or_else(|e| panic!("{e}"));
    load(source).unwrap_or_else(|e| panic!("{e}"))
}

/// Checks all encodings of `name` at `depths`; `strict` says whether SD applies.
fn check(name: &str, depths: &[u32], strict: bool) {
    let g = game(name);
    let solver = depqbf().unwrap_or_else(|e| panic!("{e}"));
    let mut player = Solver::new(&g, 0).unwrap_or_else(|e| panic!("{e}"));
    let mut variants = vec![
        (Encoding::General, PrefixMethod::Naive),
        (Encoding::General, PrefixMethod::Time),
        (Encoding::General, PrefixMethod::Dependency),
    ];
    if strict {
        variants.push((Encoding::StrictTurns, PrefixMethod::Dependency));
    }
    for &depth in depths {
        let expected = player.wins_within(depth).unwrap_or_else(|e| panic!("{e}"));
        for &(encoding, prefix) in &variants {
            let qbf = GdlEncoding { depth, encoding, prefix, first: 0 }.encode(&g).unwrap_or_else(|e| panic!("{name}: {e}"));
            let mut bytes = Vec::new();
            write_qdimacs(&mut bytes, &qbf, &[]).unwrap_or_else(|e| panic!("{e}"));
            let outcome = solve_qdimacs(&solver, &bytes, Duration::from_secs(60)).unwrap_or_else(|e| panic!("{e}"));
            let verdict = match outcome {
                Outcome::Solved(v) => v == Verdict::True,
                other => panic!("{name} depth {depth} {encoding:?}/{prefix:?}: DepQBF gave {other:?}"),
            };
            assert_eq!(verdict, expected, "{name} depth {depth} {encoding:?}/{prefix:?}: DepQBF says {verdict}, minimax says {expected}");
        }
    }
}

#[test]
fn tic_tac_toe() {
    check("tictactoe.kif", &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], true);
}
