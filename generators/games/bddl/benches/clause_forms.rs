//! Tseitin vs Plaisted–Greenbaum clauses on game encodings: the sizes of the QDIMACS from
//! the lifted BDDL encoding under both clause forms, and DepQBF's time on each.
//!
//! Prints a table and the totals; asserts nothing. This is the measurement behind the
//! default of `tseitin::ClauseForm` (see the README).

use std::io;
use std::path::Path;
use std::time::{Duration, Instant};

use contract::Source;
use game_bddl as bddl;
use game_bddl::lifted::Lifted;
use gamekit::{Encoding, Form, Side};
use harness::{solve_qdimacs, solver, Outcome};
use qbf::io::write_qdimacs;
use qbf::tseitin::{to_cnf, ClauseForm};

const GAMES: &[(&str, &str, u32)] = &[
    ("breakthrough/domain.ig", "breakthrough/2x4.ig", 7),
    ("breakthrough/domain.ig", "breakthrough/2x4.ig", 9),
    ("connect/domain.ig", "connect/3x3_connect3.ig", 7),
    ("connect/domain.ig", "connect/3x3_connect3.ig", 9),
    ("domineering/domain.ig", "domineering/3x3.ig", 4),
    ("domineering/domain.ig", "domineering/4x3.ig", 7),
    ("positional/domain.ig", "httt/3x3_el.ig", 5),
    ("positional/domain.ig", "httt/3x3_tic.ig", 7),
    ("knightthrough/domain.ig", "knightthrough/3x4.ig", 5),
    ("evader-pursuer/domain.ig", "evader-pursuer/4x4_e-4-1_p-2-3.ig", 3),
];

const LIMIT: Duration = Duration::from_secs(60);

fn main() -> io::Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../suite/games/bddl");
    let solver = solver("depqbf")?;
    println!("| game | depth | clauses T | clauses PG | literals T | literals PG | DepQBF T (s) | DepQBF PG (s) |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let mut totals = [0f64; 2];
    let mut sizes = [0usize; 2];
    for &(domain, problem, depth) in GAMES {
        let read = |f: &str| Source::read(&root.join(f).display().to_string());
        let game =
            bddl::load(&read(domain)?, &read(problem)?, Some(depth)).map_err(|e| io::Error::other(e.to_string()))?;
        let qbf = Lifted
            .formula(&game, game.depth(), Side::Black, Form::Circuit)
            .ok()
            .and_then(|(q, _)| q.into_circuit())
            .expect("the lifted encoding is a circuit");
        let mut row = Vec::new();
        let mut times = Vec::new();
        for (k, form) in [ClauseForm::TSEITIN, ClauseForm::POLARITY].into_iter().enumerate() {
            let cnf = to_cnf(&qbf, form);
            let mut bytes = Vec::new();
            write_qdimacs(&mut bytes, &cnf, &[])?;
            sizes[k] += cnf.cnf.len();
            row.push((cnf.cnf.len(), cnf.cnf.num_literals()));
            let start = Instant::now();
            let outcome = solve_qdimacs(&solver, &bytes, LIMIT)?;
            let t = start.elapsed().as_secs_f64();
            totals[k] += t;
            times.push(match outcome {
                Outcome::Solved(_) => format!("{t:.2}"),
                other => format!("{other}"),
            });
        }
        println!(
            "| {problem} | {depth} | {} | {} | {} | {} | {} | {} |",
            row[0].0, row[1].0, row[0].1, row[1].1, times[0], times[1]
        );
    }
    println!(
        "\ntotal clauses: Tseitin {}, Plaisted–Greenbaum {} ({:.0}%)",
        sizes[0],
        sizes[1],
        100.0 * sizes[1] as f64 / sizes[0] as f64
    );
    println!("total DepQBF time: Tseitin {:.1} s, Plaisted–Greenbaum {:.1} s", totals[0], totals[1]);
    Ok(())
}
