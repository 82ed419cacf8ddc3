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

/// The first line of a drawn position when a board follows it: the raw state (the stones
/// or fluents that hold), which `play` shows only with `--verbose`.
pub const STATE: &str = "state: ";

/// Draws a BDDL position: one row per `y` (top row first), labelled with `y` at the side
/// and `x` along the top as in the move syntax `occupy(x,y)`; `.` open, `x` black, `o` white.
pub fn draw_bddl(game: &Game) -> String {
    let board = game.board();
    let cells = game.initial_state();
    let w = board.width.to_string().len();
    let h = board.height.to_string().len().max(3);
    let header: Vec<String> = (1..=board.width).map(|x| format!("{x:>w$}")).collect();
    let mut rows = vec![format!("{:>h$} {}", "y\\x", header.join(" "))];
    for y in 1..=board.height {
        let row: Vec<String> = (1..=board.width)
            .map(|x| {
                let c = match cells[board.index(x, y)] {
                    Pred::Open => '.',
                    Pred::Black => 'x',
                    Pred::White => 'o',
                };
                format!("{c:>w$}")
            })
            .collect();
        rows.push(format!("{y:>h$} {}", row.join(" ")));
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
        (1..=width).map(|x| games::positional::pg::cell_name(x, 1).trim_end_matches('1').to_string()).collect();
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
