//! `qbfgames strategy first-move`, run as a program in a temporary directory.

use std::path::Path;
use std::process::{Command, Output};

use crate::common::piped;

use piped::qbfgames_with_input;

fn qbfgames(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qbfgames")).args(args).current_dir(dir).output().expect("the binary runs")
}

fn suite(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("suite").join(path).display().to_string()
}

#[test]
fn first_move_is_valid_on_true_instances_and_writes_the_map() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let out = qbfgames(
        &["strategy", "first-move", "gttt", "--shape", "el", "--board", "3", "--depth", "5", "--map", "el.json"],
        dir.path(),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.starts_with("valid: "), "{stdout}");
    let map: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("el.json")).expect("the map")).expect("JSON");
    assert_eq!(map["encoding"], "corplus");

    let (domain, problem) = (suite("games/bddl/positional/domain.ig"), suite("games/bddl/httt/3x3_el.ig"));
    let out = qbfgames(
        &["strategy", "first-move", "bddl", "--domain", &domain, "--problem", &problem, "--depth", "5"],
        dir.path(),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.starts_with("valid: occupy("), "{stdout}");
}

#[test]
fn the_solver_is_any_of_the_solvers_file_with_a_qdo_command() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let gttt = ["strategy", "first-move", "gttt", "--shape", "el", "--board", "3", "--depth", "5"];
    let own = dir.path().join("own.toml");
    let text = "[solver.mine]\ncommand = [\"depqbf\", \"{input}\"]\nformats = [\"qdimacs\"]\nversion = \"6\"\nqdo = [\"depqbf\", \"--qdo\", \"{input}\"]\n";
    std::fs::write(&own, text).expect("the solvers file");
    let own = own.display().to_string();
    let out = qbfgames(&[&gttt[..], &["--config", &own, "--solver", "mine"]].concat(), dir.path());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.starts_with("valid: "), "{stdout}");
    let config = suite("solvers.toml");
    let out = qbfgames(&[&gttt[..], &["--config", &config, "--solver", "qute"]].concat(), dir.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0));
    assert!(stderr.contains("solver `qute` of ") && stderr.contains("has no `qdo` command"), "{stderr}");
    let out = qbfgames(&[&gttt[..], &["--config", &config, "--solver", "nosuch"]].concat(), dir.path());
    assert!(String::from_utf8_lossy(&out.stderr).contains("nosuch"), "the unknown solver is named");
}

#[test]
fn a_first_move_from_the_certificate_is_a_validated_winning_move_as_the_qdo_one_is() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let config = suite("solvers.toml");
    let hex = suite("games/hex/hein_04_3x3.hex");
    let games: [Vec<&str>; 2] =
        [vec!["gttt", "--shape", "el", "--board", "3", "--depth", "5"], vec!["hex", "--puzzle", &hex, "--depth", "5"]];
    for game in &games {
        let args = |extra: &[&str]| -> Vec<String> {
            ["strategy", "first-move"].iter().chain(game).chain(extra).map(|a| a.to_string()).collect()
        };
        let qdo = qbfgames(&args(&[]).iter().map(String::as_str).collect::<Vec<_>>(), dir.path());
        let certified_args = args(&["--from-certificate", "--config", &config, "--map", "map.json"]);
        let certified = qbfgames(&certified_args.iter().map(String::as_str).collect::<Vec<_>>(), dir.path());
        let (qdo_out, out) = (String::from_utf8_lossy(&qdo.stdout), String::from_utf8_lossy(&certified.stdout));
        let err = String::from_utf8_lossy(&certified.stderr);
        assert_eq!(qdo.status.code(), Some(0), "{game:?}: {qdo_out}");
        assert_eq!(certified.status.code(), Some(0), "{game:?}: {out}{err}");
        // Both are moves the reference solver validated as winning (not necessarily the same one).
        assert!(qdo_out.starts_with("valid: ") && out.starts_with("valid: "), "{game:?}: {qdo_out} / {out}");
        // Progress lines come first on standard error, then the certificate's line.
        assert!(err.contains("\ndepqbf certified true in "), "{game:?}: the certificate is named: {err}");
        assert!(err.contains("checked in ") && err.contains("verified in "), "{err}");
        assert!(dir.path().join("map.json").is_file(), "--map still writes the symbol map");
    }

    // A false instance: the certificate says so, and there is nothing to check.
    let out = qbfgames(
        &["strategy", "first-move", "hex", "--puzzle", &hex, "--depth", "3", "--from-certificate", "--config", &config],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("\ndepqbf certified false"));

    // Only DepQBF writes proofs; a proof over the limit is said, not taken for an answer.
    let caqe = qbfgames(
        &[
            "strategy",
            "first-move",
            "gttt",
            "--shape",
            "el",
            "--board",
            "3",
            "--depth",
            "5",
            "--from-certificate",
            "--solver",
            "caqe",
        ],
        dir.path(),
    );
    assert_eq!(caqe.status.code(), Some(2), "a usage error");
    let small = qbfgames(
        &[
            "strategy",
            "first-move",
            "gttt",
            "--shape",
            "el",
            "--board",
            "3",
            "--depth",
            "5",
            "--from-certificate",
            "--config",
            &config,
            "--max-proof",
            "1k",
        ],
        dir.path(),
    );
    let err = String::from_utf8_lossy(&small.stderr);
    assert_eq!(small.status.code(), Some(1), "{err}");
    assert!(err.contains("depqbf's answer is not certified: the proof outgrew the limit of 1024 bytes"), "{err}");
}

#[test]
fn first_move_says_when_there_is_nothing_to_check() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let hex = suite("games/hex/hein_04_3x3.hex");
    let out = qbfgames(&["strategy", "first-move", "hex", "--puzzle", &hex, "--depth", "3"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("no strategy: Black does not win within 3"));
    let out = qbfgames(
        &["strategy", "first-move", "gttt", "--shape", "el", "--board", "3", "--white-first", "--depth", "5"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Black does not move first"));
}

#[test]
fn play_auto_all_wins_every_line() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let out =
        qbfgames(&["play", "gttt", "--shape", "el", "--board", "3", "--depth", "5", "--auto", "--all"], dir.path());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.starts_with("Black won all "), "{stdout}");
    let (domain, problem) = (suite("games/bddl/positional/domain.ig"), suite("games/bddl/httt/3x3_domino.ig"));
    let out = qbfgames(
        &["play", "bddl", "--domain", &domain, "--problem", &problem, "--depth", "3", "--auto", "--all"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
}

#[test]
fn play_auto_games_draws_seeded_replies_and_auto_alone_is_refused() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let hex = suite("games/hex/hein_04_3x3.hex");
    let args = ["play", "hex", "--puzzle", &hex, "--depth", "5", "--auto", "--games", "4", "--seed", "9"];
    let first = qbfgames(&args, dir.path());
    let stdout = String::from_utf8_lossy(&first.stdout);
    assert_eq!(first.status.code(), Some(0), "{stdout}");
    assert!(stdout.starts_with("Black won all 4 games against random White replies"), "{stdout}");
    assert_eq!(qbfgames(&args, dir.path()).stdout, first.stdout, "the same seed plays the same games");
    let out = qbfgames(&["play", "hex", "--puzzle", &hex, "--depth", "5", "--auto"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--auto needs --all (every White reply) or --games N"));
}

#[test]
fn interactive_play_rejects_illegal_input_with_help_and_plays_to_the_end() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let args = ["play", "gttt", "--shape", "el", "--board", "3", "--depth", "5"];
    // Whatever Black plays, White takes the first vertex of the list still free: taken
    // vertices are rejected like any illegal input, and the next line is read.
    let cells = "a1\na2\na3\nb1\nb2\nb3\nc1\nc2\nc3\n";
    let out = qbfgames_with_input(&args, &format!("zz\nhelp\n{cells}{cells}"), dir.path());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("error: `zz` is not a legal move for White here; legal moves: "), "{stdout}");
    assert!(stdout.contains("Type one of: "), "{stdout}");
    assert!(stdout.matches("White plays ").count() >= 2, "{stdout}");
    assert!(stdout.trim_end().ends_with("Black wins, as the solver promised"), "{stdout}");

    // The end of the input leaves the game: said, and not an error.
    let out = qbfgames_with_input(&args, "a1\n", dir.path());
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("The input ended: you left the game with White to move"));
}

#[test]
fn hex_with_the_lifted_encoding_gives_a_valid_move_and_wins_every_line() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let hex = suite("games/hex/hein_04_3x3.hex");
    let out = qbfgames(
        &["strategy", "first-move", "hex", "--puzzle", &hex, "--depth", "5", "--encoding", "lifted"],
        dir.path(),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.starts_with("valid: occupy("), "{stdout}");
    let out = qbfgames(
        &["play", "hex", "--puzzle", &hex, "--depth", "5", "--encoding", "lifted", "--auto", "--all"],
        dir.path(),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.starts_with("Black won all "), "{stdout}");
}

#[test]
fn gdl_first_move_is_valid_and_play_wins_every_line() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let c3 = suite("games/gdl/connect3-4x4.kif");
    let out =
        qbfgames(&["strategy", "first-move", "gdl", "--game", &c3, "--depth", "9", "--map", "c3.json"], dir.path());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.starts_with("valid: (drop "), "{stdout}");
    let map: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("c3.json")).expect("the map")).expect("JSON");
    assert_eq!((map["encoding"].as_str(), map["role"].as_str()), (Some("gdl"), Some("xplayer")));
    let out = qbfgames(&["play", "gdl", "--game", &c3, "--depth", "9", "--auto", "--all"], dir.path());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert_eq!(stdout.trim_end(), "Black won all 36 lines against every White reply (48 solver calls)");
    // oplayer moves second in Breakthrough: no first move to read, but play asks the
    // solver after White's first move. The lines are the leaves of DepQBF's strategy on
    // the decomposed game's formula (20 on the rules as written).
    let bt = suite("games/gdl/breakthrough-2x4.kif");
    let out =
        qbfgames(&["strategy", "first-move", "gdl", "--game", &bt, "--depth", "8", "--first", "oplayer"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no first move of Black to read: Black does not move first"));
    let out =
        qbfgames(&["play", "gdl", "--game", &bt, "--depth", "8", "--first", "oplayer", "--auto", "--all"], dir.path());
    assert!(
        String::from_utf8_lossy(&out.stdout).starts_with("Black won all 22 lines"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn play_as_black_holds_every_line_and_refuses_true_instances() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let ttt = suite("games/gdl/tictactoe.kif");
    let (domain, problem) = (suite("games/bddl/positional/domain.ig"), suite("games/bddl/httt/3x3_el.ig"));
    let ttt3 = suite("games/gdl/tictactoe-3p-3x3.kif");
    let runs: [Vec<&str>; 4] = [
        vec!["play", "gdl", "--game", &ttt, "--depth", "5", "--encoding", "sd"],
        vec!["play", "gdl", "--game", &ttt3, "--depth", "4", "--first", "zplayer"],
        vec!["play", "gttt", "--shape", "tic", "--board", "3", "--depth", "5"],
        vec!["play", "bddl", "--domain", &domain, "--problem", &problem, "--depth", "4"],
    ];
    for run in &runs {
        let args: Vec<&str> = run.iter().copied().chain(["--as", "black", "--auto", "--all"]).collect();
        let out = qbfgames(&args, dir.path());
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stdout}");
        assert!(
            stdout.starts_with("White held all ") && stdout.contains(" lines against every Black move ("),
            "{stdout}"
        );
    }
    let out = qbfgames(
        &["play", "gttt", "--shape", "el", "--board", "3", "--depth", "5", "--as", "black", "--auto", "--all"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("Black wins within 5 time points, so White has no refutation; play White instead"));
    let out = qbfgames(&["play", "gdl", "--game", &ttt, "--depth", "5", "--auto", "--all"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(
        "Black does not win within 5, so there is no strategy to play against; play Black (--as black) instead"
    ));
}

#[test]
fn interactive_play_as_black_rejects_illegal_input_and_plays_to_the_end() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let args = ["play", "gdl", "--game", &suite("games/gdl/tictactoe.kif"), "--depth", "9", "--as", "black"];
    // Black tries every cell in turn; cells White has taken are rejected and the next line is read.
    let cells: String = (1..=3).flat_map(|m| (1..=3).map(move |n| format!("(mark {m} {n})\n"))).collect();
    let out = qbfgames_with_input(&args, &format!("zz\nhelp\n{cells}{cells}"), dir.path());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("error: `zz` is not a legal move for Black here; legal moves: (mark 1 1) "), "{stdout}");
    assert!(stdout.contains("\n   1 2 3\n 1 x . .\n"), "the board is drawn: {stdout}");
    assert!(stdout.contains("Type one of: "), "{stdout}");
    assert!(stdout.matches("White plays ").count() >= 2, "{stdout}");
    assert!(
        stdout.trim_end().ends_with("White holds: Black did not win within the depth, as the solver promised"),
        "{stdout}"
    );
    let out = qbfgames_with_input(
        &["play", "gttt", "--shape", "tic", "--board", "3", "--depth", "5", "--as", "black"],
        "b2\n",
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("The input ended: you left the game with Black to move"));
}
