//! The reference player of Cram: an explicit search over the positions of a board.
//!
//! Players alternately place a domino on two adjacent empty cells; the player who cannot
//! place one loses (normal play). Black moves first. "Black wins within `d` plies": White is
//! unable to move at some ply `t ≤ d` (plies counted from 1, White's failed turn included),
//! so Black never wins within 1 ply, and every game is decided by
//! [`Board::last_ply`].
//!
//! The search is memoised on the set of filled cells and the player to move: for each such
//! position it keeps the fewest plies within which Black forces White stuck (or never),
//! which answers every ply limit at once (more plies never hurt Black).

use std::collections::HashMap;

use crate::board::Board;

/// Never: Black cannot force White stuck.
const NEVER: u32 = u32::MAX;

/// The reference player: the value of every position it meets, memoised.
pub struct Player<'b> {
    board: &'b Board,
    /// Each domino as the mask of its two cells.
    masks: Vec<u128>,
    /// (filled cells, Black to move) → the fewest plies within which Black wins.
    memo: HashMap<(u128, bool), u32>,
}

impl<'b> Player<'b> {
    pub fn new(board: &'b Board) -> Player<'b> {
        let masks = board.dominoes().iter().map(|&[a, b]| 1u128 << a | 1u128 << b).collect();
        Player { board, masks, memo: HashMap::new() }
    }

    /// The positions searched so far.
    pub fn expanded(&self) -> usize {
        self.memo.len()
    }

    /// The dominoes that fit on the cells `filled` leaves empty, ascending.
    fn moves(&self, filled: u128) -> Vec<usize> {
        (0..self.masks.len()).filter(|&k| self.masks[k] & filled == 0).collect()
    }

    /// The fewest plies, counted from this one, within which Black forces White stuck.
    fn plies(&mut self, filled: u128, black: bool) -> u32 {
        if let Some(&known) = self.memo.get(&(filled, black)) {
            return known;
        }
        let moves = self.moves(filled);
        let value = if moves.is_empty() {
            // Black stuck loses; White stuck at this ply is Black's win at this ply.
            if black {
                NEVER
            } else {
                1
            }
        } else {
            let after = moves.into_iter().map(|k| self.plies(filled | self.masks[k], !black));
            let best = if black { after.min() } else { after.max() };
            best.map_or(NEVER, |p| p.saturating_add(1))
        };
        self.memo.insert((filled, black), value);
        value
    }

    /// The filled cells at the start: the blocked ones.
    fn start(&self) -> u128 {
        (0..self.board.cells() as u32).filter(|&c| self.board.is_blocked(c)).fold(0, |m, c| m | 1 << c)
    }

    /// The fewest plies within which Black wins the game, if Black wins at all.
    pub fn critical(&mut self) -> Option<u32> {
        let start = self.start();
        Some(self.plies(start, true)).filter(|&p| p != NEVER)
    }

    /// Black wins within `plies` plies.
    pub fn wins_within(&mut self, plies: u32) -> bool {
        self.critical().is_some_and(|p| p <= plies)
    }

    /// Black's first moves (domino indices) that win within `plies` plies, ascending.
    pub fn winning_moves(&mut self, plies: u32) -> Vec<usize> {
        let start = self.start();
        self.moves(start)
            .into_iter()
            .filter(|&k| self.plies(start | self.masks[k], false).saturating_add(1) <= plies)
            .collect()
    }
}
