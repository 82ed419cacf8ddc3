//! `qbfgames verify --close`: open entries of the BDDL paper's Table 2 closed by the real
//! reference player, pinned on rows that take well under a second each.

use std::fs;
use std::path::Path;
use std::process::Command;

/// `closed.csv`'s rows of the table after closing the rows whose label contains `rows`,
/// without the evidence and the seconds: `row,published,result,whole_game_plies`.
fn closed(rows: &str) -> Vec<String> {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let table = repo.join("suite/published/bddl-sat2023-table2.toml").display().to_string();
    let solvers = repo.join("suite/solvers.toml").display().to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_qbfgames"))
        .args(["verify", &table, "--rows", rows, "--budget", "0s", "--close", "--close-budget", "60s"])
        .args(["--certify", "0", "--config", &solvers, "--out", "out", "--jobs", "2"])
        .current_dir(dir.path())
        .output()
        .expect("qbfgames runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "verify --close failed: {stderr}");
    let csv = fs::read_to_string(dir.path().join("out/bddl-sat2023-table2/closed.csv")).expect("closed.csv");
    let md = fs::read_to_string(dir.path().join("out/bddl-sat2023-table2/verify.md")).expect("verify.md");
    assert!(md.contains("### Open entries closed"), "verify.md lacks the closed entries:\n{md}");
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("row,published,result,whole_game_plies,evidence,seconds"));
    lines.map(|l| l.splitn(5, ',').take(4).collect::<Vec<_>>().join(",")).collect()
}

#[test]
fn httt_3x3_open_rows_get_their_critical_depth_or_no_win_on_the_full_board() {
    assert_eq!(
        closed("httt 3x3"),
        [
            "httt 3x3 elly,open at 9,no win,9",
            "httt 3x3 knobby,open at 9,no win,9",
            "httt 3x3 tippy,open at 9,win at 9,9",
        ]
    );
}

#[test]
fn second_player_rows_count_depths_as_the_paper_does() {
    // Our instance counts Black's opening pass; closed.csv gives the paper's depths.
    assert_eq!(
        closed("breakthrough-second 2x"),
        ["breakthrough-second 2x5,open at 10,win at 10,21", "breakthrough-second 2x6,open at 14,no win,29",]
    );
}

#[test]
fn domineering_and_connect_rows_close_on_small_boards() {
    assert_eq!(closed("domineering 5x4"), ["domineering 5x4,open at 10,win at 10,20"]);
    assert_eq!(
        closed("connect-c 4x4"),
        ["connect-c 4x4 connect4,open at 15,no win,16", "connect-c 4x4 connect3,open at 9,win at 9,16"]
    );
}
