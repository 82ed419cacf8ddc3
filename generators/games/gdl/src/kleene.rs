//! The ground game in three-valued (Kleene) logic: a fluent, move or atom is definitely
//! true, definitely false or unknown, and every ground rule is evaluated over these
//! values. Simulating the game from the initial position with unknown moves tells what
//! is decided at each step in every play: the turn order ([`turns`](super::turns)) and
//! which atoms the encodings fold to constants (their size estimate).
//!
//! ## References
//! - S. C. Kleene: *Introduction to Metamathematics*, 1952 (three-valued logic).

use super::ground::{GLit, GroundGame, Node};

/// A three-valued truth value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum V3 {
    False,
    Unknown,
    True,
}

impl std::ops::Not for V3 {
    type Output = V3;

    fn not(self) -> V3 {
        match self {
            V3::False => V3::True,
            V3::True => V3::False,
            V3::Unknown => V3::Unknown,
        }
    }
}

/// Conjunction.
pub fn and(a: V3, b: V3) -> V3 {
    match (a, b) {
        (V3::False, _) | (_, V3::False) => V3::False,
        (V3::True, V3::True) => V3::True,
        _ => V3::Unknown,
    }
}

/// The initial position: the fluents of `init` true, the others false.
pub fn initial(game: &GroundGame) -> Vec<V3> {
    let mut state = vec![V3::False; game.fluents.len()];
    for &f in &game.init {
        state[f as usize] = V3::True;
    }
    state
}

/// The position after a step whose atoms have the values `vals`: each fluent is its
/// `next` atom (false without one).
pub fn next(game: &GroundGame, vals: &[V3]) -> Vec<V3> {
    game.next.iter().map(|a| a.map_or(V3::False, |a| vals[a as usize])).collect()
}

/// The value of a literal in the position `state` with the moves `moves` and the atoms
/// evaluated so far `vals`.
pub fn literal(l: &GLit, state: &[V3], moves: &[V3], vals: &[V3]) -> V3 {
    let v = match l.node {
        Node::Fluent(f) => state[f as usize],
        Node::Move(m) => moves[m as usize],
        Node::Atom(a) => vals[a as usize],
    };
    if l.positive {
        v
    } else {
        !v
    }
}

/// Evaluates the atoms that depend on the moves (`on_does`) or those that do not, in
/// their topological order, into `vals`.
pub fn eval(game: &GroundGame, state: &[V3], moves: &[V3], vals: &mut [V3], on_does: bool) {
    for (i, atom) in game.atoms.iter().enumerate() {
        if atom.on_does != on_does {
            continue;
        }
        let mut value = V3::False;
        for body in &atom.bodies {
            let b = body.iter().fold(V3::True, |acc, l| and(acc, literal(l, state, moves, vals)));
            value = match (value, b) {
                (V3::True, _) | (_, V3::True) => V3::True,
                (V3::Unknown, _) | (_, V3::Unknown) => V3::Unknown,
                _ => V3::False,
            };
        }
        vals[i] = value;
    }
}
