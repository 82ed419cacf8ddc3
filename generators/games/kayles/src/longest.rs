//! How long a Node Kayles game can last: every pick takes a vertex no earlier pick is next
//! to, so the picks of one play form an independent set, and a play picks at most α
//! vertices (the size of a largest independent set). Black wins at the ply White is stuck,
//! an even ply, and every game is over by ply α + 1, so Black wins by the last even ply up to
//! it or never: a ply limit past that encodes the same game with idle plies, a larger
//! formula with the same answer.
//!
//! α is found exactly by branch and bound on graphs of at most 128 vertices within
//! [`STEPS`] search steps (vertices of at most one neighbour are taken without branching,
//! as some largest independent set holds them); otherwise the bound is the vertices less a
//! greedy matching's edges (an independent set holds at most one end of each), which is
//! never below α.

use super::game::Kayles;

/// The search steps the exact α may take before the matching bound answers instead.
pub const STEPS: u64 = 200_000;

/// The most vertices a play picks: α exactly ([`Picks::Exact`]), or a bound never below it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Picks {
    /// The size of a largest independent set.
    Exact(u32),
    /// An upper bound on it: the vertices less the edges of a greedy matching.
    AtMost(u32),
}

impl Picks {
    /// The number of picks (exact or bound).
    pub fn count(self) -> u32 {
        match self {
            Picks::Exact(n) | Picks::AtMost(n) => n,
        }
    }

    /// The last ply at which Black can win: Black wins on White's turns, the even plies,
    /// and every game is over by the ply after the last pick, α + 1.
    pub fn deciding_ply(self) -> u32 {
        let after_last = self.count() + 1;
        after_last - after_last % 2
    }
}

impl Kayles {
    /// The most vertices one play of the game picks.
    pub fn most_picks(&self) -> Picks {
        let n = self.vertices();
        if n <= 128 {
            let closed: Vec<u128> =
                (0..n as u32).map(|v| self.closed_neighbourhood(v).iter().fold(0, |set, &u| set | 1 << u)).collect();
            let all = if n == 128 { u128::MAX } else { (1u128 << n) - 1 };
            let mut search = Search { closed: &closed, best: 0, steps: 0 };
            if search.largest(all, 0) {
                return Picks::Exact(search.best);
            }
        }
        Picks::AtMost(n as u32 - self.greedy_matching())
    }

    /// The edges of a matching taken greedily, vertex by vertex.
    fn greedy_matching(&self) -> u32 {
        let mut matched = vec![false; self.vertices()];
        let mut edges = 0;
        for u in 0..self.vertices() as u32 {
            if matched[u as usize] {
                continue;
            }
            if let Some(&v) = self.closed_neighbourhood(u).iter().find(|&&v| v != u && !matched[v as usize]) {
                matched[u as usize] = true;
                matched[v as usize] = true;
                edges += 1;
            }
        }
        edges
    }
}

/// Branch and bound for α over vertex sets of at most 128 vertices (recursion at most 128
/// deep: every call removes a vertex).
struct Search<'c> {
    /// `closed[v]`: `v` and its neighbours.
    closed: &'c [u128],
    best: u32,
    steps: u64,
}

impl Search<'_> {
    /// Raises `best` to the largest independent set within `left` plus `taken`; false when
    /// the search ran out of steps (then `best` is only a lower bound).
    fn largest(&mut self, mut left: u128, mut taken: u32) -> bool {
        self.steps += 1;
        if self.steps > STEPS {
            return false;
        }
        // A vertex with at most one neighbour left is in some largest independent set.
        while let Some(v) = members(left).find(|&v| (self.closed[v] & left).count_ones() <= 2) {
            left &= !self.closed[v];
            taken += 1;
        }
        if taken + left.count_ones() <= self.best {
            return true;
        }
        let Some(v) = members(left).max_by_key(|&v| (self.closed[v] & left).count_ones()) else {
            self.best = taken;
            return true;
        };
        self.largest(left & !self.closed[v], taken + 1) && self.largest(left & !(1 << v), taken)
    }
}

/// The vertices of `set`, ascending, one step per vertex rather than per bit.
fn members(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let v = set.trailing_zeros() as usize;
        set &= set.wrapping_sub(1);
        (v < 128).then_some(v)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamekit::graph::{gnp, grid, Graph};

    fn picks(graph: &Graph) -> Picks {
        Kayles::from_graph(graph).most_picks()
    }

    #[test]
    fn paths_cycles_and_grids_pick_their_largest_independent_sets() {
        assert_eq!(picks(&grid(5, 1)), Picks::Exact(3), "a path of 5: every other vertex");
        assert_eq!(picks(&grid(16, 1)), Picks::Exact(8));
        assert_eq!(picks(&gamekit::graph::torus(7, 1)), Picks::Exact(3), "a cycle of 7");
        assert_eq!(picks(&grid(3, 3)), Picks::Exact(5), "a 3x3 grid: its five black squares");
        assert_eq!(picks(&grid(8, 8)), Picks::Exact(32));
    }

    #[test]
    fn the_deciding_ply_is_the_last_even_ply_up_to_the_one_after_the_last_pick() {
        assert_eq!(picks(&grid(5, 1)).deciding_ply(), 4, "α = 3: White is stuck at ply 4 at the latest");
        assert_eq!(picks(&grid(4, 1)).deciding_ply(), 2, "α = 2: ply 3 is Black's, never Black's win");
    }

    #[test]
    fn a_graph_past_128_vertices_gets_a_bound_never_below_the_true_size() {
        // A path of 200: α = 100; the greedy matching pairs (0,1), (2,3), …: 100 edges.
        assert_eq!(picks(&grid(200, 1)), Picks::AtMost(100));
        let graph = gnp(300, 0.02, 1);
        let Picks::AtMost(bound) = picks(&graph) else { panic!("300 vertices are past the exact search") };
        assert!(bound < 300, "some edge is matched");
    }

    #[test]
    fn the_exact_size_agrees_with_the_reference_player_on_random_graphs() {
        // The longest play the reference player can be forced into is at most α plies of
        // picks: Black wins, if at all, by ply α + 1.
        for seed in 1..=6 {
            let graph = gnp(14, 0.2, seed);
            let game = Kayles::from_graph(&graph);
            let Picks::Exact(alpha) = game.most_picks() else { panic!("14 vertices are searched exactly") };
            let mut player = super::super::game::Player::new(&game);
            let last = game.most_picks().deciding_ply();
            if let Some(plies) = player.critical() {
                assert!(plies <= last, "seed {seed}: Black wins at ply {plies}, past ply {last}");
            }
            assert_eq!(alpha, brute_force(&game), "seed {seed}");
        }
    }

    /// α by trying every vertex set (graphs of at most 16 vertices).
    fn brute_force(game: &Kayles) -> u32 {
        let n = game.vertices() as u32;
        (0u32..1 << n)
            .filter(|&set| {
                (0..n)
                    .filter(|&v| set >> v & 1 == 1)
                    .all(|v| game.closed_neighbourhood(v).iter().all(|&u| u == v || set >> u & 1 == 0))
            })
            .map(u32::count_ones)
            .max()
            .unwrap_or(0)
    }
}
