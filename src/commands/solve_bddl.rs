//! `qbfgames solve bddl`: the reference solver, answering like a QBF solver (exit 10 when
//! Black wins within the depth, 20 when not).

use std::process::ExitCode;

use anyhow::Result;
use generators::bddl::Solver;

use super::encode_bddl::load;
use crate::cli::BddlGame;

pub fn run(game: &BddlGame, critical: bool) -> Result<ExitCode> {
    let game = load(game)?;
    let depth = game.problem.depth.unwrap_or(0);
    let mut solver = Solver::new(&game)?;
    let wins = if critical {
        match solver.critical_depth(depth) {
            Some(d) => {
                println!("critical depth {d}");
                true
            }
            None => {
                println!("no win up to depth {depth}");
                false
            }
        }
    } else {
        solver.wins(depth)
    };
    if !critical {
        println!("{}", if wins { "Black wins" } else { "Black does not win" });
    }
    if let Some(m) = solver.winning_move(depth) {
        println!("winning first move: {} at ({},{})", m.action, m.x, m.y);
    }
    Ok(ExitCode::from(if wins { 10 } else { 20 }))
}
