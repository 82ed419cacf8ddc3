//! The bridge from suites to encoders: builds each job's instance in-process with the
//! [`Encoding`] its model and `encoding` choose, and asks the reference solvers for
//! expected answers through `qbfgames solve`, run as a child process under the suite's time
//! budget (a child can be stopped; a thread cannot).

use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::generate::{Builder, Instance, SourceFile};
use crate::{Encoding as EncodingName, GdlPrefix, Job, ModelKind, OutFormat, Param};
use contract::{Budget, ParseError, Source, TooLarge, Verdict};
use encodings::corplus::Corplus;
use encodings::gdl::{GdlEncoding, PrefixMethod, Reason, Rules};
use encodings::geography::{GeoEncoding, Geography};
use encodings::lifted::Lifted;
use encodings::{EncodeError, Encoding, Form, MapError, Qbf, Side, SymbolMap};
use games::bddl;
use games::geography::{self as geo, Graph, Rule, Variant};
use games::positional::bddl::{BddlError, BddlFiles};
use games::positional::gttt::{parse_pq, Gttt, Shape};
use games::positional::hex::read_hex;
use games::positional::pg::{read_pg, write_pg};
use games::positional::{Player, PositionalGame};
use harness::{run, Invocation, Outcome};

/// Builds instances with the encoders of this binary.
pub struct Encoders {
    /// This executable, for `qbfgames solve`.
    pub exe: PathBuf,
}

/// Why a job could not be built or given its expected answer.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error("grid key `{key}` is {value}, not {what}")]
    Param { key: String, value: String, what: &'static str },
    #[error("{0}")]
    Io(#[from] io::Error),
    #[error(transparent)]
    Parse(#[from] ParseError),
    #[error(transparent)]
    Bddl(#[from] BddlError),
    #[error(transparent)]
    Encode(#[from] EncodeError),
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
    #[error(transparent)]
    Map(#[from] MapError),
    #[error("the game has no role `{0}`")]
    NoRole(String),
    #[error("{model} games have no {encoding} encoding")]
    NoEncoding { model: &'static str, encoding: &'static str },
    #[error("GDL families need explicit depths")]
    NoDepth,
    #[error("pq = \"{0}\": write two positive numbers, e.g. \"2,1\"")]
    Pq(String),
    #[error("unknown shape `{0}`")]
    Shape(String),
    #[error("board must be positive")]
    Board,
    #[error("model `{0}` is not a positional game")]
    NotPositional(&'static str),
    #[error("the graph {0} has no rounds of its own: give the family explicit depths (rounds)")]
    NoRounds(String),
    #[error("the reference solver failed ({outcome}): {stderr}")]
    Reference { outcome: String, stderr: String },
}

fn param(job: &Job, key: &str, what: &'static str) -> BuildError {
    BuildError::Param { key: key.to_string(), value: format!("{:?}", job.params.get(key)), what }
}

fn path_param(dir: &Path, job: &Job, key: &str) -> Result<PathBuf, BuildError> {
    match job.params.get(key) {
        Some(Param::Path(p)) => Ok(dir.join(p)),
        _ => Err(param(job, key, "a path")),
    }
}

fn str_param<'a>(job: &'a Job, key: &str) -> Result<&'a str, BuildError> {
    match job.params.get(key) {
        Some(Param::Str(s)) => Ok(s),
        _ => Err(param(job, key, "a string")),
    }
}

fn int_param(job: &Job, key: &str) -> Result<i64, BuildError> {
    match job.params.get(key) {
        Some(Param::Int(i)) => Ok(*i),
        _ => Err(param(job, key, "an integer")),
    }
}

pub(crate) fn read(dir: &Path, job: &Job, key: &str) -> Result<Source, BuildError> {
    Ok(Source::read(&path_param(dir, job, key)?.display().to_string())?)
}

fn first_role(job: &Job) -> Option<String> {
    match job.params.get("first") {
        Some(Param::Str(s)) if !s.is_empty() => Some(s.clone()),
        _ => None,
    }
}

fn pq(job: &Job) -> Result<(usize, usize), BuildError> {
    let text = str_param(job, "pq")?;
    match parse_pq(text) {
        Some((p, q)) if p > 0 && q > 0 => Ok((p, q)),
        _ => Err(BuildError::Pq(text.to_string())),
    }
}

/// Encodes `game` in each of `forms` (the first one's map is kept): the circuit of a
/// [`Form::Circuit`], the clauses of a [`Form::Clauses`].
fn instance<E: Encoding>(
    job: &Job,
    encoding: &E,
    game: &E::Game,
    depth: u32,
    forms: &[Form],
    sources: Vec<SourceFile>,
) -> Result<Instance, BuildError> {
    let mut out = Instance { circuit: None, cnf: None, sources, map: None, notes: Vec::new() };
    for (k, &form) in forms.iter().enumerate() {
        let (qbf, map) = encoding.formula_within(game, depth, Side::Black, form, job.family.budget)?;
        match qbf {
            Qbf::Circuit(c) => out.circuit = Some(c),
            Qbf::Clauses(c) => out.cnf = Some(c),
        }
        if k == 0 {
            out.map = optional_map(map)?;
        }
    }
    Ok(out)
}

/// A game's first-move map; none when Black does not move first (its first move is then
/// not in the outermost block), an error when encoder and map disagree.
fn optional_map(map: Result<SymbolMap, MapError>) -> Result<Option<SymbolMap>, BuildError> {
    match map {
        Ok(m) => Ok(Some(m)),
        Err(MapError::BlackNotFirst) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

/// The clausal shape of a job: a circuit encoding's clauses in the family's clause form
/// (the GDL encodings write their own clauses and ignore it).
fn clauses(job: &Job) -> Form {
    Form::Clauses(job.family.clause_form)
}

fn bddl_instance(dir: &Path, job: &Job) -> Result<Instance, BuildError> {
    let (domain, problem) = (read(dir, job, "domain")?, read(dir, job, "problem")?);
    let game = bddl::load(&domain, &problem, job.depth.plies())?;
    let sources = vec![
        SourceFile { label: "bddl-domain", bytes: domain.bytes },
        SourceFile { label: "bddl-problem", bytes: problem.bytes },
    ];
    instance(job, &Lifted, &game, game.depth(), &[Form::Circuit], sources)
}

fn gdl_instance(dir: &Path, job: &Job) -> Result<Instance, BuildError> {
    let source = read(dir, job, "game")?;
    let sources = vec![SourceFile { label: "gdl", bytes: source.bytes.clone() }];
    let game = match job.depth.plies() {
        Some(depth) => games::gdl::load_for_depth(source, job.family.budget, depth)?,
        None => games::gdl::load_within(source, job.family.budget)?,
    };
    let first = match first_role(job) {
        None => 0,
        Some(name) => game.role_index(&name).ok_or(BuildError::NoRole(name))?,
    };
    let depth = job.depth.plies().ok_or(BuildError::NoDepth)?;
    let asked = |rules, prefix| (GdlEncoding { rules, prefix, first }, Reason::Asked);
    let (encoding, reason) = match job.encoding {
        EncodingName::GdlGe(GdlPrefix::Gn) => asked(Rules::General, PrefixMethod::Naive),
        EncodingName::GdlGe(GdlPrefix::Gt) => asked(Rules::General, PrefixMethod::Time),
        EncodingName::GdlGe(GdlPrefix::Gd) => asked(Rules::General, PrefixMethod::Dependency),
        EncodingName::GdlSd => asked(Rules::StrictTurns, PrefixMethod::Dependency),
        EncodingName::GdlAuto => {
            GdlEncoding::by_structure(&game, depth, PrefixMethod::Dependency, first, job.family.budget)?
        }
        other => return Err(BuildError::NoEncoding { model: "GDL", encoding: other.name() }),
    };
    let forms: &[Form] =
        if job.outputs().contains(&OutFormat::Qcir) { &[clauses(job), Form::Circuit] } else { &[clauses(job)] };
    let mut out = instance(job, &encoding, &game, depth, forms, sources)?;
    if reason != Reason::Asked {
        out.notes.push(encoding.choice(&reason));
    }
    Ok(out)
}

/// A count of a geography generator (`n`, `m`, `w`, `h`): a positive integer.
fn count_param(job: &Job, key: &str) -> Result<usize, BuildError> {
    usize::try_from(int_param(job, key)?).ok().filter(|&n| n > 0).ok_or_else(|| param(job, key, "a positive integer"))
}

/// The graph of a geography job: its file, or its generator with the generator's keys.
fn geography_graph(dir: &Path, job: &Job) -> Result<Graph, BuildError> {
    let generator = match job.params.get("graph") {
        Some(Param::Path(_)) => return Ok(Graph::parse(&read(dir, job, "graph")?)?),
        Some(Param::Str(name)) => name.as_str(),
        _ => return Err(param(job, "graph", "a graph file or generator")),
    };
    let seed = |job: &Job| u64::try_from(int_param(job, "seed")?).map_err(|_| param(job, "seed", "a seed from 0"));
    Ok(match generator {
        "gnp" => {
            let p = match job.params.get("p") {
                Some(Param::Decimal(text)) => text.parse::<f64>().ok().filter(|p| (0.0..=1.0).contains(p)),
                _ => None,
            }
            .ok_or_else(|| param(job, "p", "a probability from 0 to 1"))?;
            geo::gnp(count_param(job, "n")?, p, seed(job)?)
        }
        "gnm" => geo::gnm(count_param(job, "n")?, count_param(job, "m")?, seed(job)?),
        "grid" => geo::grid(count_param(job, "w")?, count_param(job, "h")?),
        "torus" => geo::torus(count_param(job, "w")?, count_param(job, "h")?),
        "thesis-example" => geo::thesis_example(),
        _ => return Err(param(job, "graph", "a graph file or generator")),
    })
}

fn geography_variant(job: &Job) -> Result<Variant, BuildError> {
    str_param(job, "variant")?.parse().map_err(|_| param(job, "variant", "a variant"))
}

fn geography_rule(job: &Job) -> Result<Rule, BuildError> {
    str_param(job, "rule")?.parse().map_err(|_| param(job, "rule", "a rule"))
}

fn geography_instance(dir: &Path, job: &Job) -> Result<Instance, BuildError> {
    let graph = geography_graph(dir, job)?;
    let rounds = match job.depth.plies() {
        Some(r) => r,
        None => graph
            .rounds()
            .ok_or_else(|| BuildError::NoRounds(job.params.get("graph").map(Param::to_string).unwrap_or_default()))?,
    };
    let encoding = match job.encoding {
        EncodingName::GeoOneHot => GeoEncoding::OneHot,
        EncodingName::GeoCompact => GeoEncoding::Compact,
        other => return Err(BuildError::NoEncoding { model: "geography", encoding: other.name() }),
    };
    let geography = Geography { encoding, variant: geography_variant(job)?, rule: geography_rule(job)? };
    let forms: &[Form] =
        if job.outputs().contains(&OutFormat::Qcir) { &[clauses(job), Form::Circuit] } else { &[clauses(job)] };
    instance(job, &geography, &graph, rounds, forms, Vec::new())
}

/// The positional game of a `gttt`, `hex` or `pg` job, cut to the job's depth.
fn positional_game(dir: &Path, job: &Job) -> Result<PositionalGame, BuildError> {
    let game = match job.family.model {
        ModelKind::Gttt => {
            let shape_name = str_param(job, "shape")?;
            let shape = Shape::parse(shape_name).ok_or_else(|| BuildError::Shape(shape_name.to_string()))?;
            let board = usize::try_from(int_param(job, "board")?).ok().filter(|&b| b > 0).ok_or(BuildError::Board)?;
            let torus = matches!(job.params.get("torus"), Some(Param::Bool(true)));
            let first = if str_param(job, "first")? == "white" { Player::White } else { Player::Black };
            let (p, q) = pq(job)?;
            let gttt = Gttt { shape, board, torus, p, q, first, first_moves: job.family.symmetry_breaking };
            Corplus::gttt_fits(&gttt, job.depth.plies().map(u64::from), job.family.budget)?;
            gttt.game()
        }
        ModelKind::Hex => read_hex(&read(dir, job, "puzzle")?)?.game(),
        ModelKind::Pg => read_pg(&read(dir, job, "file")?)?.game,
        other => return Err(BuildError::NotPositional(other.name())),
    };
    match job.depth.plies() {
        None => Ok(game),
        Some(depth) => game.with_depth(depth).ok_or(EncodeError::TooDeep { depth, points: game.turns.len() }.into()),
    }
}

fn positional_instance(dir: &Path, job: &Job) -> Result<Instance, BuildError> {
    let game = positional_game(dir, job)?;
    let outputs = job.outputs();
    let mut sources = Vec::new();
    let bddl = if outputs.contains(&OutFormat::Bddl) || job.encoding == EncodingName::Lifted {
        Some(BddlFiles::new(&game)?)
    } else {
        None
    };
    if let (Some(files), true) = (&bddl, outputs.contains(&OutFormat::Bddl)) {
        sources.push(SourceFile { label: "bddl-domain", bytes: files.domain.clone() });
        sources.push(SourceFile { label: "bddl-problem", bytes: files.problem.clone() });
    }
    if outputs.contains(&OutFormat::Pg) {
        let mut text = Vec::new();
        write_pg(&mut text, &game, "positional game written by qbfgames")?;
        sources.push(SourceFile { label: "pg", bytes: text });
    }
    match (job.encoding, bddl) {
        (EncodingName::Corplus, _) => instance(job, &Corplus, &game, game.depth(), &[clauses(job)], sources),
        (EncodingName::Lifted, Some(files)) => {
            let bddl_game = files.game()?;
            instance(job, &Lifted, &bddl_game, bddl_game.depth(), &[Form::Circuit], sources)
        }
        (other, _) => Err(BuildError::NoEncoding { model: "positional", encoding: other.name() }),
    }
}

impl Encoders {
    /// `qbfgames solve …` for the job: the reference solver's run, as a child process.
    pub fn reference(&self, dir: &Path, job: &Job) -> Result<Invocation, BuildError> {
        let path = |key| path_param(dir, job, key).map(|p| p.display().to_string());
        let mut args: Vec<String> = match job.family.model {
            ModelKind::Bddl => vec![
                "solve".into(),
                "bddl".into(),
                "--domain".into(),
                path("domain")?,
                "--problem".into(),
                path("problem")?,
            ],
            ModelKind::Gdl => {
                let mut a = vec!["solve".into(), "gdl".into(), "--game".into(), path("game")?];
                if let Some(first) = first_role(job) {
                    a.extend(["--first".into(), first]);
                }
                a
            }
            ModelKind::Gttt => {
                let mut a: Vec<String> =
                    ["solve", "gttt", "--shape", str_param(job, "shape")?, "--board"].map(String::from).to_vec();
                a.push(int_param(job, "board")?.to_string());
                let (p, q) = pq(job)?;
                a.extend(["--pq".into(), format!("{p},{q}")]);
                if matches!(job.params.get("torus"), Some(Param::Bool(true))) {
                    a.push("--torus".into());
                }
                if str_param(job, "first")? == "white" {
                    a.push("--white-first".into());
                }
                if !job.family.symmetry_breaking {
                    a.push("--no-first-moves".into());
                }
                a
            }
            ModelKind::Hex => vec!["solve".into(), "hex".into(), "--puzzle".into(), path("puzzle")?],
            ModelKind::Pg => vec!["solve".into(), "pg".into(), path("file")?],
            ModelKind::Geography => geography_reference(dir, job)?,
        };
        if let Some(d) = job.depth.plies() {
            let flag = if job.family.model == ModelKind::Geography { "--rounds" } else { "--depth" };
            args.extend([flag.into(), d.to_string()]);
        }
        if job.family.budget != Budget::default() {
            args.extend(["--max-size".into(), job.family.budget.max_size.to_string()]);
        }
        Ok(Invocation { program: self.exe.clone(), args, ..Invocation::default() })
    }
}

/// `solve geography` with the job's graph (file or generator), variant and rule.
fn geography_reference(dir: &Path, job: &Job) -> Result<Vec<String>, BuildError> {
    let mut args: Vec<String> = vec!["solve".into(), "geography".into()];
    match job.params.get("graph") {
        Some(Param::Path(_)) => args.extend(["--graph".into(), path_param(dir, job, "graph")?.display().to_string()]),
        Some(Param::Str(generator)) => {
            args.extend(["--generate".into(), generator.clone()]);
            for key in ["n", "p", "m", "seed", "w", "h"] {
                if let Some(value) = job.params.get(key) {
                    let flag = if key == "seed" { "graph-seed" } else { key };
                    args.extend([format!("--{flag}"), value.to_string()]);
                }
            }
        }
        _ => return Err(param(job, "graph", "a graph file or generator")),
    }
    args.extend(["--variant".into(), str_param(job, "variant")?.to_string()]);
    args.extend(["--rule".into(), str_param(job, "rule")?.to_string()]);
    Ok(args)
}

impl Builder for Encoders {
    type Error = BuildError;

    fn build(&self, dir: &Path, job: &Job) -> Result<Instance, BuildError> {
        match job.family.model {
            ModelKind::Bddl => bddl_instance(dir, job),
            ModelKind::Gdl => gdl_instance(dir, job),
            ModelKind::Geography => geography_instance(dir, job),
            ModelKind::Gttt | ModelKind::Hex | ModelKind::Pg => positional_instance(dir, job),
        }
    }

    fn expected(&self, dir: &Path, job: &Job, budget: Duration) -> Result<Option<bool>, BuildError> {
        let inv = self.reference(dir, job)?;
        let done = run(&inv, budget)?;
        match done.outcome {
            Outcome::Solved(Verdict::True) => Ok(Some(true)),
            Outcome::Solved(Verdict::False) => Ok(Some(false)),
            Outcome::Timeout => Ok(None),
            other => Err(BuildError::Reference {
                outcome: other.to_string(),
                stderr: String::from_utf8_lossy(&done.stderr).trim().to_string(),
            }),
        }
    }
}
