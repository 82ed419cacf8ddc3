//! GDL games (`gdl`): the GE and SD encodings and the minimax reference solver; the
//! model's suite side. The command line is in `cli` (feature `cli`).

use crate::encoding::{GdlEncoding, PrefixMethod, Reason, Rules};
use crate::map::GdlMap;
use crate::player::Solver;
use crate::GroundGame;
use anyhow::{anyhow, Result};
use contract::Claimant;
use gamekit::suite::{key, BuildError, Encoding as SuiteEncoding, Instance, Kind, OutFormat, Param};
use gamekit::suite::{Request, Schema, Setup, SourceFile, SourceFormat, Writes};
use gamekit::{GameModel, SymbolMap};
use qbf::io::Format;

/// `gdl-ge-gn`: the general encoding with the naive prefix.
pub const GE_GN: SuiteEncoding = SuiteEncoding::new("gdl-ge-gn", Writes::CircuitAndClauses);
/// `gdl-ge-gt`: the general encoding with the time-based prefix.
pub const GE_GT: SuiteEncoding = SuiteEncoding::new("gdl-ge-gt", Writes::CircuitAndClauses);
/// `gdl-ge-gd`: the general encoding with the dependency-based prefix.
pub const GE_GD: SuiteEncoding = SuiteEncoding::new("gdl-ge-gd", Writes::CircuitAndClauses);
/// `gdl-sd`: the strictly-turn-taking encoding.
pub const SD: SuiteEncoding = SuiteEncoding::new("gdl-sd", Writes::CircuitAndClauses);
/// `gdl-auto`: strictly-turn-taking where the ground game is strictly turn-taking up to
/// the job's depth, else general, both with the dependency-based prefix (what a family
/// without `encodings` gets).
pub const AUTO: SuiteEncoding = SuiteEncoding::new("gdl-auto", Writes::CircuitAndClauses);

/// `gdl`: the GDL source.
pub const GDL: OutFormat = OutFormat::Source(SourceFormat { name: "gdl", files: &[("gdl", "kif")] });

/// `model = "gdl"`: a game file and the role that must win.
const SCHEMA: Schema = Schema {
    keys: &[key("game", Kind::Path, None), key("first", Kind::Str(None), Some(""))],
    template_keys: true,
    encodings: &[GE_GN, GE_GT, GE_GD, SD, AUTO],
    default_encoding: Some(AUTO),
    formats: &[OutFormat::Qbf(Format::Qcir), OutFormat::Qbf(Format::Qdimacs), GDL],
    model_depth: false,
    odd_depths: false,
};

/// A GDL job that names no game to encode.
#[derive(Debug, thiserror::Error)]
pub enum GdlJobError {
    #[error("the game has no role `{0}`")]
    NoRole(String),
    #[error("GDL families need explicit depths")]
    NoDepth,
}

impl From<GdlJobError> for BuildError {
    fn from(e: GdlJobError) -> BuildError {
        BuildError::Game(Box::new(e))
    }
}

/// The `gdl` model.
pub struct Gdl;
impl GameModel for Gdl {
    fn name(&self) -> &'static str {
        "gdl"
    }
    #[cfg(feature = "cli")]
    fn cli(&self) -> Option<&dyn gamekit::ModelCli> {
        Some(self)
    }
    fn schema(&self) -> Option<&'static Schema> {
        Some(&SCHEMA)
    }
    fn check(&self, setup: &Setup, first_time: &mut dyn FnMut(&str) -> bool) -> Result<Option<String>, BuildError> {
        if first_time("game") {
            crate::check(setup.read("game")?)?;
        }
        Ok(None)
    }
    fn build(&self, request: &Request) -> Result<Instance, BuildError> {
        build(request)
    }
    fn reference(&self, setup: &Setup) -> Result<bool> {
        let depth = setup.depth.ok_or(GdlJobError::NoDepth)?;
        let game = crate::load_for_depth(setup.read("game")?, setup.budget(), depth)?;
        let first = role_index(&game, first_role(setup))?;
        Ok(Solver::new(&game, first)?.wins_within(depth)?)
    }
    fn claimant(&self) -> Claimant {
        Claimant::FirstRole
    }
    fn read_map(&self, json: &[u8]) -> Option<SymbolMap> {
        SymbolMap::read::<GdlMap>(json)
    }
}

/// The index of the role named by `--first` (default: the first role).
pub fn role_index(game: &GroundGame, first: Option<&str>) -> Result<usize> {
    game.first_role(first).map_err(|e| anyhow!("--first {e}"))
}

/// The role of grid key `first`; `None` (the file's first role) when it is empty.
fn first_role(setup: &Setup) -> Option<&str> {
    match setup.params.get("first") {
        Some(Param::Str(s)) if !s.is_empty() => Some(s),
        _ => None,
    }
}

/// A suite job's instance: the job's encoding, or, for `gdl-auto`, the one the ground
/// game's structure calls for (noted in the instance's header).
fn build(request: &Request) -> Result<Instance, BuildError> {
    let setup = &request.setup;
    let source = setup.read("game")?;
    let sources = vec![SourceFile { label: "gdl", bytes: source.bytes.clone() }];
    let game = match setup.depth {
        Some(depth) => crate::load_for_depth(source, setup.budget(), depth)?,
        None => crate::load_within(source, setup.budget())?,
    };
    let first = match first_role(setup) {
        None => 0,
        Some(name) => game.role_index(name).ok_or_else(|| GdlJobError::NoRole(name.to_string()))?,
    };
    let depth = setup.depth.ok_or(GdlJobError::NoDepth)?;
    let asked = |rules, prefix| (GdlEncoding { rules, prefix, first }, Reason::Asked);
    let (encoding, reason) = match request.encoding {
        GE_GN => asked(Rules::General, PrefixMethod::Naive),
        GE_GT => asked(Rules::General, PrefixMethod::Time),
        GE_GD => asked(Rules::General, PrefixMethod::Dependency),
        SD => asked(Rules::StrictTurns, PrefixMethod::Dependency),
        AUTO => GdlEncoding::by_structure(&game, depth, PrefixMethod::Dependency, first, setup.budget())?,
        other => return Err(BuildError::NoEncoding { model: "GDL", encoding: other.name() }),
    };
    let mut out = request.instance(&encoding, &game, depth, &request.clauses_and_circuit(), sources)?;
    if reason != Reason::Asked {
        out.notes.push(encoding.choice(&reason));
    }
    Ok(out)
}
