//! Generalized tic-tac-toe GTTT(p,q), Harary's tic-tac-toe, and k-in-a-row games.
//!
//! Every placement of a shape on an n×n board (plain, or a torus where placements wrap
//! around) under the eight rotations and reflections is a winning set for both players
//! (Maker-Maker). A placement whose cells collide on a small torus is not a winning set.
//! `connect<k>` shapes are k cells in a row horizontally, vertically or diagonally
//! (Gomoku is `connect5` on 15×15). The first player claims q vertices, then the players
//! alternate claiming p. First moves are restricted to one representative per symmetry
//! class (Section 3.3 of the paper): the triangle x ≤ y ≤ ⌈n/2⌉ on a plain board, `a1` on
//! a torus. The board's symmetries are passed on to the reference solver.
//!
//! ## References
//! V. Mayer-Eichberger, A. Saffidine: *Positional Games and QBF: A Polished Encoding*
//! (2021), Sections 3.3 and 5.1; Diptarama, R. Yoshinaka, A. Shinohara: *QBF encoding of
//! generalized tic-tac-toe* (QBF 2016).

use std::collections::BTreeSet;

use super::model::{dedup_sets, pq_turns, Player, PositionalGame};
use super::pg::cell_name;

/// A winning shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A polyomino given by its cells (x, y).
    Cells(Vec<(i32, i32)>),
    /// k in a row in any of the four line directions.
    Line(usize),
}

/// The named shapes: `(name, cells as "xy xy ...")`.
pub const NAMED_SHAPES: [(&str, &str); 10] = [
    ("domino", "00 10"),
    ("tic", "00 10 20"),
    ("el", "00 01 11"),
    ("elly", "00 01 10 20"),
    ("fatty", "00 01 10 11"),
    ("knobby", "00 10 11 20"),
    ("tippy", "00 10 11 21"),
    ("skinny", "00 10 20 30"),
    ("snaky", "00 01 02 03 13 14"),
    ("l", "00 01 02 03 13"),
];

/// The names of [`NAMED_SHAPES`], in its order (what a suite's `shape` may name).
pub const SHAPE_NAMES: [&str; NAMED_SHAPES.len()] = {
    let mut names = [""; NAMED_SHAPES.len()];
    let mut i = 0;
    while i < NAMED_SHAPES.len() {
        names[i] = NAMED_SHAPES[i].0;
        i += 1;
    }
    names
};

/// The eight shapes of the paper's 4×4 benchmark set, in its order.
pub const GTTT_4X4_SHAPES: [&str; 8] = ["domino", "tic", "el", "elly", "fatty", "knobby", "tippy", "skinny"];

impl Shape {
    /// A named shape (case-insensitive), `connect<k>`, or cells written `00 10 11`.
    pub fn parse(text: &str) -> Option<Shape> {
        let lower = text.trim().to_ascii_lowercase();
        if let Some((_, cells)) = NAMED_SHAPES.iter().find(|(n, _)| *n == lower) {
            return Shape::parse_cells(cells);
        }
        if let Some(k) = lower.strip_prefix("connect") {
            return k.parse().ok().filter(|&k| k > 0).map(Shape::Line);
        }
        Shape::parse_cells(&lower)
    }

    fn parse_cells(text: &str) -> Option<Shape> {
        let cells: Option<Vec<(i32, i32)>> = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|s| !s.is_empty())
            .map(|s| {
                let b = s.as_bytes();
                (b.len() == 2 && b.iter().all(u8::is_ascii_digit))
                    .then(|| (i32::from(b[0] - b'0'), i32::from(b[1] - b'0')))
            })
            .collect();
        cells.filter(|c| !c.is_empty()).map(Shape::Cells)
    }

    /// All orientations, each normalised to start at (0, 0), without duplicates.
    fn orientations(&self) -> Vec<Vec<(i32, i32)>> {
        let base: Vec<Vec<(i32, i32)>> = match self {
            Shape::Cells(cells) => TRANSFORMS.iter().map(|f| cells.iter().map(|&(x, y)| f(x, y)).collect()).collect(),
            Shape::Line(k) => {
                let k = *k as i32;
                [(1, 0), (0, 1), (1, 1), (1, -1)]
                    .iter()
                    .map(|&(dx, dy)| (0..k).map(|i| (i * dx, i * dy)).collect())
                    .collect()
            }
        };
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for cells in base {
            let mx = cells.iter().map(|c| c.0).min().unwrap_or(0);
            let my = cells.iter().map(|c| c.1).min().unwrap_or(0);
            let mut norm: Vec<(i32, i32)> = cells.iter().map(|&(x, y)| (x - mx, y - my)).collect();
            norm.sort_unstable();
            if seen.insert(norm.clone()) {
                out.push(norm);
            }
        }
        out
    }
}

type Transform = fn(i32, i32) -> (i32, i32);

/// The eight symmetries of the square (about the origin).
const TRANSFORMS: [Transform; 8] = [
    |x, y| (x, y),
    |x, y| (-y, x),
    |x, y| (-x, -y),
    |x, y| (y, -x),
    |x, y| (-x, y),
    |x, y| (y, x),
    |x, y| (x, -y),
    |x, y| (-y, -x),
];

/// A GTTT game description.
#[derive(Clone, Debug)]
pub struct Gttt {
    pub shape: Shape,
    pub board: usize,
    pub torus: bool,
    pub p: usize,
    pub q: usize,
    pub first: Player,
    /// Restrict the first move to one vertex per symmetry class.
    pub first_moves: bool,
}

/// A `(p, q)` turn size written `"p,q"`: two numbers (callers check that they are positive).
pub fn parse_pq(text: &str) -> Option<(usize, usize)> {
    let parts: Vec<usize> = text.split(',').map(|s| s.trim().parse()).collect::<Result<_, _>>().ok()?;
    match parts[..] {
        [p, q] => Some((p, q)),
        _ => None,
    }
}

impl Gttt {
    /// The 96 games of the COR+ paper's 4×4 set (Table 5), with their shape names: every
    /// shape of [`GTTT_4X4_SHAPES`] × plain/torus × Black/White first × (1,1), (2,1), (2,2),
    /// first moves restricted as in the published files.
    pub fn table5_set() -> Vec<(&'static str, Gttt)> {
        let mut set = Vec::new();
        for (p, q) in [(1, 1), (2, 1), (2, 2)] {
            for name in GTTT_4X4_SHAPES {
                for torus in [false, true] {
                    for first in [Player::Black, Player::White] {
                        if let Some(shape) = Shape::parse(name) {
                            set.push((name, Gttt { shape, board: 4, torus, p, q, first, first_moves: true }));
                        }
                    }
                }
            }
        }
        set
    }

    /// The number of vertices, n².
    pub fn vertices(&self) -> u64 {
        (self.board as u64).saturating_mul(self.board as u64)
    }

    /// An upper bound on the cells of all winning sets of one player, counted before the
    /// game is built: every orientation placed at every cell.
    pub fn set_cells_bound(&self) -> u64 {
        let placed = self.shape.orientations().iter().map(Vec::len).sum::<usize>() as u64;
        self.vertices().saturating_mul(placed)
    }

    /// The entries of the game's symmetry table, counted before it is built: seven
    /// permutations of the n² vertices on a plain board, 8n² − 1 on a torus.
    pub fn symmetry_entries(&self) -> u64 {
        let per_vertex = if self.torus { self.vertices().saturating_mul(8) } else { 8 };
        self.vertices().saturating_mul(per_vertex)
    }

    /// The game with depth n² (the whole board).
    pub fn game(&self) -> PositionalGame {
        let n = self.board;
        let index = |x: usize, y: usize| x * n + y;
        let vertices = (0..n * n).map(|v| cell_name((v / n + 1) as u32, (v % n + 1) as u32)).collect();
        let coords = Some((0..n * n).map(|v| ((v / n + 1) as u32, (v % n + 1) as u32)).collect());
        let mut wins = Vec::new();
        let ni = n as i32;
        for cells in self.shape.orientations() {
            let w = cells.iter().map(|c| c.0).max().unwrap_or(0);
            let h = cells.iter().map(|c| c.1).max().unwrap_or(0);
            for dx in 0..ni {
                for dy in 0..ni {
                    if !self.torus && (dx + w >= ni || dy + h >= ni) {
                        continue;
                    }
                    let set: Vec<usize> = cells
                        .iter()
                        .map(|&(x, y)| index((x + dx).rem_euclid(ni) as usize, (y + dy).rem_euclid(ni) as usize))
                        .collect();
                    let distinct: BTreeSet<usize> = set.iter().copied().collect();
                    if distinct.len() == set.len() {
                        wins.push(set);
                    }
                }
            }
        }
        dedup_sets(&mut wins);
        let first_moves = self.first_moves.then(|| {
            if self.torus {
                vec![0]
            } else {
                let half = n.div_ceil(2);
                (0..half).flat_map(|x| (x..half).map(move |y| index(x, y))).collect()
            }
        });
        PositionalGame {
            vertices,
            coords,
            white_wins: wins.clone(),
            black_wins: wins,
            black_initials: Vec::new(),
            white_initials: Vec::new(),
            turns: pq_turns(self.p, self.q, self.first, n * n),
            first_moves,
            symmetries: self.symmetries(),
        }
    }

    /// The board's symmetries as vertex permutations (the identity excluded).
    fn symmetries(&self) -> Vec<Vec<usize>> {
        let n = self.board as i32;
        let shifts = if self.torus { n } else { 1 };
        let mut perms = BTreeSet::new();
        for f in TRANSFORMS {
            for dx in 0..shifts {
                for dy in 0..shifts {
                    let perm: Vec<usize> = (0..n * n)
                        .map(|v| {
                            let (x, y) = f(2 * (v / n) - (n - 1), 2 * (v % n) - (n - 1));
                            let (x, y) = ((x + n - 1) / 2 + dx, (y + n - 1) / 2 + dy);
                            (x.rem_euclid(n) * n + y.rem_euclid(n)) as usize
                        })
                        .collect();
                    perms.insert(perm);
                }
            }
        }
        let identity: Vec<usize> = (0..(n * n) as usize).collect();
        perms.into_iter().filter(|p| *p != identity).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(shape: &str, n: usize, torus: bool) -> PositionalGame {
        let shape = Shape::parse(shape).unwrap_or(Shape::Line(1));
        Gttt { shape, board: n, torus, p: 1, q: 1, first: Player::Black, first_moves: true }.game()
    }

    #[test]
    fn placements_are_counted_like_the_published_files() {
        assert_eq!(game("tippy", 5, false).black_wins.len(), 48);
        assert_eq!(game("elly", 4, true).black_wins.len(), 128);
        assert_eq!(game("snaky", 9, false).black_wins.len(), 320);
        assert_eq!(game("connect5", 15, false).black_wins.len(), 572);
        // A 4-line on a 4-torus is a whole row or column, whatever its start.
        assert_eq!(game("skinny", 4, true).black_wins.len(), 8);
    }

    #[test]
    fn symmetries_map_winning_sets_onto_winning_sets() {
        for (shape, n, torus) in [("elly", 4, false), ("knobby", 4, true), ("connect3", 5, false)] {
            let g = game(shape, n, torus);
            let sets: BTreeSet<Vec<usize>> = g.black_wins.iter().cloned().collect();
            assert_eq!(g.symmetries.len(), if torus { 8 * n * n - 1 } else { 7 });
            for perm in &g.symmetries {
                for set in &g.black_wins {
                    let mut image: Vec<usize> = set.iter().map(|&v| perm[v]).collect();
                    image.sort_unstable();
                    assert!(sets.contains(&image), "{shape} {n} {torus}");
                }
            }
        }
    }

    #[test]
    fn first_moves_are_the_triangle_of_the_published_files() {
        let g = game("snaky", 9, false);
        let names: Vec<&str> = g.first_moves.iter().flatten().map(|&v| g.vertices[v].as_str()).collect();
        assert_eq!(names.join(" "), "a1 a2 a3 a4 a5 b2 b3 b4 b5 c3 c4 c5 d4 d5 e5");
    }
}
