//! Node Kayles in suites (`model = "kayles"`): a graph file or generator, read as
//! undirected, at the job's ply limit (default: the graph file's first line).

use super::encoding::KaylesEncoding;
use super::game::{Kayles, Player};
use crate::geography::{suite_graph, suite_rounds, GRAPH_KEYS};
use crate::suite::{BuildError, Encoding, Instance, OutFormat, Request, Schema, Setup};

/// `model = "kayles"`: the graph keys of geography, without its variants and rules.
pub const SCHEMA: Schema = Schema {
    keys: &GRAPH_KEYS,
    template_keys: false,
    encodings: &[Encoding::OneHot, Encoding::Compact],
    default_encoding: None,
    formats: &[OutFormat::Qcir, OutFormat::Qdimacs],
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
        Encoding::OneHot => KaylesEncoding::Onehot,
        Encoding::Compact => KaylesEncoding::Compact,
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
