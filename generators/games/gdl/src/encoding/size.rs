//! The size estimate of the GDL encodings, from the ground game: an upper bound on the
//! literals written, close to them because it counts only what the encodings do not fold
//! away.
//!
//! The game is simulated from the initial position in three-valued logic with every move
//! unknown ([`kleene`]): an atom that is definitely true or false at a step is a
//! constant of the circuit there and writes nothing, and a body with a definitely false
//! literal is dropped. At each step an unknown atom costs at most `3·u + 4` literals per
//! body that is not dropped, `u` its unknown literals (an AND gate and its share of the
//! OR, once clausified), plus one; each move with a `legal` atom costs at most `16 + bits`
//! literals (its choice variable's clauses, the at-most-one counter, the universal bits'
//! clause), and every step 30 for termination and the goal; the position after the last
//! step has no moves, and only the atoms `terminal` and the goals depend on. The simulation stops when a
//! position repeats: from there the steps' costs repeat with the same period. A
//! simulation longer than [`SIMULATED`] steps counts the rest at every atom's and
//! move's full cost.
//!
//! Over-approximating is sound: the circuit folds at least the constants the simulation
//! finds (its unknown values are unknown or constant in the circuit), and shares equal
//! gates, which only removes literals.

use std::collections::HashMap;

use crate::kleene::{eval, initial, literal, next, V3};
use crate::{GroundGame, Node};

/// The most steps simulated before counting the rest at full cost.
const SIMULATED: usize = 1024;

/// The literals of each move's constraints at one step, at most.
fn move_cost(game: &GroundGame) -> u64 {
    16 + u64::from(usize::BITS - game.moves.len().leading_zeros())
}

/// Termination and the goal, per step.
const STEP: u64 = 30;

/// Literals written for the game at `depth`, at most (see the module doc).
pub(crate) fn estimate(game: &GroundGame, depth: u32) -> u64 {
    let steps = depth as usize;
    let unknown_moves = vec![V3::Unknown; game.moves.len()];
    let mut states = vec![initial(game)];
    let mut seen: HashMap<Vec<V3>, usize> = HashMap::new();
    let mut costs: Vec<u64> = Vec::new();
    // Steps 1 to `depth` have moves; the position after them only its state atoms.
    while costs.len() < steps.min(SIMULATED) {
        let state = &states[costs.len()];
        if let Some(&start) = seen.get(state) {
            let period = costs.len() - start;
            let left = steps - costs.len();
            let (full, rest) = ((left / period) as u64, left % period);
            let cycle: u64 = costs[start..].iter().sum();
            let tail: u64 = costs[start..start + rest].iter().sum();
            let last = final_cost(game, &states[start + rest], &unknown_moves);
            let moves = costs.iter().sum::<u64>().saturating_add(full.saturating_mul(cycle)).saturating_add(tail);
            return moves.saturating_add(last);
        }
        seen.insert(state.clone(), costs.len());
        let mut vals = vec![V3::False; game.atoms.len()];
        eval(game, state, &unknown_moves, &mut vals, false);
        eval(game, state, &unknown_moves, &mut vals, true);
        costs.push(step_cost(game, state, &unknown_moves, &vals, true));
        states.push(next(game, &vals));
    }
    let left = (steps - costs.len()) as u64;
    let last = if left == 0 { final_cost(game, &states[costs.len()], &unknown_moves) } else { full_step_cost(game) };
    costs.iter().sum::<u64>().saturating_add(left.saturating_mul(full_step_cost(game))).saturating_add(last)
}

/// The literals of the position after the last step: the state atoms that `terminal`
/// and the goals depend on (nothing else there is asked for).
fn final_cost(game: &GroundGame, state: &[V3], moves: &[V3]) -> u64 {
    let mut vals = vec![V3::False; game.atoms.len()];
    eval(game, state, moves, &mut vals, false);
    let mut asked = vec![false; game.atoms.len()];
    for a in game.terminal.iter().chain(game.goals.iter().flatten().map(|(_, a)| a)) {
        asked[*a as usize] = true;
    }
    // Bodies refer to earlier atoms only, so one pass from the last atom closes the set.
    for i in (0..game.atoms.len()).rev() {
        if asked[i] {
            for l in game.atoms[i].bodies.iter().flatten() {
                if let Node::Atom(a) = l.node {
                    asked[a as usize] = true;
                }
            }
        }
    }
    for (v, &a) in vals.iter_mut().zip(&asked) {
        if !a {
            *v = V3::False;
        }
    }
    step_cost(game, state, moves, &vals, false)
}

/// The literals of one step whose position and atoms have the values `state` and `vals`;
/// with `moving`, its moves and the atoms that depend on them too.
fn step_cost(game: &GroundGame, state: &[V3], moves: &[V3], vals: &[V3], moving: bool) -> u64 {
    let mut atoms = 0u64;
    for (atom, &value) in game.atoms.iter().zip(vals) {
        if value != V3::Unknown || (atom.on_does && !moving) {
            continue;
        }
        atoms += 1;
        for body in &atom.bodies {
            let values = body.iter().map(|l| literal(l, state, moves, vals));
            let (mut unknown, mut dropped) = (0u64, false);
            for v in values {
                unknown += u64::from(v == V3::Unknown);
                dropped |= v == V3::False;
            }
            if !dropped {
                atoms += 3 * unknown + 4;
            }
        }
    }
    let possible = game.legal.iter().filter(|l| l.is_some_and(|a| vals[a as usize] != V3::False)).count() as u64;
    atoms + if moving { possible * move_cost(game) } else { 0 } + STEP
}

/// The literals of one step with nothing folded.
fn full_step_cost(game: &GroundGame) -> u64 {
    let atoms: u64 = game.atoms.iter().map(|a| a.bodies.iter().map(|b| 3 * b.len() as u64 + 4).sum::<u64>() + 1).sum();
    atoms + game.moves.len() as u64 * move_cost(game) + STEP
}
