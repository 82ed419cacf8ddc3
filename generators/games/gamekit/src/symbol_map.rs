//! Symbol maps: which variables of an encoded game are a player's first move, and how a
//! solver's assignment to them decodes into a move.
//!
//! Each game crate declares its maps, a [`MoveMap`]: a type that serializes to JSON with its
//! kind under the key `encoding`, written beside every suite instance as `<id>.map.json`. A
//! [`SymbolMap`] holds the map of any game, so that the encodings, the generic strategy and
//! the suite writer see one type; a map file reads back through the model whose map it is
//! ([`GameModel::read_map`](crate::GameModel::read_map), tried in turn by the registry).
//! [`NodeMap`](crate::NodeMap) is the map of a move that names a numbered node.
//!
//! The same maps read White's first move from a false instance whose outermost block is
//! White's universal move (`--qdo` prints it too): [`Side::White`](crate::Side::White) and
//! [`universal_outermost`]. Numbers are little-endian lists of QDIMACS variable indices; a
//! variable the solver did not print counts as false.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use serde::de::DeserializeOwned;
use serde::{Serialize, Serializer};

use qbf::formula::{Prefix, Quant};

/// The first-move map of a game's encoding: Black's ([`Side::Black`](crate::Side)), or
/// White's ([`Side::White`](crate::Side); never written beside suite instances).
pub trait MoveMap: fmt::Debug + erased_serde::Serialize + Send + Sync {
    /// Every variable of the move, in map order.
    fn vars(&self) -> Vec<u32>;

    /// The move the assignment names.
    fn decode(&self, a: &Assignment) -> Move;
}

/// The first-move map of any game: a [`MoveMap`] of the game's crate. Serializes as the
/// game's map does.
#[derive(Clone)]
pub struct SymbolMap(Arc<dyn MoveMap>);

impl SymbolMap {
    /// Holds a game's map.
    pub fn new(map: impl MoveMap + 'static) -> SymbolMap {
        SymbolMap(Arc::new(map))
    }

    /// Reads a map file as a map of type `M`; `None` when it is not one (another game's
    /// kind, or not a map at all).
    pub fn read<M: MoveMap + DeserializeOwned + 'static>(json: &[u8]) -> Option<SymbolMap> {
        serde_json::from_slice::<M>(json).ok().map(SymbolMap::new)
    }

    /// Every variable of the move, in map order.
    pub fn vars(&self) -> Vec<u32> {
        self.0.vars()
    }

    /// The move the assignment names.
    pub fn decode(&self, a: &Assignment) -> Move {
        self.0.decode(a)
    }
}

impl fmt::Debug for SymbolMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Two maps are equal when they write the same JSON.
impl PartialEq for SymbolMap {
    fn eq(&self, other: &SymbolMap) -> bool {
        serde_json::to_vec(self).ok() == serde_json::to_vec(other).ok()
    }
}

impl Eq for SymbolMap {}

impl Serialize for SymbolMap {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        erased_serde::serialize(&*self.0, s)
    }
}

/// A decoded first move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// Black action number `action` at the 1-based position `(x, y)`.
    Action { action: usize, name: String, x: i32, y: i32 },
    /// A numbered vertex or node: its index, and its name in the game.
    Vertex { index: usize, name: String },
    /// A move known by its text alone (a ground term of the game's rules).
    Named { name: String },
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
            Move::Named { name } => write!(f, "{name}"),
            Move::Nothing { what, value } => write!(f, "no {what} (the bits name number {value})"),
            Move::NotOne { names } => write!(f, "no single move (the true move variables: [{}])", names.join(" ")),
        }
    }
}

/// A solver's assignment to some variables: index → value.
pub type Assignment = BTreeMap<u32, bool>;

/// The number the little-endian `bits` name in `a`.
pub fn number(bits: &[u32], a: &Assignment) -> u64 {
    bits.iter().enumerate().map(|(i, v)| u64::from(a.get(v).copied().unwrap_or(false)) << i).sum()
}

/// The items of a one-hot choice whose variable (`vars[i]` for `items[i]`) is true in `a`.
pub fn chosen<T: Clone>(items: &[T], vars: &[u32], a: &Assignment) -> Vec<T> {
    items.iter().zip(vars).filter(|(_, v)| a.get(v).copied().unwrap_or(false)).map(|(m, _)| m.clone()).collect()
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
/// holds where `A` holds only variables fixed before the first move (an initial board, a
/// forced first move of the player not on turn, gates over the initial position: each
/// encoding that relies on it says which, where it asks for [`Side::White`](crate::Side)'s
/// prefix). It is checked, like every encoding, against the reference solvers (the
/// verdict of DepQBF on positions with White to move).
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
