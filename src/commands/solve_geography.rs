//! `qbfgames solve geography`: the reference solver over the plays; exit 10 (the first
//! player wins within the rounds) or 20 (not). `--critical` also prints the round limit
//! at which the value changes.

use std::process::ExitCode;

use anyhow::Result;
use clap::ValueEnum;
use games::geography::{Solver, Variant};

use super::{geography_rule, geography_variant, load_geography};
use crate::flags::games::{GeographyGame, SolveGeography};
use crate::solved::Solved;

pub fn run(args: &SolveGeography, json: bool) -> Result<ExitCode> {
    let (graph, rounds) = load_geography(&args.game)?;
    let variant = geography_variant(&args.game);
    let mut solver = Solver::new(&graph, variant, geography_rule(&args.game));
    let mut out = Solved::new(json, "geography", &graph_name(&args.game), rounds, "rounds");
    let won = solver.wins_within(rounds)?;
    out.say(format!("the first player {} force a win within {rounds} rounds", if won { "can" } else { "cannot" }));
    if args.critical {
        let critical = solver.critical(rounds)?;
        out.set("critical", critical);
        out.say(match (variant, critical) {
            (Variant::LastMover, Some(r)) => {
                format!("critical: {r} rounds, the fewest within which the first player wins")
            }
            (Variant::LastMover, None) => {
                format!("critical: none; the first player wins within no round limit up to {rounds}")
            }
            (Variant::Thesis, Some(r)) => {
                format!("critical: {r} rounds, the fewest within which the second player can leave the first stuck")
            }
            (Variant::Thesis, None) => {
                format!("critical: none; the first player survives every round limit up to {rounds}")
            }
        });
    }
    errln!("{} positions expanded", solver.expanded());
    out.set("positions", solver.expanded());
    out.finish(won)
}

/// The graph file, or the generator that made the graph.
fn graph_name(game: &GeographyGame) -> String {
    match (&game.graph, game.generate.and_then(|g| g.to_possible_value())) {
        (Some(file), _) => file.clone(),
        (None, Some(generator)) => format!("generated {}", generator.get_name()),
        (None, None) => String::new(),
    }
}
