//! Hex puzzles as positional games.
//!
//! The board is an n×n rhombus of cells named by column letter and 1-based row (`c2`).
//! Cell (x, y) touches (x±1, y), (x, y±1), (x+1, y−1) and (x−1, y+1). Black connects the
//! top row (y = 1) to the bottom row (y = n); White's aim, to keep Black from connecting,
//! makes Hex a Maker-Breaker game. Black's winning sets are the minimal connecting sets:
//! the chordless paths from the top to the bottom row, through cells White does not hold,
//! touching each of the two rows at their end cell only. Black's own stones count as
//! ordinary cells here and are then removed by the initial-stone rewrite
//! ([`PositionalGame::without_initials`]). Black moves first.
//!
//! Puzzle files: `%` starts a comment to the end of the line; the first token is the board
//! size n; then `b[cell]` and `w[cell]` tokens give Black's and White's stones.
//!
//! ## References
//! V. Mayer-Eichberger, A. Saffidine: *Positional Games and QBF: A Polished Encoding*
//! (2021), Section 5.2 and Table 7 (Piet Hein's puzzles and Browne's position).

use contract::{ParseError, Source};

use super::model::{dedup_sets, Player, PositionalGame};
use super::pg::{cell_name, parse_cell};

/// A Hex position: board size and stones (0-based cell indices `x * n + y`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexPuzzle {
    pub size: usize,
    pub black: Vec<usize>,
    pub white: Vec<usize>,
}

/// Largest board the path enumeration is meant for: the published puzzles go up to 7×7,
/// whose empty board enumerates in a tenth of a second; an empty 8×8 board takes about 60
/// times as long.
pub const MAX_HEX_SIZE: usize = 7;

/// Reads a puzzle file (see the module doc).
pub fn read_hex(source: &Source) -> Result<HexPuzzle, ParseError> {
    let bytes = &source.bytes;
    let mut tokens: Vec<(String, usize)> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => i = bytes[i..].iter().position(|&b| b == b'\n').map_or(bytes.len(), |p| i + p),
            b if b.is_ascii_whitespace() => i += 1,
            _ => {
                let start = i;
                while i < bytes.len() && !bytes[i].is_ascii_whitespace() && bytes[i] != b'%' {
                    i += 1;
                }
                tokens.push((String::from_utf8_lossy(&bytes[start..i]).into_owned(), start));
            }
        }
    }
    let err = |at: usize, msg: String, help: &str| ParseError::at(source, at, msg, help);
    let Some((first, at)) = tokens.first().map(|(w, at)| (w.as_str(), *at)) else {
        return Err(err(
            source.bytes.len(),
            "the puzzle is empty".into(),
            "start the file with the board size, e.g. `5`",
        ));
    };
    let size: usize = match first.parse() {
        Ok(n) if (1..=MAX_HEX_SIZE).contains(&n) => n,
        _ => {
            return Err(err(
                at,
                format!("`{first}` is not a board size"),
                &format!("the first token is the board size, 1 to {MAX_HEX_SIZE}"),
            ))
        }
    };
    let mut owner = vec![None; size * size];
    let mut puzzle = HexPuzzle { size, black: Vec::new(), white: Vec::new() };
    for (word, at) in tokens[1..].iter().map(|(w, at)| (w.as_str(), *at)) {
        let parsed = word.strip_suffix(']').and_then(|w| w.split_once('['));
        let (colour, cell) = match parsed {
            Some(("b", cell)) => (Player::Black, cell),
            Some(("w", cell)) => (Player::White, cell),
            _ => {
                return Err(err(
                    at,
                    format!("`{word}` is not a stone"),
                    "write stones as b[cell] or w[cell], e.g. b[c3]",
                ))
            }
        };
        let index = parse_cell(cell).filter(|&(x, y)| x as usize <= size && y as usize <= size);
        let Some((x, y)) = index else {
            return Err(err(
                at,
                format!("`{cell}` is not a cell of the {size}×{size} board"),
                "cells are a column letter and a 1-based row, e.g. c3",
            ));
        };
        let v = (x as usize - 1) * size + (y as usize - 1);
        if owner[v].is_some() {
            return Err(err(at, format!("cell `{cell}` already has a stone"), "give each cell one stone at most"));
        }
        owner[v] = Some(colour);
        match colour {
            Player::Black => puzzle.black.push(v),
            Player::White => puzzle.white.push(v),
        }
    }
    Ok(puzzle)
}

impl HexPuzzle {
    /// The neighbours of cell `v`.
    fn neighbours(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        let n = self.size as i64;
        let (x, y) = ((v / self.size) as i64, (v % self.size) as i64);
        [(-1, 0), (1, 0), (0, -1), (0, 1), (1, -1), (-1, 1)]
            .into_iter()
            .map(move |(dx, dy)| (x + dx, y + dy))
            .filter(move |&(a, b)| a >= 0 && b >= 0 && a < n && b < n)
            .map(move |(a, b)| (a * n + b) as usize)
    }

    /// The chordless top-to-bottom paths avoiding White's stones (see the module doc).
    pub fn winning_paths(&self) -> Vec<Vec<usize>> {
        let n = self.size;
        let mut blocked = vec![false; n * n];
        for &v in &self.white {
            blocked[v] = true;
        }
        let mut paths = Vec::new();
        let mut path = Vec::new();
        let mut on_path = vec![false; n * n];
        for x in 0..n {
            let start = x * n;
            if !blocked[start] {
                self.extend(start, &blocked, &mut path, &mut on_path, &mut paths);
            }
        }
        dedup_sets(&mut paths);
        paths
    }

    fn extend(
        &self,
        v: usize,
        blocked: &[bool],
        path: &mut Vec<usize>,
        on_path: &mut [bool],
        out: &mut Vec<Vec<usize>>,
    ) {
        let n = self.size;
        path.push(v);
        on_path[v] = true;
        if v % n == n - 1 {
            out.push(path.clone());
        } else {
            let last = path.len() - 1;
            let candidates: Vec<usize> = self.neighbours(v).collect();
            for w in candidates {
                // Not blocked, not on the top row again, and touching only the path's end.
                if blocked[w] || on_path[w] || w % n == 0 {
                    continue;
                }
                let chord = self.neighbours(w).any(|u| on_path[u] && u != path[last]);
                if !chord {
                    self.extend(w, blocked, path, on_path, out);
                }
            }
        }
        on_path[v] = false;
        path.pop();
    }

    /// The positional game: all cells, the winning paths, the stones as initial stones,
    /// Black first, depth = number of empty cells; the 180° rotation as a symmetry.
    pub fn game(&self) -> PositionalGame {
        let n = self.size;
        let empty = n * n - self.black.len() - self.white.len();
        PositionalGame {
            vertices: (0..n * n).map(|v| cell_name((v / n + 1) as u32, (v % n + 1) as u32)).collect(),
            coords: Some((0..n * n).map(|v| ((v / n + 1) as u32, (v % n + 1) as u32)).collect()),
            black_wins: self.winning_paths(),
            white_wins: Vec::new(),
            black_initials: self.black.clone(),
            white_initials: self.white.clone(),
            turns: (0..empty).map(|t| if t % 2 == 0 { Player::Black } else { Player::White }).collect(),
            first_moves: None,
            symmetries: vec![(0..n * n).map(|v| n * n - 1 - v).collect()],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(text: &str) -> HexPuzzle {
        read_hex(&Source::from_bytes("p.hex", text)).unwrap_or(HexPuzzle { size: 0, black: vec![], white: vec![] })
    }

    #[test]
    fn paths_on_small_boards() {
        // 1×1: the single cell. 2×2: a1-a2, b1-b2 and b1-a2 (sets in index order).
        assert_eq!(puzzle("1").winning_paths().len(), 1);
        let p = puzzle("2");
        let names: Vec<Vec<String>> = p
            .game()
            .black_wins
            .iter()
            .map(|s| s.iter().map(|&v| cell_name((v / 2 + 1) as u32, (v % 2 + 1) as u32)).collect())
            .collect();
        assert_eq!(names, vec![vec!["a1", "a2"], vec!["b1", "b2"], vec!["a2", "b1"]]);
        // White on a2 leaves only b1-b2.
        assert_eq!(puzzle("2 w[a2]").winning_paths(), vec![vec![2, 3]]);
    }

    #[test]
    fn every_path_is_a_minimal_connecting_set() {
        let p = puzzle("4 w[b2]");
        for path in p.winning_paths() {
            for skip in 0..path.len() {
                let rest: Vec<usize> = path.iter().enumerate().filter(|(i, _)| *i != skip).map(|(_, &v)| v).collect();
                assert!(!p.winning_paths().iter().any(|q| q.iter().all(|v| rest.contains(v))));
            }
        }
    }

    #[test]
    fn a_board_too_large_to_enumerate_is_refused_at_its_size() {
        let error = read_hex(&Source::from_bytes("p.hex", "% empty\n8\n")).expect_err("8×8 is too large");
        assert_eq!((error.line, error.col), (2, 1));
        assert_eq!(error.message, "`8` is not a board size");
        assert_eq!(error.help, "the first token is the board size, 1 to 7");
        assert_eq!(puzzle("7").size, 7);
    }
}
