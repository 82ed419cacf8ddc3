//! `qbfgames solve geography`: the reference solver over the plays; exit 10 (the first
//! player wins within the rounds) or 20 (not). `--critical` also prints the round limit
//! at which the value changes.

use std::process::ExitCode;

use anyhow::Result;
use games::geography::{Solver, Variant};

use super::{geography_rule, geography_variant, load_geography};
use crate::flags::games::SolveGeography;

pub fn run(args: &SolveGeography) -> Result<ExitCode> {
    let (graph, rounds) = load_geography(&args.game)?;
    let variant = geography_variant(&args.game);
    let mut solver = Solver::new(&graph, variant, geography_rule(&args.game));
    let won = solver.wins_within(rounds)?;
    println!("the first player {} force a win within {rounds} rounds", if won { "can" } else { "cannot" });
    if args.critical {
        let critical = solver.critical(rounds)?;
        match (variant, critical) {
            (Variant::LastMover, Some(r)) => {
                println!("critical: {r} rounds, the fewest within which the first player wins")
            }
            (Variant::LastMover, None) => {
                println!("critical: none; the first player wins within no round limit up to {rounds}")
            }
            (Variant::Thesis, Some(r)) => {
                println!("critical: {r} rounds, the fewest within which the second player can leave the first stuck")
            }
            (Variant::Thesis, None) => {
                println!("critical: none; the first player survives every round limit up to {rounds}")
            }
        }
    }
    eprintln!("{} positions expanded", solver.expanded());
    Ok(ExitCode::from(if won { 10 } else { 20 }))
}
