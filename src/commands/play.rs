//! `qbfgames play`: White against Black's strategy from a QBF solver, or (`--as black`)
//! Black against White's refutation.
//!
//! The solver's moves come from re-encoding the position with the remaining depth and
//! reading the first move from `--qdo` (Black's existential block, or White's universal
//! block of a false instance), checked by the reference solver. The user's moves are typed
//! (one per line on standard input; `help` lists the legal moves and the commands `undo`,
//! `hint`, `board` and `quit`), tried all (`--auto --all`), or drawn at random (`--auto
//! --games N --seed S`). The position is drawn after every move. Exit 0 when every game
//! ended as the solver promised (Black's win within the depth, or White holding), or the
//! user left it (`quit`, or the end of the input); 1 with the
//! instance, the failing line and the position otherwise; 2 when the instance has the
//! other value (the reference solver says so: play the other side).

use std::cell::RefCell;
use std::io::Write;
use std::process::ExitCode;

use anyhow::{bail, Result};
use contract::Budget;
use games::positional::bddl::BddlFiles;
use strategy::gdl::GdlSetup;
use strategy::play::{Failure, Played};
use strategy::session::{conclusion, session, Left, Mode, Playable, User};

use games::positional::named::NamedGame;

use models::bddl::load_bddl;
use models::gdl::load_gdl;
use models::geography::{geography_rule, geography_variant, graph_name, load_geography};
use models::positional::{load_gttt, load_hex, load_pg, PositionalEncoding};

use super::qdo_runner;
use crate::flags::strategy::{PlayCmd, PlayModel, PlayOpts, Side};

/// How a session ended: every game as the solver promised, or the first failure.
type Outcome = Result<Played, Failure>;

/// The user's side of the options.
fn user(opts: &PlayOpts) -> User {
    match opts.side {
        Side::White => User::White,
        Side::Black => User::Black,
    }
}

/// How the user's moves are made.
fn mode(opts: &PlayOpts) -> Result<Mode> {
    Ok(match (opts.auto, opts.all, opts.games) {
        (true, true, _) => Mode::All,
        (true, false, Some(games)) => Mode::Random { games, seed: opts.seed },
        (true, false, None) => bail!("--auto needs --all (every White reply) or --games N (random White replies)"),
        (false, ..) => Mode::Interactive,
    })
}

/// Plays `game` as the options ask, encoding its positions within `budget`; `Err` when
/// the user left the game (`quit` or the end of the input).
fn play(opts: &PlayOpts, game: Playable<'_>, budget: Budget) -> Result<Result<Outcome, Left>> {
    let out = RefCell::new(std::io::stdout());
    let runner = qdo_runner(&opts.strategy, budget);
    Ok(session(game, user(opts), mode(opts)?, &runner, std::io::stdin().lock(), &out, opts.verbose))
}

/// A positional game (COR+) played as the options ask, named with its depth.
fn positional(opts: &PlayOpts, named: NamedGame, budget: Budget) -> Result<(&PlayOpts, String, Result<Outcome, Left>)> {
    let name = format!("{} at depth {}", named.name, named.game.turns.len());
    Ok((opts, name, play(opts, Playable::Positional(&named.game), budget)?))
}

pub fn run(cmd: PlayCmd) -> Result<ExitCode> {
    let (opts, instance, result) = match &cmd.model {
        PlayModel::Bddl { game: args, play: opts } => {
            let game = load_bddl(args)?;
            (
                opts,
                format!("{} at depth {}", args.problem, game.depth()),
                play(opts, Playable::Bddl(&game), args.size.budget())?,
            )
        }
        PlayModel::Pg { game, play: opts } => positional(opts, load_pg(game)?, game.size.budget())?,
        PlayModel::Gttt { game, play: opts } => positional(opts, load_gttt(game)?, game.size.budget())?,
        PlayModel::Hex { game, encoding: PositionalEncoding::Corplus, play: opts } => {
            positional(opts, load_hex(game)?, game.size.budget())?
        }
        PlayModel::Hex { game, encoding: PositionalEncoding::Lifted, play: opts } => {
            let named = load_hex(game)?;
            let bddl = BddlFiles::new(&named.game)?.game()?;
            let played = play(opts, Playable::Bddl(&bddl), game.size.budget())?;
            (opts, format!("{} (lifted) at depth {}", named.name, bddl.depth()), played)
        }
        PlayModel::Gdl { game: args, play: opts } => {
            let (game, encoding, _) = load_gdl(args, None)?;
            let setup = GdlSetup { game: &game, encoding };
            let played = play(opts, Playable::Gdl(setup, args.depth), args.size.budget())?;
            (opts, format!("{} at depth {}", args.game, args.depth), played)
        }
        PlayModel::Geography { game: args, play: opts } => {
            let (graph, rounds) = load_geography(args)?;
            let game = Playable::Geography {
                graph: &graph,
                variant: geography_variant(args),
                rule: geography_rule(args),
                rounds,
            };
            let played = play(opts, game, args.size.budget())?;
            (opts, format!("geography {} within {rounds} rounds", graph_name(&args.graph)), played)
        }
    };
    let result = match result {
        Ok(result) => result,
        Err(left) => {
            let how = if left.input_ended { "The input ended" } else { "You quit" };
            writeln!(
                std::io::stdout(),
                "{how}: you left the game with {} to move in {instance}, at\n{}",
                left.side,
                left.board
            )?;
            return Ok(ExitCode::SUCCESS);
        }
    };
    let (code, message) = conclusion(&result, user(opts), mode(opts)?, &instance);
    if code == 2 {
        errln!("error: {message}");
    } else {
        writeln!(std::io::stdout(), "{message}")?;
    }
    Ok(ExitCode::from(code))
}
