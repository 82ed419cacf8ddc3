//! `qbfgames strategy first-move`: encode a game, read Black's first move from the
//! solver's `--qdo` assignment, and check it with the reference solver.
//!
//! Exit codes: 0 the move is valid; 1 it is invalid, or the solver's verdict contradicts
//! the reference solver; 2 nothing to check (Black does not win, and both agree).

use std::process::ExitCode;

use anyhow::{Context, Result};
use games::positional::bddl::BddlFiles;
use strategy::first_move::{
    first_move_bddl, first_move_gdl, first_move_geography, first_move_positional, FirstMove, FirstMoveError,
};

use super::{geography_encoding, load_bddl, load_gdl, load_geography, load_gttt, load_hex, load_pg, qdo_runner};
use crate::flags::games::PositionalEncoding;
use crate::flags::strategy::{FirstMoveModel, StrategyCmd, StrategyOpts};
use crate::output::write_atomically;

pub fn run(cmd: StrategyCmd) -> Result<ExitCode> {
    let StrategyCmd::FirstMove(model) = cmd;
    let (opts, found) = match &model {
        FirstMoveModel::Bddl { game, opts } => {
            (opts, first_move_bddl(&load_bddl(game)?, &qdo_runner(opts, game.size.budget()))?)
        }
        FirstMoveModel::Pg { game, opts } => {
            (opts, first_move_positional(&load_pg(game)?.game, &qdo_runner(opts, game.size.budget()))?)
        }
        FirstMoveModel::Gttt { game, opts } => {
            (opts, first_move_positional(&load_gttt(game)?.game, &qdo_runner(opts, game.size.budget()))?)
        }
        FirstMoveModel::Hex { game, encoding: PositionalEncoding::Corplus, opts } => {
            (opts, first_move_positional(&load_hex(game)?.game, &qdo_runner(opts, game.size.budget()))?)
        }
        FirstMoveModel::Hex { game, encoding: PositionalEncoding::Lifted, opts } => {
            let bddl = BddlFiles::new(&load_hex(game)?.game)?.game()?;
            (opts, first_move_bddl(&bddl, &qdo_runner(opts, game.size.budget()))?)
        }
        FirstMoveModel::Gdl { game: args, opts } => {
            let (game, encoding) = load_gdl(args, None)?;
            match first_move_gdl(&game, encoding, args.depth, &qdo_runner(opts, args.size.budget())) {
                Err(FirstMoveError::Map(e)) => {
                    return Err(e).with_context(|| format!("{}: no first move of Black to read", args.game))
                }
                found => (opts, found?),
            }
        }
        FirstMoveModel::Geography { game, encoding, opts } => {
            let (graph, rounds) = load_geography(game)?;
            let runner = qdo_runner(opts, game.size.budget());
            (opts, first_move_geography(&graph, geography_encoding(game, *encoding), rounds, &runner)?)
        }
    };
    report(opts, &found)
}

/// Writes the map if asked, prints the judgement and turns it into the exit code.
fn report(opts: &StrategyOpts, found: &FirstMove) -> Result<ExitCode> {
    if let Some(path) = &opts.map {
        write_atomically(path, |w| Ok(serde_json::to_writer_pretty(w, &found.map)?))?;
    }
    println!("{}", found.judgement);
    Ok(ExitCode::from(found.judgement.exit_code()))
}
