//! `qbfgames solve gdl`: the minimax reference solver; exit 10 (win) or 20 (no win).

use std::process::ExitCode;

use anyhow::Result;
use games::gdl::player::Solver;

use super::{load_ground, role_index};
use crate::flags::games::SolveGdl;
use crate::solved::Solved;

pub fn run(args: &SolveGdl, json: bool) -> Result<ExitCode> {
    let game = load_ground(&args.game, args.size.budget(), Some(args.depth))?;
    let first = role_index(&game, args.first.as_deref())?;
    let role = game.store.display(game.roles[first]);
    let mut solver = Solver::new(&game, first)?;
    let mut out = Solved::new(json, "gdl", &args.game, args.depth, "steps");
    out.set("role", role.to_string());
    let won = if args.critical {
        let shortest = solver.shortest_win(args.depth)?;
        out.set("critical", shortest);
        match shortest {
            Some(0) => out.say(format!("{role} has won in the initial position")),
            Some(d) => out.say(format!("{role} wins within {d} steps and not within {}", d - 1)),
            None => out.say(format!("{role} cannot force a win within {} steps", args.depth)),
        }
        shortest.is_some()
    } else {
        let won = solver.wins_within(args.depth)?;
        out.say(format!("{role} {} force a win within {} steps", if won { "can" } else { "cannot" }, args.depth));
        won
    };
    errln!("{} positions expanded", solver.nodes());
    out.set("positions", solver.nodes());
    out.finish(won)
}
