//! Strategies of GDL games: Black is the role `x` that must win (`GdlEncoding::first`),
//! White all the other roles, one coalition that makes a joint move each step (with two
//! roles, the other role `o`).
//!
//! A position is a set of fluents; it is re-encoded by making it the initial position of
//! the ground game ([`game_at`]) and encoding that with the remaining steps. A step is a
//! joint move. A role with a single legal move (the `noop` of the player not on turn)
//! plays it without asking anyone; the solver is asked only where its player has a choice
//! (so a game where Black moves second is played too: Black's first question comes after
//! White's first move). Where both roles have a choice (simultaneous moves), Black commits
//! first, as in the encodings and in the reference player's Definition 5. White's joint
//! move is named by the moves of the roles that have a choice, joined by `, `.
//!
//! Moves are checked with the reference player ([`crate::player::Solver`], one
//! transposition table for the whole exploration): Black's move must be legal and keep a
//! win within the remaining steps against every White reply; White's move must be legal
//! and leave Black without a win within the remaining steps.

use crate::encoding::GdlEncoding;
use crate::player::{Solver, State};
use crate::terms::{Sym, TermId};
use gamekit::play::{Explorer, Failure, Played, QdoSolver, White};
use gamekit::session::{PlayableGame, User};
use gamekit::validate::{Check, STATE};
use gamekit::{Move, Side};
use std::cell::RefCell;

use crate::{GameError, GroundGame, Node};
use gamekit::first_move::{judge, FirstMove, FirstMoveError};

/// A GDL game and how its positions are encoded; Black is the encoding's role `first`.
#[derive(Clone, Copy)]
pub struct GdlSetup<'g> {
    pub game: &'g GroundGame,
    pub encoding: GdlEncoding,
}

/// A GDL game played for `depth` steps: the solver plays Black's role's strategy, or the
/// other role's refutation.
#[derive(Clone, Copy)]
pub struct GdlPlay<'g> {
    /// The game and its encoding.
    pub setup: GdlSetup<'g>,
    /// The steps the solver's promise is about.
    pub depth: u32,
}

impl PlayableGame for GdlPlay<'_> {
    fn limit(&self) -> (u32, &'static str) {
        (self.depth, "steps")
    }

    fn play(&self, user: User, solve: &mut QdoSolver<'_>, user_moves: White<'_, '_>) -> Result<Played, Failure> {
        match user {
            User::White => play_gdl(self.setup, self.depth, solve, user_moves),
            User::Black => refute_gdl(self.setup, self.depth, solve, user_moves),
        }
    }
}

/// The game started from the position whose fluents are `fluents` (sorted indices).
pub fn game_at(game: &GroundGame, fluents: Vec<u32>) -> GroundGame {
    game.starting_at(fluents)
}

/// Draws a position: the fluents that hold and, when they include a board (at least four
/// fluents `(f x y v)` of one functor over constants), the board in the game's own
/// coordinates: `x` is the column and `y` the row, unless the game's `row` relation holds of
/// cells that share their first index (GGP's tic-tac-toe: `(row ?m ?x)` over `(cell ?m 1
/// ?x)`, `(cell ?m 2 ?x)`, …), where the first index is the row; lines separated by `/`, each cell the first letter of `v` (`.` for a missing
/// cell or a blank `b`), column labels along one edge and row labels at the side. Where a
/// move names a column alone (`(drop 2)`: stones fall to `y = 1`), rows are drawn bottom-up
/// with the column labels underneath; otherwise `y = 1` is the top row. The fluents come
/// first, as a [`STATE`] line, when a board follows.
pub fn draw_gdl(player: &Solver, game: &GroundGame, state: &State) -> String {
    let store = &game.store;
    let held: Vec<_> = player.fluents(state).into_iter().map(|f| game.fluents[f as usize]).collect();
    let description = player.describe(state);
    let board = held
        .iter()
        .filter(|&&t| store.args(t).len() == 3 && store.args(t).iter().all(|&a| store.args(a).is_empty()))
        .map(|&t| store.functor(t))
        .find(|&f| held.iter().filter(|&&u| store.functor(u) == f && store.args(u).len() == 3).count() >= 4);
    let (x, y) = if board.is_some_and(|f| first_index_is_row(game, f)) { (1, 0) } else { (0, 1) };
    let cells: Vec<[String; 3]> = held
        .iter()
        .filter(|&&t| Some(store.functor(t)) == board && store.args(t).len() == 3)
        .map(|&t| store.args(t))
        .filter(|a| a.iter().all(|&v| store.args(v).is_empty()))
        .map(|a| [x, y, 2].map(|i| store.display(a[i])))
        .collect();
    if cells.is_empty() {
        return description;
    }
    let axis = |i: usize| {
        let mut v: Vec<String> = cells.iter().map(|c| c[i].clone()).collect();
        v.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
        v.dedup();
        v
    };
    let (cols, mut rows) = (axis(0), axis(1));
    let bottom_up = game.moves.iter().any(|m| {
        let args = store.args(m.term);
        args.len() == 1 && store.args(args[0]).is_empty() && cols.contains(&store.display(args[0]))
    });
    let w = cols.iter().chain(&rows).map(String::len).max().unwrap_or(1);
    let labels: Vec<String> = cols.iter().map(|c| format!("{c:>w$}")).collect();
    let labels = format!("{:>2} {}", "", labels.join(" "));
    let mut out = vec![format!("{STATE}{description}")];
    if bottom_up {
        rows.reverse();
    } else {
        out.push(labels.clone());
    }
    for r in &rows {
        let line: Vec<String> = cols
            .iter()
            .map(|c| {
                let mark = match cells.iter().find(|x| x[0] == *c && x[1] == *r) {
                    Some(x) if x[2] != "b" => x[2].chars().next().map_or(".".to_string(), |ch| ch.to_string()),
                    _ => ".".to_string(),
                };
                format!("{mark:>w$}")
            })
            .collect();
        out.push(format!("{r:>2} {}", line.join(" ")));
    }
    if bottom_up {
        out.push(labels);
    }
    out.join("/")
}

/// Whether the first index of the board fluents `(board i j v)` is the row: some ground rule
/// of the game's `row` relation reads cells that share their first index and differ in
/// the second.
fn first_index_is_row(game: &GroundGame, board: Sym) -> bool {
    let store = &game.store;
    let rows = game.atoms.iter().filter(|a| store.name(store.functor(a.term)) == "row");
    rows.flat_map(|a| &a.bodies).any(|body| {
        let cells: Vec<&[TermId]> = body
            .iter()
            .filter_map(|l| match l.node {
                Node::Fluent(f) if l.positive => Some(game.fluents[f as usize]),
                _ => None,
            })
            .filter(|&t| store.functor(t) == board && store.args(t).len() == 3)
            .map(|t| store.args(t))
            .collect();
        cells.len() >= 2 && cells.iter().all(|a| a[0] == cells[0][0]) && cells.iter().any(|a| a[1] != cells[0][1])
    })
}

/// The name of move `m` (its ground term).
fn name(game: &GroundGame, m: u32) -> String {
    game.store.display(game.moves[m as usize].term)
}

/// Checks Black's move `mv` in `state` with `left` steps: legal, and Black still wins
/// within `left − 1` after every White reply.
pub fn check_gdl(
    player: &mut Solver,
    game: &GroundGame,
    state: &State,
    mv: &Move,
    left: u32,
) -> Result<Check, GameError> {
    let position = draw_gdl(player, game, state);
    let invalid = |reason: String| Ok(Check::Invalid { reason, position: position.clone() });
    let x = player.x();
    let Some(mx) = legal_named(player, game, state, x, mv) else {
        return invalid(format!("{mv} is not a legal move of Black here"));
    };
    if left == 0 {
        return invalid("no step is left".into());
    }
    let (replies, names) = coalition(player, game, state);
    for (reply, reply_name) in replies.iter().zip(&names) {
        if !player.wins_from(&player.next(state, &joint(mx, reply)), left - 1)? {
            return invalid(format!(
                "after {mv} and White's {reply_name} Black no longer wins within {} steps",
                left - 1
            ));
        }
    }
    Ok(Check::Valid)
}

/// The coalition's joint replies in `state` and their names: the moves of the roles
/// that have a choice (all of them where none has).
fn coalition(player: &Solver, game: &GroundGame, state: &State) -> (Vec<Vec<u32>>, Vec<String>) {
    let each: Vec<usize> = player.others().iter().map(|&r| player.legal(state, r).len()).collect();
    let replies = player.replies(state);
    let names = replies
        .iter()
        .map(|reply| {
            let named: Vec<String> = reply
                .iter()
                .zip(&each)
                .filter(|&(_, &n)| n > 1 || each.iter().all(|&n| n <= 1))
                .map(|(&m, _)| name(game, m))
                .collect();
            named.join(", ")
        })
        .collect();
    (replies, names)
}

/// Black's move `mx` followed by White's joint move `reply`.
fn joint(mx: u32, reply: &[u32]) -> Vec<u32> {
    std::iter::once(mx).chain(reply.iter().copied()).collect()
}

/// The legal move of `role` that `mv` names.
fn legal_named(player: &Solver, game: &GroundGame, state: &State, role: usize, mv: &Move) -> Option<u32> {
    let Move::Named { name: wanted } = mv else { return None };
    player.legal(state, role).into_iter().find(|&m| name(game, m) == *wanted)
}

/// Plays the solver's strategy for Black (role `setup.encoding.first`) from the initial position
/// with `depth` steps against White.
pub fn play_gdl(
    setup: GdlSetup<'_>,
    depth: u32,
    solve: &mut QdoSolver<'_>,
    white: White<'_, '_>,
) -> Result<Played, Failure> {
    explore(setup, depth, solve, white, false)
}

/// Plays every line from the initial position once the reference player agrees that the
/// solver's side can keep its promise: Black's win (`refute` false) or White's hold.
fn explore(
    setup: GdlSetup<'_>,
    depth: u32,
    solve: &mut QdoSolver<'_>,
    user: White<'_, '_>,
    refute: bool,
) -> Result<Played, Failure> {
    let mut e = Explorer::new(solve, user);
    let mut player = Solver::new(setup.game, setup.encoding.first).map_err(|err| e.fail(String::new(), err.0))?;
    let start = player.initial();
    let position = draw_gdl(&player, setup.game, &start);
    let wins = player.wins_from(&start, depth).map_err(|err| e.fail(position.clone(), err.0))?;
    match (refute, wins) {
        (false, false) => return Err(e.refuse(position, format!("Black does not win within {depth}, so there is no strategy to play against; play Black (--as black) instead"))),
        (true, true) => return Err(e.refuse(position, format!("Black wins within {depth}, so White has no refutation; play White instead"))),
        (false, true) => e.gdl(setup, &mut player, start, depth)?,
        (true, false) => e.gdl_refute(setup, &mut player, start, depth)?,
    }
    Ok(e.played)
}

/// The GDL walks of an [`Explorer`].
trait ExploreGdl {
    fn gdl(&mut self, setup: GdlSetup<'_>, player: &mut Solver, s: State, left: u32) -> Result<(), Failure>;
    fn ask_gdl(&mut self, setup: GdlSetup<'_>, player: &Solver, s: &State, left: u32) -> Result<Move, Failure>;
}

impl ExploreGdl for Explorer<'_, '_, '_, '_> {
    fn gdl(&mut self, setup: GdlSetup<'_>, player: &mut Solver, s: State, left: u32) -> Result<(), Failure> {
        let game = setup.game;
        let position = draw_gdl(player, game, &s);
        if player.is_terminal(&s) {
            if player.x_wins_in(&s) {
                self.played.lines += 1;
                return Ok(());
            }
            return Err(self.fail(position, "the game is over and Black has not reached goal 100".into()));
        }
        if left == 0 {
            return Err(self.fail(position, "Black has not won within the depth".into()));
        }
        let xs = player.legal(&s, setup.encoding.first);
        let (os, names) = coalition(player, game, &s);
        if xs.is_empty() || os.is_empty() {
            return Err(
                self.fail(position, "a role has no legal move in a running game (the game is not well-formed)".into())
            );
        }
        let mx = match xs[..] {
            [only] => only,
            _ => {
                let mv = self.ask_gdl(setup, player, &s, left)?;
                let checked =
                    check_gdl(player, game, &s, &mv, left).map_err(|err| self.fail(position.clone(), err.0))?;
                if let Check::Invalid { reason, position } = checked {
                    return Err(self.fail(position, format!("{mv}: {reason}")));
                }
                let mx = legal_named(player, game, &s, setup.encoding.first, &mv).unwrap_or(xs[0]);
                self.line.push(name(game, mx));
                // With White's move forced (its `noop`), the step ends with Black's move:
                // show the position after it. Otherwise White's choice completes the step
                // and the position follows White's move.
                let after = match os[..] {
                    [ref only] => draw_gdl(player, game, &player.next(&s, &joint(mx, only))),
                    _ => position.clone(),
                };
                self.show(&format!("Black plays {}", name(game, mx)), &after);
                mx
            }
        };
        // White's replies against Black's strategy: the steps Black still needs after each.
        let mut resist = |k: usize| {
            let next = player.next(&s, &joint(mx, &os[k]));
            (0..left).find(|&d| player.wins_from(&next, d).unwrap_or(false))
        };
        let replies = if os.len() == 1 { vec![0] } else { self.replies(&position, &names, &mut resist)? };
        for k in replies {
            let next = player.next(&s, &joint(mx, &os[k]));
            if os.len() > 1 {
                self.line.push(names[k].clone());
                self.show(&format!("White plays {}", names[k]), &draw_gdl(player, game, &next));
            }
            self.gdl(setup, player, next, left - 1)?;
            if os.len() > 1 {
                self.line.pop();
            }
        }
        if xs.len() > 1 {
            self.line.pop();
        }
        Ok(())
    }

    /// Re-encodes `s` with `left` steps and decodes Black's move from the solver.
    fn ask_gdl(&mut self, setup: GdlSetup<'_>, player: &Solver, s: &State, left: u32) -> Result<Move, Failure> {
        let position = draw_gdl(player, setup.game, s);
        let here = game_at(setup.game, player.fluents(s));
        let (qbf, map) = self.encode(&setup.encoding, &here, left, Side::Black, &position)?;
        self.ask(&qbf, &map, &position, left)
    }
}

/// Black (role `setup.encoding.first`, chosen by `black`) against the solver's refutation, from the
/// initial position with `depth` steps, where Black does not win within `depth`. White's
/// moves come from the encoding with [`Side::White`]; where the solver's bits name no
/// legal move the encoding left the choice to Black's side, so every legal White move
/// refutes and the first one is played. Simultaneous choices are refused: Black would
/// commit before White's refutation is asked for; so are steps where two roles of the
/// coalition have a choice (the refutation is read from one role's bits).
pub fn refute_gdl(
    setup: GdlSetup<'_>,
    depth: u32,
    solve: &mut QdoSolver<'_>,
    black: White<'_, '_>,
) -> Result<Played, Failure> {
    explore(setup, depth, solve, black, true)
}

/// The GDL refutation walk of an [`Explorer`].
trait ExploreGdlRefute {
    fn gdl_refute(&mut self, setup: GdlSetup<'_>, player: &mut Solver, s: State, left: u32) -> Result<(), Failure>;
}

impl ExploreGdlRefute for Explorer<'_, '_, '_, '_> {
    fn gdl_refute(&mut self, setup: GdlSetup<'_>, player: &mut Solver, s: State, left: u32) -> Result<(), Failure> {
        let game = setup.game;
        let position = draw_gdl(player, game, &s);
        if player.is_terminal(&s) && player.x_wins_in(&s) {
            return Err(self.fail(position, "Black reaches goal 100".into()));
        }
        if player.is_terminal(&s) || left == 0 {
            self.played.lines += 1;
            return Ok(());
        }
        let xs = player.legal(&s, setup.encoding.first);
        let each: Vec<Vec<u32>> = player.others().iter().map(|&r| player.legal(&s, r)).collect();
        if xs.is_empty() || each.iter().any(Vec::is_empty) {
            return Err(
                self.fail(position, "a role has no legal move in a running game (the game is not well-formed)".into())
            );
        }
        let choosers: Vec<usize> = (0..each.len()).filter(|&i| each[i].len() > 1).collect();
        if xs.len() > 1 && !choosers.is_empty() {
            return Err(self.fail(position, "Black and White have a choice at once (simultaneous moves); playing Black against White's refutation needs a turn-taking game".into()));
        }
        if choosers.len() > 1 {
            return Err(self.fail(position, "two roles of White's coalition have a choice at once; playing Black against White's refutation needs a turn-taking game".into()));
        }
        let forced: Vec<u32> = each.iter().map(|ms| ms[0]).collect();
        let Some(&c) = choosers.first() else {
            let names: Vec<String> = xs.iter().map(|&m| name(game, m)).collect();
            let choices = if xs.len() == 1 { vec![0] } else { self.replies(&position, &names, &mut |_| None)? };
            for k in choices {
                let next = player.next(&s, &joint(xs[k], &forced));
                if xs.len() > 1 {
                    self.line.push(names[k].clone());
                    self.show(&format!("Black plays {}", names[k]), &draw_gdl(player, game, &next));
                }
                self.gdl_refute(setup, player, next, left - 1)?;
                if xs.len() > 1 {
                    self.line.pop();
                }
            }
            return Ok(());
        };
        let here = game_at(game, player.fluents(&s));
        let (qbf, map) = self.encode(&setup.encoding, &here, left, Side::White, &position)?;
        let mv = self.ask_white(&qbf, &map, &position, left)?;
        let mo = legal_named(player, game, &s, player.others()[c], &mv).unwrap_or(each[c][0]);
        let mut reply = forced;
        reply[c] = mo;
        let next = player.next(&s, &joint(xs[0], &reply));
        if player.wins_from(&next, left - 1).map_err(|err| self.fail(position.clone(), err.0))? {
            return Err(self.fail(
                position,
                format!("after White's {} (the solver's {mv}) Black wins within {} steps", name(game, mo), left - 1),
            ));
        }
        self.line.push(name(game, mo));
        self.show(&format!("White plays {}", name(game, mo)), &draw_gdl(player, game, &next));
        self.gdl_refute(setup, player, next, left - 1)?;
        self.line.pop();
        Ok(())
    }
}

/// A GDL game at `depth` steps with `encoding` (Black is its role `first`).
pub fn first_move_gdl(
    game: &GroundGame,
    encoding: GdlEncoding,
    depth: u32,
    solver: &mut QdoSolver<'_>,
) -> Result<FirstMove, FirstMoveError> {
    let player = RefCell::new(Solver::new(game, encoding.first)?);
    let start = player.borrow().initial();
    let reference = || Ok(player.borrow_mut().wins_from(&start, depth)?);
    let check = |mv: &Move| Ok(check_gdl(&mut player.borrow_mut(), game, &start, mv, depth)?);
    judge(&encoding, game, depth, solver, reference, check)
}
