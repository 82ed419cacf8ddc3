//! `qbfgames solve gdl`: the minimax reference solver; exit 10 (win) or 20 (no win).

use std::process::ExitCode;

use anyhow::Result;
use games::gdl::player::Solver;

use super::{load_ground, role_index};
use crate::flags::games::SolveGdl;

pub fn run(args: &SolveGdl) -> Result<ExitCode> {
    let game = load_ground(&args.game, args.size.budget(), Some(args.depth))?;
    let first = role_index(&game, args.first.as_deref())?;
    let role = game.store.display(game.roles[first]);
    let mut solver = Solver::new(&game, first)?;
    let won = if args.critical {
        match solver.shortest_win(args.depth)? {
            Some(d) => {
                match d {
                    0 => println!("{role} has won in the initial position"),
                    _ => println!("{role} wins within {d} steps and not within {}", d - 1),
                }
                true
            }
            None => {
                println!("{role} cannot force a win within {} steps", args.depth);
                false
            }
        }
    } else {
        let won = solver.wins_within(args.depth)?;
        println!("{role} {} force a win within {} steps", if won { "can" } else { "cannot" }, args.depth);
        won
    };
    eprintln!("{} positions expanded", solver.nodes());
    Ok(ExitCode::from(if won { 10 } else { 20 }))
}
