//! The explicit-state reference solver: can Black force a win within depth d?
//!
//! Depth-bounded minimax over bitboards (`u128`, so games of at most 128 vertices after the
//! initial-stone rewrite). A position is the pair of Black's and White's vertex sets; the
//! time point is their total size, since nobody passes. Rules: the players claim empty
//! vertices in the order of the game's turns; Black wins as soon as it owns a Black winning
//! set, White wins as soon as it owns a White winning set; a full board or the end of the
//! depth without a Black win is a loss for Black. First-move restrictions (`#firstmoves`) are
//! ignored on purpose, so that the QBF cross-check also tests them.
//!
//! Speed-ups that do not change the value:
//! - a transposition table per depth bound, keyed by the position;
//! - positions that a symmetry of the game maps onto each other share one entry (the
//!   canonical key is the least image under the game's symmetries);
//! - an immediate win of the player to move is taken first;
//! - Black gives up when every Black winning set without a White stone lacks more vertices
//!   than Black has moves left within the bound;
//! - moves are tried in the order of a threat score (vertices in Black winning sets that
//!   are nearly complete first), and in Maker-Breaker games vertices in no set that can
//!   still be completed are not searched while others are empty: claiming one is a pass,
//!   and in a positional game a pass never helps the player who makes it.
//!
//! ## References
//! V. Mayer-Eichberger, A. Saffidine: *Positional Games and QBF: A Polished Encoding*
//! (2021), Section 2 (the rules of Maker-Maker and Maker-Breaker games).

use std::collections::HashMap;

use super::model::{Player, PositionalGame};
use gamekit::mixhash::MixState;

/// The largest board (after the initial-stone rewrite) the solver takes.
pub const MAX_VERTICES: usize = 128;

/// Why the reference solver cannot take a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error("the reference solver takes at most {MAX_VERTICES} free vertices; this game has {0}")]
    TooLarge(usize),
    #[error("depth {depth} is beyond the game's {turns} time points")]
    TooDeep { depth: usize, turns: usize },
}

type Table = HashMap<(u128, u128), bool, MixState>;

/// A vertex permutation as byte lookup tables: `tables[j][b]` is the image of byte `j`.
struct Perm {
    tables: Vec<[u128; 256]>,
}

impl Perm {
    fn new(perm: &[usize]) -> Perm {
        let bytes = perm.len().div_ceil(8);
        let mut tables = vec![[0u128; 256]; bytes];
        for (j, table) in tables.iter_mut().enumerate() {
            for (b, slot) in table.iter_mut().enumerate() {
                for bit in 0..8 {
                    let v = j * 8 + bit;
                    if b >> bit & 1 == 1 && v < perm.len() {
                        *slot |= 1u128 << perm[v];
                    }
                }
            }
        }
        Perm { tables }
    }

    fn apply(&self, x: u128) -> u128 {
        self.tables.iter().enumerate().fold(0, |acc, (j, t)| acc | t[(x >> (8 * j)) as usize & 0xff])
    }
}

/// The solver for one game (initial stones already rewritten away).
pub struct Solver {
    turns: Vec<Player>,
    full: u128,
    black_sets: Vec<u128>,
    black_sets_of: Vec<Vec<u128>>,
    white_sets_of: Vec<Vec<u128>>,
    perms: Vec<Perm>,
    black_won: bool,
    white_won: bool,
    maker_breaker: bool,
    /// Positions visited by the last search.
    pub nodes: u64,
}

fn mask(set: &[usize]) -> u128 {
    set.iter().fold(0, |m, &v| m | 1u128 << v)
}

impl Solver {
    /// Prepares a game; initial stones are rewritten away first.
    pub fn new(game: &PositionalGame) -> Result<Solver, SolveError> {
        let game = game.without_initials();
        let n = game.size();
        if n > MAX_VERTICES {
            return Err(SolveError::TooLarge(n));
        }
        let sets_of = |sets: &[Vec<usize>]| {
            let mut of = vec![Vec::new(); n];
            for set in sets {
                for &v in set {
                    of[v].push(mask(set));
                }
            }
            of
        };
        Ok(Solver {
            turns: game.turns.clone(),
            full: if n == 128 { u128::MAX } else { (1u128 << n) - 1 },
            black_sets: game.black_wins.iter().map(|s| mask(s)).collect(),
            black_sets_of: sets_of(&game.black_wins),
            white_sets_of: sets_of(&game.white_wins),
            perms: game.symmetries.iter().map(|p| Perm::new(p)).collect(),
            black_won: game.black_wins.iter().any(|s| s.is_empty()),
            white_won: game.white_wins.iter().any(|s| s.is_empty()),
            maker_breaker: game.is_maker_breaker(),
            nodes: 0,
        })
    }

    /// Can Black force a win within the first `depth` time points?
    pub fn black_wins(&mut self, depth: u32) -> Result<bool, SolveError> {
        let depth = depth as usize;
        if depth > self.turns.len() {
            return Err(SolveError::TooDeep { depth, turns: self.turns.len() });
        }
        self.nodes = 0;
        if self.white_won || self.black_won {
            return Ok(!self.white_won);
        }
        let mut black_left = vec![0usize; depth + 1];
        for t in (0..depth).rev() {
            black_left[t] = black_left[t + 1] + usize::from(self.turns[t] == Player::Black);
        }
        let mut table = Table::default();
        Ok(self.search(0, 0, 0, depth, &black_left, &mut table))
    }

    /// The least depth at which Black can force a win, if any within the game.
    pub fn critical_depth(&mut self) -> Option<u32> {
        let black_depths: Vec<u32> =
            (1..=self.turns.len() as u32).filter(|&d| self.turns[d as usize - 1] == Player::Black).collect();
        black_depths.into_iter().find(|&d| self.black_wins(d).unwrap_or(false))
    }

    fn canonical(&self, b: u128, w: u128) -> (u128, u128) {
        self.perms.iter().map(|p| (p.apply(b), p.apply(w))).fold((b, w), |best, key| best.min(key))
    }

    fn search(&mut self, b: u128, w: u128, t: usize, depth: usize, black_left: &[usize], table: &mut Table) -> bool {
        if t == depth {
            return false;
        }
        let empty = self.full & !(b | w);
        if empty == 0 {
            return false;
        }
        let key = self.canonical(b, w);
        if let Some(&value) = table.get(&key) {
            return value;
        }
        self.nodes += 1;
        let mover = self.turns[t];
        let moves = self.ordered_moves(b, w, empty, black_left[t]);
        // No move worth searching means Black can no longer complete a winning set.
        let value = !moves.is_empty()
            && match mover {
                Player::Black => {
                    bits(empty).any(|v| self.completes(&self.black_sets_of[v], b | 1 << v))
                        || moves.iter().any(|&v| self.search(b | 1 << v, w, t + 1, depth, black_left, table))
                }
                Player::White => {
                    !bits(empty).any(|v| self.completes(&self.white_sets_of[v], w | 1 << v))
                        && moves.iter().all(|&v| self.search(b, w | 1 << v, t + 1, depth, black_left, table))
                }
            };
        table.insert(key, value);
        value
    }

    /// The moves worth searching, most promising first; empty when Black cannot complete
    /// any winning set with `black_left` more stones (Black has lost).
    ///
    /// A vertex scores by the Black winning sets through it that White has not touched and
    /// that lack at most `black_left` vertices, the more the fewer they lack. In a
    /// Maker-Breaker game a vertex without score is a pass for either player (it lies in no
    /// set that can still matter), and a pass never helps the player making it, so such
    /// vertices are searched only when no other vertex is empty.
    fn ordered_moves(&self, b: u128, w: u128, empty: u128, black_left: usize) -> Vec<usize> {
        let mut score = [0u64; MAX_VERTICES];
        let mut alive = false;
        for &s in &self.black_sets {
            let missing = s & !b;
            let m = missing.count_ones() as usize;
            if s & w != 0 || m > black_left {
                continue;
            }
            alive = true;
            let weight = 1u64 << (4 * (12 - m.min(12)));
            for v in bits(missing) {
                score[v] += weight;
            }
        }
        if !alive {
            return Vec::new();
        }
        let mut moves: Vec<usize> = bits(empty).collect();
        if self.maker_breaker && moves.iter().any(|&v| score[v] > 0) {
            moves.retain(|&v| score[v] > 0);
        }
        moves.sort_by_key(|&v| std::cmp::Reverse(score[v]));
        moves
    }

    fn completes(&self, sets: &[u128], owned: u128) -> bool {
        sets.iter().any(|&s| s & !owned == 0)
    }
}

/// The indices of the set bits.
fn bits(mut x: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (x != 0).then(|| {
            let v = x.trailing_zeros() as usize;
            x &= x - 1;
            v
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gttt::{Gttt, Shape};

    fn gttt(shape: &str, n: usize, first: Player) -> PositionalGame {
        let shape = Shape::parse(shape).unwrap_or(Shape::Line(1));
        Gttt { shape, board: n, torus: false, p: 1, q: 1, first, first_moves: false }.game()
    }

    #[test]
    fn tic_tac_toe_is_a_draw_and_domino_a_first_move_win() -> Result<(), SolveError> {
        assert!(!Solver::new(&gttt("connect3", 3, Player::Black))?.black_wins(9)?);
        assert_eq!(Solver::new(&gttt("domino", 3, Player::Black))?.critical_depth(), Some(3));
        // White first: White takes the domino first.
        assert_eq!(Solver::new(&gttt("domino", 3, Player::White))?.critical_depth(), None);
        Ok(())
    }

    /// Plain minimax straight from the rules, without any of the speed-ups.
    fn naive(game: &PositionalGame, b: &mut Vec<bool>, w: &mut Vec<bool>, t: usize, depth: usize) -> bool {
        let owns = |sets: &[Vec<usize>], mine: &[bool]| sets.iter().any(|s| s.iter().all(|&v| mine[v]));
        if owns(&game.white_wins, w) {
            return false;
        }
        if owns(&game.black_wins, b) {
            return true;
        }
        let empty: Vec<usize> = (0..game.size()).filter(|&v| !b[v] && !w[v]).collect();
        if t == depth || empty.is_empty() {
            return false;
        }
        let black = game.turns[t] == Player::Black;
        let mut results = empty.iter().map(|&v| {
            let board = if black { &mut *b } else { &mut *w };
            board[v] = true;
            let r = naive(game, b, w, t + 1, depth);
            let board = if black { &mut *b } else { &mut *w };
            board[v] = false;
            r
        });
        if black {
            results.any(|r| r)
        } else {
            results.all(|r| r)
        }
    }

    #[test]
    fn the_speed_ups_do_not_change_values() -> Result<(), SolveError> {
        let hex = |text: &str| crate::hex::read_hex(&contract::Source::from_bytes("h", text)).map(|p| p.game());
        let mut games =
            vec![gttt("el", 3, Player::Black), gttt("tic", 3, Player::White), gttt("knobby", 3, Player::Black)];
        for text in ["3", "3 w[b2]", "3 b[b2] w[a2]", "3 w[b1] b[a1] w[c2]"] {
            games.push(hex(text).map_err(|_| SolveError::TooLarge(0))?);
        }
        let mut with_stones = gttt("elly", 3, Player::Black);
        with_stones.black_initials = vec![4];
        with_stones.white_initials = vec![0, 8];
        with_stones.turns.truncate(6);
        games.push(with_stones);
        for game in games {
            // The naive search plays the original game from its initial stones, so it also
            // checks the initial-stone rewrite the solver starts with.
            let n = game.size();
            let (mut b, mut w) = (vec![false; n], vec![false; n]);
            game.black_initials.iter().for_each(|&v| b[v] = true);
            game.white_initials.iter().for_each(|&v| w[v] = true);
            for depth in 1..=game.turns.len().min(7) {
                let expected = naive(&game, &mut b.clone(), &mut w.clone(), 0, depth);
                assert_eq!(
                    Solver::new(&game)?.black_wins(depth as u32)?,
                    expected,
                    "{:?} depth {depth}",
                    game.black_wins
                );
            }
        }
        Ok(())
    }

    #[test]
    fn symmetry_merging_does_not_change_values() -> Result<(), SolveError> {
        for shape in ["el", "tic", "elly"] {
            let game = gttt(shape, 4, Player::Black);
            let mut plain = game.clone();
            plain.symmetries.clear();
            for d in [3, 5, 7, 9] {
                assert_eq!(Solver::new(&game)?.black_wins(d)?, Solver::new(&plain)?.black_wins(d)?, "{shape} {d}");
            }
        }
        Ok(())
    }
}
