//! The explicit-state reference solver: the ground truth for every test of the encoding.
//!
//! States are two bitboards (black, white; a position in neither is open), so boards have
//! at most 64 positions. Every action is grounded once, at every position of its interval
//! `I_a` (Definition 3.7), into a precondition pattern (masks of positions that must be
//! black/white/open, and must not be) and an effect (masks of positions set black/white/open,
//! all others unchanged); goals are grounded into patterns the same way (Definition 3.8).
//!
//! The game value is depth-bounded minimax over plies, exactly Definition 3.10 extended to
//! even depths as the published tables use them:
//!
//! - Black to move with `k ≥ 1` plies left wins iff some Black move reaches a state in
//!   `won_B`, or (`k ≥ 2`) a state from which White-to-move with `k − 1` plies is won.
//! - White to move with `k ≥ 1` plies left: Black wins iff White has no move, or every White
//!   move avoids `won_W` and leads to a Black win with `k − 1` plies left.
//! - With no ply left, Black has not won.
//!
//! For odd depths this is `s₀ ∈ W_d`. With `#blackturn second`, the first ply is Black's
//! pass and the game continues with White to move. A transposition table keyed on
//! (state, plies left, player to move) makes repeated positions free; the search stops at
//! the first winning Black move and the first refuting White move.
//!
//! ## References
//! - I. Shaik, J. van de Pol, *Concise QBF Encodings for Games on a Grid*, SAT 2023,
//!   Definitions 3.7–3.10.

use std::collections::HashMap;

use super::model::{Action, Board, Condition, Game, Pred};
use gamekit::mixhash::MixState;

/// A board position: bit `index(x, y)` of `black` or `white` set, or neither (open).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub black: u64,
    pub white: u64,
}

/// A grounded condition.
#[derive(Copy, Clone, Debug, Default)]
struct Pattern {
    need: [u64; 3],
    forbid: [u64; 3],
}

fn slot(p: Pred) -> usize {
    match p {
        Pred::Open => 0,
        Pred::Black => 1,
        Pred::White => 2,
    }
}

impl Pattern {
    fn ground(c: &Condition, i: i32, j: i32, board: Board) -> Pattern {
        let mut p = Pattern::default();
        for a in &c.atoms {
            let (x, y) = a.cell(i, j, board);
            let bit = 1u64 << board.index(x, y);
            if a.negated {
                p.forbid[slot(a.pred)] |= bit;
            } else {
                p.need[slot(a.pred)] |= bit;
            }
        }
        p
    }

    fn matches(&self, s: State, full: u64) -> bool {
        let have = [full & !(s.black | s.white), s.black, s.white];
        (0..3).all(|k| have[k] & self.need[k] == self.need[k] && have[k] & self.forbid[k] == 0)
    }
}

/// A grounded move: an action at a position.
#[derive(Clone, Debug)]
struct Move {
    action: usize,
    x: i32,
    y: i32,
    pre: Pattern,
    /// Positions the effect makes open, black, white.
    set: [u64; 3],
}

impl Move {
    fn apply(&self, s: State) -> State {
        let [open, black, white] = self.set;
        State { black: (s.black & !(open | white)) | black, white: (s.white & !(open | black)) | white }
    }
}

/// A winning first move, for reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstMove {
    pub action: String,
    pub x: i32,
    pub y: i32,
}

/// The board has more positions than a 64-bit state holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLarge {
    pub cells: usize,
}

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the reference solver handles boards of at most 64 positions; this one has {}", self.cells)
    }
}

impl std::error::Error for TooLarge {}

type Table = HashMap<(State, u32, bool), bool, MixState>;

/// The reference solver for one game; answers for several depths share its table.
pub struct Solver {
    full: u64,
    initial: State,
    pub(super) black_second: bool,
    black: Vec<Move>,
    white: Vec<Move>,
    black_goals: Vec<Pattern>,
    white_goals: Vec<Pattern>,
    names: Vec<String>,
    table: Table,
}

impl Solver {
    pub fn new(game: &Game) -> Result<Solver, TooLarge> {
        let board = game.board();
        let cells = board.cells();
        if cells > 64 {
            return Err(TooLarge { cells });
        }
        let full = if cells == 64 { u64::MAX } else { (1u64 << cells) - 1 };
        let mut initial = State { black: 0, white: 0 };
        for (k, p) in game.initial_state().into_iter().enumerate() {
            match p {
                Pred::Black => initial.black |= 1 << k,
                Pred::White => initial.white |= 1 << k,
                Pred::Open => {}
            }
        }
        let goals = |cs: &[Condition]| -> Vec<Pattern> {
            cs.iter()
                .flat_map(|c| {
                    let (bx, by) = c.bounds(board);
                    bx.iter().flat_map(move |i| by.iter().map(move |j| Pattern::ground(c, i, j, board)))
                })
                .collect()
        };
        let d = &game.domain;
        Ok(Solver {
            full,
            initial,
            black_second: game.problem.black_second,
            black: ground_moves(&d.black, board, 0),
            white: ground_moves(&d.white, board, d.black.len()),
            black_goals: goals(&game.problem.black_goals),
            white_goals: goals(&game.problem.white_goals),
            names: d.black.iter().chain(&d.white).map(|a| a.name.clone()).collect(),
            table: Table::default(),
        })
    }

    /// Whether Black wins within `depth` plies from the initial state.
    pub fn wins(&mut self, depth: u32) -> bool {
        if self.black_second {
            self.white_to_move(self.initial, depth.saturating_sub(1))
        } else {
            self.black_to_move(self.initial, depth)
        }
    }

    /// [`critical_depth`](Self::critical_depth), telling `lost` each depth tried where
    /// Black does not win.
    pub fn critical_depth_telling(&mut self, max: u32, lost: &mut dyn FnMut(u32)) -> Option<u32> {
        for d in 1..=max {
            if self.wins(d) {
                return Some(d);
            }
            lost(d);
        }
        None
    }

    /// A first Black move that wins within `depth` plies (`None` if Black does not win, or
    /// if Black's first ply is a pass).
    pub fn winning_move(&mut self, depth: u32) -> Option<FirstMove> {
        if self.black_second || depth == 0 {
            return None;
        }
        let s = self.initial;
        let moves = self.successors(s, true);
        let m = moves.into_iter().find(|&(_, next)| self.won(next, true) || self.white_to_move(next, depth - 1))?.0;
        let m = &self.black[m];
        Some(FirstMove { action: self.names[m.action].clone(), x: m.x, y: m.y })
    }

    /// Whether Black's first move, Black action number `action` at `(x, y)`, keeps a win
    /// within `depth` plies (the move included); `None` if it is not a legal first move.
    pub fn first_move_wins(&mut self, action: usize, x: i32, y: i32, depth: u32) -> Option<bool> {
        if self.black_second || depth == 0 {
            return None;
        }
        let s = self.initial;
        let m =
            self.black.iter().find(|m| m.action == action && m.x == x && m.y == y && m.pre.matches(s, self.full))?;
        let next = m.apply(s);
        Some(self.won(next, true) || self.white_to_move(next, depth - 1))
    }

    /// The initial state.
    pub fn initial(&self) -> State {
        self.initial
    }

    /// The legal moves in `s` of Black (`black`) or White: the action's number (Black's
    /// actions first, then White's), the move, and the successor state.
    pub fn moves(&self, s: State, black: bool) -> Vec<(usize, FirstMove, State)> {
        let moves = if black { &self.black } else { &self.white };
        let describe = |m: &Move| FirstMove { action: self.names[m.action].clone(), x: m.x, y: m.y };
        self.successors(s, black).into_iter().map(|(k, next)| (moves[k].action, describe(&moves[k]), next)).collect()
    }

    /// Whether `s` satisfies a goal of Black (`black`) or of White.
    pub fn goal_reached(&self, s: State, black: bool) -> bool {
        self.won(s, black)
    }

    /// The smallest depth in `1..=max` at which Black wins.
    pub fn critical_depth(&mut self, max: u32) -> Option<u32> {
        self.critical_depth_telling(max, &mut |_| {})
    }

    pub(super) fn won(&self, s: State, black: bool) -> bool {
        let goals = if black { &self.black_goals } else { &self.white_goals };
        goals.iter().any(|g| g.matches(s, self.full))
    }

    /// The successors of `s` by the mover's moves, as (move index, state).
    pub(super) fn successors(&self, s: State, black: bool) -> Vec<(usize, State)> {
        let moves = if black { &self.black } else { &self.white };
        moves.iter().enumerate().filter(|(_, m)| m.pre.matches(s, self.full)).map(|(k, m)| (k, m.apply(s))).collect()
    }

    fn black_to_move(&mut self, s: State, k: u32) -> bool {
        if k == 0 {
            return false;
        }
        if let Some(&v) = self.table.get(&(s, k, true)) {
            return v;
        }
        let next = self.successors(s, true);
        let value = next.iter().any(|&(_, n)| self.won(n, true))
            || (k > 1 && next.iter().any(|&(_, n)| self.white_to_move(n, k - 1)));
        self.table.insert((s, k, true), value);
        value
    }

    fn white_to_move(&mut self, s: State, k: u32) -> bool {
        if k == 0 {
            return false;
        }
        if let Some(&v) = self.table.get(&(s, k, false)) {
            return v;
        }
        let next = self.successors(s, false);
        let value =
            !next.iter().any(|&(_, n)| self.won(n, false)) && next.iter().all(|&(_, n)| self.black_to_move(n, k - 1));
        self.table.insert((s, k, false), value);
        value
    }
}

/// Grounds `actions` at every position of their intervals; `first` numbers them.
fn ground_moves(actions: &[Action], board: Board, first: usize) -> Vec<Move> {
    let mut moves = Vec::new();
    for (k, a) in actions.iter().enumerate() {
        let (bx, by) = a.bounds(board);
        for i in bx.iter() {
            for j in by.iter() {
                let eff = Pattern::ground(&a.eff, i, j, board);
                let set = eff.need;
                // Two effects on one position with different predicates: no successor
                // state satisfies the effect, so the move never applies.
                if set[0] & set[1] != 0 || set[0] & set[2] != 0 || set[1] & set[2] != 0 {
                    continue;
                }
                moves.push(Move { action: first + k, x: i, y: j, pre: Pattern::ground(&a.pre, i, j, board), set });
            }
        }
    }
    moves
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::load;
    use contract::Source;

    pub(crate) const OCCUPY: &str = "#blackactions\n:action occupy\n:parameters (?x,?y)\n:precondition (open(?x,?y))\n:effect (black(?x,?y))\n#whiteactions\n:action occupy\n:parameters (?x,?y)\n:precondition (open(?x,?y))\n:effect (white(?x,?y))\n";

    pub(crate) fn solver(domain: &str, problem: &str) -> Solver {
        let game = load(&Source::from_bytes("d", domain), &Source::from_bytes("p", problem), None)
            .unwrap_or_else(|e| panic!("{e}"));
        Solver::new(&game).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn domino_on_a_line_is_won_at_depth_three() {
        // 1x3 board, Black needs two adjacent stones: Black takes the middle, White cannot
        // block both sides.
        let mut s =
            solver(OCCUPY, "#boardsize 3 1\n#init\n#depth 3\n#blackgoal\nblack(?x,?y) black(?x+1,?y)\n#whitegoal\n");
        assert_eq!(s.critical_depth(5), Some(3));
        let mut lost = Vec::new();
        assert_eq!(s.critical_depth_telling(5, &mut |d| lost.push(d)), Some(3));
        assert_eq!(lost, [1, 2]);
        assert_eq!(s.winning_move(3), Some(FirstMove { action: "occupy".into(), x: 2, y: 1 }));
    }

    #[test]
    fn a_player_without_moves_loses_and_white_goals_count() {
        // 2x1 board, no goals: after Black's stone White still has a position, then Black
        // has none. Black wins only if White cannot move: never here.
        let mut s = solver(OCCUPY, "#boardsize 2 1\n#init\n#depth 4\n#blackgoal\n#whitegoal\n");
        assert_eq!(s.critical_depth(4), None);
        // 3x1: Black, White, Black fill the board; White cannot move at ply 4.
        let mut s = solver(OCCUPY, "#boardsize 3 1\n#init\n#depth 4\n#blackgoal\n#whitegoal\n");
        assert_eq!(s.critical_depth(4), Some(4));
        // White completing its own goal first refutes Black.
        let mut s = solver(OCCUPY, "#boardsize 3 1\n#init\nwhite(1,1) black(3,1)\n#depth 3\n#blackgoal\nblack(2,1) black(3,1)\n#whitegoal\nwhite(1,1) white(2,1)\n");
        assert!(s.wins(1), "Black takes the middle at once");
        let mut s = solver(OCCUPY, "#boardsize 3 1\n#init\nwhite(1,1)\n#depth 3\n#blackgoal\nblack(2,1) black(3,1)\n#whitegoal\nwhite(1,1) white(2,1)\n");
        assert!(!s.wins(3), "White answers 3 with 2 and wins");
    }

    #[test]
    fn moving_second_starts_with_a_pass() {
        let mut s = solver(
            OCCUPY,
            "#boardsize 3 1\n#init\n#depth 3\n#blackgoal\nblack(?x,?y) black(?x+1,?y)\n#whitegoal\n#blackturn second\n",
        );
        assert_eq!(s.critical_depth(5), None, "White takes the middle");
    }
}
