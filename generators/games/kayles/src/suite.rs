//! Node Kayles in suites (`model = "kayles"`): a graph file or generator, read as
//! undirected, at the job's ply limit (default: the graph file's first line).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock, PoisonError};

use super::encoding::KaylesEncoding;
use super::game::{Kayles, Player};
use super::longest::Picks;
use gamekit::graph::suite::{suite_graph, suite_rounds, GRAPH_KEYS};
use gamekit::suite::{params_string, BuildError, Encoding, Instance, OutFormat, Request, Schema, Setup, Writes};
use qbf::io::Format;

/// `onehot`: a variable per ply and vertex, a circuit.
pub const ONEHOT: Encoding = Encoding::new("onehot", Writes::Circuit);
/// `compact`: the vertex of each ply as a binary index, a circuit.
pub const COMPACT: Encoding = Encoding::new("compact", Writes::Circuit);

/// `model = "kayles"`: the graph keys of `gamekit::graph`.
pub const SCHEMA: Schema = Schema {
    keys: &GRAPH_KEYS,
    template_keys: false,
    encodings: &[ONEHOT, COMPACT],
    default_encoding: None,
    formats: &[OutFormat::Qbf(Format::Qcir), OutFormat::Qbf(Format::Qdimacs)],
    model_depth: true,
    odd_depths: false,
};

/// The game of a job and its ply limit.
fn game(setup: &Setup) -> Result<(Kayles, u32), BuildError> {
    let graph = suite_graph(setup)?;
    Ok((Kayles::from_graph(&graph), suite_rounds(setup, &graph)?))
}

/// A job's instance: the circuit (its QDIMACS is the circuit in the family's clause form)
/// and where Black's first pick is.
pub fn build(request: &Request) -> Result<Instance, BuildError> {
    let (game, plies) = game(&request.setup)?;
    let encoding = match request.encoding {
        ONEHOT => KaylesEncoding::Onehot,
        COMPACT => KaylesEncoding::Compact,
        other => return Err(BuildError::NoEncoding { model: "kayles", encoding: other.name() }),
    };
    encoding.fits(&game, plies, request.setup.budget())?;
    Ok(Instance {
        circuit: Some(encoding.circuit(&game, plies)),
        cnf: None,
        sources: Vec::new(),
        map: Some(encoding.first_move_map(&game)),
        notes: Vec::new(),
    })
}

/// The reference player's answer: whether Black leaves White without a move within the
/// plies.
pub fn reference(setup: &Setup) -> Result<bool, BuildError> {
    let (game, plies) = game(setup)?;
    Ok(Player::new(&game).wins_within(plies))
}

/// A ply limit past the ply by which every game on the graph is decided: a warning, as the
/// instance is valid but encodes the same game as that ply with idle plies (a ladder over
/// such limits climbs a larger formula of the same game, and its predictions mislead). The
/// message leaves the limit out, so that one warning covers a graph's limits.
pub fn check(setup: &Setup) -> Result<Option<String>, BuildError> {
    let (game, plies) = game(setup)?;
    let picks = most_picks(setup, &game);
    let last = picks.deciding_ply();
    let why = match picks {
        Picks::Exact(n) => format!("its largest independent set has {n} vertices"),
        Picks::AtMost(n) => format!("at most {n} vertices can be picked: the vertices less a matching's edges"),
    };
    Ok((plies > last).then(|| {
        format!(
            "ply limit past ply {last}, by which every game on this graph is decided ({why}): \
             the formula is the game at ply {last} with idle plies, larger and with the same answer\n  \
             help: use ply limits of at most {last} for this graph (docs/kayles.md)"
        )
    }))
}

/// [`Kayles::most_picks`] of a job's graph, searched once per graph: a suite's jobs on one
/// graph differ only in ply limit and encoding, and `suite check` checks every job.
fn most_picks(setup: &Setup, game: &Kayles) -> Picks {
    static KNOWN: OnceLock<Mutex<HashMap<(PathBuf, String), Picks>>> = OnceLock::new();
    let graph = (setup.dir.clone(), params_string(&setup.params));
    let known = KNOWN.get_or_init(Mutex::default);
    if let Some(&picks) = known.lock().unwrap_or_else(PoisonError::into_inner).get(&graph) {
        return picks;
    }
    let picks = game.most_picks();
    known.lock().unwrap_or_else(PoisonError::into_inner).insert(graph, picks);
    picks
}
