//! `qbfgames play` as a user sees it: the position after every move in the game's own
//! geometry, moves typed leniently, and the commands `undo`, `hint`, `help` and `quit`.
//! Each game is run as a program in a temporary directory with piped input.

use std::path::Path;
use std::process::Output;

use crate::common::piped;

use piped::qbfgames_with_input;

fn suite(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("suite").join(path).display().to_string()
}

fn play(args: &[&str], input: &str) -> Output {
    let dir = tempfile::tempdir().expect("a temporary directory");
    qbfgames_with_input(&[&["play"], args].concat(), input, dir.path())
}

/// The `rows` lines after the first line starting with `head`, and that line.
fn after<'a>(stdout: &'a str, head: &str, rows: usize) -> (&'a str, Vec<&'a str>) {
    let lines: Vec<&str> = stdout.lines().collect();
    let at = lines.iter().position(|l| l.contains(head)).unwrap_or_else(|| panic!("no `{head}` in {stdout}"));
    (lines[at], lines[at + 1..=at + rows].to_vec())
}

/// The mark in column `c` (1-based) of a drawn Connect row ` r . x . .`.
fn cell(row: &str, c: usize) -> char {
    row.chars().nth(3 + 2 * (c - 1)).unwrap_or(' ')
}

#[test]
fn connect3_shows_blacks_stone_in_its_column_takes_drop_without_parentheses_undoes_and_quits() {
    let c3 = suite("games/gdl/connect3-4x4.kif");
    let args = ["gdl", "--game", &c3, "--depth", "9"];
    let out = play(&args, "drop 2\nundo\nhint\nhelp\nquit\n");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&out.stderr));

    // Black moves first: the board after its move, rows bottom-up (y = 1 is where stones
    // land), columns as columns, labels underneath.
    let (played, board) = after(&stdout, "Black plays (drop ", 5);
    let column: usize = played.trim_end_matches(')').rsplit(' ').next().and_then(|c| c.parse().ok()).expect("a column");
    assert_eq!(board[4], "   1 2 3 4", "{stdout}");
    assert_eq!(board[3].trim_start().chars().next(), Some('1'), "the bottom row is y = 1: {stdout}");
    assert_eq!(cell(board[3], column), 'x', "Black's stone in column {column}, bottom row: {stdout}");
    assert_eq!(board[3].matches('x').count(), 1, "{stdout}");
    assert!(board[..3].iter().all(|r| !r.contains('x')), "{stdout}");
    assert!(!stdout.contains("state: ") && !stdout.contains("(cell "), "no raw state line: {stdout}");

    // `drop 2` is `(drop 2)`; White's stone lands on top of Black's if Black took column 2.
    let (_, white) = after(&stdout, "White plays (drop 2)", 5);
    let row = if column == 2 { white[2] } else { white[3] };
    assert_eq!(cell(row, 2), 'o', "{stdout}");

    // `undo` takes back White's move and Black's reply: the board after Black's first move.
    let (_, undone) = after(&stdout, "Took back White's (drop 2) and Black's reply.", 5);
    assert_eq!(undone, board, "{stdout}");
    assert!(stdout.contains("You play White. Black wins within 9 steps whatever you do"), "{stdout}");
    assert!(stdout.contains("Hint: (drop ") && stdout.contains(" holds out longest: Black still needs "), "{stdout}");
    assert!(stdout.contains("`undo`") && stdout.contains("Type one of: (drop 1) (drop 2)"), "{stdout}");
    assert!(stdout.contains("You quit: you left the game with White to move"), "{stdout}");

    // The end of the input leaves the game too, and the number alone names a column.
    let out = play(&args, "3\n");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("White plays (drop 3)"), "{stdout}");
    assert!(stdout.contains("The input ended: you left the game with White to move"), "{stdout}");
}

#[test]
fn hex_is_a_rhombus_with_each_players_sides_and_bddl_boards_have_the_move_coordinates() {
    let hex = suite("games/hex/hein_04_3x3.hex");
    let out = play(&["hex", "--puzzle", &hex, "--depth", "5"], "quit\n");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let (_, board) = after(&stdout, "Black plays ", 7);
    assert_eq!(board[0], "     a b c", "{stdout}");
    assert_eq!(board[1], "     B B B", "Black's top side: {stdout}");
    for (y, line) in board[2..5].iter().enumerate() {
        let indent = " ".repeat(y);
        assert!(line.starts_with(&format!("{indent} {} W ", y + 1)) && line.ends_with(" W"), "row {}: {stdout}", y + 1);
    }
    assert_eq!(board[5], "        B B B", "Black's bottom side, half a cell per row further: {stdout}");
    assert_eq!(board[6], "        a b c", "{stdout}");

    // The lifted encoding plays the puzzle as BDDL: coordinates as `occupy(x,y)` names them,
    // and the move typed in any case, without parentheses.
    let out = play(&["hex", "--puzzle", &hex, "--depth", "5", "--encoding", "lifted"], "OCCUPY 1 2\nquit\n");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let (_, board) = after(&stdout, "Black plays occupy(2,2)", 4);
    assert_eq!(board, ["y\\x 1 2 3", "  1 x o .", "  2 . x o", "  3 . . ."], "{stdout}");
    let (_, board) = after(&stdout, "White plays occupy(1,2)", 4);
    assert_eq!(board[2], "  2 o x o", "{stdout}");
}

/// Issue 36, item 3: `hint` gave no move to the side the user plays (always the losing
/// one), and in a drawn game said "White wins this game", which is false.
#[test]
fn hint_gives_the_move_that_holds_out_longest_and_tells_the_truth_in_a_drawn_game() {
    let hex = suite("games/hex/hein_04_3x3.hex");
    let out = play(&["hex", "--puzzle", &hex, "--depth", "5"], "hint\nquit\n");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("You play White. Black wins within 5 plies whatever you do"), "{stdout}");
    let hint = stdout.lines().find(|l| l.contains("Hint: ")).unwrap_or_else(|| panic!("a hint: {stdout}"));
    let needs: u32 = hint
        .split("Black still needs ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a number of plies: {hint}"));
    assert!((1..=4).contains(&needs), "Black wins within the 4 plies left: {hint}");

    // Tic-tac-toe is a draw: Black (the user here) cannot win, and White does not win either.
    let ttt = suite("games/gdl/tictactoe.kif");
    let out = play(&["gdl", "--game", &ttt, "--depth", "9", "--as", "black"], "hint\nquit\n");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("You play Black. You cannot win within 9 steps whatever you do"), "{stdout}");
    assert!(stdout.contains("No hint: Black cannot win within the depth whatever it plays"), "{stdout}");
    assert!(!stdout.contains("White wins"), "White does not win a drawn game: {stdout}");
}
