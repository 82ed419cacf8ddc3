//! Inputs that ask for astronomically large work are refused before the work, with a
//! message that names the limit and how to raise it: each in at most 1 s of CPU time and
//! 100 MB of memory (issue 18). Each command runs as the harness runs a solver
//! ([`harness::run_limited`]), which measures the CPU time of the process (not the wall
//! clock, which stretches on a loaded machine) and its peak memory (the larger of the
//! resident peak and the sampled `VmPeak`). Its limits are only a safety net for a bomb
//! that is no longer refused: 1 GiB of address space, so that the refusal that came only
//! after allocating gigabytes fails the test as a crash, and 30 s of wall clock.
//!
//! `cargo test --test tests bombs:: -- --nocapture` prints what each refusal took.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use harness::{Invocation, Limits, Measurement};

/// The most CPU time (user + system) a refusal may take.
const CPU: Duration = Duration::from_secs(1);
/// The most memory a refusal may take, in bytes.
const MEMORY: u64 = 100_000_000;
/// The safety net: where a bomb is stopped.
const SAFETY: Limits = Limits { cpu: Duration::from_secs(10), wall: Duration::from_secs(30), memory: 1 << 30 };

fn repo(path: &str) -> String {
    format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// Runs `qbfgames args` below the safety net, measured.
fn limited(args: &[&str]) -> Measurement {
    let invocation = Invocation {
        program: PathBuf::from(env!("CARGO_BIN_EXE_qbfgames")),
        args: args.iter().map(|a| a.to_string()).collect(),
        ..Invocation::default()
    };
    harness::run_limited(&invocation, &SAFETY, None).expect("qbfgames runs")
}

/// Asserts that `args` is refused (exit 1, not a crash) within [`CPU`] and [`MEMORY`],
/// with every one of `says` in the message.
fn refused(args: &[&str], says: &[&str]) {
    let run = limited(args);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.exit_code, Some(1), "{args:?} was not refused cleanly ({:?}): {stderr}", run.signal);
    for part in says {
        assert!(stderr.contains(part), "{args:?}: the message lacks {part:?}:\n{stderr}");
    }
    println!("{:>6} ms CPU {:>5} MB  {args:?}", run.cpu.as_millis(), run.peak_memory / 1_000_000);
    assert!(run.cpu <= CPU, "{args:?} took {:?} of CPU time to be refused", run.cpu);
    assert!(run.peak_memory <= MEMORY, "{args:?} took {} bytes to be refused", run.peak_memory);
}

/// A GDL game whose first player has 40^k moves.
fn moves_game(dir: &Path, k: usize) -> String {
    let numbers: String = (0..40).map(|i| format!("(num n{i})\n")).collect();
    let vars: Vec<String> = (0..k).map(|i| format!("?v{i}")).collect();
    let body: Vec<String> = (0..k).map(|i| format!("(num ?v{i})")).collect();
    let game = format!(
        "(role x) (role o) (init (control x))\n{numbers}(<= (legal x (m {})) (true (control x)) {})\n\
         (<= (legal o noop) (true (control x)))\n(<= (next (control o)) (true (control x)))\n\
         (<= terminal (true (control o)))\n(<= (goal x 100) (true (control o)))\n(<= (goal o 0) (true (control o)))\n",
        vars.join(" "),
        body.join(" ")
    );
    let path = dir.join(format!("moves40_{k}.kif"));
    fs::write(&path, game).expect("write the game");
    path.display().to_string()
}

#[test]
fn a_gdl_depth_of_a_billion_is_refused_by_the_size_budget() {
    let game = repo("suite/games/gdl/connect3-4x4.kif");
    refused(
        &["encode", "gdl", "--game", &game, "--depth", "1000000000"],
        &["more than the size budget of 100,000,000", "--max-size"],
    );
}

#[test]
fn gdl_games_with_millions_of_moves_are_refused_while_grounding() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for k in [4, 6] {
        let game = moves_game(dir.path(), k);
        let says = ["grounding makes more than 1,000,000", "--max-size"];
        refused(&["encode", "gdl", "--game", &game, "--depth", "2"], &says);
        refused(&["solve", "gdl", "--game", &game, "--depth", "2"], &says);
    }
}

#[test]
fn a_raised_budget_lets_a_large_formula_through() {
    let game = repo("suite/games/gdl/tictactoe.kif");
    // About 23,600 literals: the larger of the estimates with rule bodies decomposed
    // (16,500) and as written (23,600), as either formula may be the one written.
    let small = ["encode", "gdl", "--game", &game, "--depth", "9", "--max-size", "15000"];
    refused(&small, &["more than the size budget of 15,000"]);
    let run = limited(&["encode", "gdl", "--game", &game, "--depth", "9", "--max-size", "100000"]);
    assert_eq!(run.exit_code, Some(0), "{}", String::from_utf8_lossy(&run.stderr));
}

#[test]
fn bddl_depths_of_a_billion_are_refused_from_the_flag_and_from_the_file() {
    let domain = repo("suite/games/bddl/breakthrough/domain.ig");
    let problem = repo("suite/games/bddl/breakthrough/3x4.ig");
    let says = ["more than the size budget", "--max-size"];
    refused(&["encode", "bddl", "--domain", &domain, "--problem", &problem, "--depth", "1000000000"], &says);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let text = fs::read_to_string(&problem).expect("read the problem");
    let deep = dir.path().join("deep.ig");
    fs::write(&deep, text.replace("#depth\n19\n", "#depth\n1000000000\n")).expect("write the problem");
    let deep = deep.display().to_string();
    refused(&["encode", "bddl", "--domain", &domain, "--problem", &deep, "--format", "qdimacs"], &says);
}

#[test]
fn a_gttt_board_of_a_million_cells_is_refused_before_it_is_built() {
    let says = ["COR+ formula of the 1003×1003 board", "lower --board or --depth", "--max-size"];
    refused(&["encode", "gttt", "--shape", "tic", "--board", "1003"], &says);
    refused(&["encode", "gttt", "--shape", "tic", "--board", "1003", "--depth", "3"], &says);
    refused(&["solve", "gttt", "--shape", "tic", "--board", "100", "--torus"], &["--max-size"]);
    let torus = ["solve", "gttt", "--shape", "domino", "--board", "60", "--torus", "--depth", "3"];
    refused(&torus, &["the symmetry table of the 60×60 board", "lower --board", "--max-size"]);
}

#[test]
fn suites_of_ten_million_jobs_are_refused_at_check() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let game = repo("suite/games/gdl/tictactoe.kif");
    let family = |depths: &str, grid: &str| {
        format!(
            "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"gdl\"\ndepths = {depths}\nencodings = [\"gdl-ge-gd\"]\n\
             formats = [\"qdimacs\"]\n[family.grid]\ngame = \"{game}\"\n{grid}"
        )
    };
    let ranges = family("{ from = 1, to = 10000000 }", "");
    let values: Vec<String> = (0..3163).map(|i| i.to_string()).collect();
    let grid = family("[1]", &format!("a = [{0}]\nb = [{0}]\n", values.join(", ")));
    for (name, text) in [("ranges.toml", ranges), ("grid.toml", grid)] {
        let path = dir.path().join(name);
        fs::write(&path, text).expect("write the suite");
        refused(
            &["suite", "check", &path.display().to_string()],
            &["more than the 100000 a suite may have", "max_jobs"],
        );
    }
}
