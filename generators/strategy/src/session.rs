//! A game against the solver from start to end (`qbfgames play`): the solver's side from
//! its `--qdo` answers, the user's side typed (one move per line; `help` lists the legal
//! moves), tried all, or drawn at random.

use std::cell::{Cell, RefCell};
use std::io::{BufRead, Write};

use games::bddl::Game;
use games::geography::{Graph, Rule, Solver as GeoSolver, Variant};
use games::positional::PositionalGame;
use games::rng::SplitMix64;

use crate::gdl::{play_gdl, refute_gdl, GdlSetup};
use crate::geography::play_geography;
use crate::play::{play_bddl, play_positional, ChooseError, Failure, Played, QdoSolver, White};
use crate::qdo::QdoRunner;
use crate::refute::{refute_bddl, refute_positional};

/// The side the user plays; the solver plays the other.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum User {
    /// White, against Black's strategy.
    White,
    /// Black, against White's refutation.
    Black,
}

impl User {
    pub fn name(self) -> &'static str {
        match self {
            User::White => "White",
            User::Black => "Black",
        }
    }
}

/// How the user's moves are chosen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every legal move, one line after the other.
    All,
    /// `games` games of random moves from `seed`.
    Random { games: usize, seed: u64 },
    /// Typed on the input, one per line.
    Interactive,
}

/// A game to play, with its encoding.
#[derive(Clone, Copy)]
pub enum Playable<'g> {
    /// Lifted encoding.
    Bddl(&'g Game),
    /// COR+.
    Positional(&'g PositionalGame),
    /// A GDL game with `depth` steps.
    Gdl(GdlSetup<'g>, u32),
    /// Geography on a graph for a number of rounds; the computer plays the reference
    /// solver's winning moves.
    Geography { graph: &'g Graph, variant: Variant, rule: Rule, rounds: u32 },
}

impl Playable<'_> {
    /// One game with the user's side chosen by `user_moves`.
    pub fn play(&self, user: User, solve: &mut QdoSolver<'_>, user_moves: White<'_, '_>) -> Result<Played, Failure> {
        match (*self, user) {
            (Playable::Bddl(g), User::White) => play_bddl(g, solve, user_moves),
            (Playable::Bddl(g), User::Black) => refute_bddl(g, solve, user_moves),
            (Playable::Positional(g), User::White) => play_positional(g, solve, user_moves),
            (Playable::Positional(g), User::Black) => refute_positional(g, solve, user_moves),
            (Playable::Gdl(setup, depth), User::White) => play_gdl(setup, depth, solve, user_moves),
            (Playable::Gdl(setup, depth), User::Black) => refute_gdl(setup, depth, solve, user_moves),
            (Playable::Geography { graph, variant, rule, rounds }, user) => {
                let mut reference = GeoSolver::new(graph, variant, rule);
                play_geography(&mut reference, rounds, solve, user_moves, user == User::Black)
            }
        }
    }
}

/// The input ended in the middle of a game.
#[derive(Debug, thiserror::Error)]
#[error("standard input ended before the game did; {side} was to move at\n{board}")]
pub struct InputEnded {
    pub side: &'static str,
    pub board: String,
}

/// The last line of a session and its exit code: 0 every game ended as the solver
/// promised; 1 a failure (an encoding or solver bug); 2 refused, the instance has the other
/// value (the line is then an error naming `instance`, without the `error: ` before it).
pub fn conclusion(outcome: &Result<Played, Failure>, user: User, mode: Mode, instance: &str) -> (u8, String) {
    let (winner, one, many) = match user {
        User::White => ("Black won", "White reply", "White replies"),
        User::Black => ("White held", "Black move", "Black moves"),
    };
    match (outcome, mode) {
        (Ok(p), Mode::All) => {
            (0, format!("{winner} all {} lines against every {one} ({} solver calls)", p.lines, p.solver_calls))
        }
        (Ok(p), Mode::Random { .. }) => {
            (0, format!("{winner} all {} games against random {many} ({} solver calls)", p.lines, p.solver_calls))
        }
        (Ok(_), Mode::Interactive) if user == User::White => (0, "Black wins, as the solver promised".to_string()),
        (Ok(_), Mode::Interactive) => {
            (0, "White holds: Black did not win within the depth, as the solver promised".to_string())
        }
        (Err(failure), _) if failure.refused => (2, format!("{instance}: {}", failure.reason)),
        (Err(failure), _) => (1, format!("FAILURE (an encoding or solver bug) in {instance}: {failure}")),
    }
}

/// The board as lines (positions are drawn with `/` between rows).
pub fn board(position: &str) -> String {
    position.replace('/', "\n")
}

/// Plays `game` with the solver `runner` against the user's side, chosen as `mode` says:
/// typed moves are read from `input`, prompts, moves and boards written to `out`. A closed
/// output does not end the game; a closed input does.
pub fn session<R: BufRead, W: Write>(
    game: Playable<'_>,
    user: User,
    mode: Mode,
    runner: &QdoRunner,
    mut input: R,
    out: &RefCell<W>,
) -> Result<Result<Played, Failure>, InputEnded> {
    let mut solve = *runner;
    match mode {
        Mode::All => Ok(game.play(user, &mut solve, White::All)),
        Mode::Random { games, seed } => {
            let mut rng = SplitMix64::new(seed);
            let mut total = Played { lines: 0, solver_calls: 0 };
            for _ in 0..games {
                let mut choose = |_: &str, moves: &[String]| Ok(rng.below(moves.len() as u64) as usize);
                let mut show = |_: &str, _: &str| {};
                match game.play(user, &mut solve, White::Choose { choose: &mut choose, show: &mut show }) {
                    Ok(p) => {
                        total.lines += p.lines;
                        total.solver_calls += p.solver_calls;
                    }
                    Err(failure) => return Ok(Err(failure)),
                }
            }
            Ok(Ok(total))
        }
        Mode::Interactive => {
            let side = user.name();
            let ended = Cell::new(false);
            let mut choose = |_: &str, moves: &[String]| -> Result<usize, ChooseError> {
                loop {
                    let mut o = out.borrow_mut();
                    write!(o, "{side} to move ({} legal; `help` lists them): ", moves.len())
                        .and_then(|()| o.flush())
                        .map_err(ChooseError::Output)?;
                    let mut line = String::new();
                    if input.read_line(&mut line).map_err(ChooseError::Input)? == 0 {
                        ended.set(true);
                        return Err(ChooseError::InputEnded);
                    }
                    let typed: String = line.split_whitespace().collect();
                    if typed.is_empty() {
                        continue;
                    }
                    if typed == "help" {
                        writeln!(o, "Type one of: {}", moves.join(" ")).map_err(ChooseError::Output)?;
                        continue;
                    }
                    match moves.iter().position(|m| m.replace(' ', "") == typed) {
                        Some(k) => return Ok(k),
                        None => writeln!(
                            o,
                            "error: `{typed}` is not a legal move for {side} here; legal moves: {}",
                            moves.join(" ")
                        )
                        .map_err(ChooseError::Output)?,
                    }
                }
            };
            // A closed output (`| head`) must not end the game with a panic; the game goes
            // on, and a closed input ends it.
            let mut show = |mv: &str, position: &str| {
                let _ = writeln!(out.borrow_mut(), "{mv}\n{}", board(position));
            };
            match game.play(user, &mut solve, White::Choose { choose: &mut choose, show: &mut show }) {
                Err(failure) if ended.get() => Err(InputEnded { side, board: board(&failure.position) }),
                result => Ok(result),
            }
        }
    }
}
