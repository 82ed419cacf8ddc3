//! The positional-game model: vertices, winning sets, initial stones and the turn order.
//!
//! A [`PositionalGame`] is the tuple ⟨T_B, T_W, F, N, E_B, E_W⟩ of Mayer-Eichberger and
//! Saffidine (Section 3.1), extended by initial stones, optional first-move symmetry
//! breaking and the board's symmetries. Time points are a sequence of movers: a (p,q) turn
//! of several stones is several consecutive time points of one player.
//!
//! [`PositionalGame::without_initials`] is the paper's rewrite of initial stones
//! (Section 3.3): a vertex owned by one player is removed from that player's winning sets,
//! every winning set of the opponent that contains it is dropped, and the vertex leaves V.
//!
//! ## References
//! V. Mayer-Eichberger, A. Saffidine: *Positional Games and QBF: A Polished Encoding*
//! (2021, extending SAT 2020), Sections 2 and 3.

use std::collections::BTreeSet;

/// One of the two players.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    Black,
    White,
}

impl Player {
    pub fn opponent(self) -> Player {
        match self {
            Player::Black => Player::White,
            Player::White => Player::Black,
        }
    }
}

/// A positional game (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionalGame {
    /// Vertex names, in index order.
    pub vertices: Vec<String>,
    /// Board coordinates (x, y), 1-based, when the game lives on a grid (GTTT, Hex, PG files
    /// with `a1`-style names); used by the BDDL emitter.
    pub coords: Option<Vec<(u32, u32)>>,
    /// Black's winning sets, each sorted, without duplicates.
    pub black_wins: Vec<Vec<usize>>,
    /// White's winning sets (empty for a Maker-Breaker game).
    pub white_wins: Vec<Vec<usize>>,
    pub black_initials: Vec<usize>,
    pub white_initials: Vec<usize>,
    /// Who moves at each time point 1..=F.
    pub turns: Vec<Player>,
    /// The vertices the first mover may choose from (symmetry breaking), if restricted.
    pub first_moves: Option<Vec<usize>>,
    /// Vertex permutations that map the game onto itself (used by the reference solver to
    /// merge symmetric positions). Empty when unknown.
    pub symmetries: Vec<Vec<usize>>,
}

/// Sorts each set, removes duplicate sets (keeping the first), and returns how many were
/// removed.
pub fn dedup_sets(sets: &mut Vec<Vec<usize>>) -> usize {
    let before = sets.len();
    let mut seen = BTreeSet::new();
    for set in sets.iter_mut() {
        set.sort_unstable();
        set.dedup();
    }
    sets.retain(|s| seen.insert(s.clone()));
    before - sets.len()
}

/// The turn order of a (p,q) game: the first player claims `q` vertices, then the players
/// alternate claiming `p`, until `total` time points.
pub fn pq_turns(p: usize, q: usize, first: Player, total: usize) -> Vec<Player> {
    let mut turns = Vec::with_capacity(total);
    let mut mover = first;
    let mut run = q.max(1);
    while turns.len() < total {
        for _ in 0..run {
            if turns.len() < total {
                turns.push(mover);
            }
        }
        mover = mover.opponent();
        run = p.max(1);
    }
    turns
}

impl PositionalGame {
    /// Number of vertices N.
    pub fn size(&self) -> usize {
        self.vertices.len()
    }

    /// A game without White winning sets is Maker-Breaker.
    pub fn is_maker_breaker(&self) -> bool {
        self.white_wins.is_empty()
    }

    /// The depth in plies: the number of time points.
    pub fn depth(&self) -> u32 {
        self.turns.len() as u32
    }

    /// The game cut to its first `depth` time points, or `None` if it has fewer.
    pub fn with_depth(&self, depth: u32) -> Option<PositionalGame> {
        if depth as usize > self.turns.len() {
            return None;
        }
        let mut game = self.clone();
        game.turns.truncate(depth as usize);
        Some(game)
    }

    /// The equivalent game without initial stones (see the module doc). First moves and
    /// symmetries are kept where they survive: symmetries must fix both sets of initial
    /// stones.
    pub fn without_initials(&self) -> PositionalGame {
        if self.black_initials.is_empty() && self.white_initials.is_empty() {
            return self.clone();
        }
        let n = self.size();
        let mut owner = vec![None; n];
        for &v in &self.black_initials {
            owner[v] = Some(Player::Black);
        }
        for &v in &self.white_initials {
            owner[v] = Some(Player::White);
        }
        let mut new_index = vec![usize::MAX; n];
        let mut vertices = Vec::new();
        for v in 0..n {
            if owner[v].is_none() {
                new_index[v] = vertices.len();
                vertices.push(self.vertices[v].clone());
            }
        }
        let rewrite = |sets: &[Vec<usize>], me: Player| -> Vec<Vec<usize>> {
            let mut out: Vec<Vec<usize>> = sets
                .iter()
                .filter(|s| s.iter().all(|&v| owner[v] != Some(me.opponent())))
                .map(|s| s.iter().filter(|&&v| owner[v].is_none()).map(|&v| new_index[v]).collect())
                .collect();
            dedup_sets(&mut out);
            out
        };
        let fixes = |perm: &Vec<usize>| (0..n).all(|v| owner[perm[v]] == owner[v]);
        let symmetries = self
            .symmetries
            .iter()
            .filter(|p| fixes(p))
            .map(|p| (0..n).filter(|&v| owner[v].is_none()).map(|v| new_index[p[v]]).collect())
            .collect();
        PositionalGame {
            coords: self.coords.as_ref().map(|c| (0..n).filter(|&v| owner[v].is_none()).map(|v| c[v]).collect()),
            vertices,
            black_wins: rewrite(&self.black_wins, Player::Black),
            white_wins: rewrite(&self.white_wins, Player::White),
            black_initials: Vec::new(),
            white_initials: Vec::new(),
            turns: self.turns.clone(),
            first_moves: self
                .first_moves
                .as_ref()
                .map(|f| f.iter().filter(|&&v| owner[v].is_none()).map(|&v| new_index[v]).collect()),
            symmetries,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pq_turns_start_with_q_then_alternate_p() {
        use Player::{Black as B, White as W};
        assert_eq!(pq_turns(1, 1, B, 4), vec![B, W, B, W]);
        assert_eq!(pq_turns(2, 1, W, 6), vec![W, B, B, W, W, B]);
        assert_eq!(pq_turns(2, 2, B, 5), vec![B, B, W, W, B]);
    }

    #[test]
    fn initial_stones_are_rewritten_away() {
        let game = PositionalGame {
            vertices: ["a", "b", "c", "d"].map(String::from).to_vec(),
            coords: None,
            black_wins: vec![vec![0, 1], vec![1, 2], vec![2, 3]],
            white_wins: vec![vec![0, 3], vec![2, 3]],
            black_initials: vec![1],
            white_initials: vec![3],
            turns: vec![Player::Black, Player::White],
            first_moves: None,
            symmetries: Vec::new(),
        };
        let g = game.without_initials();
        assert_eq!(g.vertices, vec!["a", "c"]);
        // {a,b} → {a}; {b,c} → {c}; {c,d} dropped (d is White's).
        assert_eq!(g.black_wins, vec![vec![0], vec![1]]);
        // {a,d} → {a}; {c,d} → {c}; none contains b.
        assert_eq!(g.white_wins, vec![vec![0], vec![1]]);
    }

    #[test]
    fn duplicate_sets_are_counted_and_removed() {
        let mut sets = vec![vec![2, 1], vec![1, 2], vec![3]];
        assert_eq!(dedup_sets(&mut sets), 1);
        assert_eq!(sets, vec![vec![1, 2], vec![3]]);
    }
}
