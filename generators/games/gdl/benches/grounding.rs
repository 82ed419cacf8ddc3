//! Grounding, side by side with gringo: for every GDL game of `suite/games/gdl/`, its
//! `constructs/`, `large/` and `wide/`, the time of
//! - (a) our grounder (parse + validate + ground one step over what plays of at most the
//!   depth reach), twice: *before*, with only the helpers that need their callers'
//!   bindings grounded on demand (`game_gdl::Demand::Helpers`, the other relations
//!   over their whole domain), and *after*, with every relation on demand
//!   (`Demand::All`); `encode gdl` grounds as before, and as after when that is over the
//!   size budget (the column `used`),
//! - (b) our grounder and the GD encoding at the depth, to QDIMACS bytes in memory,
//! - (c) gringo grounding the temporal extension at the depth
//!   (`game_gdl::asp::translate`; timed inside Python around `Control.add` and
//!   `Control.ground`, so without Python's start-up and clingo's import),
//!
//! with the sizes: our ground atoms (fluents, moves and derived atoms of one step) and
//! rule bodies; gringo's ground atoms (`symbolic_atoms`) and the rules clasp receives
//! (`problem.lp.rules`, read after finding one answer set, within the same time limit).
//! Our grounding is of one step and the encoding unrolls it; gringo grounds every time
//! point of the temporal extension, so its sizes grow with the depth.
//!
//! Each game runs in child processes (this executable again, and Python with clingo) under
//! a wall-clock limit, so a game that does not finish shows as `> LIMIT s` and stops
//! costing time. Prints a table; asserts nothing.
//!
//! `cargo bench -p game-gdl --bench grounding`; settings by environment variable:
//! `GROUNDING_DEPTH` (default 4), `GROUNDING_LIMIT` (seconds per game and tool, default
//! 60), `GROUNDING_GAMES` (comma-separated parts of file names; default: every game),
//! `GROUNDING_DIRS` (more directories of `.kif` files, separated as in `PATH`).
//! Needs clingo in the project's `.venv` (`make solvers`) for column (c).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use contract::{Budget, Source};
use game_gdl::ground::GroundError;
use game_gdl::{Demand, GroundGame};

#[path = "common/children.rs"]
mod children;
use children::{encode_qdimacs, env_or, field, gdl_games, lines_within, root, secs};

/// The child process: measure our side of one game.
const CHILD: &str = "GROUNDING_CHILD";

/// Grounds the file of argv[1] with gringo; prints `ground SECONDS ATOMS`, then `lp ATOMS RULES`.
const GRINGO: &str = r#"
import sys, time, clingo
text = open(sys.argv[1]).read()
start = time.perf_counter()
ctl = clingo.Control(["--warn=none", "--stats"])
ctl.add("base", [], text)
ctl.ground([("base", [])])
print("ground", time.perf_counter() - start, len(ctl.symbolic_atoms), flush=True)
ctl.configuration.solve.models = 1
ctl.solve()
lp = ctl.statistics["problem"]["lp"]
print("lp", int(lp["atoms"]), int(lp["rules"]), flush=True)
"#;

fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// Grounds `source` with `demand` for `depth` (median of 3 under 1 s); prints
/// `KEY SECONDS ATOMS RULES`, or `KEY-refused MESSAGE`.
fn ground_timed(key: &str, source: &Source, depth: u32, demand: Demand) -> Result<(f64, GroundGame), GroundError> {
    let ground = || {
        let start = Instant::now();
        let game = game_gdl::load_on_demand(source.clone(), Budget::default(), Some(depth), demand);
        (start.elapsed().as_secs_f64(), game)
    };
    let (first, game) = ground();
    let game = match game {
        Ok(game) => game,
        Err(e) => {
            println!("{key}-refused {}", e.error.message);
            let _ = std::io::stdout().flush();
            return Err(e);
        }
    };
    let mut times = vec![first];
    if first < 1.0 {
        times.extend((0..2).map(|_| ground().0));
    }
    let time = median(times);
    let atoms = game.fluents.len() + game.moves.len() + game.atoms.len();
    let rules: usize = game.atoms.iter().map(|a| a.bodies.len()).sum();
    println!("{key} {time} {atoms} {rules}");
    let _ = std::io::stdout().flush();
    Ok((time, game))
}

/// The child: (a) and (b) for one game, one line each as soon as it is known.
fn child(path: &str, depth: u32) {
    let source = Source::read(path).unwrap_or_else(|e| panic!("{e}"));
    let before = ground_timed("before", &source, depth, Demand::Helpers);
    let after = ground_timed("after", &source, depth, Demand::All);
    // What `encode gdl` grounds: as before, as after if that is over the budget.
    let ((ours, game), used) = match (before, after) {
        (Ok(game), _) => (game, "before"),
        (Err(e), Ok(game)) if e.over_budget => (game, "after"),
        _ => return,
    };
    println!("used {used}");
    let _ = std::io::stdout().flush();
    let start = Instant::now();
    match encode_qdimacs(&game, depth) {
        Ok((clauses, bytes)) => println!("encode {} {clauses} {bytes}", ours + start.elapsed().as_secs_f64()),
        Err(first_line) => println!("encode-refused {first_line}"),
    }
}

fn games() -> Vec<PathBuf> {
    let dirs = ["suite/games/gdl", "suite/games/gdl/constructs", "suite/games/gdl/large", "suite/games/gdl/wide"];
    gdl_games(&dirs, "GROUNDING_GAMES", "GROUNDING_DIRS")
}

fn main() {
    let depth: u32 = env_or("GROUNDING_DEPTH", 4);
    if let Ok(path) = std::env::var(CHILD) {
        child(&path, depth);
        return;
    }
    let limit = Duration::from_secs(env_or("GROUNDING_LIMIT", 60));
    let python = root().join(".venv/bin/python3");
    let has_clingo = Command::new(&python).args(["-c", "import clingo"]).output().is_ok_and(|o| o.status.success());
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("grounding-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap_or_else(|e| panic!("{}: {e}", tmp.display()));
    let me = std::env::current_exe().unwrap_or_else(|e| panic!("{e}"));
    println!(
        "Grounding at depth {depth}, limit {} s per game and tool: ours (one step; median of 3 under 1 s), \
         ours + GD encoding to QDIMACS bytes, gringo on the temporal extension{}",
        limit.as_secs(),
        if has_clingo { "" } else { " (no clingo in .venv: run `make solvers`)" }
    );
    let header = [
        "game",
        "before atoms",
        "before (s)",
        "after atoms",
        "after (s)",
        "used",
        "our rules",
        "ours (s)",
        "+GD (s)",
        "GD clauses",
        "gringo atoms",
        "gringo rules",
        "gringo (s)",
        "ours/gringo",
    ];
    let widths = [26, 12, 10, 11, 9, 6, 10, 9, 9, 11, 12, 12, 10, 11];
    let row = |cells: &[String]| {
        let mut line = String::new();
        for (i, (c, w)) in cells.iter().zip(widths).enumerate() {
            if i == 0 {
                line.push_str(&format!("{c:<w$}"));
            } else {
                line.push_str(&format!(" {c:>w$}"));
            }
        }
        println!("{}", line.trim_end());
    };
    row(&header.map(str::to_string));
    let over = format!("> {}", limit.as_secs());
    for path in games() {
        let name = path.file_stem().unwrap_or_default().to_string_lossy().to_string();
        let mut cmd = Command::new(&me);
        cmd.env(CHILD, &path).env("GROUNDING_DEPTH", depth.to_string());
        let (ours, ours_late) = lines_within(cmd, limit);
        let mut cells = vec![name.clone()];
        let late = || if ours_late { over.clone() } else { "failed".to_string() };
        for key in ["before", "after"] {
            match (field(&ours, key), field(&ours, &format!("{key}-refused"))) {
                (Some(f), _) => cells.extend([f[1].to_string(), f[0].parse().map(secs).unwrap_or_default()]),
                (None, Some(_)) => cells.extend(["-".to_string(), "refused".to_string()]),
                (None, None) => cells.extend(["-".to_string(), late()]),
            }
        }
        let used = field(&ours, "used").map(|u| u[0]);
        cells.push(used.unwrap_or("-").to_string());
        let mut our_time = None;
        match used.and_then(|u| field(&ours, u)) {
            Some(f) => {
                our_time = f[0].parse::<f64>().ok();
                cells.extend([f[2].to_string(), our_time.map(secs).unwrap_or_default()]);
                match (field(&ours, "encode"), field(&ours, "encode-refused")) {
                    (Some(e), _) => cells.extend([e[0].parse().map(secs).unwrap_or_default(), e[1].to_string()]),
                    (None, Some(_)) => cells.extend(["refused".to_string(), "-".to_string()]),
                    (None, None) => cells.extend([late(), "-".into()]),
                }
            }
            None => cells.extend(["-", "refused", "-", "-"].map(str::to_string)),
        }
        if has_clingo {
            let source = Source::read(&path.display().to_string()).unwrap_or_else(|e| panic!("{e}"));
            match game_gdl::asp::translate(source, depth) {
                Ok(text) => {
                    let lp = tmp.join(format!("{name}.lp"));
                    std::fs::write(&lp, text).unwrap_or_else(|e| panic!("{}: {e}", lp.display()));
                    let mut cmd = Command::new(&python);
                    cmd.arg("-c").arg(GRINGO).arg(&lp);
                    let (lines, late) = lines_within(cmd, limit);
                    let _ = std::fs::remove_file(&lp);
                    let ground = field(&lines, "ground");
                    let lp = field(&lines, "lp");
                    let gringo_time = ground.as_ref().and_then(|g| g[0].parse::<f64>().ok());
                    cells.push(ground.as_ref().map(|g| g[1].to_string()).unwrap_or("-".into()));
                    cells.push(lp.map(|l| l[1].to_string()).unwrap_or("-".into()));
                    cells.push(match gringo_time {
                        Some(t) => secs(t),
                        None if late => over.clone(),
                        None => "failed".into(),
                    });
                    cells.push(match (our_time, gringo_time) {
                        (Some(a), Some(b)) if b > 0.0 => format!("{:.2}", a / b),
                        _ => "-".into(),
                    });
                }
                Err(e) => {
                    cells.extend(["-", "-"].map(str::to_string));
                    cells.push(format!("refused: {}", e.message));
                    cells.push("-".into());
                }
            }
        }
        row(&cells);
    }
    let _ = std::fs::remove_dir(&tmp);
}
