//! Reproduces He, Saffidine, Thielscher (AAMAS 2024), Table 2 on our GDL games:
//! `make verify-gdl`.
//!
//! For every row of `suite/published/gdl-aamas2024-table2.csv`, the reference player
//! computes the smallest winning depth up to `tmax`: a `won` row must be won at `tmax`
//! and not at `tmax − 1`; `no_win` and `refuted` rows must not be won at `tmax`. DepQBF
//! then solves the GD instance (and SD where the turn order is fixed) at `tmax` and, for
//! won rows, at `tmax − 1`, under a time limit (`-- --timeout S`, default 60 s; the paper
//! preprocesses with bloqqer, we do not, so timeouts are expected on the larger rows).
//! A verdict that contradicts the table or the reference player is a failure: the
//! program lists it and exits with status 1. Timeouts are reported, not failures.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use generators::encodings::gdl::{Encoding, GdlEncoding, PrefixMethod};
use generators::gdl::{load, player::Solver, GroundGame};
use generators::io::{write_qdimacs, Source};
use harness::{depqbf, solve_qdimacs, Outcome, Verdict};

struct Row {
    game: String,
    config: String,
    tmax: u32,
    status: String,
}

fn root() -> String {
    format!("{}/..", env!("CARGO_MANIFEST_DIR"))
}

fn rows() -> Vec<Row> {
    let path = format!("{}/suite/published/gdl-aamas2024-table2.csv", root());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            let tmax = f[3].parse().unwrap_or_else(|e| panic!("{path}: tmax {}: {e}", f[3]));
            Row { game: f[0].to_string(), config: f[1].to_string(), tmax, status: f[4].to_string() }
        })
        .collect()
}

fn qbf_verdict(game: &GroundGame, depth: u32, encoding: Encoding, timeout: Duration) -> (String, Option<bool>) {
    let options = GdlEncoding { depth, encoding, prefix: PrefixMethod::Dependency, first: 0 };
    let qbf = match options.encode(game) {
        Ok(q) => q,
        Err(_) => return ("n/a".into(), None),
    };
    let mut bytes = Vec::new();
    write_qdimacs(&mut bytes, &qbf, &[]).unwrap_or_else(|e| panic!("{e}"));
    let solver = depqbf().unwrap_or_else(|e| panic!("{e}"));
    let start = Instant::now();
    let outcome = solve_qdimacs(&solver, &bytes, timeout).unwrap_or_else(|e| panic!("{e}"));
    let secs = start.elapsed().as_secs_f64();
    match outcome {
        Outcome::Solved(v) => (format!("{}/{secs:.2}s", if v == Verdict::True { "win" } else { "no" }), Some(v == Verdict::True)),
        Outcome::Timeout => ("timeout".into(), None),
        other => (format!("{other:?}"), None),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let timeout = args.iter().position(|a| a == "--timeout").and_then(|i| args.get(i + 1)).and_then(|s| s.parse().ok()).unwrap_or(60);
    let timeout = Duration::from_secs(timeout);
    let mut failures = Vec::new();
    println!("{:<26} {:>4} {:<8} {:<22} {:<16} {:<16} {:<16}", "game", "tmax", "paper", "minimax", "GD at tmax", "SD at tmax", "GD at tmax-1");
    for row in rows() {
        let name = format!("{}-{}", row.game, row.config);
        let path = format!("{}/suite/games/gdl/{name}.kif", root());
        let source = Source::read(&path).unwrap_or_else(|e| panic!("{e}"));
        let game = load(source).unwrap_or_else(|e| panic!("{e}"));
        let mut player = Solver::new(&game, 0).unwrap_or_else(|e| panic!("{e}"));
        let start = Instant::now();
        let shortest = player.shortest_win(row.tmax).unwrap_or_else(|e| panic!("{e}"));
        let minimax = format!("{}/{:.2}s", shortest.map_or("no win".to_string(), |d| format!("win@{d}")), start.elapsed().as_secs_f64());
        let won = shortest.is_some();
        let agrees = if row.status == "won" { shortest == Some(row.tmax) } else { !won };
        if !agrees {
            failures.push(format!("{name}: paper says {} at {}, minimax {minimax}", row.status, row.tmax));
        }
        let (gd, gd_v) = qbf_verdict(&game, row.tmax, Encoding::General, timeout);
        let (sd, sd_v) = qbf_verdict(&game, row.tmax, Encoding::StrictTurns, timeout);
        let (before, before_v) = if row.status == "won" { qbf_verdict(&game, row.tmax - 1, Encoding::General, timeout) } else { ("-".into(), None) };
        for (label, v, expected) in [("GD", gd_v, won), ("SD", sd_v, won), ("GD at tmax-1", before_v, false)] {
            if v.is_some_and(|v| v != expected) {
                failures.push(format!("{name}: {label} verdict contradicts the reference player"));
            }
        }
        println!("{name:<26} {:>4} {:<8} {minimax:<22} {gd:<16} {sd:<16} {before:<16}", row.tmax, row.status);
    }
    if failures.is_empty() {
        println!("\nall rows agree with the paper and with the reference player");
        ExitCode::SUCCESS
    } else {
        println!("\nFAILURES:\n{}", failures.join("\n"));
        ExitCode::from(1)
    }
}
