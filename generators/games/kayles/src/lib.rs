//! Node Kayles (`kayles`; Schaefer 1978, PSPACE-complete like geography) on an undirected
//! graph: a graph file or generator of `gamekit::graph`, read as undirected, the first line of
//! a graph file the ply limit. One-hot and compact encodings as QCIR or QDIMACS
//! ([`encoding`]), the reference player over the available vertices ([`game`]), how long a
//! game can last ([`longest`]), and play against it ([`play`]); with the `cli` feature, the
//! model's command line (`cli`).
//!
//! [`first_move`] judges a solver's first move with the reference player.

#[cfg(feature = "cli")]
mod cli;
pub mod encoding;
pub mod game;
pub mod longest;
pub mod map;
pub mod play;
pub mod suite;

use anyhow::Result;
use gamekit::first_move::{FirstMove as Found, Judgement};
use gamekit::play::QdoSolver;
use gamekit::suite::{BuildError, Instance, Request, Schema, Setup};
use gamekit::{check_outermost_of, Assignment, GameModel, Move, NodeMap, SymbolMap};
use qbf::tseitin::ClauseForm;

use encoding::KaylesEncoding;
use game::{Kayles as KaylesGame, Player};
use gamekit::graph::suite::check_graph;
use map::TAGS;

/// The `kayles` model.
pub struct Kayles;

impl GameModel for Kayles {
    fn name(&self) -> &'static str {
        "kayles"
    }
    #[cfg(feature = "cli")]
    fn cli(&self) -> Option<&dyn gamekit::ModelCli> {
        Some(self)
    }
    fn schema(&self) -> Option<&'static Schema> {
        Some(&suite::SCHEMA)
    }
    fn check(&self, setup: &Setup, first_time: &mut dyn FnMut(&str) -> bool) -> Result<Option<String>, BuildError> {
        check_graph(setup, first_time)?;
        suite::check(setup)
    }
    fn build(&self, request: &Request) -> Result<Instance, BuildError> {
        suite::build(request)
    }
    fn reference(&self, setup: &Setup) -> Result<bool> {
        Ok(suite::reference(setup)?)
    }
    fn read_map(&self, json: &[u8]) -> Option<SymbolMap> {
        NodeMap::read(json, TAGS).map(SymbolMap::new)
    }
}

/// Black's first move on `game` within `plies` in `encoding`, read from `solver`'s answer
/// (the first ply's block is the outermost one) and judged by the reference player: valid
/// when Black still wins within the plies after it.
pub fn first_move(
    game: &KaylesGame,
    plies: u32,
    encoding: KaylesEncoding,
    solver: &mut QdoSolver<'_>,
) -> Result<Found> {
    encoding.fits(game, plies, solver.budget())?;
    let cnf = qbf::tseitin::to_cnf(&encoding.circuit(game, plies), ClauseForm::default());
    let map = encoding.first_move_map(game);
    check_outermost_of(&cnf.prefix, &map.vars(), false)?;
    // A matrix without clauses (compact, where every index is a vertex and any first
    // move wins) is true under every assignment, the all-false one too; DepQBF's `--qdo`
    // crashes on it.
    let (verdict, assignment) = if cnf.cnf.is_empty() { (true, Assignment::new()) } else { solver.solve(&cnf)? };
    let mut player = Player::new(game);
    let depth = plies;
    let judgement = if !verdict {
        if player.wins_within(depth) {
            Judgement::Contradicted { depth }
        } else {
            Judgement::NoStrategy { depth }
        }
    } else {
        let mv = map.decode(&assignment);
        let position = "the start, every vertex available".to_string();
        match mv {
            Move::Vertex { index, .. } if player.winning_moves(depth).contains(&(index as u32)) => Judgement::Valid(mv),
            Move::Vertex { .. } => Judgement::Invalid {
                mv,
                position,
                reason: format!("after it White holds out for the remaining {} plies", depth - 1),
            },
            other => Judgement::Invalid { mv: other, position, reason: "not one vertex".to_string() },
        }
    };
    Ok(Found { map, judgement })
}
