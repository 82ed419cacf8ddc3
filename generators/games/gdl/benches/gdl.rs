//! GDL translation: size of Breakthrough 3×4 at depth 19 against the paper's Table 3,
//! and the time from the game file to the QDIMACS bytes.
//!
//! Run with `cargo bench -p generators --bench gdl`; prints numbers, asserts nothing.

use std::time::{Duration, Instant};

use contract::Source;
use game_gdl::encoding::{GdlEncoding, PrefixMethod, Rules, Size};
use game_gdl::load;
use gamekit::{Encoding, Form, Side};
use qbf::io::write_qdimacs;
use qbf::tseitin::ClauseForm;

const GAME: &str = "breakthrough-3x4";
const DEPTH: u32 = 19;
const RUNS: usize = 21;

fn root() -> String {
    format!("{}/../..", env!("CARGO_MANIFEST_DIR"))
}

/// The published sizes: `measure -> (GD-plain, SD-plain)`.
fn published() -> Vec<(String, String, String)> {
    let path = format!("{}/suite/published/gdl-aamas2024-table3.csv", root());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut rows = text.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = rows.next().unwrap_or_default().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap_or_else(|| panic!("{path}: no column {name}"));
    let (gd, sd) = (col("GD-plain"), col("SD-plain"));
    rows.map(|l| {
        let f: Vec<&str> = l.split(',').collect();
        (f[0].to_string(), f[gd].to_string(), f[sd].to_string())
    })
    .collect()
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let path = format!("{}/suite/games/gdl/{GAME}.kif", root());
    let source = Source::read(&path).unwrap_or_else(|e| panic!("{e}"));
    let mut sizes = Vec::new();
    println!("{GAME} at depth {DEPTH}: file -> ground game -> QBF -> QDIMACS bytes (median of {RUNS} runs)");
    for (label, rules) in [("GD", Rules::General), ("SD", Rules::StrictTurns)] {
        let options = GdlEncoding { rules, prefix: PrefixMethod::Dependency, first: 0 };
        let mut total = Vec::new();
        let mut ground = Vec::new();
        let mut size = None;
        for _ in 0..RUNS {
            let start = Instant::now();
            let game = load(source.clone()).unwrap_or_else(|e| panic!("{e}"));
            ground.push(start.elapsed());
            let (qbf, _) = options
                .formula(&game, DEPTH, Side::Black, Form::Clauses(ClauseForm::default()))
                .unwrap_or_else(|e| panic!("{e}"));
            let qbf = qbf.into_cnf(ClauseForm::default());
            let mut bytes = Vec::new();
            write_qdimacs(&mut bytes, &qbf, &[]).unwrap_or_else(|e| panic!("{e}"));
            total.push(start.elapsed());
            size = Some(Size::of(&qbf));
        }
        let (g, t) = (median(ground), median(total));
        println!("  {label}: total {:.1} ms (parse + ground {:.1} ms)", t.as_secs_f64() * 1e3, g.as_secs_f64() * 1e3);
        sizes.push(size.unwrap_or_else(|| panic!("no runs")));
    }
    println!("\nsize against He, Saffidine, Thielscher (AAMAS 2024), Table 3 (plain, before bloqqer):");
    println!("  {:<18} {:>9} {:>9} {:>9} {:>9}", "measure", "GD paper", "GD ours", "SD paper", "SD ours");
    for (measure, gd, sd) in published() {
        let ours = |s: &Size| match measure.as_str() {
            "vars" => Some(s.vars),
            "universal" => Some(s.universal),
            "clauses" => Some(s.clauses),
            "quantifier_blocks" => Some(s.blocks),
            _ => None,
        };
        if let (Some(a), Some(b)) = (ours(&sizes[0]), ours(&sizes[1])) {
            println!("  {measure:<18} {gd:>9} {a:>9} {sd:>9} {b:>9}");
        }
    }
}
