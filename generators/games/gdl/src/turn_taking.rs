//! Is a ground game strictly turn-taking up to a depth: at each step, one role at most
//! has a choice of moves (two or more legal moves), and the same role in every reachable
//! position of that step? The strictly turn-taking encoding (SD) needs exactly that.
//!
//! Proved on the ground game, not read from the rules. First the three-valued simulation
//! of [`turn_order`]: it over-approximates the positions reachable at each step, so when
//! it finds at most one role that may have a choice at every step, the game is strictly
//! turn-taking in every reachable position ([`TurnTaking::Strict`]). When it cannot (it
//! names a step at which two roles may have a choice), the reachable positions are
//! enumerated step by step, breadth first, for a witness ([`TurnTaking::Open`]): one
//! position in which two roles have a choice, or two positions of the same step in which
//! different roles have it (the turn order depends on the play, as in Dots and Boxes). The
//! enumeration stops after [`SEARCH_LIMIT`] positions; without a witness by then, or up to
//! the depth, the question stays open ([`TurnTaking::Unproven`]) and callers must treat the
//! game as not strictly turn-taking.
//!
//! Everything here is deterministic: positions are visited in the order of their first
//! discovery and joint moves in the order of the roles and of their moves, so the same game
//! gives the same witness.
//!
//! ## References
//! - Y. He, A. Saffidine, M. Thielscher: *Solving Two-player Games with QBF Solvers in
//!   General Game Playing*, AAMAS 2024, Section 3.3 (strictly turn-taking games).

use std::collections::HashSet;

use super::player::{joint, Solver, State};
use super::turns::{turn_order, Turn, Undetermined};
use super::GroundGame;

/// The most positions the search for a witness visits.
pub const SEARCH_LIMIT: usize = 20_000;

/// The turn structure of a game up to a depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnTaking {
    /// Strictly turn-taking at every step `1..=depth`: the turns of each role per step, as
    /// [`turn_order`] proves them.
    Strict(Vec<Vec<Turn>>),
    /// Not strictly turn-taking: a reachable position (or two) that shows it.
    Open(Witness),
    /// The analysis cannot fix the turn order, and no witness was found among the positions
    /// visited.
    Unproven {
        undetermined: Undetermined,
        /// Positions visited.
        visited: usize,
        /// Whether every position reachable within the depth was visited.
        exhausted: bool,
    },
}

/// One role's choice of moves in a reachable position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub role: String,
    /// The moves that lead from the initial position to it, per step the moves of the
    /// roles that had a choice there (forced moves left out unless no role had a choice),
    /// joined by `+`.
    pub line: Vec<String>,
}

/// Two roles with a choice of moves at the same step: in one position (same `line`) or in
/// two.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Witness {
    pub step: u32,
    pub first: Choice,
    pub second: Choice,
}

impl std::fmt::Display for Witness {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (a, b, t) = (&self.first, &self.second, self.step);
        if a.line == b.line {
            write!(f, "at step {t}, {}, both {} and {} have a choice of moves", after(&a.line), a.role, b.role)
        } else {
            write!(
                f,
                "at step {t}, {} has a choice of moves {} but {} {}",
                a.role,
                after(&a.line),
                b.role,
                after(&b.line)
            )
        }
    }
}

fn after(line: &[String]) -> String {
    if line.is_empty() {
        "in the initial position".to_string()
    } else {
        format!("after {}", line.join(" "))
    }
}

impl std::fmt::Display for TurnTaking {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TurnTaking::Strict(turns) => write!(
                f,
                "strictly turn-taking: at each of the {} steps one role at most has a choice of moves, the same in every reachable position",
                turns.len()
            ),
            TurnTaking::Open(w) => write!(f, "not strictly turn-taking: {w}"),
            TurnTaking::Unproven { undetermined, visited, exhausted } => {
                let search = if *exhausted {
                    format!("all {visited} reachable positions show a fixed order, which the analysis cannot use")
                } else {
                    format!("no witness among the first {visited} reachable positions")
                };
                write!(f, "turn order not proved fixed: {undetermined} ({search})")
            }
        }
    }
}

impl TurnTaking {
    /// Whether the strictly turn-taking encoding applies.
    pub fn is_strict(&self) -> bool {
        matches!(self, TurnTaking::Strict(_))
    }
}

/// The turn structure of `game` over the steps `1..=depth`.
pub fn turn_taking(game: &GroundGame, depth: u32) -> TurnTaking {
    match turn_order(game, depth) {
        Ok(turns) => TurnTaking::Strict(turns),
        Err(undetermined) => search(game, depth, undetermined),
    }
}

/// A visited position: how it was reached.
struct Node {
    parent: usize,
    /// The moves of the roles with a choice on the step that led here.
    moves: String,
}

/// Breadth-first enumeration of the reachable positions, step by step, for a witness.
fn search(game: &GroundGame, depth: u32, undetermined: Undetermined) -> TurnTaking {
    let roles = game.roles.len();
    let player = match Solver::new(game, 0) {
        Ok(p) => p,
        Err(_) => return TurnTaking::Unproven { undetermined, visited: 0, exhausted: false },
    };
    let mut nodes = vec![Node { parent: usize::MAX, moves: String::new() }];
    let mut layer: Vec<(State, usize)> = vec![(player.initial(), 0)];
    for step in 1..=depth {
        let mut chooser: Option<(usize, usize)> = None;
        let mut next = Vec::new();
        let mut seen: HashSet<State> = HashSet::new();
        for (state, node) in &layer {
            if player.is_terminal(state) {
                continue;
            }
            let legal: Vec<Vec<u32>> = (0..roles).map(|r| player.legal(state, r)).collect();
            let choosing: Vec<usize> = (0..roles).filter(|&r| legal[r].len() >= 2).collect();
            let witness = match (choosing.as_slice(), chooser) {
                ([a, b, ..], _) => Some(((*a, *node), (*b, *node))),
                ([a], Some((c, at))) if c != *a => Some(((c, at), (*a, *node))),
                ([a], None) => {
                    chooser = Some((*a, *node));
                    None
                }
                _ => None,
            };
            if let Some((first, second)) = witness {
                let choice = |(role, at): (usize, usize)| Choice {
                    role: game.store.display(game.roles[role]),
                    line: line(&nodes, at),
                };
                return TurnTaking::Open(Witness { step, first: choice(first), second: choice(second) });
            }
            if step == depth {
                continue;
            }
            for moves in joint(&legal) {
                let succ = player.next(state, &moves);
                if seen.insert(succ.clone()) {
                    if nodes.len() >= SEARCH_LIMIT {
                        return TurnTaking::Unproven { undetermined, visited: nodes.len(), exhausted: false };
                    }
                    let shown = if choosing.is_empty() { (0..roles).collect() } else { choosing.clone() };
                    let shown: Vec<String> =
                        shown.iter().map(|&r| game.store.display(game.moves[moves[r] as usize].term)).collect();
                    nodes.push(Node { parent: *node, moves: shown.join("+") });
                    next.push((succ, nodes.len() - 1));
                }
            }
        }
        layer = next;
    }
    TurnTaking::Unproven { undetermined, visited: nodes.len(), exhausted: true }
}

/// The moves from the initial position to node `at`.
fn line(nodes: &[Node], mut at: usize) -> Vec<String> {
    let mut out = Vec::new();
    while at != 0 {
        out.push(nodes[at].moves.clone());
        at = nodes[at].parent;
    }
    out.reverse();
    out
}
