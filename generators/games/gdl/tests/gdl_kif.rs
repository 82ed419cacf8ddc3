//! KIF as game files in the wild write it: each construct on a small inline game, with
//! the fluents, moves and goals it must ground to.

use contract::Source;
use game_gdl::{load, player::Solver, GroundGame};

fn ground(text: &str) -> GroundGame {
    load(Source::from_bytes("game.kif", text)).unwrap_or_else(|e| panic!("{e}"))
}

fn fluents(g: &GroundGame) -> Vec<String> {
    g.fluents.iter().map(|&f| g.store.display(f)).collect()
}

fn moves(g: &GroundGame) -> Vec<String> {
    g.moves.iter().map(|m| format!("{} {}", g.role_names()[m.role], g.store.display(m.term))).collect()
}

/// A one-step game: each role marks one of the cells that `legal` allows.
fn marking(legal: &str) -> String {
    format!(
        "(role x) (role o) (index 1) (index 2) (index 3) (blocked 2)
(init (turn 0))
{legal}
(<= (next (cell ?c)) (does ?p (mark ?c)))
(<= terminal (true (cell ?c)))
(<= (goal ?p 100) (role ?p))
"
    )
}

#[test]
fn keywords_and_symbols_in_any_case() {
    let g = ground(
        "(ROLE X) (Role O)
(INIT (Cell 1))
(<= (LEGAL ?P (MARK ?C)) (ROLE ?P) (TRUE (CELL ?c)))
(<= (NEXT (cell ?C)) (TRUE (cell ?c)))
(<= TERMINAL (TRUE (CELL 2)))
(<= (GOAL ?p 100) (ROLE ?p))
",
    );
    assert_eq!(g.role_names(), ["x", "o"]);
    assert_eq!(fluents(&g), ["(cell 1)"]);
    assert_eq!(moves(&g), ["x (mark 1)", "o (mark 1)"]);
    assert_eq!(g.terminal, None, "no rule derives (terminal) from the reachable fluents");
}

#[test]
fn comments_anywhere_change_nothing() {
    let plain = ground(&marking("(<= (legal ?p (mark ?c)) (role ?p) (index ?c))"));
    let commented = ground(&marking(
        "(<= ; the head\n (legal ?p ; the role\n (mark ?c)) ; the move\n (role ?p) (index ?c)) ; after",
    ));
    assert_eq!(moves(&commented), moves(&plain));
    assert_eq!(fluents(&commented), fluents(&plain));
}

#[test]
fn or_in_a_body_and_under_not() {
    let g = ground(&marking(
        "(<= (legal ?p (mark ?c)) (role ?p) (index ?c) (not (or (blocked ?c) (or (true (cell ?c))))))",
    ));
    assert_eq!(moves(&g), ["x (mark 1)", "x (mark 3)", "o (mark 1)", "o (mark 3)"]);
    let g = ground(&marking("(<= (legal ?p (mark ?c)) (role ?p) (or (blocked ?c) (and-never ?c)))"));
    assert_eq!(moves(&g), ["x (mark 2)", "o (mark 2)"]);
}

#[test]
fn nested_function_terms_and_numbers_as_constants() {
    let g = ground(&marking("(<= (legal ?p (mark (at (xy ?c (z 10))))) (role ?p) (index ?c) (blocked ?c))"));
    assert_eq!(moves(&g), ["x (mark (at (xy 2 (z 10))))", "o (mark (at (xy 2 (z 10))))"]);
    assert_eq!(fluents(&g), ["(cell (at (xy 2 (z 10))))", "(turn 0)"]);
}

#[test]
fn init_and_terminal_defined_by_rules() -> Result<(), game_gdl::GameError> {
    let g = ground(
        "(role x) (role o) (index 1) (index 2) (start 2)
(<= (init (cell ?c)) (index ?c))
(<= (init (count ?n)) (start ?n))
(<= (legal ?p wait) (role ?p))
(<= (next (count 1)) (true (count 2)))
(<= (next (count 0)) (true (count 1)))
(<= done (true (count 0)))
(<= terminal done)
(<= (goal x 100) done)
(<= (goal o 0) done)
",
    );
    assert_eq!(g.init.len(), 3, "{:?}", fluents(&g));
    assert!(g.terminal.is_some());
    let mut s = Solver::new(&g, 0)?;
    assert_eq!(s.shortest_win(4)?, Some(2));
    Ok(())
}

#[test]
fn goal_values_other_than_0_and_100_and_a_role_that_never_reaches_100() -> Result<(), game_gdl::GameError> {
    let g = ground(
        "(role x) (role o)
(init (over))
(<= (legal ?p wait) (role ?p))
(<= terminal (true (over)))
(<= (goal x 75) (true (over)))
(<= (goal o 100) (true (over)))
(<= (goal o 25) (not (true (over))))
",
    );
    let values = |r: usize| g.goals[r].iter().map(|&(v, _)| v).collect::<Vec<_>>();
    assert_eq!((values(0), values(1)), (vec![75], vec![25, 100]));
    assert!(!Solver::new(&g, 0)?.wins_within(3)?, "x's best is 75: never a win");
    assert!(Solver::new(&g, 1)?.wins_within(0)?, "o has 100 in the terminal initial position");
    Ok(())
}
