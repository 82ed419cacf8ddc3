//! `qbfgames solve geography`: the reference solver over the plays; exit 10 (the first
//! player wins) or 20 (not).

use std::process::ExitCode;

use anyhow::Result;
use games::geography::Solver;

use super::{geography_rule, geography_variant, load_geography};
use crate::flags::games::SolveGeography;

pub fn run(args: &SolveGeography) -> Result<ExitCode> {
    let (graph, rounds) = load_geography(&args.game)?;
    let mut solver = Solver::new(&graph, geography_variant(&args.game), geography_rule(&args.game));
    let won = if args.critical {
        match solver.critical(rounds) {
            Some(r) => {
                println!("the first player wins within {r} rounds and not within {}", r - 1);
                true
            }
            None => {
                println!("the first player cannot force a win within {rounds} rounds");
                false
            }
        }
    } else {
        let won = solver.wins_within(rounds);
        println!("the first player {} force a win within {rounds} rounds", if won { "can" } else { "cannot" });
        won
    };
    Ok(ExitCode::from(if won { 10 } else { 20 }))
}
