//! Node Kayles on an undirected graph, and its reference player.
//!
//! Players alternately pick a vertex that is neither picked nor adjacent to a picked one;
//! the player who cannot move loses. Black moves first. "Black wins within `d` plies":
//! White is unable to move at some ply `t ≤ d` (plies counted from 1, White's failed
//! turn included), so Black never wins within 1 ply.
//!
//! The reference player is a search over the set of still-available vertices, memoised
//! on that set and the player to move: for each such position it keeps the fewest plies
//! within which Black forces White stuck (or never), which answers every ply limit at once
//! (more plies never hurt Black).

use std::collections::HashMap;

use gamekit::graph::Graph;

/// A Node Kayles game: the closed neighbourhood of every vertex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kayles {
    /// `closed[v]`: `v` and its neighbours, ascending, without duplicates.
    closed: Vec<Vec<u32>>,
}

impl Kayles {
    /// The game on `graph` read as undirected: `u` and `v` are adjacent when either is a
    /// successor of the other; self loops mean nothing.
    pub fn from_graph(graph: &Graph) -> Kayles {
        let n = graph.nodes();
        let mut closed: Vec<Vec<u32>> = (0..n as u32).map(|v| vec![v]).collect();
        for u in 0..n as u32 {
            for &v in graph.successors(u) {
                closed[u as usize].push(v);
                closed[v as usize].push(u);
            }
        }
        for list in &mut closed {
            list.sort_unstable();
            list.dedup();
        }
        Kayles { closed }
    }

    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.closed.len()
    }

    /// The number of undirected edges (self loops not counted).
    pub fn edges(&self) -> usize {
        self.closed.iter().map(|c| c.len() - 1).sum::<usize>() / 2
    }

    /// `v` and its neighbours, ascending.
    pub fn closed_neighbourhood(&self, v: u32) -> &[u32] {
        &self.closed[v as usize]
    }
}

/// A set of vertices, one bit each.
type Set = Vec<u64>;

fn contains(set: &Set, v: u32) -> bool {
    set[(v / 64) as usize] >> (v % 64) & 1 == 1
}

/// Never: Black cannot force White stuck.
const NEVER: u32 = u32::MAX;

/// The reference player: the value of every position it meets, memoised.
pub struct Player<'k> {
    game: &'k Kayles,
    /// (available vertices, Black to move) → the fewest plies within which Black wins.
    memo: HashMap<(Set, bool), u32>,
}

impl<'k> Player<'k> {
    pub fn new(game: &'k Kayles) -> Player<'k> {
        Player { game, memo: HashMap::new() }
    }

    /// The positions searched so far.
    pub fn expanded(&self) -> usize {
        self.memo.len()
    }

    /// The set of all vertices.
    fn all(&self) -> Set {
        let n = self.game.vertices();
        let mut set = vec![0u64; n.div_ceil(64).max(1)];
        for v in 0..n {
            set[v / 64] |= 1 << (v % 64);
        }
        set
    }

    /// `available` without `v` and its neighbours.
    fn after(&self, available: &Set, v: u32) -> Set {
        let mut next = available.clone();
        for &u in self.game.closed_neighbourhood(v) {
            next[(u / 64) as usize] &= !(1 << (u % 64));
        }
        next
    }

    fn moves(&self, available: &Set) -> Vec<u32> {
        (0..self.game.vertices() as u32).filter(|&v| contains(available, v)).collect()
    }

    /// The fewest plies, counted from this one, within which Black forces White stuck.
    fn plies(&mut self, available: &Set, black: bool) -> u32 {
        if let Some(&known) = self.memo.get(&(available.clone(), black)) {
            return known;
        }
        let moves = self.moves(available);
        let value = if moves.is_empty() {
            // Black stuck loses; White stuck at this ply is Black's win at this ply.
            if black {
                NEVER
            } else {
                1
            }
        } else {
            let mut after = Vec::with_capacity(moves.len());
            for v in moves {
                let next = self.after(available, v);
                after.push(self.plies(&next, !black));
            }
            let best = if black { after.iter().min() } else { after.iter().max() };
            best.copied().map_or(NEVER, |p| p.saturating_add(1))
        };
        self.memo.insert((available.clone(), black), value);
        value
    }

    /// The available vertices after the legal picks `picked`, Black's first.
    fn position(&self, picked: &[u32]) -> Set {
        picked.iter().fold(self.all(), |available, &v| self.after(&available, v))
    }

    /// The vertices the player to move may pick after the legal picks `picked` (Black's
    /// first, then alternately), ascending.
    pub fn available(&self, picked: &[u32]) -> Vec<u32> {
        self.moves(&self.position(picked))
    }

    /// The fewest plies, counted from the next one, within which Black forces White stuck
    /// after the legal picks `picked`, if Black wins from there at all.
    pub fn plies_after(&mut self, picked: &[u32]) -> Option<u32> {
        let available = self.position(picked);
        Some(self.plies(&available, picked.len().is_multiple_of(2))).filter(|&p| p != NEVER)
    }

    /// The fewest plies within which Black wins the game, if Black wins at all.
    pub fn critical(&mut self) -> Option<u32> {
        self.plies_after(&[])
    }

    /// Black wins within `plies` plies.
    pub fn wins_within(&mut self, plies: u32) -> bool {
        self.critical().is_some_and(|p| p <= plies)
    }

    /// Black's first moves that win within `plies` plies, ascending.
    pub fn winning_moves(&mut self, plies: u32) -> Vec<u32> {
        self.winning_moves_after(&[], plies)
    }

    /// The winning moves of the player to move after the legal picks `picked`, with `left`
    /// plies to play (this one included), ascending: Black's that win within them,
    /// White's after which Black does not.
    pub fn winning_moves_after(&mut self, picked: &[u32], left: u32) -> Vec<u32> {
        let available = self.position(picked);
        let black = picked.len().is_multiple_of(2);
        let moves = self.moves(&available);
        moves
            .into_iter()
            .filter(|&v| (self.plies(&self.after(&available, v), !black).saturating_add(1) <= left) == black)
            .collect()
    }
}
