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

use super::ground::GroundGame;
use super::kleene::{and, eval, initial, next, V3};

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
    let mut state = initial(game);
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
                    moves[m] = and(legal(m), !terminal);
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
        state = next(game, &vals);
    }
    Ok(out)
}
