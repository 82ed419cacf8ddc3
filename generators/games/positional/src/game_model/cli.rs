//! The command line of the positional models (feature `cli`): `encode`, `solve`,
//! `strategy first-move` and `play` of `pg`, `gttt` and `hex`. Doc comments of the clap
//! types here are `--help` text.

use crate::bddl::BddlFiles;
use crate::corplus::Corplus;
use crate::gttt::Gttt as GtttGame;
use crate::named::{LoadError, NamedGame};
use crate::solver::Solver;
use crate::strategy::first_move_positional;
use crate::Player;
use anyhow::{anyhow, Result};
use clap::{ArgMatches, Args, Command, Subcommand, ValueEnum};
use contract::{Budget, ParseError};
use game_bddl::lifted::Lifted;
use game_bddl::strategy::first_move_bddl;
use gamekit::cli::{write_atomically, SizeBudget, Solved};
use gamekit::errln;
use gamekit::first_move::FirstMove as Found;
use gamekit::play::QdoSolver;

use gamekit::Encoding;
use gamekit::ModelCli;
use gamekit::{command_of, parse, PlayResult, Session};
use qbf::tseitin::ClauseForm;
use std::path::PathBuf;
use std::process::ExitCode;

use super::{Gttt, Hex, Pg};

/// Selects a PG file.
#[derive(Args, Debug)]
pub struct PgArgs {
    /// The PG file.
    pub file: String,
    /// Keep only the first N time points (default: all of the file's #times).
    #[arg(long)]
    pub depth: Option<usize>,
    #[command(flatten)]
    pub size: SizeBudget,
}

/// Selects a GTTT game.
#[derive(Args, Debug)]
pub struct GtttArgs {
    /// A shape name (domino tic el elly fatty knobby tippy skinny snaky l), connect<k>, or cells like "00 10 11".
    // The text is the flag's help: `connect<k>` as the user types it, not HTML.
    #[allow(rustdoc::invalid_html_tags)]
    #[arg(long)]
    pub shape: String,
    /// The board is n×n.
    #[arg(long)]
    pub board: usize,
    /// Placements wrap around the edges.
    #[arg(long)]
    pub torus: bool,
    /// The first player claims q vertices, then each player claims p: `p,q`.
    #[arg(long, default_value = "1,1")]
    pub pq: String,
    /// White moves first.
    #[arg(long)]
    pub white_first: bool,
    /// Do not restrict the first move to one vertex per symmetry class.
    #[arg(long)]
    pub no_first_moves: bool,
    /// Number of time points (default: n², the whole board).
    #[arg(long)]
    pub depth: Option<usize>,
    #[command(flatten)]
    pub size: SizeBudget,
}

/// Selects a Hex puzzle.
#[derive(Args, Debug)]
pub struct HexArgs {
    /// The puzzle file (`n`, then b[cell] / w[cell] stones).
    // The text is the flag's help: `b[cell]` as the file holds it, not a link.
    #[allow(rustdoc::broken_intra_doc_links)]
    #[arg(long)]
    pub puzzle: String,
    /// Number of time points, Black first (default: the number of empty cells).
    #[arg(long)]
    pub depth: Option<usize>,
    #[command(flatten)]
    pub size: SizeBudget,
}

/// Where `encode` writes.
#[derive(Args, Debug)]
pub struct EncodeOut {
    /// The QDIMACS output (written atomically); `-` for standard output.
    #[arg(short, long, default_value = "-")]
    pub output: PathBuf,
    /// Also write the game as BDDL (`domain.bddl`, `problem.bddl`) into this directory.
    #[arg(long, value_name = "DIR")]
    pub emit_bddl: Option<PathBuf>,
}

/// What `solve` answers.
#[derive(Args, Debug)]
pub struct SolveOpts {
    /// Print the least depth at which Black wins (exit 10 if there is one, 20 if not).
    #[arg(long)]
    pub critical: bool,
}

/// Encodings of positional games.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum PositionalEncoding {
    /// Mayer-Eichberger and Saffidine's Corrective+ encoding.
    Corplus,
    /// The lifted BDDL encoding, from the game written as BDDL (explicit winning sets).
    Lifted,
}

#[derive(Subcommand, Debug)]
enum EncodePg {
    /// A positional game from a PG file, with the COR+ encoding (QDIMACS).
    #[command(
        after_help = "Examples:\n  qbfgames encode pg suite/games/pg/qubic_1_1_4x4x4.pg -o qubic.qdimacs\n  qbfgames encode pg suite/games/pg/qubic_1_1_4x4x4.pg --depth 9 --emit-bddl bddl/ -o qubic-d9.qdimacs"
    )]
    Pg {
        #[command(flatten)]
        game: PgArgs,
        #[command(flatten)]
        out: EncodeOut,
    },
}

#[derive(Subcommand, Debug)]
enum EncodeGttt {
    /// Generalized tic-tac-toe GTTT(p,q) on an n×n board, with the COR+ encoding (QDIMACS).
    #[command(
        after_help = "Examples:\n  qbfgames encode gttt --shape elly --board 4 --depth 9\n  qbfgames encode gttt --shape tippy --board 5 --torus --pq 2,1 --white-first --depth 11 -o t.qdimacs"
    )]
    Gttt {
        #[command(flatten)]
        game: GtttArgs,
        #[command(flatten)]
        out: EncodeOut,
    },
}

#[derive(Subcommand, Debug)]
enum EncodeHex {
    /// A Hex puzzle (Black to move), with the COR+ or the lifted encoding (QDIMACS).
    #[command(
        after_help = "Examples:\n  qbfgames encode hex --puzzle suite/games/hex/hein_04_3x3.hex --depth 5\n  qbfgames encode hex --puzzle suite/games/hex/hein_04_3x3.hex --depth 5 --encoding lifted --emit-bddl hex-bddl/ -o hex.qdimacs"
    )]
    Hex {
        #[command(flatten)]
        game: HexArgs,
        /// The encoding: COR+, or the lifted BDDL encoding of the puzzle written as BDDL.
        #[arg(long, value_enum, default_value_t = PositionalEncoding::Corplus)]
        encoding: PositionalEncoding,
        #[command(flatten)]
        out: EncodeOut,
    },
}

#[derive(Subcommand, Debug)]
enum SolvePg {
    /// A positional game from a PG file.
    #[command(
        after_help = "Example:\n  qbfgames solve pg suite/games/pg/qubic_1_1_4x4x4.pg --depth 3   # exit 20: no win within 3"
    )]
    Pg {
        #[command(flatten)]
        game: PgArgs,
        #[command(flatten)]
        solve: SolveOpts,
    },
}

#[derive(Subcommand, Debug)]
enum SolveGttt {
    /// Generalized tic-tac-toe GTTT(p,q).
    #[command(
        after_help = "Example:\n  qbfgames solve gttt --shape elly --board 4 --critical   # exit 10: Black wins"
    )]
    Gttt {
        #[command(flatten)]
        game: GtttArgs,
        #[command(flatten)]
        solve: SolveOpts,
    },
}

#[derive(Subcommand, Debug)]
enum SolveHex {
    /// A Hex puzzle (Black to move).
    #[command(
        after_help = "Example:\n  qbfgames solve hex --puzzle suite/games/hex/hein_09_4x4.hex --critical   # exit 10: Black wins"
    )]
    Hex {
        #[command(flatten)]
        game: HexArgs,
        #[command(flatten)]
        solve: SolveOpts,
    },
}

#[derive(Subcommand, Debug)]
enum FirstMovePg {
    /// A positional game from a PG file, COR+ encoding.
    Pg {
        #[command(flatten)]
        game: PgArgs,
    },
}

#[derive(Subcommand, Debug)]
enum FirstMoveGttt {
    /// Generalized tic-tac-toe, COR+ encoding.
    #[command(
        after_help = "Example:\n  qbfgames strategy first-move gttt --shape el --board 3 --depth 5 --solver caqe"
    )]
    Gttt {
        #[command(flatten)]
        game: GtttArgs,
    },
}

#[derive(Subcommand, Debug)]
enum FirstMoveHex {
    /// A Hex puzzle, COR+ or lifted encoding.
    #[command(
        after_help = "Example:\n  qbfgames strategy first-move hex --puzzle suite/games/hex/hein_04_3x3.hex --depth 5\n  qbfgames strategy first-move hex --puzzle suite/games/hex/hein_04_3x3.hex --depth 5 --encoding lifted"
    )]
    Hex {
        #[command(flatten)]
        game: HexArgs,
        /// The encoding: COR+, or the lifted encoding of the puzzle written as BDDL.
        #[arg(long, value_enum, default_value_t = PositionalEncoding::Corplus)]
        encoding: PositionalEncoding,
    },
}

#[derive(Subcommand, Debug)]
enum PlayPg {
    /// A positional game from a PG file.
    Pg {
        #[command(flatten)]
        game: PgArgs,
    },
}

#[derive(Subcommand, Debug)]
enum PlayGttt {
    /// Generalized tic-tac-toe.
    #[command(
        after_help = "Examples:\n  qbfgames play gttt --shape el --board 3 --depth 5\n  qbfgames play gttt --shape el --board 3 --depth 5 --auto --all\n  qbfgames play gttt --shape el --board 3 --depth 5 --auto --games 10 --seed 7"
    )]
    Gttt {
        #[command(flatten)]
        game: GtttArgs,
    },
}

#[derive(Subcommand, Debug)]
enum PlayHex {
    /// A Hex puzzle.
    Hex {
        #[command(flatten)]
        game: HexArgs,
        /// The encoding: COR+, or the lifted encoding of the puzzle written as BDDL.
        #[arg(long, value_enum, default_value_t = PositionalEncoding::Corplus)]
        encoding: PositionalEncoding,
    },
}

impl ModelCli for Pg {
    fn encode_command(&self) -> Option<Command> {
        Some(command_of::<EncodePg>())
    }
    fn encode(&self, matches: &ArgMatches) -> Result<ExitCode> {
        let EncodePg::Pg { game, out } = parse(matches)?;
        encode(load_pg(&game)?, PositionalEncoding::Corplus, &out, game.size.budget())
    }
    fn solve_command(&self) -> Option<Command> {
        Some(command_of::<SolvePg>())
    }
    fn solve(&self, matches: &ArgMatches, json: bool) -> Result<ExitCode> {
        let SolvePg::Pg { game, solve: opts } = parse(matches)?;
        solve("pg", load_pg(&game)?, &opts, json)
    }
    fn first_move_command(&self) -> Option<Command> {
        Some(command_of::<FirstMovePg>())
    }
    fn first_move_budget(&self, matches: &ArgMatches) -> Result<Budget> {
        let FirstMovePg::Pg { game } = parse(matches)?;
        Ok(game.size.budget())
    }
    fn first_move(&self, matches: &ArgMatches, solver: &mut QdoSolver<'_>) -> Result<Found> {
        let FirstMovePg::Pg { game } = parse(matches)?;
        Ok(first_move_positional(&load_pg(&game)?.game, solver)?)
    }
    fn play_command(&self) -> Option<Command> {
        Some(command_of::<PlayPg>())
    }
    fn play(&self, matches: &ArgMatches, session: &mut Session<'_>) -> Result<(String, PlayResult)> {
        let PlayPg::Pg { game } = parse(matches)?;
        play(load_pg(&game)?, game.size.budget(), session)
    }
}

impl ModelCli for Gttt {
    fn encode_command(&self) -> Option<Command> {
        Some(command_of::<EncodeGttt>())
    }
    fn encode(&self, matches: &ArgMatches) -> Result<ExitCode> {
        let EncodeGttt::Gttt { game, out } = parse(matches)?;
        encode(load_gttt(&game)?, PositionalEncoding::Corplus, &out, game.size.budget())
    }
    fn solve_command(&self) -> Option<Command> {
        Some(command_of::<SolveGttt>())
    }
    fn solve(&self, matches: &ArgMatches, json: bool) -> Result<ExitCode> {
        let SolveGttt::Gttt { game, solve: opts } = parse(matches)?;
        solve("gttt", load_gttt(&game)?, &opts, json)
    }
    fn first_move_command(&self) -> Option<Command> {
        Some(command_of::<FirstMoveGttt>())
    }
    fn first_move_budget(&self, matches: &ArgMatches) -> Result<Budget> {
        let FirstMoveGttt::Gttt { game } = parse(matches)?;
        Ok(game.size.budget())
    }
    fn first_move(&self, matches: &ArgMatches, solver: &mut QdoSolver<'_>) -> Result<Found> {
        let FirstMoveGttt::Gttt { game } = parse(matches)?;
        Ok(first_move_positional(&load_gttt(&game)?.game, solver)?)
    }
    fn play_command(&self) -> Option<Command> {
        Some(command_of::<PlayGttt>())
    }
    fn play(&self, matches: &ArgMatches, session: &mut Session<'_>) -> Result<(String, PlayResult)> {
        let PlayGttt::Gttt { game } = parse(matches)?;
        play(load_gttt(&game)?, game.size.budget(), session)
    }
}

impl ModelCli for Hex {
    fn encode_command(&self) -> Option<Command> {
        Some(command_of::<EncodeHex>())
    }
    fn encode(&self, matches: &ArgMatches) -> Result<ExitCode> {
        let EncodeHex::Hex { game, encoding, out } = parse(matches)?;
        encode(load_hex(&game)?, encoding, &out, game.size.budget())
    }
    fn solve_command(&self) -> Option<Command> {
        Some(command_of::<SolveHex>())
    }
    fn solve(&self, matches: &ArgMatches, json: bool) -> Result<ExitCode> {
        let SolveHex::Hex { game, solve: opts } = parse(matches)?;
        solve("hex", load_hex(&game)?, &opts, json)
    }
    fn first_move_command(&self) -> Option<Command> {
        Some(command_of::<FirstMoveHex>())
    }
    fn first_move_budget(&self, matches: &ArgMatches) -> Result<Budget> {
        let FirstMoveHex::Hex { game, .. } = parse(matches)?;
        Ok(game.size.budget())
    }
    fn first_move(&self, matches: &ArgMatches, solver: &mut QdoSolver<'_>) -> Result<Found> {
        let FirstMoveHex::Hex { game, encoding } = parse(matches)?;
        let named = load_hex(&game)?;
        Ok(match encoding {
            PositionalEncoding::Corplus => first_move_positional(&named.game, solver)?,
            PositionalEncoding::Lifted => first_move_bddl(&BddlFiles::new(&named.game)?.game()?, solver)?,
        })
    }
    fn play_command(&self) -> Option<Command> {
        Some(command_of::<PlayHex>())
    }
    fn play(&self, matches: &ArgMatches, session: &mut Session<'_>) -> Result<(String, PlayResult)> {
        let PlayHex::Hex { game, encoding } = parse(matches)?;
        let named = load_hex(&game)?;
        if encoding == PositionalEncoding::Corplus {
            return play(named, game.size.budget(), session);
        }
        let bddl = BddlFiles::new(&named.game)?.game()?;
        let played = session(&bddl, game.size.budget())?;
        Ok((format!("{} (lifted) at depth {}", named.name, bddl.depth()), played))
    }
}

/// The loaders' errors with the flags they are about, as the user gave them.
fn flag_error(e: LoadError) -> anyhow::Error {
    match e {
        LoadError::TooDeep { .. } => anyhow!("--depth {e}"),
        LoadError::TooDeepForFile { depth, turns, at } => anyhow!(ParseError {
            message: format!("--depth {depth} asks for more time points than the {turns} the file lists under #times"),
            help: format!("lower --depth to at most {turns}, or list more time points under #times"),
            ..*at
        }),
        LoadError::Shape(_) => anyhow!("--shape {e}"),
        LoadError::Pq(pq) => anyhow!("--pq {pq}: write two positive numbers p,q, e.g. --pq 2,1"),
        LoadError::NotPositive => anyhow!("--pq and --board must be positive"),
        e => e.into(),
    }
}

pub fn load_pg(args: &PgArgs) -> Result<NamedGame> {
    let (named, notes) = NamedGame::pg(&args.file)?;
    for note in &notes {
        errln!("note: {}: {note}", args.file);
    }
    named.cut(args.depth).map_err(flag_error)
}

pub fn load_gttt(args: &GtttArgs) -> Result<NamedGame> {
    let first = if args.white_first { Player::White } else { Player::Black };
    let fits = |gttt: &GtttGame| Corplus::gttt_fits(gttt, args.depth.map(|d| d as u64), args.size.budget());
    let named = NamedGame::gttt(&args.shape, &args.pq, args.board, args.torus, first, !args.no_first_moves, fits);
    named.and_then(|n| n.cut(args.depth)).map_err(flag_error)
}

pub fn load_hex(args: &HexArgs) -> Result<NamedGame> {
    NamedGame::hex(&args.puzzle)?.cut(args.depth).map_err(flag_error)
}

/// `qbfgames encode pg|gttt|hex`: COR+ (or, for Hex, the lifted encoding of the puzzle
/// written as BDDL) as QDIMACS, and optionally the BDDL files.
fn encode(named: NamedGame, encoding: PositionalEncoding, out: &EncodeOut, budget: Budget) -> Result<ExitCode> {
    let files = match (encoding, &out.emit_bddl) {
        (PositionalEncoding::Corplus, None) => None,
        _ => Some(BddlFiles::new(&named.game)?),
    };
    if let (Some(dir), Some(files)) = (&out.emit_bddl, &files) {
        write_atomically(&dir.join("domain.bddl"), |w| w.write_all(&files.domain))?;
        write_atomically(&dir.join("problem.bddl"), |w| w.write_all(&files.problem))?;
    }
    let form = ClauseForm::default();
    let (streamed, comment) = match (encoding, files) {
        (PositionalEncoding::Lifted, Some(files)) => {
            let game = files.game()?;
            let comment = format!("lifted BDDL encoding of {}, depth {}", named.name, game.depth());
            (Lifted.streamed(&game, game.depth(), form, budget)?, comment)
        }
        _ => {
            let comment = format!("COR+ encoding of {}, depth {}", named.name, named.game.turns.len());
            (Corplus.streamed(&named.game, named.game.depth(), form, budget)?, comment)
        }
    };
    write_atomically(&out.output, |w| streamed.write(w, &[&comment]))?;
    Ok(ExitCode::SUCCESS)
}

/// `qbfgames play pg|gttt|hex` (COR+): the game in `session`, named with its depth.
fn play(named: NamedGame, budget: Budget, session: &mut Session<'_>) -> Result<(String, PlayResult)> {
    let name = format!("{} at depth {}", named.name, named.game.turns.len());
    Ok((name, session(&named.game, budget)?))
}

/// `qbfgames solve pg|gttt|hex`: the reference solver's verdict (exit 10 / 20).
fn solve(model: &str, named: NamedGame, opts: &SolveOpts, json: bool) -> Result<ExitCode> {
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
