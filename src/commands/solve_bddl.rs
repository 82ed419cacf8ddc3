//! `qbfgames solve bddl`: the reference solver, answering like a QBF solver (exit 10 when
//! Black wins within the depth, 20 when not).
//!
//! With `--critical` it tries the depths 1, 2, … in turn and prints one line per refuted
//! depth, so an interrupted run still shows the best lower bound.

use std::process::ExitCode;

use anyhow::Result;
use games::bddl::Solver;

use super::load_bddl;
use crate::flags::games::BddlGame;

pub fn run(game: &BddlGame, critical: bool) -> Result<ExitCode> {
    let game = load_bddl(game)?;
    let depth = game.depth();
    let mut solver = Solver::new(&game)?;
    let winning_depth = if critical {
        solver.critical_depth_telling(depth, &mut |d| println!("depth {d}: Black does not win"))
    } else {
        solver.wins(depth).then_some(depth)
    };
    match winning_depth {
        Some(d) => {
            println!("depth {d}: Black wins");
            if let Some(m) = solver.winning_move(d) {
                println!("winning first move: {} at ({},{})", m.action, m.x, m.y);
            }
            Ok(ExitCode::from(10))
        }
        None => {
            println!("Black does not win within depth {depth}");
            Ok(ExitCode::from(20))
        }
    }
}
