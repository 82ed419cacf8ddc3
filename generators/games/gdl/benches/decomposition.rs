//! Rule decomposition, measured beside gringo: for every GDL game of `suite/games/gdl/`,
//! its `constructs/`, `large/` and `wide/`, at one depth,
//! - our grounding as `encode gdl` does it (only the helpers on demand, every relation
//!   on demand when that is over the size budget), with rule bodies as written
//!   (`Decompose::Off`) and decomposed (`Decompose::On`): atoms of one step (fluents,
//!   moves, derived atoms), ground rule bodies, the time to ground, the time to ground
//!   and write the GE encoding with the GD prefix as QDIMACS bytes, its clauses, and the
//!   peak memory of the process;
//! - gringo on our ASP translation (`game_gdl::asp::translate_with`), as written and
//!   decomposed (the split lpopt makes): its atoms (`symbolic_atoms`), the rules clasp
//!   receives (`problem.lp.rules`, read after one answer set), the time of
//!   `Control.add` and `Control.ground`, and the peak memory of the Python process (with
//!   clingo loaded) after grounding.
//!
//! Every measurement runs in a child process of its own (this executable again, or
//! Python), killed after the limit. Prints a table and a summary against a 10 s bar;
//! asserts nothing.
//!
//! `cargo bench -p game-gdl --bench decomposition` (part of `make bench`); settings:
//! `DECOMPOSITION_DEPTH` (4), `DECOMPOSITION_LIMIT` (seconds per game and tool, 20),
//! `DECOMPOSITION_GAMES` (comma-separated parts of file names), `DECOMPOSITION_DIRS`
//! (more directories, separated as in `PATH`). Needs clingo in `.venv` (`make solvers`)
//! for the gringo columns.

use std::io::Write;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use contract::{Budget, Source};
use game_gdl::{load_with, Decompose, Demand};

#[path = "common/children.rs"]
mod children;
use children::{encode_qdimacs, env_or, field, gdl_games, lines_within, root, secs};

/// The child process: measure our side of one game (the variable holds the path).
const CHILD: &str = "DECOMPOSITION_CHILD";
/// `on` or `off` in the child.
const MODE: &str = "DECOMPOSITION_MODE";
/// The 10 s bar of the summary.
const BAR: f64 = 10.0;

/// Grounds the file of argv[1] with gringo; prints `ground SECONDS ATOMS`, `memory KB`,
/// then `lp ATOMS RULES`.
const GRINGO: &str = r#"
import sys, time, resource, clingo
text = open(sys.argv[1]).read()
start = time.perf_counter()
ctl = clingo.Control(["--warn=none", "--stats"])
ctl.add("base", [], text)
ctl.ground([("base", [])])
print("ground", time.perf_counter() - start, len(ctl.symbolic_atoms), flush=True)
print("memory", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, flush=True)
ctl.configuration.solve.models = 1
ctl.solve()
lp = ctl.statistics["problem"]["lp"]
print("lp", int(lp["atoms"]), int(lp["rules"]), flush=True)
"#;

/// The peak resident memory of this process in KB (Linux), 0 when unknown.
fn peak_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap_or_default();
    line.split_whitespace().nth(1).and_then(|v| v.parse().ok()).unwrap_or(0)
}

fn say(line: String) {
    println!("{line}");
    let _ = std::io::stdout().flush();
}

/// The child: ground as `encode gdl` does, then encode; one line per result.
fn child(path: &str, depth: u32, decompose: Decompose) {
    let source = Source::read(path).unwrap_or_else(|e| panic!("{e}"));
    let start = Instant::now();
    let load = |demand| load_with(source.clone(), Budget::default(), Some(depth), demand, decompose);
    let game = match load(Demand::Helpers) {
        Err(e) if e.over_budget => load(Demand::All).map_err(|_| e),
        other => other,
    };
    let grounded = start.elapsed().as_secs_f64();
    let game = match game {
        Ok(game) => game,
        Err(e) => {
            say(format!("refused {}", e.error.message));
            say(format!("memory {}", peak_kb()));
            return;
        }
    };
    let atoms = game.fluents.len() + game.moves.len() + game.atoms.len();
    let rules: usize = game.atoms.iter().map(|a| a.bodies.len()).sum();
    say(format!("ground {grounded} {atoms} {rules}"));
    match encode_qdimacs(&game, depth) {
        Ok((clauses, _)) => say(format!("encode {} {clauses}", start.elapsed().as_secs_f64())),
        Err(first_line) => say(format!("encode-refused {first_line}")),
    }
    say(format!("memory {}", peak_kb()));
}

/// One side's cells: atoms, rules, seconds, (seconds with the encoding, clauses,) MB.
struct Measured {
    cells: Vec<String>,
    /// Seconds to the end of what the side makes (our encoding, gringo's grounding).
    done: Option<f64>,
}

fn mb(lines: &[String]) -> String {
    field(lines, "memory").and_then(|m| m[0].parse::<f64>().ok()).map_or("-".into(), |kb| format!("{:.0}", kb / 1024.0))
}

fn ours(me: &Path, path: &Path, depth: u32, decompose: &str, limit: Duration) -> Measured {
    let mut cmd = Command::new(me);
    cmd.env(CHILD, path).env(MODE, decompose).env("DECOMPOSITION_DEPTH", depth.to_string());
    let (lines, late) = lines_within(cmd, limit);
    let over = if late { format!("> {}", limit.as_secs()) } else { "failed".into() };
    let Some(g) = field(&lines, "ground") else {
        let why = if field(&lines, "refused").is_some() { "refused".to_string() } else { over };
        return Measured { cells: vec!["-".into(), "-".into(), why, "-".into(), "-".into(), mb(&lines)], done: None };
    };
    let encoded = field(&lines, "encode");
    let done = encoded.as_ref().and_then(|e| e[0].parse::<f64>().ok());
    let (total, clauses) = match (&encoded, field(&lines, "encode-refused")) {
        (Some(e), _) => (done.map(secs).unwrap_or_default(), e[1].to_string()),
        (None, Some(_)) => ("refused".into(), "-".into()),
        (None, None) => (over, "-".into()),
    };
    let time = g[0].parse::<f64>().map(secs).unwrap_or_default();
    Measured { cells: vec![g[1].into(), g[2].into(), time, total, clauses, mb(&lines)], done }
}

fn gringo(python: &Path, tmp: &Path, path: &Path, depth: u32, decompose: Decompose, limit: Duration) -> Measured {
    let source = Source::read(&path.display().to_string()).unwrap_or_else(|e| panic!("{e}"));
    let text = match game_gdl::asp::translate_with(source, depth, decompose) {
        Ok(text) => text,
        Err(_) => return Measured { cells: ["-", "-", "refused", "-"].map(str::to_string).to_vec(), done: None },
    };
    let name = path.file_stem().unwrap_or_default().to_string_lossy();
    let lp = tmp.join(format!("{name}-{decompose:?}.lp"));
    std::fs::write(&lp, text).unwrap_or_else(|e| panic!("{}: {e}", lp.display()));
    let mut cmd = Command::new(python);
    cmd.arg("-c").arg(GRINGO).arg(&lp);
    let (lines, late) = lines_within(cmd, limit);
    let _ = std::fs::remove_file(&lp);
    let ground = field(&lines, "ground");
    let done = ground.as_ref().and_then(|g| g[0].parse::<f64>().ok());
    let time = match done {
        Some(t) => secs(t),
        None if late => format!("> {}", limit.as_secs()),
        None => "failed".into(),
    };
    let atoms = ground.as_ref().map_or("-".to_string(), |g| g[1].to_string());
    let rules = field(&lines, "lp").map_or("-".to_string(), |l| l[1].to_string());
    Measured { cells: vec![atoms, rules, time, mb(&lines)], done }
}

fn main() {
    let depth: u32 = env_or("DECOMPOSITION_DEPTH", 4);
    if let Ok(path) = std::env::var(CHILD) {
        let mode = if std::env::var(MODE).is_ok_and(|m| m == "on") { Decompose::On } else { Decompose::Off };
        child(&path, depth, mode);
        return;
    }
    let limit = Duration::from_secs(env_or("DECOMPOSITION_LIMIT", 20));
    let python = root().join(".venv/bin/python3");
    let has_clingo = Command::new(&python).args(["-c", "import clingo"]).output().is_ok_and(|o| o.status.success());
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("decomposition-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap_or_else(|e| panic!("{}: {e}", tmp.display()));
    let me = std::env::current_exe().unwrap_or_else(|e| panic!("{e}"));
    println!(
        "Rule decomposition at depth {depth}, limit {} s per game and tool. ours: one step, as `encode gdl` grounds; \
         +GE: grounding and the GE/GD encoding to QDIMACS bytes; gringo: all steps of our ASP translation{}",
        limit.as_secs(),
        if has_clingo { "" } else { " (no clingo in .venv: run `make solvers`)" }
    );
    let mut header = vec!["game".to_string()];
    for side in ["written", "split"] {
        for col in ["atoms", "rules", "s", "+GE s", "clauses", "MB"] {
            header.push(format!("{side} {col}"));
        }
    }
    if has_clingo {
        for side in ["gringo", "gringo split"] {
            for col in ["atoms", "rules", "s", "MB"] {
                header.push(format!("{side} {col}"));
            }
        }
    }
    println!("{}", header.join("\t"));
    let dirs = ["suite/games/gdl", "suite/games/gdl/constructs", "suite/games/gdl/large", "suite/games/gdl/wide"];
    let (mut ours_within, mut gringo_within, mut missed) = ([0usize; 2], [0usize; 2], Vec::new());
    let games = gdl_games(&dirs, "DECOMPOSITION_GAMES", "DECOMPOSITION_DIRS");
    for path in &games {
        let name = path.file_stem().unwrap_or_default().to_string_lossy().to_string();
        let mut cells = vec![name.clone()];
        let mut done = Vec::new();
        for (i, mode) in ["off", "on"].into_iter().enumerate() {
            let m = ours(&me, path, depth, mode, limit);
            ours_within[i] += usize::from(m.done.is_some_and(|t| t <= BAR));
            done.push(m.done);
            cells.extend(m.cells);
        }
        if has_clingo {
            let mut fastest: Option<f64> = None;
            for (i, mode) in [Decompose::Off, Decompose::On].into_iter().enumerate() {
                let m = gringo(&python, &tmp, path, depth, mode, limit);
                gringo_within[i] += usize::from(m.done.is_some_and(|t| t <= BAR));
                fastest = match (fastest, m.done) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                cells.extend(m.cells);
            }
            if fastest.is_some_and(|t| t <= BAR) && !done[1].is_some_and(|t| t <= BAR) {
                missed.push(name);
            }
        }
        println!("{}", cells.join("\t"));
    }
    let _ = std::fs::remove_dir(&tmp);
    println!();
    println!(
        "{} games; within {BAR} s: ours as written {}, decomposed {}; gringo as written {}, decomposed {}",
        games.len(),
        ours_within[0],
        ours_within[1],
        gringo_within[0],
        gringo_within[1]
    );
    if has_clingo {
        println!(
            "grounded by gringo within {BAR} s but not encoded by us (decomposed) within it: {}",
            if missed.is_empty() { "none".to_string() } else { missed.join(", ") }
        );
    }
}
