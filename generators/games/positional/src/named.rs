//! Positional games loaded for a command: a PG file, a GTTT game from its parameters, or a
//! Hex puzzle, each with a name for comments and messages (the file name, or
//! `gttt_{p}_{q}_{shape}_{n}x{n}[_torus]_{b|w}`), optionally cut to fewer time points.

use std::io;
use std::path::Path;

use contract::{ParseError, Source, TooLarge};

use super::gttt::{parse_pq, Gttt, Shape};
use super::hex::read_hex;
use super::pg::read_pg;
use super::{Player, PositionalGame};

/// Why a positional game could not be loaded. The values are the user's text; the
/// messages leave out the setting they were given with (a flag, for the command line).
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error(transparent)]
    Read(#[from] io::Error),
    /// The file is not a PG file or Hex puzzle.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A cut to more time points than the game has; `hint` says where they come from.
    #[error("{depth} is more than the game's {turns} time points; {hint}")]
    TooDeep { depth: usize, turns: usize, hint: &'static str },
    /// A cut to more time points than a PG file lists: an error at its `#times` line.
    #[error("{at}")]
    TooDeepForFile { depth: usize, turns: usize, at: Box<ParseError> },
    /// A GTTT shape that is no name, `connect<k>` or list of cells.
    #[error("{0}: not a shape; use a name (domino tic el elly fatty knobby tippy skinny snaky l), connect<k>, or cells like \"00 10 11\"")]
    Shape(String),
    /// GTTT `p,q` that are not two numbers.
    #[error("{0}: not two positive numbers p,q")]
    Pq(String),
    /// GTTT with `p`, `q` or the board size 0.
    #[error("p, q and the board size must be positive")]
    NotPositive,
    /// A GTTT game larger than the size budget.
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
}

/// A positional game with a name for comments and messages.
pub struct NamedGame {
    pub name: String,
    pub game: PositionalGame,
    /// Where the game's time points come from, for a cut asking for more.
    depth_hint: &'static str,
    /// The line of the file that sets the depth (a PG file's `#times`), for a cut asking
    /// for more.
    depth_line: Option<ParseError>,
}

impl NamedGame {
    /// The PG file at `path`, named by its file name, with the reader's notes.
    pub fn pg(path: &str) -> Result<(NamedGame, Vec<String>), LoadError> {
        let source = Source::read(path)?;
        let file = read_pg(&source)?;
        let hint = "list more time points under #times";
        let depth_line = Some(ParseError::at(&source, file.times_at, "", hint));
        let named = NamedGame { name: base_name(path), game: file.game, depth_hint: hint, depth_line };
        Ok((named, file.notes))
    }

    /// The GTTT(p,q) game of `shape` on an `n`×`n` board (a torus if asked), `pq` written
    /// `p,q`, `first` to move; `first_moves` as [`Gttt::first_moves`]. `fits` is asked
    /// before the game is built (a size budget, from the game's parameters).
    pub fn gttt(
        shape: &str,
        pq: &str,
        n: usize,
        torus: bool,
        first: Player,
        first_moves: bool,
        fits: impl Fn(&Gttt) -> Result<(), TooLarge>,
    ) -> Result<NamedGame, LoadError> {
        let parsed = Shape::parse(shape).ok_or_else(|| LoadError::Shape(shape.to_string()))?;
        let (p, q) = parse_pq(pq).ok_or_else(|| LoadError::Pq(pq.to_string()))?;
        if p == 0 || q == 0 || n == 0 {
            return Err(LoadError::NotPositive);
        }
        let gttt = Gttt { shape: parsed, board: n, torus, p, q, first, first_moves };
        fits(&gttt)?;
        let game = gttt.game();
        let torus = if torus { "_torus" } else { "" };
        let colour = if first == Player::White { "w" } else { "b" };
        let name = format!("gttt_{p}_{q}_{}_{n}x{n}{torus}_{colour}", shape.replace(' ', ""));
        Ok(NamedGame { name, game, depth_hint: "the board has n² time points", depth_line: None })
    }

    /// The Hex puzzle at `path`, named by its file name.
    pub fn hex(path: &str) -> Result<NamedGame, LoadError> {
        let game = read_hex(&Source::read(path)?)?.game();
        let depth_hint = "a Hex game lasts at most as many moves as there are empty cells";
        Ok(NamedGame { name: base_name(path), game, depth_hint, depth_line: None })
    }

    /// The game cut to `depth` time points, if given.
    pub fn cut(self, depth: Option<usize>) -> Result<NamedGame, LoadError> {
        let Some(d) = depth else { return Ok(self) };
        let turns = self.game.turns.len();
        match self.game.with_depth(u32::try_from(d).unwrap_or(u32::MAX)) {
            Some(game) => Ok(NamedGame { game, ..self }),
            None => match self.depth_line {
                Some(at) => {
                    let message = format!("{d} is more than the {turns} time points the file lists under #times");
                    Err(LoadError::TooDeepForFile { depth: d, turns, at: Box::new(ParseError { message, ..at }) })
                }
                None => Err(LoadError::TooDeep { depth: d, turns, hint: self.depth_hint }),
            },
        }
    }
}

fn base_name(path: &str) -> String {
    Path::new(path).file_name().map_or_else(|| path.to_string(), |n| n.to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gttt_games_are_named_by_their_parameters() -> Result<(), LoadError> {
        let named = NamedGame::gttt("00 10", "2,1", 3, true, Player::White, true, |_| Ok(()))?;
        assert_eq!(named.name, "gttt_2_1_0010_3x3_torus_w");
        assert_eq!(
            NamedGame::gttt("tic", "1,1", 4, false, Player::Black, true, |_| Ok(()))?.name,
            "gttt_1_1_tic_4x4_b"
        );
        Ok(())
    }

    #[test]
    fn bad_gttt_parameters_are_typed_errors() {
        let err = |shape, pq, n| NamedGame::gttt(shape, pq, n, false, Player::Black, true, |_| Ok(())).err();
        assert!(matches!(err("blob", "1,1", 3), Some(LoadError::Shape(s)) if s == "blob"));
        assert!(matches!(err("tic", "x", 3), Some(LoadError::Pq(s)) if s == "x"));
        assert!(matches!(err("tic", "0,1", 3), Some(LoadError::NotPositive)));
        assert!(matches!(err("tic", "1,1", 0), Some(LoadError::NotPositive)));
    }

    #[test]
    fn cuts_keep_the_name_and_refuse_more_time_points() -> Result<(), LoadError> {
        let named = NamedGame::gttt("domino", "1,1", 3, false, Player::Black, true, |_| Ok(()))?;
        let turns = named.game.turns.len();
        let cut = NamedGame::gttt("domino", "1,1", 3, false, Player::Black, true, |_| Ok(()))?.cut(Some(3))?;
        assert_eq!((cut.name.as_str(), cut.game.turns.len()), (named.name.as_str(), 3));
        match named.cut(Some(turns + 1)) {
            Err(e @ LoadError::TooDeep { .. }) => {
                assert_eq!(
                    e.to_string(),
                    format!("{} is more than the game's {turns} time points; the board has n² time points", turns + 1)
                );
            }
            _ => panic!("a cut past the end must fail"),
        }
        Ok(())
    }
}
