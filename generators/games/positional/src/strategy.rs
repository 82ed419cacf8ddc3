//! The solver's strategy in a positional game: Black's first move checked, played against
//! White (`play`), and White's refutation played against Black (`play --as black`).

use gamekit::first_move::{judge, FirstMove, FirstMoveError};
use gamekit::play::{Explorer, Failure, Played, QdoSolver, White};
use gamekit::session::{PlayableGame, User};
use gamekit::validate::{Check, STATE};
use gamekit::{Move, Side};

use crate::corplus::Corplus;
use crate::solver::Solver as PositionalSolver;
use crate::solver::{SolveError, Solver};
use crate::{Player, PositionalGame};

impl From<SolveError> for FirstMoveError {
    fn from(e: SolveError) -> Self {
        FirstMoveError::Game(Box::new(e))
    }
}

/// The positional-game walks of an [`Explorer`].
trait ExplorePositional {
    fn positional(&mut self, game: PositionalGame) -> Result<(), Failure>;
}

/// The positional-game refutation walk of an [`Explorer`].
trait ExplorePositionalRefute {
    fn positional_refute(&mut self, game: PositionalGame) -> Result<(), Failure>;
}

/// Draws a positional position: the stones of each player, then, for a game on a grid, the
/// grid (rows separated by `/`, column letters along the top, row numbers at the side, `x`
/// black, `o` white, `.` empty). A Hex board ([`is_hex`]) is drawn as a rhombus, each row
/// shifted right by half a cell, with Black's sides (top and bottom) marked `B` and White's
/// (left and right) `W`.
pub fn draw_positional(game: &PositionalGame) -> String {
    let names = |vs: &[usize]| vs.iter().map(|&v| game.vertices[v].as_str()).collect::<Vec<_>>().join(" ");
    let stones = format!("black: [{}] white: [{}]", names(&game.black_initials), names(&game.white_initials));
    let Some(coords) = &game.coords else {
        return stones;
    };
    let mut lines = vec![format!("{STATE}{stones}")];
    let width = coords.iter().map(|c| c.0).max().unwrap_or(0);
    let height = coords.iter().map(|c| c.1).max().unwrap_or(0);
    let letters: Vec<String> =
        (1..=width).map(|x| crate::pg::cell_name(x, 1).trim_end_matches('1').to_string()).collect();
    let row = |y: u32| -> String {
        let cells: Vec<&str> = (1..=width)
            .map(|x| match coords.iter().position(|&c| c == (x, y)) {
                Some(v) if game.black_initials.contains(&v) => "x",
                Some(v) if game.white_initials.contains(&v) => "o",
                Some(_) => ".",
                None => " ",
            })
            .collect();
        cells.join(" ")
    };
    if is_hex(game, width, height) {
        // Row y starts y − 1 columns further right: half a cell (two columns) per row.
        let (top, bottom) = (" ".repeat(5), " ".repeat(5 + height as usize));
        let marks = vec!["B"; width as usize].join(" ");
        lines.push(format!("{top}{}", letters.join(" ")));
        lines.push(format!("{top}{marks}"));
        for y in 1..=height {
            lines.push(format!("{}{y:>2} W {} W", " ".repeat(y as usize - 1), row(y)));
        }
        lines.push(format!("{bottom}{marks}"));
        lines.push(format!("{bottom}{}", letters.join(" ")));
        lines.push("(Black connects the B sides, top and bottom; White the W sides)".to_string());
    } else {
        lines.push(format!("   {}", letters.join(" ")));
        for y in 1..=height {
            lines.push(format!("{y:>2} {}", row(y)));
        }
    }
    lines.join("/")
}

/// Whether a positional game on a `width` × `height` grid is Hex: a square board, no
/// winning sets of White (Black connects or White breaks), and every winning set of Black
/// touching both the top row and the bottom row.
pub fn is_hex(game: &PositionalGame, width: u32, height: u32) -> bool {
    let Some(coords) = &game.coords else { return false };
    width == height
        && width > 1
        && coords.len() == (width * height) as usize
        && game.white_wins.is_empty()
        && !game.black_wins.is_empty()
        && game
            .black_wins
            .iter()
            .all(|set| set.iter().any(|&v| coords[v].1 == 1) && set.iter().any(|&v| coords[v].1 == height))
}

/// Checks Black's first move of a positional game whose first time point is Black's. The
/// move names a vertex of `game.without_initials()`, as COR+ numbers them.
pub fn check_positional(game: &PositionalGame, mv: &Move) -> Result<Check, SolveError> {
    let position = draw_positional(game);
    let invalid = |reason: String| Ok(Check::Invalid { reason, position: position.clone() });
    let Move::Vertex { name, .. } = mv else {
        return invalid(format!("{mv} is not a vertex"));
    };
    let Some(v) = game.vertices.iter().position(|n| n == name) else {
        return invalid(format!("{mv} is not a vertex of the game"));
    };
    if game.black_initials.contains(&v) || game.white_initials.contains(&v) {
        return invalid(format!("{mv} is already taken"));
    }
    let mut after = game.clone();
    after.black_initials.push(v);
    after.turns.remove(0);
    // The symmetry-breaking set and the symmetries belong to the initial position.
    after.first_moves = None;
    after.symmetries.clear();
    let left = after.depth();
    if Solver::new(&after)?.black_wins(left)? {
        Ok(Check::Valid)
    } else {
        invalid(format!("after {mv} Black no longer wins within {left} time points"))
    }
}

/// A positional game at its depth, COR+.
pub fn first_move_positional(game: &PositionalGame, solver: &mut QdoSolver<'_>) -> Result<FirstMove, FirstMoveError> {
    let depth = game.depth();
    let reference = || Ok(PositionalSolver::new(game)?.black_wins(depth)?);
    judge(&Corplus, game, depth, solver, reference, |mv| Ok(check_positional(game, mv)?))
}

/// The game after `player` takes vertex `v` (the first time point is used up). The
/// symmetry-breaking set and the symmetries belong to the initial position.
pub fn taken(game: &PositionalGame, v: usize, player: Player) -> PositionalGame {
    let mut next = game.clone();
    match player {
        Player::Black => next.black_initials.push(v),
        Player::White => next.white_initials.push(v),
    }
    next.turns.remove(0);
    next.first_moves = None;
    next.symmetries.clear();
    next
}

pub fn completes(sets: &[Vec<usize>], owned: &[usize]) -> bool {
    sets.iter().any(|set| set.iter().all(|v| owned.contains(v)))
}

/// Plays the solver's strategy for a positional game against White.
pub fn play_positional(
    game: &PositionalGame,
    solve: &mut QdoSolver<'_>,
    white: White<'_, '_>,
) -> Result<Played, Failure> {
    let mut e = Explorer::new(solve, white);
    let wins = Solver::new(game)
        .and_then(|mut s| s.black_wins(game.depth()))
        .map_err(|err| e.fail(draw_positional(game), err.to_string()))?;
    if !wins {
        return Err(e.refuse(draw_positional(game), format!("Black does not win within {} time points, so there is no strategy to play against; play Black (--as black) instead", game.turns.len())));
    }
    e.positional(game.clone())?;
    Ok(e.played)
}

impl ExplorePositional for Explorer<'_, '_, '_, '_> {
    fn positional(&mut self, game: PositionalGame) -> Result<(), Failure> {
        let position = draw_positional(&game);
        if completes(&game.white_wins, &game.white_initials) {
            return Err(self.fail(position, "White owns a winning set".into()));
        }
        if completes(&game.black_wins, &game.black_initials) {
            self.played.lines += 1;
            return Ok(());
        }
        let Some(&mover) = game.turns.first() else {
            return Err(self.fail(position, "Black has not won within the depth".into()));
        };
        let after = |v: usize, player: Player| taken(&game, v, player);
        match mover {
            Player::Black => {
                let (qbf, map) = self.encode(&Corplus, &game, game.depth(), Side::Black, &position)?;
                let mv = self.ask(&qbf, &map, &position, game.depth())?;
                if let Check::Invalid { reason, position } =
                    check_positional(&game, &mv).map_err(|err| self.fail(position.clone(), err.to_string()))?
                {
                    return Err(self.fail(position, format!("{mv}: {reason}")));
                }
                let Move::Vertex { name, .. } = &mv else {
                    return Err(self.fail(position, format!("{mv} is not a vertex")));
                };
                let v = game.vertices.iter().position(|n| n == name).unwrap_or(usize::MAX);
                self.line.push(mv.to_string());
                let next = after(v, Player::Black);
                self.show(&format!("Black plays {mv}"), &draw_positional(&next));
                self.positional(next)?;
                self.line.pop();
            }
            Player::White => {
                let free: Vec<usize> = (0..game.size())
                    .filter(|v| !game.black_initials.contains(v) && !game.white_initials.contains(v))
                    .collect();
                if free.is_empty() {
                    return Err(self.fail(position, "the board is full and Black has not won".into()));
                }
                let names: Vec<String> = free.iter().map(|&v| game.vertices[v].clone()).collect();
                let mut resist = |k: usize| Solver::new(&after(free[k], Player::White)).ok()?.critical_depth();
                for k in self.replies(&position, &names, &mut resist)? {
                    let next = after(free[k], Player::White);
                    self.line.push(names[k].clone());
                    self.show(&format!("White plays {}", names[k]), &draw_positional(&next));
                    self.positional(next)?;
                    self.line.pop();
                }
            }
        }
        Ok(())
    }
}

/// A positional game (COR+) with its time points: the solver plays Black's strategy, or
/// White's refutation.
impl PlayableGame for PositionalGame {
    fn limit(&self) -> (u32, &'static str) {
        (self.depth(), "plies")
    }

    fn play(&self, user: User, solve: &mut QdoSolver<'_>, user_moves: White<'_, '_>) -> Result<Played, Failure> {
        match user {
            User::White => play_positional(self, solve, user_moves),
            User::Black => refute_positional(self, solve, user_moves),
        }
    }
}

/// Black against the solver's refutation in a positional game where Black does not win.
pub fn refute_positional(
    game: &PositionalGame,
    solve: &mut QdoSolver<'_>,
    black: White<'_, '_>,
) -> Result<Played, Failure> {
    let mut e = Explorer::new(solve, black);
    let wins = PositionalSolver::new(game)
        .and_then(|mut s| s.black_wins(game.depth()))
        .map_err(|err| e.fail(draw_positional(game), err.to_string()))?;
    if wins {
        return Err(e.refuse(
            draw_positional(game),
            format!(
                "Black wins within {} time points, so White has no refutation; play White instead",
                game.turns.len()
            ),
        ));
    }
    e.positional_refute(game.clone())?;
    Ok(e.played)
}

impl ExplorePositionalRefute for Explorer<'_, '_, '_, '_> {
    fn positional_refute(&mut self, game: PositionalGame) -> Result<(), Failure> {
        let position = draw_positional(&game);
        if completes(&game.black_wins, &game.black_initials) {
            return Err(self.fail(position, "Black owns a winning set".into()));
        }
        let free: Vec<usize> =
            (0..game.size()).filter(|v| !game.black_initials.contains(v) && !game.white_initials.contains(v)).collect();
        let over = completes(&game.white_wins, &game.white_initials)
            || !game.turns.contains(&Player::Black)
            || free.is_empty();
        let Some(&mover) = game.turns.first().filter(|_| !over) else {
            self.played.lines += 1;
            return Ok(());
        };
        let names: Vec<String> = free.iter().map(|&v| game.vertices[v].clone()).collect();
        if mover == Player::Black {
            for k in self.replies(&position, &names, &mut |_| None)? {
                let next = taken(&game, free[k], Player::Black);
                self.line.push(names[k].clone());
                self.show(&format!("Black plays {}", names[k]), &draw_positional(&next));
                self.positional_refute(next)?;
                self.line.pop();
            }
            return Ok(());
        }
        let (qbf, map) = self.encode(&Corplus, &game, game.depth(), Side::White, &position)?;
        let mv = self.ask_white(&qbf, &map, &position, game.depth())?;
        // COR+ turns an occupied or missing vertex into a pass; in a positional game a
        // stone is never worse for White than a pass, so any free vertex then refutes too.
        let named = match &mv {
            Move::Vertex { name, .. } => names.iter().position(|n| n == name),
            _ => None,
        };
        let k = named.unwrap_or(0);
        let next = taken(&game, free[k], Player::White);
        let left = next.depth();
        if PositionalSolver::new(&next)
            .and_then(|mut s| s.black_wins(left))
            .map_err(|err| self.fail(position.clone(), err.to_string()))?
        {
            return Err(self.fail(
                position,
                format!("after White's {} (the solver's {mv}) Black wins within {left} time points", names[k]),
            ));
        }
        self.line.push(names[k].clone());
        self.show(&format!("White plays {}", names[k]), &draw_positional(&next));
        self.positional_refute(next)?;
        self.line.pop();
        Ok(())
    }
}
