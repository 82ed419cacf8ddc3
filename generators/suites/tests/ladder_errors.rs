//! Bad ladders, each one clear error at its place (snapshots): `[family.ladder]` tables,
//! calibration solvers the solvers file does not have or that cannot read QDIMACS, and
//! `ladders.csv` files that do not match the suite.

use std::path::Path;

use contract::Source;
use harness::mock::{exited, MockExecutor};
use harness::Tools;
use suites::ladder::{self, Recorded};
use suites::{expand, resolve, Suite};

/// A GTTT family with a depth ladder; `ladder` replaces its `[family.ladder]` table and
/// `extra` goes before `[family.grid]`.
fn text(extra: &str, grid: &str, ladder: &str) -> String {
    format!(
        "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"gttt\"\ndepths = {{ from = 1, to = 5 }}\nencodings = [\"corplus\"]\n{extra}[family.grid]\nshape = \"tic\"\n{grid}[family.ladder]\n{ladder}"
    )
}

const LADDER: &str = "over = \"depth\"\nsolver = \"depqbf\"\nlimit = 1\nfails = 2\n";

fn resolved(text: &str) -> Result<Suite, String> {
    resolve(&Source::from_bytes("bad.toml", text), Path::new(".")).map_err(|e| e.to_string())
}

fn error_of(text: &str) -> String {
    match resolved(text) {
        Ok(_) => format!("accepted:\n{text}"),
        Err(e) => e,
    }
}

#[test]
fn every_bad_ladder_table_gives_one_clear_error() {
    let qdimacs = "formats = [\"qdimacs\"]\n";
    let board = "board = 3\n";
    let cases: &[(&str, String)] = &[
        ("ladder_fails_zero", text(qdimacs, board, &LADDER.replace("fails = 2", "fails = 0"))),
        ("ladder_limit_zero", text(qdimacs, board, &LADDER.replace("limit = 1", "limit = 0"))),
        ("ladder_limit_not_a_number", text(qdimacs, board, &LADDER.replace("limit = 1", "limit = \"10s\""))),
        ("ladder_bad_memory", text(qdimacs, board, &format!("{LADDER}memory = \"lots\"\n"))),
        ("ladder_unknown_key", text(qdimacs, board, &format!("{LADDER}timeout = 10\n"))),
        ("ladder_missing_solver", text(qdimacs, board, &LADDER.replace("solver = \"depqbf\"\n", ""))),
        ("ladder_bad_solver_name", text(qdimacs, board, &LADDER.replace("\"depqbf\"", "\"dep qbf\""))),
        ("ladder_without_qdimacs", text("formats = [\"pg\"]\n", board, LADDER)),
        ("ladder_over_unknown_key", text(qdimacs, board, &LADDER.replace("\"depth\"", "\"size\""))),
        ("ladder_over_key_with_one_value", text(qdimacs, board, &LADDER.replace("\"depth\"", "\"board\""))),
        (
            "ladder_over_key_listed_twice",
            text(qdimacs, "board = [3, 4, 3]\n", &LADDER.replace("\"depth\"", "\"board\"")),
        ),
        (
            "ladder_over_depth_with_one_depth",
            text(qdimacs, board, LADDER).replace("depths = { from = 1, to = 5 }", "depths = [5]"),
        ),
        (
            "ladder_over_key_set_in_a_point",
            format!("{}[[family.point]]\nboard = 4\n", text(qdimacs, "", &LADDER.replace("\"depth\"", "\"board\""))),
        ),
        ("ladder_bad_expected", text(&format!("{qdimacs}expected = \"maybe\"\n"), board, LADDER)),
    ];
    for (name, text) in cases {
        insta::assert_snapshot!(*name, error_of(text));
    }
}

const SOLVERS: &str = "[solver.depqbf]\ncommand = [\"/bin/true\", \"{input}\"]\nformats = [\"qdimacs\"]\nversion = \"1\"\n\n[solver.qcir-only]\ncommand = [\"/bin/true\", \"{input}\"]\nformats = [\"qcir\"]\nversion = \"1\"\n";

#[test]
fn a_calibration_solver_must_be_in_the_solvers_file_and_read_qdimacs() {
    let tools = Tools::parse(SOLVERS, Path::new("solvers.toml"), Path::new("/")).unwrap_or_else(|e| panic!("{e}"));
    let mock = MockExecutor::new(std::time::Duration::ZERO, |_: &harness::Job| exited(0, ""));
    let error = |solver: &str| {
        let suite = resolved(&text("formats = [\"qdimacs\"]\n", "board = 3\n", &LADDER.replace("depqbf", solver)))
            .unwrap_or_else(|e| panic!("{e}"));
        match ladder::solvers(&suite, &tools, Path::new("solvers.toml"), &mock) {
            Ok(s) => format!("accepted: {:?}", s.keys().collect::<Vec<_>>()),
            Err(e) => e.to_string(),
        }
    };
    assert_eq!(error("depqbf"), "accepted: [\"depqbf\"]");
    insta::assert_snapshot!("ladder_solver_not_in_the_solvers_file", error("caqe"));
    insta::assert_snapshot!("ladder_solver_without_qdimacs", error("qcir-only"));
    assert!(mock.jobs().is_empty(), "a literal version needs no run");
}

/// Two ladders over the depth (boards 3 and 4, depths 1 to 5, fails = 2).
fn two_ladders() -> Suite {
    resolved(&text("formats = [\"qdimacs\"]\n", "board = [3, 4]\n", LADDER)).unwrap_or_else(|e| panic!("{e}"))
}

const HEADER: &str = "family,ladder,over,rung,status,cpu_s,solver,solver_version,limit_s,memory,job\n";

fn row(board: u32, rung: u32, status: &str) -> String {
    format!(
        "f,\"board={board};first=black;pq=1,1;shape=tic;torus=false/d=*/corplus\",depth,{rung},{status},0.010,depqbf,DepQBF 5.01,1,4096M,\"f/board={board};first=black;pq=1,1;shape=tic;torus=false/d={rung}/corplus\"\n"
    )
}

/// Board 3 reaches its cap (5); board 4 stops at 3 after two timeouts.
fn good() -> String {
    let mut text = HEADER.to_string();
    for (rung, status) in [(1, "false"), (2, "false"), (3, "true"), (4, "timeout"), (5, "true")] {
        text += &row(3, rung, status);
    }
    for (rung, status) in [(1, "false"), (2, "timeout"), (3, "memout")] {
        text += &row(4, rung, status);
    }
    text
}

fn reach_error(text: &str) -> String {
    let suite = two_ladders();
    let (_, ladders) = ladder::split(expand(&suite));
    match Recorded::parse(&Source::from_bytes("out/ladders.csv", text), &ladders) {
        Ok(r) => format!("accepted: {} rungs", r.rungs.len()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_recorded_reach_that_does_not_match_the_suite_is_an_error_at_its_place() {
    assert_eq!(reach_error(&good()), "accepted: 8 rungs");
    let good = good();
    let predicted = format!("{good}{}", row(4, 4, "predicted")).replacen(",predicted,0.010,", ",predicted,250.000,", 1);
    assert_eq!(reach_error(&predicted), "accepted: 9 rungs", "a predicted rung past the stop");
    let cases: Vec<(&str, String)> = vec![
        ("reach_empty", String::new()),
        ("reach_bad_header", good.replacen("cpu_s", "seconds", 1)),
        ("reach_unknown_family", good.replacen("\nf,", "\ng,", 1)),
        ("reach_unknown_ladder", good.replace("board=4;", "board=5;")),
        ("reach_wrong_rung", good.replacen(",depth,2,false", ",depth,3,false", 1)),
        ("reach_past_the_stop", format!("{good}{}", row(4, 4, "true"))),
        ("reach_past_the_cap", format!("{good}{}", row(3, 6, "true"))),
        ("reach_cut_short", good.replace(&row(4, 3, "memout"), "")),
        ("reach_missing_ladder", good.lines().filter(|l| !l.contains("board=4;")).map(|l| format!("{l}\n")).collect()),
        ("reach_bad_limit", good.replacen(",1,4096M", ",0,4096M", 1)),
        ("reach_wrong_job", good.replacen("/d=2/corplus", "/d=3/corplus", 1)),
        ("reach_predicted_early", good.replacen(",depth,2,false,", ",depth,2,predicted,", 1)),
        ("reach_other_memory", good.replacen(",1,4096M", ",1,2048M", 1)),
        ("reach_other_solver", good.replacen(",depqbf,", ",caqe,", 1)),
        ("reach_bad_status", good.replacen(",false,", ",starved,", 1)),
        ("reach_bad_cpu", good.replacen(",0.010,", ",fast,", 1)),
        ("reach_short_line", format!("{good}f,x\n")),
    ];
    for (name, text) in cases {
        insta::assert_snapshot!(name, reach_error(&text));
    }
}
