//! `qbfgames play kayles` as a user sees it: the computer plays the reference player's
//! winning side to the end of every line, the other side is refused, vertices that cannot
//! be picked are refused, and a game ends when a player cannot pick. Each game is run as a
//! program in a temporary directory with piped input.

use std::process::Output;

use crate::common::piped;

use piped::qbfgames_with_input;

fn qbfgames(args: &[&str], input: &str) -> Output {
    let dir = tempfile::tempdir().expect("a temporary directory");
    qbfgames_with_input(args, input, dir.path())
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The standard output of a game that ends with exit 0.
fn played(args: &[&str], input: &str) -> String {
    let out = qbfgames(args, input);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {stdout}{}", text(&out.stderr));
    stdout
}

#[test]
fn the_computer_wins_every_line_on_the_side_the_reference_player_names_and_refuses_the_other() {
    let graphs: &[&[&str]] = &[
        &["--generate", "grid", "--w", "3", "--h", "3", "--depth", "9"],
        &["--generate", "grid", "--w", "3", "--h", "1", "--depth", "2"],
        &["--generate", "torus", "--w", "4", "--h", "1", "--depth", "5"],
        &["--generate", "gnp", "--n", "8", "--p", "0.3", "--graph-seed", "1", "--depth", "9"],
        &["--generate", "gnp", "--n", "8", "--p", "0.3", "--graph-seed", "2", "--depth", "4"],
        // Black wins within 4 plies, not 3: White holds until the plies run out.
        &["--generate", "gnp", "--n", "8", "--p", "0.3", "--graph-seed", "2", "--depth", "3"],
        &["--generate", "gnm", "--n", "9", "--m", "8", "--graph-seed", "5", "--depth", "10"],
    ];
    let mut sides = [0, 0];
    for graph in graphs {
        let solved = qbfgames(&[&["solve", "kayles"], *graph].concat(), "");
        let black_wins = match solved.status.code() {
            Some(10) => true,
            Some(20) => false,
            other => panic!("solve kayles {graph:?}: {other:?} {}", text(&solved.stderr)),
        };
        sides[usize::from(black_wins)] += 1;
        let (winner, loser, won, refused) = if black_wins {
            (vec![], vec!["--as", "black"], "Black won all ", "so White has no refutation; play White instead")
        } else {
            (vec!["--as", "black"], vec![], "White held all ", "play Black (--as black) instead")
        };
        let play = |side: &[&'static str]| [&["play", "kayles"], *graph, side, &["--auto", "--all"]].concat();
        let stdout = played(&play(&winner), "");
        assert!(stdout.starts_with(won) && stdout.contains(" lines against every "), "{graph:?}: {stdout}");
        let out = qbfgames(&play(&loser), "");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{graph:?}: {stderr}");
        assert!(stderr.contains(refused), "{graph:?}: {stderr}");
    }
    assert!(sides.iter().all(|&n| n > 0), "both winners among the graphs: {sides:?}");

    // Random moves meet the promise too (White's, on the 4×2 grid Black loses), and a
    // seed replays the same games.
    let args = ["play", "kayles", "--generate", "grid", "--w", "4", "--h", "2", "--depth", "9", "--as", "black"];
    let random = [&args[..], &["--auto", "--games", "6", "--seed", "3"]].concat();
    let stdout = played(&random, "");
    assert!(stdout.starts_with("White held all 6 games against random Black moves"), "{stdout}");
    assert_eq!(played(&random, ""), stdout);
}

#[test]
fn white_is_played_to_the_end_and_a_vertex_next_to_a_pick_is_refused() {
    // The 3×3 grid, numbered row by row: Black (the computer) picks 0 first, the first of
    // its winning moves, which takes 1 and 3 out of play.
    let args = ["play", "kayles", "--generate", "grid", "--w", "3", "--h", "3", "--depth", "9"];
    let stdout = played(&args, "1\n4\n8\n");
    assert!(stdout.starts_with("Black picks 0\nply 2 of 9: White to pick\nBlack picked: 0\nWhite picked: none\navailable: 2 4 5 6 7 8\nedges between them: 2-5 4-5 4-7 5-8 6-7 7-8\n"), "{stdout}");
    assert!(stdout.contains("You play White. Black wins within 9 plies whatever you do"), "{stdout}");
    assert!(stdout.contains("error: `1` is not a legal move for White here; legal moves: 2 4 5 6 7 8"), "{stdout}");
    for pick in ["White picks 4", "Black picks 2", "White picks 8", "Black picks 6"] {
        assert!(stdout.contains(&format!("{pick}\n")), "{pick}: {stdout}");
    }
    assert!(
        stdout.contains(
            "ply 6 of 9: White cannot pick and loses\nBlack picked: 0 2 6\nWhite picked: 4 8\navailable: none\n"
        ),
        "{stdout}"
    );
    assert!(stdout.ends_with("Black wins, as the solver promised\n"), "{stdout}");
}

#[test]
fn black_is_played_to_the_end_against_whites_refutation() {
    // C4: whatever Black picks, White picks the opposite vertex and Black cannot pick.
    let args = ["play", "kayles", "--generate", "torus", "--w", "4", "--h", "1", "--depth", "5", "--as", "black"];
    let stdout = played(&args, "4\nhint\n1\n");
    assert!(stdout.starts_with("You play Black. You cannot win within 5 plies whatever you do"), "{stdout}");
    assert!(stdout.contains("ply 1 of 5: Black to pick\nBlack picked: none\nWhite picked: none\navailable: 0 1 2 3\nedges between them: 0-1 0-3 1-2 2-3\n"), "{stdout}");
    assert!(stdout.contains("error: `4` is not a legal move for Black here; legal moves: 0 1 2 3"), "{stdout}");
    assert!(stdout.contains("No hint: Black cannot win within the depth"), "{stdout}");
    assert!(stdout.contains("Black picks 1\n") && stdout.contains("White picks 3\n"), "{stdout}");
    assert!(stdout.contains("ply 3 of 5: Black cannot pick and loses\n"), "{stdout}");
    assert!(stdout.ends_with("White holds: Black did not win within the depth, as the solver promised\n"), "{stdout}");
}
