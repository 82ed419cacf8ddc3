//! Loading positional games from the command-line selectors (PG file, GTTT, Hex puzzle).

use std::path::Path;

use anyhow::{bail, Context, Result};
use games::positional::gttt::{Gttt, Shape};
use games::positional::hex::read_hex;
use games::positional::pg::read_pg;
use games::positional::{Player, PositionalGame};

use super::read_source;
use crate::flags::games::{GtttArgs, HexArgs, PgArgs};

/// A game with a name for comments and messages.
pub struct NamedGame {
    pub name: String,
    pub game: PositionalGame,
}

fn base_name(path: &str) -> String {
    Path::new(path).file_name().map_or_else(|| path.to_string(), |n| n.to_string_lossy().into_owned())
}

fn cut(game: PositionalGame, depth: Option<usize>, flag_hint: &str) -> Result<PositionalGame> {
    match depth {
        None => Ok(game),
        Some(d) => {
            let turns = game.turns.len();
            game.with_depth(d)
                .with_context(|| format!("--depth {d} is more than the game's {turns} time points; {flag_hint}"))
        }
    }
}

pub fn load_pg(args: &PgArgs) -> Result<NamedGame> {
    let source = read_source(&args.file)?;
    let file = read_pg(&source)?;
    for note in &file.notes {
        eprintln!("note: {}: {note}", args.file);
    }
    let game = cut(file.game, args.depth, "list more time points under #times")?;
    Ok(NamedGame { name: base_name(&args.file), game })
}

pub fn load_gttt(args: &GtttArgs) -> Result<NamedGame> {
    let Some(shape) = Shape::parse(&args.shape) else {
        bail!("--shape {}: not a shape; use a name (domino tic el elly fatty knobby tippy skinny snaky l), connect<k>, or cells like \"00 10 11\"", args.shape);
    };
    let pq: Vec<usize> = args.pq.split(',').map(|s| s.trim().parse()).collect::<Result<_, _>>().unwrap_or_default();
    let [p, q] = pq[..] else {
        bail!("--pq {}: write two positive numbers p,q, e.g. --pq 2,1", args.pq);
    };
    if p == 0 || q == 0 || args.board == 0 {
        bail!("--pq and --board must be positive");
    }
    let first = if args.white_first { Player::White } else { Player::Black };
    let gttt = Gttt { shape, board: args.board, torus: args.torus, p, q, first, first_moves: !args.no_first_moves };
    let game = cut(gttt.game(), args.depth, "the board has n² time points")?;
    let torus = if args.torus { "_torus" } else { "" };
    let colour = if args.white_first { "w" } else { "b" };
    let name = format!("gttt_{p}_{q}_{}_{n}x{n}{torus}_{colour}", args.shape.replace(' ', ""), n = args.board);
    Ok(NamedGame { name, game })
}

pub fn load_hex(args: &HexArgs) -> Result<NamedGame> {
    let source = read_source(&args.puzzle)?;
    let puzzle = read_hex(&source)?;
    let game = cut(puzzle.game(), args.depth, "a Hex game lasts at most as many moves as there are empty cells")?;
    Ok(NamedGame { name: base_name(&args.puzzle), game })
}
