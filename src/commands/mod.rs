//! One file per command; [`run()`] dispatches. Commands turn flags into the libraries'
//! options, call them, print and return the exit code; no command imports another.

mod calibrate;
mod certify;
mod certify_qdimacs;
mod compare;
mod completions;
mod convert;
mod depth;
mod encode_bddl;
mod encode_gdl;
mod encode_gdl_asp;
mod encode_geography;
mod encode_positional;
mod generate;
mod hash;
mod list;
mod manifest;
mod package;
mod play;
mod report;
mod run;
mod select;
mod slurm;
mod slurm_collect;
mod slurm_shard;
mod solve_bddl;
mod solve_gdl;
mod solve_geography;
mod solve_positional;
mod solvers;
mod stats;
mod strategy;
mod suite;
mod tune;
mod verify;

use std::process::ExitCode;

use std::path::Path;
use std::time::Duration;

use ::certify::Tracer;
use ::strategy::qdo::{Program, QdoRunner};
use anyhow::{anyhow, bail, Context, Result};
use contract::{Budget, ParseError};
use encodings::corplus::Corplus;
use encodings::gdl::{GdlEncoding, PrefixMethod, Reason, Rules};
use encodings::geography::{GeoEncoding, Geography};
use games::bddl::Game;
use games::gdl::GroundGame;
use games::geography::{self as geo, Graph, Rule, Variant};
use games::positional::gttt::Gttt;
use games::positional::named::{LoadError, NamedGame};
use games::positional::Player;
use harness::{Executor, Invocation, Job, Limits, RealExecutor, Tools};
use suites::certified::Outcome;
use suites::Certify;

use crate::flags::games::{
    BddlGame, EncodeModel, GdlEncodingArg, GdlGame, GdlPrefixArg, GeoEncodingArg, GeoRuleArg, GeoVariantArg,
    GeographyGame, GraphGenerator, GtttArgs, HexArgs, PgArgs, PositionalEncoding, SolveModel,
};
use crate::flags::strategy::{QdoSolver, StrategyOpts};
use crate::flags::{Backend, Command, EncodeCmd, MatrixArgs, SolveCmd};
use crate::from_file::FromFile;

/// Runs a command; `Ok` carries the exit code (some commands, like a solver, answer with it).
pub fn run(command: Command) -> Result<ExitCode> {
    match command {
        Command::Stats { files, csv, json } => stats::run(&files, csv, json),
        Command::Convert { input, output, clauses } => convert::run(&input, &output, clauses.form()),
        Command::Hash { files, format } => hash::run(&files, format),
        Command::Suite(cmd) => suite::run(cmd),
        Command::List { what } => list::run(what),
        Command::Solvers { config, format } => solvers::run(&config, format),
        Command::Generate {
            suite,
            out,
            jobs,
            reach,
            recalibrate,
            config,
            certify,
            calibration_limit,
            competition_limit,
            backend,
            profile,
        } => {
            let ladders = generate::Ladders {
                reach,
                recalibrate,
                calibration_s: calibration_limit,
                competition_s: competition_limit,
                slurm: matches!(backend, crate::flags::Backend::Slurm),
                profile,
            };
            generate::run(&suite, out, jobs, &config, certify, &ladders)
        }
        Command::CertifyQdimacs { file, config, timeout, max_proof, memory, scratch } => {
            certify_qdimacs::run(&file, &config, Certify { timeout_s: timeout, memory, max_proof }, &scratch)
        }
        Command::Certify(args) => certify::run(&args),
        Command::Depth(args) => depth::run(&args),
        Command::Verify(args) => verify::run(&args),
        Command::Tune(args) => tune::run(&args),
        Command::Manifest(cmd) => manifest::run(cmd),
        Command::Package { dir, output, preprocessed, check } => {
            package::run(dir.as_deref(), output.as_deref(), preprocessed, check.as_deref())
        }
        Command::Select(args) => select::run(&args),
        Command::Calibrate(args) => calibrate::run(&args),
        Command::Encode(EncodeCmd { model }) => match model {
            EncodeModel::Bddl { game, format, clauses, output } => {
                encode_bddl::run(&game, format, clauses.form(), &output)
            }
            EncodeModel::Gdl(args) => encode_gdl::run(&args),
            EncodeModel::Geography(args) => encode_geography::run(&args),
            EncodeModel::GdlAsp { game, depth, output } => encode_gdl_asp::run(&game, depth, &output),
            EncodeModel::Pg { game, out } => {
                encode_positional::run(load_pg(&game)?, PositionalEncoding::Corplus, &out, game.size.budget())
            }
            EncodeModel::Gttt { game, out } => {
                encode_positional::run(load_gttt(&game)?, PositionalEncoding::Corplus, &out, game.size.budget())
            }
            EncodeModel::Hex { game, encoding, out } => {
                encode_positional::run(load_hex(&game)?, encoding, &out, game.size.budget())
            }
        },
        Command::Solve(SolveCmd { model, json }) => match model {
            SolveModel::Bddl { game, critical } => solve_bddl::run(&game, critical, json),
            SolveModel::Gdl(args) => solve_gdl::run(&args, json),
            SolveModel::Geography(args) => solve_geography::run(&args, json),
            SolveModel::Pg { game, solve } => solve_positional::run("pg", load_pg(&game)?, &solve, json),
            SolveModel::Gttt { game, solve } => solve_positional::run("gttt", load_gttt(&game)?, &solve, json),
            SolveModel::Hex { game, solve } => solve_positional::run("hex", load_hex(&game)?, &solve, json),
        },
        Command::Run(args) => match args.backend {
            Backend::Local => run::run(&args),
            Backend::Slurm => slurm::run(&args),
        },
        Command::Report { dir, out, scatter, compare, allow_starved } => {
            report::run(&dir, out, scatter, compare.as_deref(), allow_starved)
        }
        Command::Compare { a, b, csv } => compare::run(&a, &b, csv.as_deref()),
        Command::SlurmScript(args) => slurm::script(&args),
        Command::RunShard { dir, batch, shard } => slurm_shard::run(&dir, batch, shard),
        Command::RunWaveTask { dir, task } => {
            harness::wave::run_task(&dir, task)
                .with_context(|| format!("running task {task} of the wave in {}", dir.display()))?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Collect { dir, resubmit_failed, no_wait } => slurm_collect::run(&dir, resubmit_failed, no_wait),
        Command::Strategy(cmd) => strategy::run(cmd),
        Command::Play(cmd) => play::run(cmd),
        Command::Completions { shell } => completions::completions(shell),
        Command::Man { out } => completions::man(&out),
    }
}

/// Reads an input file, naming it in the error.
pub fn read_source(path: &str) -> Result<contract::Source> {
    Ok(contract::Source::read(path)?)
}

/// The harness's options of `qbfgames run`/`slurm-script` (local and Slurm alike): every
/// job but the rungs a ladder predicted (`DIR/ladders.csv`), unless `--predicted`.
fn run_options(args: &MatrixArgs) -> Result<harness::options::RunOptions> {
    let subset = if args.predicted {
        harness::Subset::All
    } else {
        let predicted = suites::ladder::predicted_jobs(&args.dir)?;
        if predicted.is_empty() {
            harness::Subset::All
        } else {
            errln!(
                "note: {} job(s) a ladder predicted past its calibration are not run (`select` predicts their times; --predicted runs them)",
                predicted.len()
            );
            harness::Subset::Without(predicted)
        }
    };
    Ok(harness::options::RunOptions {
        config: args.config.clone(),
        solvers: args.solvers.clone(),
        preprocessors: args.preprocessors.clone(),
        timeout_s: args.timeout,
        wall_timeout_s: args.wall_timeout,
        rerun_starved: args.rerun_starved,
        starved_retries: args.starved_retries,
        memory: args.memory.clone(),
        qbfgames_version: env!("CARGO_PKG_VERSION").to_string(),
        subset,
    })
}

/// Reads and checks a BDDL game's domain and problem files.
pub fn load_bddl(game: &BddlGame) -> Result<Game> {
    Ok(load_bddl_at(game)?.0)
}

/// [`load_bddl`], with the place of the problem's `#depth` when the depth is that one
/// (`None` with --depth).
pub fn load_bddl_at(game: &BddlGame) -> Result<(Game, Option<FromFile>)> {
    let domain = read_source(&game.domain)?;
    let problem = read_source(&game.problem)?;
    let loaded = games::bddl::load(&domain, &problem, game.depth)?;
    if let Some(past) = loaded.past_full_board() {
        // Named where the depth came from: the flag, or the problem file's `#depth`.
        let from = if game.depth.is_some() { "--depth" } else { game.problem.as_str() };
        errln!("warning: {from}: {past}");
    }
    let at = loaded.problem.depth_at.map(|offset| FromFile { source: problem, offset });
    Ok((loaded, at))
}

/// Loads and grounds a GDL game file within `budget`, with parse errors shown as
/// diagnostics; with a `horizon`, only what plays of at most that many steps reach.
pub fn load_ground(path: &str, budget: Budget, horizon: Option<u32>) -> Result<GroundGame> {
    let source = read_source(path)?;
    Ok(match horizon {
        Some(depth) => games::gdl::load_for_depth(source, budget, depth)?,
        None => games::gdl::load_within(source, budget)?,
    })
}

/// The index of the role named by `--first` (default: the first role).
pub fn role_index(game: &GroundGame, first: Option<&str>) -> Result<usize> {
    game.first_role(first).map_err(|e| anyhow!("--first {e}"))
}

/// A GDL game with the encoding of `--encoding`, `--prefix` and `--first` (without
/// `--encoding`, the one the game's structure calls for at `--depth`), and why it is that
/// one; grounded within `--max-size` (and `horizon`, see [`load_ground`]).
pub fn load_gdl(args: &GdlGame, horizon: Option<u32>) -> Result<(GroundGame, GdlEncoding, Reason)> {
    let game = load_ground(&args.game, args.size.budget(), horizon)?;
    let first = role_index(&game, args.first.as_deref())?;
    let prefix = match args.prefix {
        GdlPrefixArg::Gn => PrefixMethod::Naive,
        GdlPrefixArg::Gt => PrefixMethod::Time,
        GdlPrefixArg::Gd => PrefixMethod::Dependency,
    };
    let (encoding, reason) = match args.encoding {
        None => GdlEncoding::by_structure(&game, args.depth, prefix, first, args.size.budget())?,
        Some(asked) => {
            let rules = match asked {
                GdlEncodingArg::Ge => Rules::General,
                GdlEncodingArg::Sd => Rules::StrictTurns,
            };
            (GdlEncoding { rules, prefix, first }, Reason::Asked)
        }
    };
    Ok((game, encoding, reason))
}

/// The graph of `--graph` or `--generate`, and the rounds of `--rounds` (default: the first
/// line of the graph file).
pub fn load_geography(args: &GeographyGame) -> Result<(Graph, u32)> {
    let (graph, rounds, _) = load_geography_at(args)?;
    Ok((graph, rounds))
}

/// [`load_geography`], with the place of the rounds in the graph file when the rounds are
/// those (`None` with --rounds or a generated graph).
pub fn load_geography_at(args: &GeographyGame) -> Result<(Graph, u32, Option<FromFile>)> {
    let (graph, source) = match (&args.graph, args.generate) {
        (Some(path), _) => {
            let source = read_source(path)?;
            (Graph::parse(&source)?, Some(source))
        }
        (None, Some(generator)) => (generate_graph(args, generator)?, None),
        (None, None) => bail!("name the graph: --graph FILE, or --generate gnp|gnm|grid|torus|thesis-example"),
    };
    let rounds = args.rounds.or(graph.rounds()).ok_or_else(|| {
        anyhow!(
            "--rounds is needed: {} has no rounds of its own (a graph file has them on its first line)",
            graph_name(args)
        )
    })?;
    let at = match (args.rounds, source, graph.rounds_at()) {
        (None, Some(source), Some(offset)) => Some(FromFile { source, offset }),
        _ => None,
    };
    Ok((graph, rounds, at))
}

/// The graph as the flags name it: the file, or the generator and its parameters.
pub fn graph_name(args: &GeographyGame) -> String {
    if let Some(path) = &args.graph {
        return std::path::Path::new(path)
            .file_name()
            .map_or_else(|| path.clone(), |n| n.to_string_lossy().into_owned());
    }
    let shown = |flag: &str, value: Option<String>| value.map(|v| format!(" {flag}={v}")).unwrap_or_default();
    let generator = args.generate.map_or("graph", |g| match g {
        GraphGenerator::Gnp => "gnp",
        GraphGenerator::Gnm => "gnm",
        GraphGenerator::Grid => "grid",
        GraphGenerator::Torus => "torus",
        GraphGenerator::ThesisExample => "thesis-example",
    });
    format!(
        "{generator}{}{}{}{}{}{}",
        shown("n", args.n.map(|v| v.to_string())),
        shown("p", args.p.map(|v| v.to_string())),
        shown("m", args.m.map(|v| v.to_string())),
        shown("seed", args.seed.map(|v| v.to_string())),
        shown("w", args.w.map(|v| v.to_string())),
        shown("h", args.h.map(|v| v.to_string())),
    )
}

/// The graph of `--generate`, with the parameters its generator needs.
fn generate_graph(args: &GeographyGame, generator: GraphGenerator) -> Result<Graph> {
    fn need<T: Copy>(value: Option<T>, flag: &str, generator: &str) -> Result<T> {
        value.ok_or_else(|| anyhow!("--generate {generator} needs --{flag}"))
    }
    Ok(match generator {
        GraphGenerator::Gnp => {
            let p = need(args.p, "p", "gnp")?;
            if !(0.0..=1.0).contains(&p) {
                bail!("--p {p} is not a probability: write a number from 0 to 1");
            }
            geo::gnp(need(args.n, "n", "gnp")?, p, need(args.seed, "graph-seed", "gnp")?)
        }
        GraphGenerator::Gnm => {
            geo::gnm(need(args.n, "n", "gnm")?, need(args.m, "m", "gnm")?, need(args.seed, "graph-seed", "gnm")?)
        }
        GraphGenerator::Grid => geo::grid(need(args.w, "w", "grid")?, need(args.h, "h", "grid")?),
        GraphGenerator::Torus => geo::torus(need(args.w, "w", "torus")?, need(args.h, "h", "torus")?),
        GraphGenerator::ThesisExample => geo::thesis_example(),
    })
}

pub fn geography_variant(args: &GeographyGame) -> Variant {
    match args.variant {
        GeoVariantArg::Thesis => Variant::Thesis,
        GeoVariantArg::LastMover => Variant::LastMover,
    }
}

pub fn geography_rule(args: &GeographyGame) -> Rule {
    match args.rule {
        GeoRuleArg::Vertex => Rule::Vertex,
        GeoRuleArg::Edge => Rule::Edge,
    }
}

/// The encoding of `--encoding`, `--variant` and `--rule`.
pub fn geography_encoding(args: &GeographyGame, encoding: GeoEncodingArg) -> Geography {
    let encoding = match encoding {
        GeoEncodingArg::Onehot => GeoEncoding::OneHot,
        GeoEncodingArg::Compact => GeoEncoding::Compact,
    };
    Geography { encoding, variant: geography_variant(args), rule: geography_rule(args) }
}

/// The solver of `--solver` and `--timeout`, on formulas within `budget`.
pub fn qdo_runner(opts: &StrategyOpts, budget: Budget) -> QdoRunner {
    let program = match opts.solver {
        QdoSolver::Depqbf => Program::Depqbf,
        QdoSolver::Caqe => Program::Caqe,
    };
    QdoRunner { program, timeout: opts.timeout, budget }
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
    let fits = |gttt: &Gttt| Corplus::gttt_fits(gttt, args.depth.map(|d| d as u64), args.size.budget());
    let named = NamedGame::gttt(&args.shape, &args.pq, args.board, args.torus, first, !args.no_first_moves, fits);
    named.and_then(|n| n.cut(args.depth)).map_err(flag_error)
}

pub fn load_hex(args: &HexArgs) -> Result<NamedGame> {
    NamedGame::hex(&args.puzzle)?.cut(args.depth).map_err(flag_error)
}

/// DepQBF's tracer from the solvers file `config` (its `trace` command); `asked` names
/// what needs it.
pub fn depqbf_tracer(config: &Path, asked: &str) -> Result<Tracer> {
    let tools = Tools::load(config).with_context(|| format!("{asked} needs DepQBF from {}", config.display()))?;
    let tool = tools.solver("depqbf", config).with_context(|| format!("{asked} needs DepQBF's tracer"))?;
    Tracer::of(tool)?.ok_or_else(|| {
        anyhow!(
            "{asked} needs a `trace` command for `depqbf` in {}\n  help: add trace = [\"depqbf\", \"--trace\", \"--dep-man=simple\", \"--traditional-qcdcl\", \"--no-qbce-dynamic\", \"{{input}}\"] under [solver.depqbf]",
            config.display()
        )
    })
}

/// The exit codes of `certify-qdimacs` besides 10 and 20 (certified true and false).
pub mod certify_exit {
    pub const TIMED_OUT: u8 = 30;
    pub const REJECTED: u8 = 31;
    pub const FAILED: u8 = 32;
}

/// Certifies `file` in a child `qbfgames certify-qdimacs` (the executable `exe`) under
/// `limits`: its memory limit holds for DepQBF and for the proof checker alike, and the
/// child's CPU time (DepQBF, the proof check, the SAT check) is bounded by three times the
/// timeout and a minute. Returns the outcome and the child's standard output (`--qdo`
/// lines when certified).
pub fn certify_in_child(
    exe: &Path,
    config: &Path,
    file: &Path,
    limits: &Certify,
    scratch: &Path,
) -> std::io::Result<(Outcome, Vec<u8>)> {
    let show = |p: &Path| p.display().to_string();
    let args = vec![
        "certify-qdimacs".to_string(),
        show(file),
        "--config".to_string(),
        show(config),
        "--timeout".to_string(),
        limits.timeout_s.to_string(),
        "--max-proof".to_string(),
        limits.max_proof.to_string(),
        "--memory".to_string(),
        limits.memory.to_string(),
        "--scratch".to_string(),
        show(scratch),
    ];
    let invocation = Invocation { program: exe.to_path_buf(), args, ..Invocation::default() };
    let cpu = Duration::from_secs_f64(3.0 * limits.timeout_s + 60.0);
    let job = Job { invocation, limits: Limits::new(cpu, limits.memory), owner: None };
    let m = RealExecutor.execute(&job)?;
    let said = String::from_utf8_lossy(&m.stderr).trim().to_string();
    let said = said.strip_prefix("error: ").unwrap_or(&said).to_string();
    let outcome = match m.exit_code {
        Some(10) => Outcome::Certified(contract::Verdict::True),
        Some(20) => Outcome::Certified(contract::Verdict::False),
        Some(c) if c == i32::from(certify_exit::TIMED_OUT) => Outcome::TimedOut,
        Some(c) if c == i32::from(certify_exit::REJECTED) => Outcome::Rejected(said),
        Some(c) if c == i32::from(certify_exit::FAILED) => Outcome::Failed(said),
        _ if m.hit_time_limit() => Outcome::TimedOut,
        _ if limits.memory > 0
            && (m.peak_memory >= job.limits.memout_threshold() || said.contains("memory allocation of")) =>
        {
            Outcome::Failed(format!(
                "the certification needed more than its memory limit of {} (peak {} MiB); raise it (`memory` under [certify], --memory) if the machine has it",
                harness::format_memory(limits.memory),
                m.peak_memory >> 20
            ))
        }
        code => Outcome::Failed(format!(
            "the certification ended with {}{}",
            code.map_or_else(|| format!("signal {}", m.signal.unwrap_or(0)), |c| format!("exit code {c}")),
            if said.is_empty() { String::new() } else { format!(": {said}") }
        )),
    };
    Ok((outcome, m.stdout))
}
