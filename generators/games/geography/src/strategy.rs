//! Strategies of generalized geography: the first player (Black) names nodes at the odd
//! rounds, the second (White) at the even ones. A position is the path of named nodes
//! after node 0; it is drawn as the thesis's game interface: the current node, the visited
//! nodes and the legal moves.
//!
//! The first move is read from the solver's `--qdo` assignment
//! ([`first_move_geography`]) and checked here
//! with the reference solver: legal, and the first player still wins after it. In `play`,
//! the computer's moves come from the reference solver's winning moves (the first winning
//! node in successor order), so that every line is checked against the game itself.

use gamekit::Move;
use std::cell::RefCell;

use crate::encoding::Geography;
use crate::{Rule, SolveError, Solver, Variant};
use gamekit::first_move::{judge, FirstMove, FirstMoveError};
use gamekit::graph::Graph;

use gamekit::play::{Explorer, Failure, Played, QdoSolver, White};
use gamekit::session::{PlayableGame, User};
use gamekit::validate::Check;

/// The position after `path` (node 0 not included): current node, visited nodes, legal
/// moves, as lines separated by `/`.
pub fn draw_geography(solver: &Solver, path: &[u32]) -> Result<String, SolveError> {
    let current = path.last().copied().unwrap_or(0);
    let visited: Vec<String> = std::iter::once(0).chain(path.iter().copied()).map(|v| v.to_string()).collect();
    let legal: Vec<String> = solver.legal_moves(path)?.iter().map(u32::to_string).collect();
    let legal = if legal.is_empty() { "none".to_string() } else { legal.join(" ") };
    Ok(format!("current node: {current}/visited: {}/legal moves: {legal}", visited.join(" ")))
}

/// The node a decoded move names.
fn node(mv: &Move) -> Option<u32> {
    match mv {
        Move::Vertex { index, .. } => u32::try_from(*index).ok(),
        _ => None,
    }
}

/// Checks the mover's `mv` after `path` with `left` rounds to play (this one included):
/// legal, and it keeps the mover's win.
pub fn check_geography(solver: &mut Solver, path: &[u32], mv: &Move, left: u32) -> Result<Check, SolveError> {
    let position = draw_geography(solver, path)?;
    let invalid = |reason: String| Ok(Check::Invalid { reason, position: position.clone() });
    let Some(v) = node(mv).filter(|v| solver.legal_moves(path).is_ok_and(|legal| legal.contains(v))) else {
        return invalid(format!("{mv} is not a legal move here"));
    };
    if !solver.winning_moves(path, left)?.contains(&v) {
        return invalid(format!(
            "after {v} the mover no longer wins within the {} rounds left",
            left.saturating_sub(1)
        ));
    }
    Ok(Check::Valid)
}

/// Plays the first player's winning strategy (`refute` false) or the second player's
/// refutation (`refute` true) for `rounds` rounds against the user's side.
pub fn play_geography(
    solver: &mut Solver,
    rounds: u32,
    solve: &mut QdoSolver<'_>,
    user: White<'_, '_>,
    refute: bool,
) -> Result<Played, Failure> {
    let mut e = Explorer::new(solve, user);
    let failed = |e: &Explorer, err: SolveError| e.fail(String::new(), err.to_string());
    let start = draw_geography(solver, &[]).map_err(|err| failed(&e, err))?;
    let wins = solver.wins_within(rounds).map_err(|err| failed(&e, err))?;
    match (refute, wins) {
        (false, false) => return Err(e.refuse(start, format!("the first player does not win within {rounds} rounds, so there is no strategy to play against; play the first player (--as black) instead"))),
        (true, true) => return Err(e.refuse(start, format!("the first player wins within {rounds} rounds, so the second player has no refutation; play the second player instead"))),
        _ => e.geography(solver, &mut Vec::new(), rounds, refute)?,
    }
    Ok(e.played)
}

/// Geography on a graph for a number of rounds; the computer plays the reference solver's
/// winning moves.
#[derive(Clone, Copy)]
pub struct GeographyPlay<'g> {
    /// The graph, node 0 the start.
    pub graph: &'g Graph,
    /// When the first player wins.
    pub variant: Variant,
    /// What may not be named twice.
    pub rule: Rule,
    /// The rounds the promise is about.
    pub rounds: u32,
}

impl PlayableGame for GeographyPlay<'_> {
    fn limit(&self) -> (u32, &'static str) {
        (self.rounds, "rounds")
    }

    fn play(&self, user: User, solve: &mut QdoSolver<'_>, user_moves: White<'_, '_>) -> Result<Played, Failure> {
        let mut reference = Solver::new(self.graph, self.variant, self.rule);
        play_geography(&mut reference, self.rounds, solve, user_moves, user == User::Black)
    }
}

/// The geography walk of an [`Explorer`].
trait ExploreGeography {
    fn geography(&mut self, solver: &mut Solver, path: &mut Vec<u32>, left: u32, refute: bool) -> Result<(), Failure>;
}

impl ExploreGeography for Explorer<'_, '_, '_, '_> {
    /// Plays on after `path` with `left` rounds; the computer is the first player
    /// (`refute` false) or the second.
    fn geography(&mut self, solver: &mut Solver, path: &mut Vec<u32>, left: u32, refute: bool) -> Result<(), Failure> {
        let position = draw_geography(solver, path).map_err(|err| self.fail(String::new(), err.to_string()))?;
        let first_to_move = path.len().is_multiple_of(2);
        let legal = solver.legal_moves(path).map_err(|err| self.fail(position.clone(), err.to_string()))?;
        if left == 0 || legal.is_empty() {
            let first_won = solver.wins_from(path, left).map_err(|err| self.fail(position.clone(), err.to_string()))?;
            if first_won == refute {
                return Err(self.fail(position, "the game ended against the computer's promise".into()));
            }
            self.played.lines += 1;
            return Ok(());
        }
        let (who, computer) = if first_to_move { ("Black", !refute) } else { ("White", refute) };
        let choices: Vec<u32> = if computer {
            let winning =
                solver.winning_moves(path, left).map_err(|err| self.fail(position.clone(), err.to_string()))?;
            match winning.first() {
                Some(&v) => vec![v],
                None => return Err(self.fail(position, "the computer has no winning move here".into())),
            }
        } else {
            let names: Vec<String> = legal.iter().map(u32::to_string).collect();
            // The second player's moves against the first player's strategy: the rounds the
            // first player still needs after each.
            let mut resist = |k: usize| {
                let after: Vec<u32> = path.iter().copied().chain([legal[k]]).collect();
                (!refute).then(|| (0..left).find(|&r| solver.wins_from(&after, r).unwrap_or(false))).flatten()
            };
            self.replies(&position, &names, &mut resist)?.into_iter().map(|k| legal[k]).collect()
        };
        for v in choices {
            path.push(v);
            self.line.push(v.to_string());
            let after = draw_geography(solver, path).map_err(|err| self.fail(position.clone(), err.to_string()))?;
            self.show(&format!("{who} names {v}"), &after);
            self.geography(solver, path, left - 1, refute)?;
            self.line.pop();
            path.pop();
        }
        Ok(())
    }
}

impl From<SolveError> for FirstMoveError {
    fn from(e: SolveError) -> Self {
        FirstMoveError::Game(Box::new(e))
    }
}

/// Geography on `graph` for `rounds` rounds with `encoding` (Black is the first player).
pub fn first_move_geography(
    graph: &Graph,
    encoding: Geography,
    rounds: u32,
    solver: &mut QdoSolver<'_>,
) -> Result<FirstMove, FirstMoveError> {
    let player = RefCell::new(Solver::new(graph, encoding.variant, encoding.rule));
    let reference = || Ok(player.borrow_mut().wins_within(rounds)?);
    let check = |mv: &Move| Ok(check_geography(&mut player.borrow_mut(), &[], mv, rounds)?);
    judge(&encoding, graph, rounds, solver, reference, check)
}
