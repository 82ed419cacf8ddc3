//! Whose turn is it at step `t`? The applicability check of the strictly turn-taking
//! encoding (SD).
//!
//! The game is simulated from the initial position in three-valued (Kleene) logic: a
//! fluent is definitely true, definitely false or unknown, and every ground rule is
//! evaluated over these values. A role whose moves are all definitely illegal except at
//! most one is *forced* at that step: in every reachable position it has at most that
//! one legal move. At most one role, the mover, may be free (any number of roles; with
//! two, the other one is forced). A free move of the player on turn makes the fluents it
//! affects unknown, the forced moves of the others are known. The analysis
//! over-approximates the reachable positions, so "forced" is sound; a step at which two
//! roles may have a choice (the turn order is not fixed in advance, as in Dots and Boxes,
//! or moves are simultaneous) makes SD inapplicable and is reported ([`Undetermined`];
//! `turn_taking` looks for a reachable position that shows it).
//!
//! ## References
//! - Y. He, A. Saffidine, M. Thielscher: *Solving Two-player Games with QBF Solvers in
//!   General Game Playing*, AAMAS 2024, Section 3.3 (which uses the temporal prover of
//!   Thielscher and Voigt, AAAI 2010, for the same question).
//! - S. C. Kleene: *Introduction to Metamathematics*, 1952 (three-valued logic).

use super::ground::{GLit, GroundGame, Node};

/// A three-valued truth value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum V3 {
    False,
    Unknown,
    True,
}

impl V3 {
    fn not(self) -> V3 {
        match self {
            V3::False => V3::True,
            V3::True => V3::False,
            V3::Unknown => V3::Unknown,
        }
    }
}

/// What a role does at one step.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Turn {
    /// The role has at most this one legal move in every reachable position.
    Forced(Option<u32>),
    /// The role may have a choice.
    Free,
}

/// The first step at which two or more roles may have a choice of moves, by the analysis.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("at step {step} {} may have a choice of moves, so the turn order is not fixed before the game starts", both(.roles))]
pub struct Undetermined {
    pub step: u32,
    /// The roles that may have a choice (two or more), by name, in the game's order.
    pub roles: Vec<String>,
}

/// `both a and b`, `all of a, b and c`.
fn both(roles: &[String]) -> String {
    match roles.split_last() {
        Some((last, rest)) if rest.len() == 1 => format!("both {} and {last}", rest[0]),
        Some((last, rest)) => format!("all of {} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// Per step `1..=depth`, the turn of each role (indexed like `GroundGame::roles`); an
/// error if at some step two roles may have a choice.
pub fn turn_order(game: &GroundGame, depth: u32) -> Result<Vec<Vec<Turn>>, Undetermined> {
    let mut state: Vec<V3> = vec![V3::False; game.fluents.len()];
    for &f in &game.init {
        state[f as usize] = V3::True;
    }
    let mut out = Vec::new();
    for t in 1..=depth {
        let mut vals = vec![V3::False; game.atoms.len()];
        let no_moves = vec![V3::False; game.moves.len()];
        eval(game, &state, &no_moves, &mut vals, false);
        let terminal = game.terminal.map_or(V3::False, |a| vals[a as usize]);
        let legal = |m: usize| game.legal[m].map_or(V3::False, |a| vals[a as usize]);
        let mut turns = vec![Turn::Free; game.roles.len()];
        let mut moves = vec![V3::False; game.moves.len()];
        for (role, turn) in turns.iter_mut().enumerate() {
            let possible: Vec<usize> =
                (0..game.moves.len()).filter(|&m| game.moves[m].role == role && legal(m) != V3::False).collect();
            if terminal == V3::True || possible.len() <= 1 {
                *turn = Turn::Forced(possible.first().filter(|_| terminal != V3::True).map(|&m| m as u32));
                if let Some(&m) = possible.first() {
                    moves[m] = and(legal(m), terminal.not());
                }
            } else {
                for &m in &possible {
                    moves[m] = V3::Unknown;
                }
            }
        }
        let free: Vec<String> =
            (0..turns.len()).filter(|&r| turns[r] == Turn::Free).map(|r| game.store.display(game.roles[r])).collect();
        if free.len() > 1 {
            return Err(Undetermined { step: t, roles: free });
        }
        out.push(turns);
        eval(game, &state, &moves, &mut vals, true);
        state = game.next.iter().map(|a| a.map_or(V3::False, |a| vals[a as usize])).collect();
    }
    Ok(out)
}

fn and(a: V3, b: V3) -> V3 {
    match (a, b) {
        (V3::False, _) | (_, V3::False) => V3::False,
        (V3::True, V3::True) => V3::True,
        _ => V3::Unknown,
    }
}

fn eval(game: &GroundGame, state: &[V3], moves: &[V3], vals: &mut [V3], on_does: bool) {
    for (i, atom) in game.atoms.iter().enumerate() {
        if atom.on_does != on_does {
            continue;
        }
        let lit = |l: &GLit, vals: &[V3]| {
            let v = match l.node {
                Node::Fluent(f) => state[f as usize],
                Node::Move(m) => moves[m as usize],
                Node::Atom(a) => vals[a as usize],
            };
            if l.positive {
                v
            } else {
                v.not()
            }
        };
        let mut value = V3::False;
        for body in &atom.bodies {
            let b = body.iter().fold(V3::True, |acc, l| and(acc, lit(l, vals)));
            value = match (value, b) {
                (V3::True, _) | (_, V3::True) => V3::True,
                (V3::Unknown, _) | (_, V3::Unknown) => V3::Unknown,
                _ => V3::False,
            };
        }
        vals[i] = value;
    }
}
