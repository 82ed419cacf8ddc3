//! A positional game as BDDL (Board-game Domain Definition Language) domain and problem.
//!
//! The domain is the paper's positional-game domain (Listing 4): one `occupy` action per
//! player, precondition `open(?x,?y)`, effect `black(?x,?y)` / `white(?x,?y)`. The problem
//! gives the board size, the initial stones under `#init`, the depth, and every winning set
//! as an explicit goal condition of absolute positions (the way the paper models Hex), so
//! that any positional game — including Hex paths and GTTT placements — is the same game
//! in BDDL and in the COR+ encoding.
//!
//! Vertices sit on their grid coordinates when the game has them and they fill the whole
//! m×n rectangle (every cell of a BDDL board is playable); otherwise vertex i sits at
//! (i+1, 1) on an N×1 board. BDDL plays strictly alternating turns starting with Black,
//! so only such games are accepted; a trailing White time point is dropped (it cannot
//! make Black win). First-move restrictions have no BDDL counterpart and are not written.
//!
//! ## References
//! I. Shaik, J. van de Pol: *Concise QBF Encodings for Games on a Grid* (SAT 2023),
//! Section 3 (Listings 1–5).

use std::collections::BTreeSet;
use std::io::{self, Write};

use contract::Source;

use super::model::{Player, PositionalGame};

/// Why a game has no BDDL form.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BddlError {
    #[error("BDDL games alternate single moves starting with Black; time point {0} breaks that (a (p,q) turn or White first)")]
    NotAlternating(usize),
    /// The written files do not read back (a bug of the writer).
    #[error("{0}")]
    ReadBack(String),
}

/// The BDDL files of a positional game: the domain and problem texts.
pub struct BddlFiles {
    pub domain: Vec<u8>,
    pub problem: Vec<u8>,
}

impl BddlFiles {
    /// Writes `game` as BDDL.
    pub fn new(game: &PositionalGame) -> Result<BddlFiles, BddlError> {
        let problem = BddlProblem::new(game)?;
        let (mut domain_text, mut problem_text) = (Vec::new(), Vec::new());
        write_domain(&mut domain_text).map_err(|e| BddlError::ReadBack(e.to_string()))?;
        problem.write(&mut problem_text).map_err(|e| BddlError::ReadBack(e.to_string()))?;
        Ok(BddlFiles { domain: domain_text, problem: problem_text })
    }

    /// The files read back as a BDDL game (at the depth written), as `encode hex
    /// --encoding lifted` and the `lifted` encoding of positional suites use it.
    pub fn game(&self) -> Result<game_bddl::Game, BddlError> {
        game_bddl::load(
            &Source::from_bytes("domain.bddl", self.domain.clone()),
            &Source::from_bytes("problem.bddl", self.problem.clone()),
            None,
        )
        .map_err(|e| BddlError::ReadBack(e.to_string()))
    }
}

/// The domain file: one occupy action per player.
pub fn write_domain<W: Write>(mut w: W) -> io::Result<()> {
    for (section, colour) in [("#blackactions", "black"), ("#whiteactions", "white")] {
        writeln!(w, "{section}")?;
        writeln!(w, ":action occupy")?;
        writeln!(w, ":parameters (?x,?y)")?;
        writeln!(w, ":precondition (open(?x,?y))")?;
        writeln!(w, ":effect ({colour}(?x,?y))")?;
    }
    Ok(())
}

/// A game checked for BDDL, with the cell of each vertex.
#[derive(Clone, Debug)]
pub struct BddlProblem<'g> {
    game: &'g PositionalGame,
    cells: Vec<(u32, u32)>,
    size: (u32, u32),
    depth: usize,
}

impl<'g> BddlProblem<'g> {
    pub fn new(game: &'g PositionalGame) -> Result<BddlProblem<'g>, BddlError> {
        let mut depth = game.turns.len();
        if game.turns.last() == Some(&Player::White) {
            depth -= 1;
        }
        if let Some(t) = (0..depth).find(|&t| game.turns[t] != if t % 2 == 0 { Player::Black } else { Player::White }) {
            return Err(BddlError::NotAlternating(t + 1));
        }
        let n = game.size() as u32;
        let grid = game.coords.as_ref().and_then(|cells| {
            let m = cells.iter().map(|c| c.0).max().unwrap_or(0);
            let h = cells.iter().map(|c| c.1).max().unwrap_or(0);
            let distinct: BTreeSet<&(u32, u32)> = cells.iter().collect();
            (distinct.len() == cells.len() && u64::from(m) * u64::from(h) == cells.len() as u64)
                .then(|| (cells.clone(), (m, h)))
        });
        let (cells, size) = grid.unwrap_or_else(|| ((1..=n).map(|i| (i, 1)).collect(), (n, 1)));
        Ok(BddlProblem { game, cells, size, depth })
    }

    /// The depth written (the game's, without a trailing White time point).
    pub fn depth(&self) -> u32 {
        self.depth as u32
    }

    /// Writes the problem file.
    pub fn write<W: Write>(&self, mut w: W) -> io::Result<()> {
        let atom = |colour: &str, v: usize| {
            let (x, y) = self.cells[v];
            format!("{colour}({x},{y})")
        };
        let cond = |colour: &str, set: &[usize]| -> String {
            let parts: Vec<String> = set.iter().map(|&v| atom(colour, v)).collect();
            format!("({})", parts.join(" "))
        };
        writeln!(w, "#boardsize\n{} {}", self.size.0, self.size.1)?;
        let mut init: Vec<String> = Vec::new();
        for (colour, stones) in [("black", &self.game.black_initials), ("white", &self.game.white_initials)] {
            let mut stones = stones.clone();
            stones.sort_unstable();
            init.extend(stones.iter().map(|&v| atom(colour, v)));
        }
        writeln!(w, "#init\n({})", init.join(" "))?;
        writeln!(w, "#depth\n{}", self.depth)?;
        writeln!(w, "#blackgoals")?;
        for set in &self.game.black_wins {
            writeln!(w, "{}", cond("black", set))?;
        }
        writeln!(w, "#whitegoals")?;
        for set in &self.game.white_wins {
            writeln!(w, "{}", cond("white", set))?;
        }
        Ok(())
    }
}

impl From<BddlError> for gamekit::suite::BuildError {
    fn from(e: BddlError) -> Self {
        gamekit::suite::BuildError::Game(Box::new(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::read_hex;
    use contract::Source;

    #[test]
    fn hein_04_as_bddl_is_the_golden_text() -> Result<(), Box<dyn std::error::Error>> {
        let puzzle = read_hex(&Source::from_bytes("hein_04_3x3.hex", "3\nw[b1] b[a1] w[c2]\n"))?;
        let game = puzzle.game().with_depth(5).ok_or("depth")?;
        let mut domain = Vec::new();
        write_domain(&mut domain)?;
        let mut problem = Vec::new();
        BddlProblem::new(&game)?.write(&mut problem)?;
        insta::assert_snapshot!("hein_04_domain", String::from_utf8(domain)?);
        insta::assert_snapshot!("hein_04_problem", String::from_utf8(problem)?);
        Ok(())
    }

    #[test]
    fn gttt_goals_are_written_for_both_players() -> Result<(), Box<dyn std::error::Error>> {
        use crate::gttt::{Gttt, Shape};
        let shape = Shape::parse("domino").ok_or("shape")?;
        let game = Gttt { shape, board: 2, torus: false, p: 1, q: 1, first: Player::Black, first_moves: true }.game();
        let mut problem = Vec::new();
        BddlProblem::new(&game)?.write(&mut problem)?;
        insta::assert_snapshot!("domino_2x2_problem", String::from_utf8(problem)?);
        Ok(())
    }

    #[test]
    fn pq_games_are_refused() {
        let game = PositionalGame {
            vertices: vec!["a".into(), "b".into()],
            coords: None,
            black_wins: vec![vec![0, 1]],
            white_wins: vec![],
            black_initials: vec![],
            white_initials: vec![],
            turns: vec![Player::Black, Player::Black],
            first_moves: None,
            symmetries: vec![],
        };
        assert_eq!(BddlProblem::new(&game).err(), Some(BddlError::NotAlternating(2)));
    }
}
