//! Graphs made from a few numbers: the thesis's example, seeded random graphs and grids.
//! Deterministic: the same arguments give the same graph on every machine (SplitMix64,
//! integer arithmetic only). Sizes are clamped so that every graph has between 1 and
//! [`MAX_NODES`] nodes; random graphs have no self loops.

use std::collections::BTreeSet;

use super::{Graph, MAX_NODES};
use crate::rng::SplitMix64;

/// The thesis's example (Section 3): true at 3 rounds under the thesis variant, with the
/// first move to node 1 (then 1→3→6 or 1→4→7).
pub fn thesis_example() -> Graph {
    let succ: [&[u32]; 8] = [&[1, 2], &[0, 3, 4], &[0, 5], &[1, 6], &[1, 7], &[2], &[3], &[4]];
    Graph::from_parts(succ.iter().map(|s| s.to_vec()).collect(), Some(3))
}

fn clamp_nodes(n: usize) -> usize {
    n.clamp(1, MAX_NODES)
}

/// The random directed graph G(n, p): each ordered pair `(u, v)`, `u ≠ v`, is an edge with
/// probability `p` (clamped to 0..1), independently. `n` is clamped to `1..=MAX_NODES`;
/// the time is quadratic in `n`.
pub fn gnp(n: usize, p: f64, seed: u64) -> Graph {
    let n = clamp_nodes(n);
    // An edge iff a uniform 53-bit number is below p · 2⁵³: exact in f64 on every machine.
    let threshold = (p.clamp(0.0, 1.0) * (1u64 << 53) as f64) as u64;
    let mut rng = SplitMix64::new(seed);
    let successors = (0..n)
        .map(|u| (0..n as u32).filter(|&v| v as usize != u && rng.next_u64() >> 11 < threshold).collect())
        .collect();
    Graph::from_parts(successors, None)
}

/// The random directed graph G(n, m): `m` distinct edges without self loops, uniformly at
/// random (`m` clamped to the `n(n−1)` possible ones). `n` is clamped to `1..=MAX_NODES`.
pub fn gnm(n: usize, m: usize, seed: u64) -> Graph {
    let n = clamp_nodes(n);
    let pairs = (n * (n - 1)) as u64;
    let m = (m as u64).min(pairs);
    // Draw the smaller of the edge set and its complement.
    let take = m.min(pairs - m);
    let mut rng = SplitMix64::new(seed);
    let mut drawn = BTreeSet::new();
    while (drawn.len() as u64) < take {
        drawn.insert(rng.below(pairs));
    }
    let complement = take != m;
    let mut successors = vec![Vec::new(); n];
    if m > 0 {
        for k in 0..pairs {
            if drawn.contains(&k) != complement {
                // Pair number k: u = k / (n−1), v the (k mod (n−1))-th node other than u.
                let (u, j) = ((k / (n as u64 - 1)) as usize, (k % (n as u64 - 1)) as u32);
                successors[u].push(if j >= u as u32 { j + 1 } else { j });
            }
        }
    }
    Graph::from_parts(successors, None)
}

/// The largest side of a grid or torus: `MAX_SIDE²` ≤ [`MAX_NODES`].
pub const MAX_SIDE: usize = 316;

/// The `w × h` grid, node `y·w + x` at column `x`, row `y` (node 0 the top-left cell),
/// each cell with an edge to its right and its lower neighbour. Sides are clamped to
/// `1..=MAX_SIDE`.
pub fn grid(w: usize, h: usize) -> Graph {
    lattice(w, h, false)
}

/// The `w × h` torus: the grid with the right and lower edges wrapping around (a wrap onto
/// the cell itself, on a side of 1, is left out). Sides are clamped to `1..=MAX_SIDE`.
pub fn torus(w: usize, h: usize) -> Graph {
    lattice(w, h, true)
}

fn lattice(w: usize, h: usize, wrap: bool) -> Graph {
    let (w, h) = (w.clamp(1, MAX_SIDE), h.clamp(1, MAX_SIDE));
    let at = |x: usize, y: usize| (y * w + x) as u32;
    let mut successors = Vec::with_capacity(w * h);
    for y in 0..h {
        for x in 0..w {
            let mut succ = Vec::new();
            for (nx, ny, inside) in [(x + 1, y, x + 1 < w), (x, y + 1, y + 1 < h)] {
                let target = if inside {
                    Some(at(nx, ny))
                } else if wrap {
                    Some(at(nx % w, ny % h))
                } else {
                    None
                };
                if let Some(t) = target.filter(|&t| t != at(x, y) && !succ.contains(&t)) {
                    succ.push(t);
                }
            }
            succ.sort_unstable();
            successors.push(succ);
        }
    }
    Graph::from_parts(successors, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_graphs_are_deterministic_with_the_asked_sizes() {
        assert_eq!(gnp(30, 0.2, 7), gnp(30, 0.2, 7));
        assert_ne!(gnp(30, 0.2, 7), gnp(30, 0.2, 8));
        assert_eq!(gnp(10, 0.0, 1).edges(), 0);
        assert_eq!(gnp(10, 1.0, 1).edges(), 90);
        let edges = gnp(100, 0.1, 3).edges();
        assert!((800..1200).contains(&edges), "{edges}");
        for (n, m) in [(10, 0), (10, 17), (10, 60), (10, 90), (10, 500), (1, 3), (0, 3)] {
            let g = gnm(n, m, 11);
            assert_eq!(g, gnm(n, m, 11));
            let n = n.max(1);
            assert_eq!(g.edges(), m.min(n * (n - 1)), "G({n}, {m})");
            for v in 0..g.nodes() as u32 {
                let succ = g.successors(v);
                assert!(succ.windows(2).all(|w| w[0] < w[1]) && !succ.contains(&v));
                assert!(succ.iter().all(|&s| (s as usize) < n));
            }
        }
        assert_eq!(gnp(0, 0.5, 1).nodes(), 1);
    }

    #[test]
    fn grids_and_tori() {
        let g = grid(3, 2);
        assert_eq!((g.nodes(), g.edges()), (6, 7));
        assert_eq!(g.successors(0), &[1, 3]);
        assert_eq!(g.successors(5), &[] as &[u32]);
        let t = torus(3, 2);
        // Right wraps on both rows (6 edges); down from row 1 wraps onto row 0, which is
        // the same edge set as down from row 0 reversed: 6 more.
        assert_eq!((t.nodes(), t.edges()), (6, 12));
        assert_eq!(t.successors(2), &[0, 5]);
        assert_eq!(torus(1, 1).edges(), 0);
        assert_eq!(torus(1, 3).edges(), 3);
        assert_eq!(grid(0, 0).nodes(), 1);
        assert_eq!(grid(10_000, 10_000).nodes(), MAX_SIDE * MAX_SIDE);
    }
}
