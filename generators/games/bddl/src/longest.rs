//! How long a BDDL game can last: the last ply at which the reference solver's answer can
//! still change ([`Solver::length`]).
//!
//! A play ends when a move reaches the mover's goal, or when the player to move has no
//! move (that player loses: the ply is spent, as [`Solver::wins`] counts it). The length
//! of a state is the most plies any play from it can spend; past the initial state's
//! length, every depth gives the same answer, since no play reaches the depth limit. A
//! game whose states can repeat has no length: a depth-first search over the reachable
//! states finds the repetition (a state on the search path reached again).

use std::collections::HashMap;

use super::solve::{Solver, State};
use gamekit::mixhash::MixState;

/// How long a game can last.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Length {
    /// No play spends more plies: the answer at this depth is the whole game's.
    Plies(u32),
    /// A state can be reached again, so plays have no bound.
    Endless,
    /// More than the given number of reachable states: not searched to the end.
    TooManyStates(usize),
}

/// A state of the search: the position, whether Black moves, and the longest play found
/// below it so far (while on the path).
struct Frame {
    key: (State, bool),
    next: Vec<State>,
    longest: u32,
}

/// A state's mark: on the search path, or done with its length.
#[derive(Copy, Clone)]
enum Mark {
    OnPath,
    Done(u32),
}

impl Solver {
    /// The game's [`Length`] from the initial state (Black's opening pass counted when
    /// Black moves second), searching at most `max_states` reachable states.
    pub fn length(&self, max_states: usize) -> Length {
        let black_first = !self.black_second;
        match self.length_from(self.initial(), black_first, max_states) {
            Length::Plies(n) => Length::Plies(n + u32::from(self.black_second)),
            other => other,
        }
    }

    fn length_from(&self, start: State, black: bool, max_states: usize) -> Length {
        let mut marks: HashMap<(State, bool), Mark, MixState> = HashMap::default();
        let mut path = vec![self.frame(start, black)];
        marks.insert((start, black), Mark::OnPath);
        while let Some(top) = path.last_mut() {
            let Some(next) = top.next.pop() else {
                let done = path.pop().map_or(0, |f| {
                    // Length 1 for a state without moves: the mover loses on this ply.
                    let n = f.longest.max(1);
                    marks.insert(f.key, Mark::Done(n));
                    n
                });
                match path.last_mut() {
                    Some(parent) => parent.longest = parent.longest.max(done + 1),
                    None => return Length::Plies(done),
                }
                continue;
            };
            let key = (next, !top.key.1);
            match marks.get(&key) {
                Some(Mark::OnPath) => return Length::Endless,
                Some(&Mark::Done(n)) => top.longest = top.longest.max(n + 1),
                None => {
                    if marks.len() >= max_states {
                        return Length::TooManyStates(max_states);
                    }
                    marks.insert(key, Mark::OnPath);
                    let frame = self.frame(next, key.1);
                    path.push(frame);
                }
            }
        }
        Length::Plies(0)
    }

    /// The state's frame: its successors, a move that reaches the mover's goal ending the
    /// play there (a length of one ply).
    fn frame(&self, s: State, black: bool) -> Frame {
        let moves = self.successors(s, black);
        let goal = moves.iter().any(|&(_, n)| self.won(n, black));
        let mut next: Vec<State> = moves.into_iter().map(|(_, n)| n).filter(|&n| !self.won(n, black)).collect();
        next.sort_unstable_by_key(|n| (n.black, n.white));
        next.dedup();
        Frame { key: (s, black), next, longest: u32::from(goal) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::tests::{solver, OCCUPY};

    const SHUTTLE: &str = "#blackactions\n:action right\n:parameters (?x,?y)\n:precondition (black(?x,?y) open(?x+1,?y))\n:effect (open(?x,?y) black(?x+1,?y))\n:action left\n:parameters (?x,?y)\n:precondition (black(?x,?y) open(?x-1,?y))\n:effect (open(?x,?y) black(?x-1,?y))\n#whiteactions\n:action right\n:parameters (?x,?y)\n:precondition (white(?x,?y) open(?x+1,?y))\n:effect (open(?x,?y) white(?x+1,?y))\n:action left\n:parameters (?x,?y)\n:precondition (white(?x,?y) open(?x-1,?y))\n:effect (open(?x,?y) white(?x-1,?y))\n";

    #[test]
    fn a_full_board_ends_the_game_one_ply_later() {
        // 3 open positions, no goals: three moves, then Black cannot move and loses on
        // the fourth ply.
        let mut s = solver(OCCUPY, "#boardsize 3 1\n#init\n#depth 3\n#blackgoal\n#whitegoal\n");
        assert_eq!(s.length(1000), Length::Plies(4));
        // Every depth from the length on gives the same answer.
        assert_eq!(s.wins(4), s.wins(9));
    }

    #[test]
    fn a_goal_ends_the_play_early() {
        // Black wins with its first stone on a 2x1 board whose goal is any black stone.
        let s = solver(OCCUPY, "#boardsize 2 1\n#init\n#depth 3\n#blackgoal\nblack(?x,?y)\n#whitegoal\n");
        assert_eq!(s.length(1000), Length::Plies(1));
    }

    #[test]
    fn black_moving_second_counts_its_pass() {
        let s = solver(OCCUPY, "#boardsize 3 1\n#blackturn second\n#init\n#depth 3\n#blackgoal\n#whitegoal\n");
        assert_eq!(s.length(1000), Length::Plies(5));
    }

    #[test]
    fn repeated_states_make_a_game_endless_and_the_search_is_bounded() {
        let s = solver(SHUTTLE, "#boardsize 4 1\n#init\nblack(1,1) white(4,1)\n#depth 3\n#blackgoal\n#whitegoal\n");
        assert_eq!(s.length(1000), Length::Endless);
        let s = solver(OCCUPY, "#boardsize 4 2\n#init\n#depth 3\n#blackgoal\n#whitegoal\n");
        assert_eq!(s.length(5), Length::TooManyStates(5));
    }
}
