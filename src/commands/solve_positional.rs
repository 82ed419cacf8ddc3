//! `qbfgames solve pg|gttt|hex`: the reference solver's verdict (exit 10 / 20).

use std::process::ExitCode;

use anyhow::Result;
use games::positional::solver::Solver;

use crate::flags::games::SolveOpts;
use games::positional::named::NamedGame;

pub fn run(named: NamedGame, opts: &SolveOpts) -> Result<ExitCode> {
    let mut solver = Solver::new(&named.game)?;
    let depth = named.game.depth();
    let wins = if opts.critical {
        match solver.critical_depth() {
            Some(d) => {
                println!("{}: Black wins; critical depth {d}", named.name);
                true
            }
            None => {
                println!("{}: Black cannot force a win within {depth} time points", named.name);
                false
            }
        }
    } else {
        let wins = solver.black_wins(depth)?;
        let verdict = if wins { "Black wins" } else { "Black does not win" };
        println!("{}: {verdict} within depth {depth}", named.name);
        wins
    };
    Ok(ExitCode::from(if wins { 10 } else { 20 }))
}
