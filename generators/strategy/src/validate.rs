//! Checking a decoded first move with the reference solvers: the move must be legal in the
//! initial position, and Black must still win within the remaining depth after it.

use encodings::Move;
use games::bddl::{self, Game, Pred};
use games::positional::solver::{SolveError, Solver};
use games::positional::PositionalGame;

/// The outcome of checking a first move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    Valid,
    /// Why the move fails, and the position it was played in.
    Invalid {
        reason: String,
        position: String,
    },
}

/// Draws a BDDL position: one row per `y` (top row first), `.` open, `x` black, `o` white.
pub fn draw_bddl(game: &Game) -> String {
    let board = game.board();
    let cells = game.initial_state();
    let mut rows = Vec::new();
    for y in 1..=board.height {
        let row: String = (1..=board.width)
            .map(|x| match cells[board.index(x, y)] {
                Pred::Open => '.',
                Pred::Black => 'x',
                Pred::White => 'o',
            })
            .collect();
        rows.push(row);
    }
    rows.join("/")
}

/// Checks Black's first move of a BDDL game at its depth.
pub fn check_bddl(game: &Game, mv: &Move) -> Result<Check, bddl::TooLarge> {
    let position = draw_bddl(game);
    let invalid = |reason: String| Ok(Check::Invalid { reason, position: position.clone() });
    let Move::Action { action, x, y, .. } = mv else {
        return invalid(format!("{mv} is not an action of Black"));
    };
    let mut solver = bddl::Solver::new(game)?;
    match solver.first_move_wins(*action, *x, *y, game.depth()) {
        None => invalid(format!("{mv} is not a legal move of Black here")),
        Some(false) => invalid(format!("after {mv} Black no longer wins within {} plies", game.depth() - 1)),
        Some(true) => Ok(Check::Valid),
    }
}

/// Draws a positional position: the stones of each player, then, for a game on a grid, the
/// grid (rows separated by `/`, a column-letter header, `x` black, `o` white, `.` empty).
pub fn draw_positional(game: &PositionalGame) -> String {
    let names = |vs: &[usize]| vs.iter().map(|&v| game.vertices[v].as_str()).collect::<Vec<_>>().join(" ");
    let mut lines = vec![format!("black: [{}] white: [{}]", names(&game.black_initials), names(&game.white_initials))];
    if let Some(coords) = &game.coords {
        let width = coords.iter().map(|c| c.0).max().unwrap_or(0);
        let height = coords.iter().map(|c| c.1).max().unwrap_or(0);
        let header: String = (1..=width)
            .map(|x| games::positional::pg::cell_name(x, 1).trim_end_matches('1').to_string())
            .collect::<Vec<_>>()
            .join(" ");
        lines.push(format!("   {header}"));
        for y in 1..=height {
            let row: Vec<&str> = (1..=width)
                .map(|x| match coords.iter().position(|&c| c == (x, y)) {
                    Some(v) if game.black_initials.contains(&v) => "x",
                    Some(v) if game.white_initials.contains(&v) => "o",
                    Some(_) => ".",
                    None => " ",
                })
                .collect();
            lines.push(format!("{y:>2} {}", row.join(" ")));
        }
    }
    lines.join("/")
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
