//! A Cram board: a grid of cells, each empty or blocked, and the dominoes that fit on it.
//!
//! A board is a rectangle `ROWSxCOLS` ([`Dims`], every cell empty) or a board file, one line
//! per row: `.` an empty cell, `#` a blocked one (a shape other than a rectangle, or a
//! position with dominoes already placed). Lenient where the input stays unambiguous:
//! blank lines are skipped, a line whose first character is `;` is a comment, and
//! whitespace at the end of a row (a `\r` too) is ignored. Errors, each at the offending
//! character: a character that is not a cell, a row longer or shorter than the first, no
//! rows, and more than [`MAX_CELLS`] cells.

use std::fmt;
use std::str::FromStr;

use contract::{ParseError, Source};

/// The most cells a board has: the reference player keeps a position in 128 bits.
pub const MAX_CELLS: usize = 128;

/// The size of a rectangular board, written `ROWSxCOLS` (`3x4`: 3 rows of 4 cells).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Dims {
    pub rows: usize,
    pub cols: usize,
}

/// A board size that is not `ROWSxCOLS` with at least one row and one column and at most
/// [`MAX_CELLS`] cells.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a board size: write ROWSxCOLS with at least one of each and at most {MAX_CELLS} cells, e.g. 3x4")]
pub struct NotDims(pub String);

impl FromStr for Dims {
    type Err = NotDims;

    fn from_str(text: &str) -> Result<Dims, NotDims> {
        let bad = || NotDims(text.to_string());
        let (rows, cols) = text.split_once(['x', 'X']).ok_or_else(bad)?;
        let number = |s: &str| s.parse::<usize>().ok().filter(|&n| n > 0);
        match (number(rows), number(cols)) {
            (Some(rows), Some(cols)) if rows.checked_mul(cols).is_some_and(|n| n <= MAX_CELLS) => {
                Ok(Dims { rows, cols })
            }
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

/// A board: its cells row by row, and the dominoes that fit on its empty cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    dims: Dims,
    /// `blocked[r * cols + c]`: the cell in row `r`, column `c` takes no domino.
    blocked: Vec<bool>,
    /// Every domino on two adjacent empty cells, by its first cell in row-major order, the
    /// horizontal one before the vertical one.
    dominoes: Vec<[u32; 2]>,
}

impl Board {
    /// The empty rectangle of `dims`.
    pub fn rectangle(dims: Dims) -> Board {
        Board::new(dims, vec![false; dims.rows * dims.cols])
    }

    fn new(dims: Dims, blocked: Vec<bool>) -> Board {
        let mut dominoes = Vec::new();
        let free = |r: usize, c: usize| r < dims.rows && c < dims.cols && !blocked[r * dims.cols + c];
        for r in 0..dims.rows {
            for c in 0..dims.cols {
                let here = (r * dims.cols + c) as u32;
                if !free(r, c) {
                    continue;
                }
                if free(r, c + 1) {
                    dominoes.push([here, here + 1]);
                }
                if free(r + 1, c) {
                    dominoes.push([here, here + dims.cols as u32]);
                }
            }
        }
        Board { dims, blocked, dominoes }
    }

    /// Reads a board file (see the module doc).
    pub fn parse(source: &Source) -> Result<Board, ParseError> {
        const CELLS: &str = "a row is `.` for an empty cell and `#` for a blocked one";
        let text = source.text("save the board as UTF-8 text (the format is `.` and `#`)")?;
        let err = |offset: usize, message: String, help: &str| ParseError::at(source, offset, message, help);
        let mut rows: Vec<Vec<bool>> = Vec::new();
        let mut start = 0;
        for line in text.split('\n') {
            let row = line.trim_end();
            if !row.is_empty() && !row.starts_with(';') {
                let mut cells = Vec::with_capacity(row.len());
                for (i, ch) in row.char_indices() {
                    match ch {
                        '.' => cells.push(false),
                        '#' => cells.push(true),
                        other => return Err(err(start + i, format!("`{other}` is not a cell"), CELLS)),
                    }
                }
                if let Some(first) = rows.first().map(Vec::len).filter(|&n| n != cells.len()) {
                    let at = start + first.min(cells.len());
                    return Err(err(
                        at,
                        format!("this row has {} cells, the first row {first}", cells.len()),
                        "every row has the same number of cells; block the cells outside the shape with `#`",
                    ));
                }
                if (rows.len() + 1) * cells.len() > MAX_CELLS {
                    return Err(err(
                        start,
                        format!("the board has more than {MAX_CELLS} cells"),
                        &format!("a Cram board has at most {MAX_CELLS} cells"),
                    ));
                }
                rows.push(cells);
            }
            start += line.len() + 1;
        }
        let Some(cols) = rows.first().map(Vec::len) else {
            return Err(err(source.bytes.len(), "the file has no rows".into(), CELLS));
        };
        Ok(Board::new(Dims { rows: rows.len(), cols }, rows.concat()))
    }

    /// The board's rows and columns.
    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// The number of cells, blocked ones included.
    pub fn cells(&self) -> usize {
        self.blocked.len()
    }

    /// The number of empty cells.
    pub fn empty_cells(&self) -> usize {
        self.blocked.iter().filter(|&&b| !b).count()
    }

    /// Whether `cell` (row-major index) is blocked.
    pub fn is_blocked(&self, cell: u32) -> bool {
        self.blocked[cell as usize]
    }

    /// Every domino that fits on the empty board, as its two cells (row-major indices).
    pub fn dominoes(&self) -> &[[u32; 2]] {
        &self.dominoes
    }

    /// The last ply of any play: every move fills two empty cells, so at most
    /// `empty / 2` moves are made and the player to move at the ply after them is stuck.
    pub fn last_ply(&self) -> u32 {
        (self.empty_cells() / 2) as u32 + 1
    }

    /// The name of a cell: its 1-based row and column, `r2c3`.
    pub fn cell_name(&self, cell: u32) -> String {
        let cols = self.dims.cols as u32;
        format!("r{}c{}", cell / cols + 1, cell % cols + 1)
    }

    /// The name of domino `k`: its two cells, `r1c1-r1c2`.
    pub fn domino_name(&self, k: usize) -> String {
        let [a, b] = self.dominoes[k];
        format!("{}-{}", self.cell_name(a), self.cell_name(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Board, ParseError> {
        Board::parse(&Source::from_bytes("board.txt", text))
    }

    fn error(text: &str) -> String {
        parse(text).err().map(|e| e.to_string()).unwrap_or_else(|| panic!("{text:?} parsed"))
    }

    #[test]
    fn a_rectangle_has_its_horizontal_and_vertical_dominoes() {
        let board = Board::rectangle("2x3".parse().expect("a size"));
        // 2 rows × 2 horizontal + 3 columns × 1 vertical.
        assert_eq!(board.dominoes().len(), 7);
        assert_eq!(board.domino_name(0), "r1c1-r1c2");
        assert_eq!(board.domino_name(1), "r1c1-r2c1");
        assert_eq!(board.last_ply(), 4);
        assert_eq!(Board::rectangle(Dims { rows: 1, cols: 1 }).dominoes(), &[] as &[[u32; 2]]);
    }

    #[test]
    fn a_board_file_blocks_cells_and_skips_comments_and_blank_lines() {
        let board = parse("; a plus\n#.#\r\n...\n\n#.#  \n").expect("a board");
        assert_eq!(board.dims(), Dims { rows: 3, cols: 3 });
        assert_eq!(board.empty_cells(), 5);
        assert_eq!(board.dominoes().len(), 4, "the centre with each arm");
        assert!(board.is_blocked(0) && !board.is_blocked(4));
        assert_eq!(board, parse("#.#\n...\n#.#").expect("a board"));
    }

    #[test]
    fn sizes_are_rows_by_columns_within_the_cell_limit() {
        assert_eq!("3x4".parse(), Ok(Dims { rows: 3, cols: 4 }));
        assert_eq!("8X16".parse::<Dims>().map(|d| d.to_string()), Ok("8x16".to_string()));
        for bad in ["3", "3x", "x4", "0x4", "3x0", "-1x4", "3x4x5", "12x12", "a x b"] {
            assert_eq!(bad.parse::<Dims>(), Err(NotDims(bad.to_string())), "{bad}");
        }
    }

    #[test]
    fn not_a_cell() {
        insta::assert_snapshot!(error("...\n.o.\n"));
    }

    #[test]
    fn ragged_row() {
        insta::assert_snapshot!(error("....\n...\n"));
        insta::assert_snapshot!("ragged_row_longer", error("..\n...\n"));
    }

    #[test]
    fn no_rows() {
        insta::assert_snapshot!(error("; only a comment\n\n"));
    }

    #[test]
    fn too_many_cells() {
        insta::assert_snapshot!(error(&format!("{}\n", ".".repeat(64)).repeat(3)));
    }

    #[test]
    fn not_utf8() {
        let err = Board::parse(&Source::from_bytes("board.txt", vec![b'.', 0xff])).err().map(|e| e.to_string());
        insta::assert_snapshot!(err.unwrap_or_default());
    }
}
