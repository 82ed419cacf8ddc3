//! The game model of BDDL (Definitions 3.1–3.8 of Shaik & van de Pol, SAT 2023).
//!
//! Positions are 1-based `(x, y)` with `x ∈ [1, m]` (columns) and `y ∈ [1, n]` (rows).
//! A condition is a conjunction of atoms `p(e₁, e₂)` or `¬p(e₁, e₂)`; its coordinates are
//! relative to the parameters `(?x, ?y)` or absolute. The implicit bounds `BD(c)` of
//! Definition 3.4 generalise to: the parameter values for which every coordinate of the
//! condition lies on the board.

use std::fmt;

/// The three predicates of BDDL; a state maps each position to one of them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Pred {
    Open,
    Black,
    White,
}

impl Pred {
    pub fn name(self) -> &'static str {
        match self {
            Pred::Open => "open",
            Pred::Black => "black",
            Pred::White => "white",
        }
    }
}

/// A coordinate expression on one axis.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// `?x + k` (or `?y + k`); `k` may be negative or zero.
    Param(i32),
    /// `xmin + k` (`ymin + k`): the absolute position `1 + k`.
    Min(i32),
    /// `xmax + k` (`ymax + k`): the absolute position `m + k` (`n + k`).
    Max(i32),
    /// An absolute integer position.
    Int(i32),
}

impl Expr {
    /// The position this expression denotes when the parameter is `param` on an axis of
    /// length `len`.
    pub fn value(self, param: i32, len: i32) -> i32 {
        match self {
            Expr::Param(k) => param + k,
            Expr::Min(k) => 1 + k,
            Expr::Max(k) => len + k,
            Expr::Int(k) => k,
        }
    }

    /// The absolute position, for expressions that do not mention the parameter.
    pub fn absolute(self, len: i32) -> Option<i32> {
        match self {
            Expr::Param(_) => None,
            other => Some(other.value(0, len)),
        }
    }

    /// The parameter values keeping this coordinate on an axis of length `len` (Def. 3.4).
    pub fn bounds(self, len: i32) -> Interval {
        match self {
            Expr::Param(k) => Interval { lo: (1 - k).max(1), hi: (len - k).min(len) },
            _ => Interval { lo: 1, hi: len },
        }
    }
}

/// An inclusive interval of 1-based positions; empty when `lo > hi`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Interval {
    pub lo: i32,
    pub hi: i32,
}

impl Interval {
    pub fn meet(self, other: Interval) -> Interval {
        Interval { lo: self.lo.max(other.lo), hi: self.hi.min(other.hi) }
    }

    pub fn iter(self) -> std::ops::RangeInclusive<i32> {
        self.lo..=self.hi
    }
}

/// A sub-condition `p(e₁, e₂)` or `NOT(p(e₁, e₂))`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Atom {
    pub pred: Pred,
    pub negated: bool,
    pub x: Expr,
    pub y: Expr,
    /// Byte offset of the atom in its file, for error messages.
    pub offset: usize,
}

impl Atom {
    /// The position the atom refers to when the parameters are `(i, j)`.
    pub fn cell(&self, i: i32, j: i32, board: Board) -> (i32, i32) {
        (self.x.value(i, board.width), self.y.value(j, board.height))
    }

    /// Whether the atom holds of a position holding `value`.
    pub fn holds_for(&self, value: Pred) -> bool {
        (value == self.pred) != self.negated
    }
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let expr = |e: Expr, param: &str, min: &str, max: &str| match e {
            Expr::Param(0) => param.to_string(),
            Expr::Param(k) => format!("{param}{k:+}"),
            Expr::Min(0) => min.to_string(),
            Expr::Min(k) => format!("{min}{k:+}"),
            Expr::Max(0) => max.to_string(),
            Expr::Max(k) => format!("{max}{k:+}"),
            Expr::Int(k) => k.to_string(),
        };
        let body = format!(
            "{}({},{})",
            self.pred.name(),
            expr(self.x, "?x", "xmin", "xmax"),
            expr(self.y, "?y", "ymin", "ymax")
        );
        if self.negated {
            write!(f, "NOT({body})")
        } else {
            f.write_str(&body)
        }
    }
}

/// A conjunction of atoms (Definition 3.1).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Condition {
    pub atoms: Vec<Atom>,
    /// Byte offset of the condition in its file.
    pub offset: usize,
}

impl Condition {
    /// `BD(C)`: the parameter positions where every atom refers to a board position.
    pub fn bounds(&self, board: Board) -> (Interval, Interval) {
        let full = (Interval { lo: 1, hi: board.width }, Interval { lo: 1, hi: board.height });
        self.atoms
            .iter()
            .fold(full, |(bx, by), a| (bx.meet(a.x.bounds(board.width)), by.meet(a.y.bounds(board.height))))
    }

    /// `s, (i, j) ⊨ C` (Definition 3.6); `(i, j)` must lie in `BD(C)`.
    pub fn holds(&self, i: i32, j: i32, board: Board, state: impl Fn(i32, i32) -> Pred) -> bool {
        self.atoms.iter().all(|a| {
            let (x, y) = a.cell(i, j, board);
            a.holds_for(state(x, y))
        })
    }

    /// `s ⊨ D` for a set of conditions (Definition 3.8).
    pub fn any_holds(conditions: &[Condition], board: Board, state: impl Fn(i32, i32) -> Pred + Copy) -> bool {
        conditions.iter().any(|c| {
            let (bx, by) = c.bounds(board);
            bx.iter().any(|i| by.iter().any(|j| c.holds(i, j, board, state)))
        })
    }
}

/// An action: a name, a precondition and an effect, over the parameters `(?x, ?y)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    pub name: String,
    pub pre: Condition,
    pub eff: Condition,
}

impl Action {
    /// `I_a = BD(pre(a)) ∩ BD(eff(a))` (Definition 3.7).
    pub fn bounds(&self, board: Board) -> (Interval, Interval) {
        let (px, py) = self.pre.bounds(board);
        let (ex, ey) = self.eff.bounds(board);
        (px.meet(ex), py.meet(ey))
    }

    /// The atoms of `all(a) = pre(a) ∪ eff(a)`.
    pub fn all(&self) -> impl Iterator<Item = &Atom> {
        self.pre.atoms.iter().chain(&self.eff.atoms)
    }
}

/// A game domain (Definition 3.2).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Domain {
    pub black: Vec<Action>,
    pub white: Vec<Action>,
}

/// The board size: `width` columns (`m`, the x axis) and `height` rows (`n`, the y axis).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub width: i32,
    pub height: i32,
}

impl Board {
    pub fn cells(self) -> usize {
        (self.width * self.height) as usize
    }

    pub fn contains(self, x: i32, y: i32) -> bool {
        (1..=self.width).contains(&x) && (1..=self.height).contains(&y)
    }

    /// Row-major index of an on-board position: `(y − 1)·m + (x − 1)`.
    pub fn index(self, x: i32, y: i32) -> usize {
        ((y - 1) * self.width + (x - 1)) as usize
    }
}

/// A game instance (Definition 3.3), plus who moves first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub board: Board,
    /// Initially occupied positions: positive `black`/`white` atoms with absolute
    /// coordinates, each position at most once (checked by [`super::check`]).
    pub init: Vec<Atom>,
    /// The depth in plies, counting Black's pass when Black moves second.
    pub depth: Option<u32>,
    /// Where the depth is in the problem file (a byte offset), when it came from there and
    /// not from `--depth`: a refusal of the depth as too large points at it.
    pub depth_at: Option<usize>,
    pub black_goals: Vec<Condition>,
    pub white_goals: Vec<Condition>,
    /// `#blackturn second`: Black's first ply is a pass, so White moves first.
    pub black_second: bool,
}

/// A domain and a problem, checked against each other and ready to solve or encode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub domain: Domain,
    pub problem: Problem,
}

impl Game {
    pub fn board(&self) -> Board {
        self.problem.board
    }

    /// The depth in plies (always present once [`super::check`] accepted the game).
    pub fn depth(&self) -> u32 {
        self.problem.depth.unwrap_or(0)
    }

    /// The plies after which the board is full, for a game whose every move occupies an
    /// open cell and never opens one (positional games, Connect, Domineering): the open
    /// cells of the initial state, plus Black's pass when Black moves second. `None` for a
    /// game whose moves may open cells (Breakthrough, Knightthrough, Evader–Pursuer).
    pub fn full_board_plies(&self) -> Option<u32> {
        let fills = |a: &Action| {
            let opens = a.eff.atoms.iter().any(|e| e.pred == Pred::Open && !e.negated);
            let occupies = a.pre.atoms.iter().any(|p| {
                p.pred == Pred::Open
                    && !p.negated
                    && a.eff.atoms.iter().any(|e| e.pred != Pred::Open && !e.negated && (e.x, e.y) == (p.x, p.y))
            });
            occupies && !opens
        };
        let domain = &self.domain;
        if !domain.black.iter().chain(&domain.white).all(fills) {
            return None;
        }
        let open = self.initial_state().iter().filter(|&&p| p == Pred::Open).count() as u32;
        Some(open + u32::from(self.problem.black_second))
    }

    /// The depth when it goes past a full board ([`Game::full_board_plies`]): there the
    /// player to move cannot move and, under BDDL's rules, loses, so a game that is a draw
    /// when the board fills up (tic-tac-toe) is won at this depth.
    pub fn past_full_board(&self) -> Option<PastFullBoard> {
        let plies = self.full_board_plies()?;
        (self.depth() > plies).then_some(PastFullBoard { depth: self.depth(), plies })
    }

    /// The initial state `s₀` (Definition 3.5), row-major.
    pub fn initial_state(&self) -> Vec<Pred> {
        let board = self.board();
        let mut cells = vec![Pred::Open; board.cells()];
        for a in &self.problem.init {
            let (x, y) = a.cell(0, 0, board);
            cells[board.index(x, y)] = a.pred;
        }
        cells
    }
}

/// A depth past the ply at which the board is full (see [`Game::past_full_board`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PastFullBoard {
    pub depth: u32,
    pub plies: u32,
}

impl fmt::Display for PastFullBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "depth {} goes past a full board (after {} plies): under BDDL rules the player to move on a full board cannot move and loses, so a drawn game counts as won at this depth\n  help: use a depth of at most {} for the game as it is played (docs/bddl.md)",
            self.depth, self.plies, self.plies
        )
    }
}
