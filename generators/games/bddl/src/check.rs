//! Checks a parsed domain and problem against each other, including the sanity
//! conditions of Definition 3.9, and builds the [`Game`].
//!
//! - Every absolute position (`3`, `xmax-1`, …) must lie on the board, and each position
//!   may occur at most once in `#init`.
//! - Effects must be positive atoms: a negated effect would make a move nondeterministic,
//!   which neither Definition 3.7's intent nor the encoding's existential state supports.
//!   Nor may an effect give one position two values at some position of `I_a`: the
//!   encoding would count such a White move as legal but without a successor.
//! - Sanity (Definition 3.9): the initial state is won by neither player (checked
//!   exactly); and no move of one player can make the other player's goal true. The
//!   latter is checked syntactically and conservatively: an effect `p(…)` of a Black action
//!   could newly satisfy a White goal atom `p(…)` or `NOT(q(…))` with `q ≠ p`; any such pair
//!   is reported (and symmetrically for White). Every model we know passes it.

use super::model::{Action, Atom, Board, Condition, Domain, Expr, Game, Problem};
use contract::{ParseError, Source};

/// Largest accepted board side; the encodings and solver assume far smaller boards.
const MAX_SIDE: i32 = 1 << 12;

/// Builds the game; `depth` overrides the problem's `#depth`.
pub fn check(
    domain: Domain,
    dsrc: &Source,
    mut problem: Problem,
    psrc: &Source,
    depth: Option<u32>,
) -> Result<Game, ParseError> {
    let board = problem.board;
    if board.width > MAX_SIDE || board.height > MAX_SIDE {
        return Err(ParseError::at(
            psrc,
            0,
            format!("board {}x{} is too large", board.width, board.height),
            format!("each side must be at most {MAX_SIDE}"),
        ));
    }
    if depth.is_some() {
        (problem.depth, problem.depth_at) = (depth, None);
    }
    if problem.depth.is_none() {
        return Err(ParseError::at(
            psrc,
            psrc.bytes.len(),
            "the problem has no `#depth` section",
            "add `#depth` with the number of plies, or pass --depth",
        ));
    }
    for a in domain.black.iter().chain(&domain.white) {
        for atom in a.all() {
            on_board(atom, board, dsrc)?;
        }
        if let Some(neg) = a.eff.atoms.iter().find(|x| x.negated) {
            return Err(ParseError::at(
                dsrc,
                neg.offset,
                format!("action `{}` has a negated effect `{neg}`", a.name),
                "effects say what a position becomes: write `open(…)`, `black(…)` or `white(…)`",
            ));
        }
        contradictory_effects(a, board, dsrc)?;
    }
    for atom in problem.init.iter().chain(problem.black_goals.iter().chain(&problem.white_goals).flat_map(|c| &c.atoms))
    {
        on_board(atom, board, psrc)?;
    }
    for (k, a) in problem.init.iter().enumerate() {
        let cell = a.cell(0, 0, board);
        if problem.init[..k].iter().any(|b| b.cell(0, 0, board) == cell) {
            return Err(ParseError::at(
                psrc,
                a.offset,
                format!("position ({},{}) occurs twice in `#init`", cell.0, cell.1),
                "list each occupied position once",
            ));
        }
    }
    let game = Game { domain, problem };
    sanity(&game, dsrc, psrc)?;
    Ok(game)
}

/// Rejects an action whose effect makes one position two different things at some
/// position of `I_a`. Definition 3.7 makes such a move inapplicable there, but the encoding
/// would treat a legal-looking White move without a successor as a loss for Black.
fn contradictory_effects(a: &Action, board: Board, source: &Source) -> Result<(), ParseError> {
    let (bx, by) = a.bounds(board);
    for i in bx.iter() {
        for j in by.iter() {
            for (k, e) in a.eff.atoms.iter().enumerate() {
                if let Some(f) =
                    a.eff.atoms[..k].iter().find(|f| f.pred != e.pred && f.cell(i, j, board) == e.cell(i, j, board))
                {
                    let (x, y) = e.cell(i, j, board);
                    return Err(ParseError::at(
                        source,
                        e.offset,
                        format!(
                            "action `{}` makes position ({x},{y}) both {} and {} when (?x,?y) = ({i},{j})",
                            a.name,
                            f.pred.name(),
                            e.pred.name()
                        ),
                        "an effect gives each position one value; drop one of the two atoms",
                    ));
                }
            }
        }
    }
    Ok(())
}

fn on_board(atom: &Atom, board: Board, source: &Source) -> Result<(), ParseError> {
    let check = |e: Expr, len: i32, axis: &str| match e.absolute(len) {
        Some(v) if !(1..=len).contains(&v) => Err(ParseError::at(
            source,
            atom.offset,
            format!("`{atom}` refers to {axis} = {v}, off the {}x{} board", board.width, board.height),
            format!("{axis} positions run from 1 to {len}"),
        )),
        _ => Ok(()),
    };
    check(atom.x, board.width, "x")?;
    check(atom.y, board.height, "y")
}

fn sanity(game: &Game, dsrc: &Source, psrc: &Source) -> Result<(), ParseError> {
    let board = game.board();
    let s0 = game.initial_state();
    let state = |x: i32, y: i32| s0[board.index(x, y)];
    let p = &game.problem;
    for (goals, who) in [(&p.black_goals, "Black"), (&p.white_goals, "White")] {
        if let Some(c) = goals.iter().find(|c| Condition::any_holds(std::slice::from_ref(c), board, state)) {
            return Err(ParseError::at(
                psrc,
                c.offset,
                format!("{who}'s goal already holds in the initial state"),
                "the sanity conditions (Definition 3.9) require an initial state that nobody has won",
            ));
        }
    }
    let d = &game.domain;
    for (actions, goals, mover, other) in
        [(&d.black, &p.white_goals, "Black", "White"), (&d.white, &p.black_goals, "White", "Black")]
    {
        if let Some((action, effect, goal)) = enabling_effect(actions, goals) {
            return Err(ParseError::at(
                dsrc,
                effect.offset,
                format!("{mover}'s action `{}` has the effect `{effect}`, which can make {other}'s goal atom `{goal}` true", action.name),
                format!("the sanity conditions (Definition 3.9) require that only a player's own moves complete its goals; change the goal in {}", psrc.name),
            ));
        }
    }
    Ok(())
}

fn enabling_effect<'a>(actions: &'a [Action], goals: &'a [Condition]) -> Option<(&'a Action, &'a Atom, &'a Atom)> {
    let can_enable = |e: &Atom, g: &Atom| if g.negated { g.pred != e.pred } else { g.pred == e.pred };
    actions.iter().find_map(|a| {
        a.eff
            .atoms
            .iter()
            .find_map(|e| goals.iter().flat_map(|c| &c.atoms).find(|g| can_enable(e, g)).map(|g| (a, e, g)))
    })
}
