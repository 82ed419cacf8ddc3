//! Symbol maps: which variables of an encoded game are a player's first move, and how a
//! solver's assignment to them decodes into a move.
//!
//! A [`SymbolMap`] is produced by each [`Encoding`](crate::Encoding) with the formula
//! ([`Encoded::map`](crate::Encoded::map)) and serializes to JSON, written beside every
//! suite instance as `<id>.map.json`. The same maps read White's first move from a false
//! instance whose outermost block is White's universal move (`--qdo` prints it too):
//! [`Side::White`](crate::Side::White) and [`universal_outermost`]. Numbers are
//! little-endian lists of QDIMACS variable indices; a variable the solver did not print
//! counts as false.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use qbf::formula::{Prefix, Quant};

/// Where the first move of an encoded position lives: Black's ([`Side::Black`](crate::Side)),
/// or White's ([`Side::White`](crate::Side); never written beside suite instances).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "encoding", rename_all = "lowercase")]
pub enum SymbolMap {
    /// The lifted BDDL encoding: the index of a Black action, and 0-based x and y bits.
    Lifted { actions: Vec<String>, action_bits: Vec<u32>, x_bits: Vec<u32>, y_bits: Vec<u32> },
    /// COR+: the log-encoded vertex index (of the game without initial stones).
    Corplus { vertices: Vec<String>, move_bits: Vec<u32> },
    /// GDL, the player who chooses existentially: one variable `does(role, m, 1)` per move
    /// of the role, exactly one of them true.
    Gdl { role: String, moves: Vec<String>, vars: Vec<u32> },
    /// GDL, the universal player: the bits `moveL(·, 1)` name a move of the role by its
    /// index (a number past the legal moves leaves the choice to the other side).
    GdlBits { role: String, moves: Vec<String>, bits: Vec<u32> },
    /// Geography, one-hot: `vars[i]` is true iff the first move names node `nodes[i]`.
    Geography { nodes: Vec<u32>, vars: Vec<u32> },
    /// Geography, compact: the bits name the first move's node id (below `nodes`).
    GeographyBits { nodes: u32, bits: Vec<u32> },
}

/// A decoded first move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// Black action number `action` at the 1-based position `(x, y)`.
    Action { action: usize, name: String, x: i32, y: i32 },
    /// A vertex of a positional game (index in the game without initial stones), or the
    /// node id of a geography move.
    Vertex { index: usize, name: String },
    /// A GDL move, as the ground term's text.
    Gdl { name: String },
    /// The bits name an action or vertex that does not exist.
    Nothing { what: &'static str, value: u64 },
    /// One-hot move variables with no or several of them true.
    NotOne { names: Vec<String> },
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Action { name, x, y, .. } => write!(f, "{name}({x},{y})"),
            Move::Vertex { name, .. } => write!(f, "{name}"),
            Move::Gdl { name } => write!(f, "{name}"),
            Move::Nothing { what, value } => write!(f, "no {what} (the bits name number {value})"),
            Move::NotOne { names } => write!(f, "no single move (the true move variables: [{}])", names.join(" ")),
        }
    }
}

/// A solver's assignment to some variables: index → value.
pub type Assignment = BTreeMap<u32, bool>;

fn number(bits: &[u32], a: &Assignment) -> u64 {
    bits.iter().enumerate().map(|(i, v)| u64::from(a.get(v).copied().unwrap_or(false)) << i).sum()
}

impl SymbolMap {
    /// Every variable of the move, in map order.
    pub fn vars(&self) -> Vec<u32> {
        match self {
            SymbolMap::Lifted { action_bits, x_bits, y_bits, .. } => {
                action_bits.iter().chain(x_bits).chain(y_bits).copied().collect()
            }
            SymbolMap::Corplus { move_bits, .. } => move_bits.clone(),
            SymbolMap::Gdl { vars, .. } => vars.clone(),
            SymbolMap::GdlBits { bits, .. } => bits.clone(),
            SymbolMap::Geography { vars, .. } => vars.clone(),
            SymbolMap::GeographyBits { bits, .. } => bits.clone(),
        }
    }

    /// The move the assignment names.
    pub fn decode(&self, a: &Assignment) -> Move {
        match self {
            SymbolMap::Lifted { actions, action_bits, x_bits, y_bits } => {
                let k = number(action_bits, a);
                match actions.get(k as usize) {
                    Some(name) => Move::Action {
                        action: k as usize,
                        name: name.clone(),
                        x: number(x_bits, a) as i32 + 1,
                        y: number(y_bits, a) as i32 + 1,
                    },
                    None => Move::Nothing { what: "action", value: k },
                }
            }
            SymbolMap::Corplus { vertices, move_bits } => {
                let k = number(move_bits, a);
                match vertices.get(k as usize) {
                    Some(name) => Move::Vertex { index: k as usize, name: name.clone() },
                    None => Move::Nothing { what: "vertex", value: k },
                }
            }
            SymbolMap::Gdl { moves, vars, .. } => {
                let names: Vec<String> = moves
                    .iter()
                    .zip(vars)
                    .filter(|(_, v)| a.get(v).copied().unwrap_or(false))
                    .map(|(m, _)| m.clone())
                    .collect();
                match <[String; 1]>::try_from(names) {
                    Ok([name]) => Move::Gdl { name },
                    Err(names) => Move::NotOne { names },
                }
            }
            SymbolMap::GdlBits { moves, bits, .. } => {
                let k = number(bits, a);
                match moves.get(k as usize) {
                    Some(name) => Move::Gdl { name: name.clone() },
                    None => Move::Nothing { what: "move", value: k },
                }
            }
            SymbolMap::Geography { nodes, vars } => {
                let named: Vec<u32> = nodes
                    .iter()
                    .zip(vars)
                    .filter(|(_, v)| a.get(v).copied().unwrap_or(false))
                    .map(|(&n, _)| n)
                    .collect();
                match named.as_slice() {
                    &[node] => Move::Vertex { index: node as usize, name: node.to_string() },
                    _ => Move::NotOne { names: named.iter().map(u32::to_string).collect() },
                }
            }
            SymbolMap::GeographyBits { nodes, bits } => {
                let k = number(bits, a);
                if k < u64::from(*nodes) {
                    Move::Vertex { index: k as usize, name: k.to_string() }
                } else {
                    Move::Nothing { what: "node", value: k }
                }
            }
        }
    }
}

/// Why a game has no first-move map.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MapError {
    #[error("Black does not move first, so its first move is not in the outermost block; encode a game where Black moves first")]
    BlackNotFirst,
    #[error("White does not move first, so the position has no first move of White to read")]
    WhiteNotFirst,
    #[error("variable {0} of the first move is not in the outermost block of its player (encoder and map disagree)")]
    NotOutermost(u32),
    #[error("variable {0} of the first move is renumbered in the clausal form, so one map would not fit both QCIR and QDIMACS")]
    Renumbered(u32),
}

/// Checks that `vars` are all in the outermost block, which must be existential (Black's
/// move) or, with `universal`, universal (White's move).
pub fn check_outermost_of(prefix: &Prefix, vars: &[u32], universal: bool) -> Result<(), MapError> {
    let quant = if universal { Quant::Forall } else { Quant::Exists };
    let outer: Vec<u32> = match prefix.blocks().first() {
        Some(b) if b.quant == quant => b.vars.iter().map(|v| v.index()).collect(),
        _ => Vec::new(),
    };
    match vars.iter().find(|v| !outer.contains(v)) {
        Some(&v) => Err(MapError::NotOutermost(v)),
        None => Ok(()),
    }
}

/// Checks that `vars` are all in the outermost block, which must be existential.
pub fn check_outermost(prefix: &Prefix, vars: &[u32]) -> Result<(), MapError> {
    check_outermost_of(prefix, vars, false)
}

/// The prefix with a leading existential block moved behind the first universal block
/// (merged into the existential block after it): `∃A ∀B ∃C … → ∀B ∃A C …`, so that a
/// solver's `--qdo` prints White's first move. Other prefixes are returned unchanged.
///
/// The value of the formula is kept when `A`'s best values do not depend on `B`, which
/// holds where `A` holds only variables fixed before the first move: the initial board of
/// COR+ with its `time(1)`, and in the GDL encodings the forced first move of the player
/// not on turn with the gates over the initial position. It is checked, like every
/// encoding, against the reference solvers (the verdict of DepQBF on positions with
/// White to move).
pub fn universal_outermost(prefix: &Prefix) -> Prefix {
    let blocks = prefix.blocks();
    match blocks {
        [a, b, rest @ ..] if a.quant == Quant::Exists && b.quant == Quant::Forall => {
            let mut out = Prefix::new();
            out.push(Quant::Forall, b.vars.iter().copied());
            out.push(Quant::Exists, a.vars.iter().copied());
            for block in rest {
                out.push(block.quant, block.vars.iter().copied());
            }
            out
        }
        _ => prefix.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_decode_little_endian_and_round_trip_through_json() {
        let map = SymbolMap::Lifted {
            actions: vec!["a".into(), "b".into()],
            action_bits: vec![1],
            x_bits: vec![2, 3],
            y_bits: vec![],
        };
        let a = Assignment::from([(1, true), (2, false), (3, true)]);
        assert_eq!(map.decode(&a), Move::Action { action: 1, name: "b".into(), x: 3, y: 1 });
        let json = serde_json::to_string(&map).unwrap_or_default();
        assert_eq!(serde_json::from_str::<SymbolMap>(&json).ok(), Some(map));
        let cor = SymbolMap::Corplus { vertices: vec!["a1".into(), "b1".into(), "c1".into()], move_bits: vec![5, 6] };
        assert_eq!(cor.decode(&Assignment::from([(5, true), (6, true)])), Move::Nothing { what: "vertex", value: 3 });
    }
}
