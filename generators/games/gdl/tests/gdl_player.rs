//! The reference player on known game values.

use contract::Source;
use game_gdl::{load, player::Solver};

fn game(name: &str) -> game_gdl::GroundGame {
    let path = format!("{}/../../../suite/games/gdl/{name}", env!("CARGO_MANIFEST_DIR"));
    let source = Source::read(&path).unwrap_or_else(|e| panic!("{e}"));
    load(source).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn tic_tac_toe_is_a_draw_so_x_never_wins() -> Result<(), game_gdl::GameError> {
    let g = game("tictactoe.kif");
    assert_eq!((g.fluents.len(), g.moves.len()), (29, 20));
    let mut s = Solver::new(&g, 0)?;
    assert_eq!(s.shortest_win(9)?, None);
    Ok(())
}

#[test]
fn a_player_without_legal_moves_in_a_running_game_is_an_error() -> Result<(), contract::ParseError> {
    let text = "(role a) (role b)\n(init (p))\n(<= (legal a go) (true (p)))\n(<= (next (q)) (true (p)))\n(<= terminal (true (q)))\n";
    let g = load(Source::from_bytes("stuck.kif", text))?;
    let mut s = Solver::new(&g, 0).unwrap_or_else(|e| panic!("{e}"));
    let err = s.wins_within(2).err().map(|e| e.0).unwrap_or_default();
    assert_eq!(err, "role b has no legal move in the non-terminal position {p}; GDL games must be well-formed");
    Ok(())
}

#[test]
fn the_first_role_is_named_ignoring_case_or_defaults_to_the_first() {
    let g = game("tictactoe.kif");
    let roles = g.role_names();
    assert_eq!((g.first_role(None), g.first_role(Some(&roles[1].to_uppercase()))), (Ok(0), Ok(1)));
    let err = g.first_role(Some("nobody")).err().map(|e| e.to_string()).unwrap_or_default();
    assert_eq!(err, format!("nobody: the game has no such role; its roles are {}", roles.join(", ")));
}
