//! `qbfgames solve pg|gttt|hex`: the reference solver's verdict (exit 10 / 20).

use std::process::ExitCode;

use anyhow::Result;
use games::positional::solver::Solver;

use crate::flags::games::SolveOpts;
use crate::solved::Solved;
use games::positional::named::NamedGame;

pub fn run(model: &str, named: NamedGame, opts: &SolveOpts, json: bool) -> Result<ExitCode> {
    let mut solver = Solver::new(&named.game)?;
    let depth = named.game.depth();
    let mut out = Solved::new(json, model, &named.name, depth, "time points");
    let wins = if opts.critical {
        let critical = solver.critical_depth();
        out.set("critical", critical);
        match critical {
            Some(d) => out.say(format!("{}: Black wins; critical depth {d}", named.name)),
            None => out.say(format!("{}: Black cannot force a win within {depth} time points", named.name)),
        }
        critical.is_some()
    } else {
        let wins = solver.black_wins(depth)?;
        let verdict = if wins { "Black wins" } else { "Black does not win" };
        out.say(format!("{}: {verdict} within depth {depth}", named.name));
        wins
    };
    out.finish(wins)
}
