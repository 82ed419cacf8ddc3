//! `qbfgames strategy first-move`: encode a game, read Black's first move from the
//! solver's `--qdo` assignment, and check it with the reference solver.
//!
//! Exit codes: 0 the move is valid; 1 it is invalid, or the solver's verdict contradicts
//! the reference solver; 2 nothing to check (Black does not win, and both agree).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use contract::Source;
use encodings::{corplus, lifted};
use encodings::{Assignment, Move, SymbolMap};
use games::bddl::Game;
use games::gdl::player::Solver as GdlSolver;
use games::positional::bddl::{write_domain, BddlProblem};
use harness::{find_program, Invocation, Outcome};
use qbf::formula::VarManager;
use qbf::io::write_qdimacs;
use qbf::io::QdimacsStream;
use qbf::tseitin::{to_cnf_into, ClauseForm};
use strategy::gdl::check_gdl;
use strategy::qdo::parse_qdo;
use strategy::validate::{check_bddl, check_positional, Check};

use super::encode_bddl::load;
use super::encode_gdl::LoadedGdl;
use super::positional::{self, NamedGame};
use crate::flags::games::GdlGame;
use crate::flags::games::PositionalEncoding;
use crate::flags::strategy::{FirstMoveModel, QdoSolver, StrategyCmd, StrategyOpts};
use crate::output::write_atomically;

pub fn run(cmd: StrategyCmd) -> Result<ExitCode> {
    match cmd {
        StrategyCmd::FirstMove(model) => match model {
            FirstMoveModel::Bddl { game, opts } => first_move_bddl(load(&game)?, &opts),
            FirstMoveModel::Pg { game, opts } => first_move_positional(positional::load_pg(&game)?, &opts),
            FirstMoveModel::Gttt { game, opts } => first_move_positional(positional::load_gttt(&game)?, &opts),
            FirstMoveModel::Hex { game, encoding: PositionalEncoding::Corplus, opts } => {
                first_move_positional(positional::load_hex(&game)?, &opts)
            }
            FirstMoveModel::Hex { game, encoding: PositionalEncoding::Lifted, opts } => {
                first_move_bddl(as_bddl(&positional::load_hex(&game)?)?, &opts)
            }
            FirstMoveModel::Gdl { game, opts } => first_move_gdl(&game, &opts),
        },
    }
}

/// The solver's program: DepQBF on PATH, CAQE as pyqbf's `tools/bin/pyqbf-caqe`.
fn solver_path(solver: QdoSolver) -> Result<PathBuf> {
    match solver {
        QdoSolver::Depqbf => Ok(harness::depqbf()?),
        QdoSolver::Caqe => {
            let local = Path::new("tools/bin/pyqbf-caqe");
            if local.is_file() {
                return Ok(local.to_path_buf());
            }
            find_program("pyqbf-caqe").context(
                "--solver caqe: tools/bin/pyqbf-caqe is missing and pyqbf-caqe is not on PATH; run `make solvers`",
            )
        }
    }
}

/// Runs the solver with `--qdo` on a QDIMACS file; returns its verdict and assignment.
pub fn solve_qdo(opts: &StrategyOpts, qdimacs: &Path) -> Result<(bool, Assignment)> {
    let program = solver_path(opts.solver)?;
    let mut args = vec!["--qdo".to_string()];
    if opts.solver == QdoSolver::Caqe {
        // Miniscoping splits the prefix into a tree, after which CAQE may print no value
        // for the outermost block (seen on false instances, whose universal values are
        // White's move); without it the block is printed.
        args.extend(["--miniscoping".to_string(), "0".to_string()]);
    }
    args.push(qdimacs.display().to_string());
    let inv = Invocation { program: program.clone(), args };
    let run = harness::run(&inv, Duration::from_secs(opts.timeout))?;
    if !matches!(run.outcome, Outcome::Solved(_)) {
        bail!(
            "{} gave no answer within {} s ({:?}); raise --timeout or use a smaller depth",
            program.display(),
            opts.timeout,
            run.outcome
        );
    }
    parse_qdo(&String::from_utf8_lossy(&run.stdout))
        .map_err(|e| anyhow::anyhow!("{}: unexpected --qdo output: {e}", program.display()))
}

/// Prints the result of a check and turns it into the exit code.
fn report(
    opts: &StrategyOpts,
    answer: (bool, Assignment),
    map: &SymbolMap,
    depth: usize,
    reference_wins: impl FnOnce() -> Result<bool>,
    check: impl FnOnce(&Move) -> Result<Check>,
) -> Result<ExitCode> {
    if let Some(path) = &opts.map {
        write_atomically(path, |w| Ok(serde_json::to_writer_pretty(w, map)?))?;
    }
    let (verdict, assignment) = answer;
    if !verdict {
        return Ok(if reference_wins()? {
            println!(
                "invalid: the solver says Black does not win within {depth}, the reference solver says Black does"
            );
            ExitCode::from(1)
        } else {
            println!("no strategy: Black does not win within {depth} (solver and reference solver agree)");
            ExitCode::from(2)
        });
    }
    let mv = map.decode(&assignment);
    match check(&mv)? {
        Check::Valid => {
            println!("valid: {mv}");
            Ok(ExitCode::SUCCESS)
        }
        Check::Invalid { reason, position } => {
            println!("invalid: {mv} at {position}: {reason}");
            Ok(ExitCode::from(1))
        }
    }
}

/// A positional game written as BDDL (occupy actions, explicit winning sets) and read back,
/// as `encode hex --encoding lifted` does.
pub fn as_bddl(named: &NamedGame) -> Result<Game> {
    let problem = BddlProblem::new(&named.game)?;
    let (mut domain_text, mut problem_text) = (Vec::new(), Vec::new());
    write_domain(&mut domain_text)?;
    problem.write(&mut problem_text)?;
    Ok(games::bddl::load(
        &Source::from_bytes("domain.bddl", domain_text),
        &Source::from_bytes("problem.bddl", problem_text),
        None,
    )?)
}

fn first_move_bddl(game: Game, opts: &StrategyOpts) -> Result<ExitCode> {
    let qbf = lifted::encode(&game);
    let map = lifted::first_move_map(&game, &qbf)?;
    let mut stream = QdimacsStream::new()?;
    let prefix = to_cnf_into(&qbf, ClauseForm::default(), &mut stream);
    let mut file = tempfile::Builder::new().suffix(".qdimacs").tempfile()?;
    stream.finish(&mut file, qbf.vars.max_index(), &prefix, &[])?;
    file.flush()?;
    let answer = solve_qdo(opts, file.path())?;
    let depth = game.depth();
    let reference = || Ok(games::bddl::Solver::new(&game)?.wins(depth));
    report(opts, answer, &map, depth as usize, reference, |mv| Ok(check_bddl(&game, mv)?))
}

fn first_move_positional(named: NamedGame, opts: &StrategyOpts) -> Result<ExitCode> {
    let game = named.game;
    let mut stream = QdimacsStream::new()?;
    let mut vars = VarManager::new();
    let prefix = corplus::encode(&game, &mut stream, &mut vars);
    let map = corplus::first_move_map(&game, &prefix)?;
    let mut file = tempfile::Builder::new().suffix(".qdimacs").tempfile()?;
    stream.finish(&mut file, vars.max_index(), &prefix, &[])?;
    file.flush()?;
    let answer = solve_qdo(opts, file.path())?;
    let depth = game.turns.len();
    let reference = || Ok(games::positional::solver::Solver::new(&game)?.black_wins(depth)?);
    report(opts, answer, &map, depth, reference, |mv| Ok(check_positional(&game, mv)?))
}

fn first_move_gdl(args: &GdlGame, opts: &StrategyOpts) -> Result<ExitCode> {
    let loaded = LoadedGdl::load(args)?;
    let (qbf, map) = loaded.setup().options(args.depth).encode_with_map(&loaded.game)?;
    let map = map.with_context(|| format!("{}: no first move of Black to read", args.game))?;
    let mut file = tempfile::Builder::new().suffix(".qdimacs").tempfile()?;
    write_qdimacs(&mut file, &qbf, &[])?;
    file.flush()?;
    let answer = solve_qdo(opts, file.path())?;
    let mut player = GdlSolver::new(&loaded.game, loaded.first)?;
    let start = player.initial();
    let reference_wins = player.wins_from(&start, args.depth)?;
    let check = |mv: &Move| Ok(check_gdl(&mut player, &loaded.game, &start, mv, args.depth)?);
    report(opts, answer, &map, args.depth as usize, || Ok(reference_wins), check)
}
