//! Cram (`cram`; Gardner 1974, the impartial form of Domineering) on a grid: players
//! alternately place a domino on two adjacent empty cells, across or down; the player who
//! cannot place one loses. The board is a rectangle or a board file with blocked cells
//! ([`board`]); the reference player searches the positions ([`player`]); one-hot and
//! compact encodings as QCIR or QDIMACS ([`encoding`]); suites ([`suite`]); with the `cli`
//! feature, the model's command line (`cli`).
//!
//! A [`CramSetup`] is one board at one ply limit: it judges a solver's first move and, with
//! the `cli` feature, is built from flags, encodes and solves.

pub mod board;
#[cfg(feature = "cli")]
mod cli;
pub mod encoding;
pub mod map;
pub mod player;
pub mod suite;

use anyhow::{anyhow, Result};
use contract::Budget;
use gamekit::first_move::{FirstMove as Found, Judgement};
use gamekit::play::QdoSolver;
use gamekit::suite::{BuildError, Instance, LastPly, Request, Schema, Setup};
use gamekit::{check_outermost_of, Assignment, Encoding, Form, GameModel, Move, NodeMap, Side, SymbolMap};
use qbf::tseitin::{to_cnf, ClauseForm};

use board::Board;
use encoding::CramEncoding;
use map::TAGS;
use player::Player;

/// The `cram` model.
pub struct Cram;

impl GameModel for Cram {
    fn name(&self) -> &'static str {
        "cram"
    }
    #[cfg(feature = "cli")]
    fn cli(&self) -> Option<&dyn gamekit::ModelCli> {
        Some(self)
    }
    fn schema(&self) -> Option<&'static Schema> {
        Some(&suite::SCHEMA)
    }
    fn build(&self, request: &Request) -> Result<Instance, BuildError> {
        suite::build(request)
    }
    fn reference(&self, setup: &Setup) -> Result<bool> {
        Ok(suite::reference(setup)?)
    }
    fn last_ply(&self, setup: &Setup) -> Result<LastPly> {
        Ok(suite::last_ply(setup)?)
    }
    fn read_map(&self, json: &[u8]) -> Option<SymbolMap> {
        NodeMap::read(json, TAGS).map(SymbolMap::new)
    }
}

/// One Cram board at one ply limit.
pub struct CramSetup {
    /// The board as the flags name it.
    pub name: String,
    pub board: Board,
    pub plies: u32,
    pub budget: Budget,
}

impl CramSetup {
    /// Black's first domino in `encoding`, read from `solver`'s answer (the first ply's
    /// block is the outermost one) and judged by the reference player: valid when Black
    /// still wins within the plies after it.
    pub fn first_move(&self, encoding: CramEncoding, solver: &mut QdoSolver<'_>) -> Result<Found> {
        let (qbf, map) =
            encoding.formula_within(&self.board, self.plies, Side::Black, Form::Circuit, solver.budget())?;
        let map = map?;
        let circuit = qbf.into_circuit().ok_or_else(|| anyhow!("the Cram encodings are circuits"))?;
        let cnf = to_cnf(&circuit, ClauseForm::default());
        check_outermost_of(&cnf.prefix, &map.vars(), false)?;
        // A matrix without clauses (compact, where every index is a domino and any first
        // move wins) is true under every assignment, the all-false one too; DepQBF's `--qdo`
        // crashes on it.
        let (verdict, assignment) = if cnf.cnf.is_empty() { (true, Assignment::new()) } else { solver.solve(&cnf)? };
        let mut player = Player::new(&self.board);
        let depth = self.plies;
        let judgement = match (verdict, map.decode(&assignment)) {
            (false, _) if player.wins_within(depth) => Judgement::Contradicted { depth },
            (false, _) => Judgement::NoStrategy { depth },
            (true, Move::Vertex { index, .. }) => {
                let mv = Move::Vertex { index, name: self.board.domino_name(index) };
                if player.winning_moves(depth).contains(&index) {
                    Judgement::Valid(mv)
                } else {
                    let reason = format!("after it White holds out for the remaining {} plies", depth - 1);
                    Judgement::Invalid { mv, position: "the empty board".into(), reason }
                }
            }
            (true, other) => {
                Judgement::Invalid { mv: other, position: "the empty board".into(), reason: "not one domino".into() }
            }
        };
        Ok(Found { map, judgement })
    }
}
