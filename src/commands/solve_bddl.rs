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
use crate::solved::Solved;

pub fn run(args: &BddlGame, critical: bool, json: bool) -> Result<ExitCode> {
    let game = load_bddl(args)?;
    let depth = game.depth();
    let mut solver = Solver::new(&game)?;
    let mut out = Solved::new(json, "bddl", &args.problem, depth, "plies");
    let winning_depth = if critical {
        let found = solver.critical_depth_telling(depth, &mut |d| out.say(format!("depth {d}: Black does not win")));
        out.set("critical", found);
        found
    } else {
        solver.wins(depth).then_some(depth)
    };
    match winning_depth {
        Some(d) => {
            out.say(format!("depth {d}: Black wins"));
            if let Some(m) = solver.winning_move(d) {
                let action = format!("{} at ({},{})", m.action, m.x, m.y);
                out.say(format!("winning first move: {action}"));
                out.set("winning_move", action);
            }
        }
        None => out.say(format!("Black does not win within depth {depth}")),
    }
    out.finish(winning_depth.is_some())
}
