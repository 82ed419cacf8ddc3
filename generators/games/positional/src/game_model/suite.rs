//! Positional games in suites: `model = "gttt"`, `"hex"` and `"pg"`, each game cut to the
//! job's depth, encoded in COR+ or (through the game written as BDDL) the lifted encoding.

use crate::bddl::BddlFiles;
use crate::corplus::Corplus;
use crate::gttt::SHAPE_NAMES;
use crate::gttt::{parse_pq, Gttt, Shape};
use crate::hex::read_hex;
use crate::pg::{read_pg, write_pg};
use crate::solver::Solver;
use crate::{Player, PositionalGame};
use game_bddl::game_model::{BDDL, LIFTED};
use game_bddl::lifted::Lifted;
use gamekit::Form;
use qbf::io::Format;

use gamekit::suite::{key, BuildError, Encoding, Instance, Kind, OutFormat, Request, Schema, Setup, SourceFile};
use gamekit::suite::{SourceFormat, Writes};

/// `corplus`: the COR+ encoding of a positional game, clauses only.
pub const CORPLUS: Encoding = Encoding::new("corplus", Writes::Clauses);

/// `pg`: the positional game as a PG file.
pub const PG_FILE: OutFormat = OutFormat::Source(SourceFormat { name: "pg", files: &[("pg", "pg")] });

/// Every format a positional game can be written in.
const FORMATS: [OutFormat; 4] = [OutFormat::Qbf(Format::Qcir), OutFormat::Qbf(Format::Qdimacs), BDDL, PG_FILE];

/// `model = "gttt"`: a shape on a board.
pub const GTTT: Schema = Schema {
    keys: &[
        key("shape", Kind::Str(Some(&SHAPE_NAMES)), None),
        key("board", Kind::Int, None),
        key("torus", Kind::Bool, Some("false")),
        key("pq", Kind::Str(None), Some("1,1")),
        key("first", Kind::Str(Some(&["black", "white"])), Some("black")),
    ],
    template_keys: false,
    encodings: &[CORPLUS, LIFTED],
    default_encoding: None,
    formats: &FORMATS,
    model_depth: true,
    odd_depths: false,
};

/// `model = "hex"`: a puzzle file.
pub const HEX: Schema = Schema {
    keys: &[key("puzzle", Kind::Path, None)],
    template_keys: true,
    encodings: &[CORPLUS, LIFTED],
    default_encoding: None,
    formats: &FORMATS,
    model_depth: false,
    odd_depths: true,
};

/// `model = "pg"`: a PG file.
pub const PG: Schema = Schema {
    keys: &[key("file", Kind::Path, None)],
    template_keys: true,
    encodings: &[CORPLUS],
    default_encoding: None,
    formats: &[OutFormat::Qbf(Format::Qdimacs), PG_FILE],
    model_depth: true,
    odd_depths: false,
};

/// How a positional model makes its game from a job's grid keys.
pub type Load = fn(&Setup) -> Result<PositionalGame, BuildError>;

/// A GTTT job's grid key that names no game.
#[derive(Debug, thiserror::Error)]
pub enum GtttKeyError {
    #[error("pq = \"{0}\": write two positive numbers, e.g. \"2,1\"")]
    Pq(String),
    #[error("unknown shape `{0}`")]
    Shape(String),
    #[error("board must be positive")]
    Board,
}

impl From<GtttKeyError> for BuildError {
    fn from(e: GtttKeyError) -> BuildError {
        BuildError::Game(Box::new(e))
    }
}

/// The GTTT game of a job's keys, refused before it is built when its formula would pass
/// the job's budget.
pub fn gttt(setup: &Setup) -> Result<PositionalGame, BuildError> {
    let shape_name = setup.str("shape")?;
    let shape = Shape::parse(shape_name).ok_or_else(|| GtttKeyError::Shape(shape_name.to_string()))?;
    let board = usize::try_from(setup.int("board")?).ok().filter(|&b| b > 0).ok_or(GtttKeyError::Board)?;
    let first = if setup.str("first")? == "white" { Player::White } else { Player::Black };
    let pq = setup.str("pq")?;
    let (p, q) = match parse_pq(pq) {
        Some((p, q)) if p > 0 && q > 0 => (p, q),
        _ => return Err(GtttKeyError::Pq(pq.to_string()).into()),
    };
    let gttt = Gttt { shape, board, torus: setup.flag("torus"), p, q, first, first_moves: setup.symmetry_breaking };
    Corplus::gttt_fits(&gttt, setup.depth.map(u64::from), setup.budget())?;
    Ok(gttt.game())
}

/// The Hex puzzle of a job's `puzzle` file.
pub fn hex(setup: &Setup) -> Result<PositionalGame, BuildError> {
    Ok(read_hex(&setup.read("puzzle")?)?.game())
}

/// The game of a job's PG `file`.
pub fn pg(setup: &Setup) -> Result<PositionalGame, BuildError> {
    Ok(read_pg(&setup.read("file")?)?.game)
}

/// Reads the model file of grid key `key` the first time a job names it.
pub fn check(
    setup: &Setup,
    first_time: &mut dyn FnMut(&str) -> bool,
    key: &str,
    load: Load,
) -> Result<Option<String>, BuildError> {
    if first_time(key) {
        load(setup)?;
    }
    Ok(None)
}

/// The game of a job, cut to its depth.
fn game(setup: &Setup, load: Load) -> Result<PositionalGame, BuildError> {
    let game = load(setup)?;
    match setup.depth {
        None => Ok(game),
        Some(depth) => game
            .with_depth(depth)
            .ok_or_else(|| gamekit::EncodeError::TooDeep { depth, points: game.turns.len() }.into()),
    }
}

/// The reference solver's answer: whether Black wins within the game's time points.
pub fn reference(setup: &Setup, load: Load) -> anyhow::Result<bool> {
    let game = game(setup, load)?;
    Ok(Solver::new(&game)?.black_wins(game.depth())?)
}

/// A job's instance, with the game as BDDL and PG files where the family asks for them.
pub fn build(request: &Request, load: Load) -> Result<Instance, BuildError> {
    let game = game(&request.setup, load)?;
    let mut sources = Vec::new();
    let bddl = if request.writes(BDDL) || request.encoding == LIFTED { Some(BddlFiles::new(&game)?) } else { None };
    if let (Some(files), true) = (&bddl, request.writes(BDDL)) {
        sources.push(SourceFile { label: "bddl-domain", bytes: files.domain.clone() });
        sources.push(SourceFile { label: "bddl-problem", bytes: files.problem.clone() });
    }
    if request.writes(PG_FILE) {
        let mut text = Vec::new();
        write_pg(&mut text, &game, "positional game written by qbfgames")?;
        sources.push(SourceFile { label: "pg", bytes: text });
    }
    match (request.encoding, bddl) {
        (CORPLUS, _) => request.instance(&Corplus, &game, game.depth(), &[request.clauses()], sources),
        (LIFTED, Some(files)) => {
            let bddl_game = files.game()?;
            request.instance(&Lifted, &bddl_game, bddl_game.depth(), &[Form::Circuit], sources)
        }
        (other, _) => Err(BuildError::NoEncoding { model: "positional", encoding: other.name() }),
    }
}
