//! GDL strategies: the first move of the role that must win (Black), read from DepQBF's
//! `--qdo` through the symbol map of every encoding and prefix method, must be winning by
//! the reference player; a broken encoding must be caught; and the solver's strategy,
//! re-asked at every Black choice, must win against every White reply (`play --auto --all`).

#[path = "../../gamekit/tests/common/solver.rs"]
mod solver;

use contract::Source;
use game_gdl::encoding::{GdlEncoding, PrefixMethod, Rules};
use game_gdl::player::Solver;
use game_gdl::strategy::{check_gdl, game_at, play_gdl, GdlSetup};
use game_gdl::{load, GroundGame};
use gamekit::play::{Played, White};
use gamekit::validate::Check;
use gamekit::{Encoding, Form, MapError, Qbf, Side, SymbolMap};
use qbf::formula::CnfQbf;
use qbf::tseitin::ClauseForm;
use solver::{qdo, without};

const CLAUSES: Form = Form::Clauses(ClauseForm::POLARITY);

fn game(name: &str) -> GroundGame {
    let path = format!("{}/../../../suite/games/gdl/{name}", env!("CARGO_MANIFEST_DIR"));
    load(Source::read(&path).unwrap_or_else(|e| panic!("{e}"))).unwrap_or_else(|e| panic!("{e}"))
}

const METHODS: [(Rules, PrefixMethod); 4] = [
    (Rules::General, PrefixMethod::Naive),
    (Rules::General, PrefixMethod::Time),
    (Rules::General, PrefixMethod::Dependency),
    (Rules::StrictTurns, PrefixMethod::Dependency),
];

/// Black's first move under every encoding and prefix method, checked by the reference player.
fn first_move(g: &GroundGame, first: usize, depth: u32, rules: Rules, prefix: PrefixMethod) -> Result<Check, String> {
    let (qbf, map) =
        GdlEncoding { rules, prefix, first }.formula(g, depth, Side::Black, CLAUSES).map_err(|e| e.to_string())?;
    let map = map.map_err(|e| e.to_string())?;
    let (verdict, assignment) = qdo(&qbf.into_cnf(ClauseForm::default())).map_err(|e| e.to_string())?;
    if !verdict {
        return Err("DepQBF says false".into());
    }
    let mut player = Solver::new(g, first).map_err(|e| e.0)?;
    let s = player.initial();
    check_gdl(&mut player, g, &s, &map.decode(&assignment), depth).map_err(|e| e.0)
}

#[test]
fn first_moves_are_winning_under_every_encoding_and_prefix() {
    let mut failures = Vec::new();
    for (name, depth) in [("gttt-1-1-elly.kif", 7), ("connect3-4x4.kif", 9)] {
        let g = game(name);
        for (encoding, prefix) in METHODS {
            match first_move(&g, 0, depth, encoding, prefix) {
                Ok(Check::Valid) => {}
                Ok(Check::Invalid { reason, position }) => {
                    failures.push(format!("{name} {encoding:?} {prefix:?}: at {position}: {reason}"))
                }
                Err(e) => failures.push(format!("{name} {encoding:?} {prefix:?}: {e}")),
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

fn play_all(g: &GroundGame, first: usize, depth: u32, rules: Rules) -> Result<Played, String> {
    let setup = GdlSetup { game: g, encoding: GdlEncoding { rules, prefix: PrefixMethod::Dependency, first } };
    let mut solve = |qbf: &CnfQbf| qdo(qbf);
    play_gdl(setup, depth, &mut solve, White::All).map_err(|f| f.to_string())
}

#[test]
fn play_all_wins_every_line() {
    // Connect-3 4×4 (depth 9), GTTT elly (depth 7, strictly turn-taking encoding), and
    // Breakthrough 2×4 for oplayer, who moves second (its first move is not outermost, so
    // the first question comes after White's first move). The lines are the leaves of the
    // strategy DepQBF gives, so they follow the formula: Breakthrough's are 20 with rule
    // bodies decomposed (22 as written).
    let cases = [
        ("connect3-4x4.kif", 0, 9, Rules::General, 36),
        ("gttt-1-1-elly.kif", 0, 7, Rules::StrictTurns, 2145),
        ("breakthrough-2x4.kif", 1, 8, Rules::General, 20),
    ];
    for (name, first, depth, encoding, lines) in cases {
        let played = play_all(&game(name), first, depth, encoding).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(played.lines, lines, "{name}: {played:?}");
    }
}

#[test]
fn maps_fit_qcir_and_qdimacs_and_are_refused_when_black_moves_second() {
    for (name, depth) in
        [("tictactoe.kif", 5), ("connect3-4x4.kif", 5), ("breakthrough-2x4.kif", 6), ("dots-and-boxes-1x2.kif", 4)]
    {
        let g = game(name);
        for (encoding, prefix) in METHODS {
            let options = GdlEncoding { rules: encoding, prefix, first: 0 };
            let Ok((_, map)) = options.formula(&g, depth, Side::Black, CLAUSES) else { continue };
            let map = map.unwrap_or_else(|e| panic!("{name} {encoding:?} {prefix:?}: {e}"));
            let circuit = match options.formula(&g, depth, Side::Black, Form::Circuit) {
                Ok((Qbf::Circuit(c), _)) => c,
                _ => panic!("{name}: no circuit form"),
            };
            let outer: Vec<u32> = circuit.prefix.blocks()[0].vars.iter().map(|v| v.index()).collect();
            assert!(
                map.vars().iter().all(|v| outer.contains(v)),
                "{name} {encoding:?} {prefix:?}: {map:?} not in the QCIR's outermost block"
            );
            let second =
                GdlEncoding { first: 1, ..options }.formula(&g, depth, Side::Black, CLAUSES).map(|r| r.1.err());
            assert_eq!(second.ok().flatten(), Some(MapError::BlackNotFirst), "{name} {encoding:?} {prefix:?}");
        }
    }
}

#[test]
fn a_clause_removed_from_the_first_move_is_caught() {
    let g = game("connect3-4x4.kif");
    let (qbf, map) = GdlEncoding { rules: Rules::General, prefix: PrefixMethod::Dependency, first: 0 }
        .formula(&g, 9, Side::Black, CLAUSES)
        .unwrap_or_else(|e| panic!("{e}"));
    let qbf = qbf.into_cnf(ClauseForm::default());
    let map: SymbolMap = map.unwrap_or_else(|e| panic!("{e}"));
    let vars = map.vars();
    let on_move: Vec<usize> = qbf
        .cnf
        .iter()
        .enumerate()
        .filter(|(_, c)| c.iter().any(|l| vars.contains(&l.var_index())))
        .map(|(k, _)| k)
        .collect();
    let mut player = Solver::new(&g, 0).unwrap_or_else(|e| panic!("{e}"));
    let s = player.initial();
    let caught = on_move.iter().find_map(|&k| {
        let (verdict, assignment) = qdo(&without(&qbf, k)).unwrap_or_else(|e| panic!("{e}"));
        let mv = map.decode(&assignment);
        match check_gdl(&mut player, &g, &s, &mv, 9).unwrap_or_else(|e| panic!("{e}")) {
            Check::Invalid { reason, .. } if verdict => Some((k, reason)),
            _ => None,
        }
    });
    let (k, reason) = caught
        .unwrap_or_else(|| panic!("no removal of the {} clauses on Black's first move was caught", on_move.len()));
    eprintln!("without clause {k}: {reason}");
}

/// Three-player tic-tac-toe 4×4 after `played`: xplayer has (1 1) and (2 2), oplayer and
/// zplayer have marks away from them.
fn three_player(played: &[&str]) -> GroundGame {
    let g = game("tictactoe-3p-4x4.kif");
    let player = Solver::new(&g, 0).unwrap_or_else(|e| panic!("{e}"));
    let mut s = player.initial();
    for mv in played {
        s = player.play_named(&s, mv).unwrap_or_else(|| panic!("{mv} is not a turn-taking move here"));
    }
    game_at(&g, player.fluents(&s))
}

const SIX: [&str; 6] = ["(put 1 1)", "(put 4 4)", "(put 4 2)", "(put 2 2)", "(put 1 4)", "(put 1 3)"];

#[test]
fn three_player_first_moves_and_play_against_the_coalition() {
    let g = three_player(&SIX);
    for (encoding, prefix) in METHODS {
        for depth in [1, 4] {
            let check = first_move(&g, 0, depth, encoding, prefix);
            assert!(matches!(check, Ok(Check::Valid)), "depth {depth} {encoding:?} {prefix:?}: {check:?}");
        }
    }
    // After xplayer's fork (2 1), oplayer and zplayer each block one of its three lines;
    // xplayer completes the third. Black's first question comes after White's two moves.
    let mut seven = SIX.to_vec();
    seven.push("(put 2 1)");
    for rules in [Rules::General, Rules::StrictTurns] {
        let played = play_all(&three_player(&seven), 0, 3, rules).unwrap_or_else(|e| panic!("{rules:?}: {e}"));
        assert_eq!(played.lines, 9 * 8, "{rules:?}: every mark of oplayer, then of zplayer: {played:?}");
    }
}

/// The drawn board's lines: column labels, then each row as its label and its cells.
fn board_cells(drawn: &str) -> Vec<(String, String, char)> {
    let lines: Vec<&str> = drawn.split('/').filter(|l| !l.starts_with(gamekit::validate::STATE)).collect();
    let Some(labels) = lines.iter().find(|l| l.starts_with("   ")) else { return Vec::new() };
    let columns: Vec<&str> = labels.split_whitespace().collect();
    let mut cells = Vec::new();
    for line in lines.iter().filter(|l| !l.starts_with("   ")) {
        let mut words = line.split_whitespace();
        let Some(row) = words.next() else { continue };
        for (column, mark) in columns.iter().zip(words) {
            cells.push((row.to_string(), column.to_string(), mark.chars().next().unwrap_or('.')));
        }
    }
    cells
}

/// Issue 36, item 3: tic-tac-toe's `(mark 1 3)` was drawn at row 3, column 1, though the
/// game's `row` relation reads the first index as the row. Every shipped GDL board game
/// whose first player names a cell (`(mark a b)`, `(put a b)`) or a column (`(drop c)`)
/// plays its first such move, and the new stone must be drawn where the game's own
/// coordinates put it: GGP's tic-tac-toe by (row, column), qbfgames' generated games by
/// (column, row), a dropped stone in its column on the bottom row.
#[test]
fn gdl_boards_are_drawn_in_each_games_own_coordinates() {
    let dir = format!("{}/../../../suite/games/gdl", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("the GDL games")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".kif"))
        .collect();
    files.sort();
    let mut checked = Vec::new();
    for file in &files {
        let source = Source::read(&format!("{dir}/{file}")).unwrap_or_else(|e| panic!("{e}"));
        let g = game_gdl::load_for_depth(source, contract::Budget::default(), 1).unwrap_or_else(|e| panic!("{e}"));
        let player = Solver::new(&g, 0).unwrap_or_else(|e| panic!("{file}: {e}"));
        let start = player.initial();
        let numbers = |m: u32| -> Vec<String> {
            g.store.args(g.moves[m as usize].term).iter().map(|&a| g.store.display(a)).collect()
        };
        let numeric =
            |m: &u32| numbers(*m).iter().all(|a| a.parse::<u32>().is_ok()) && (1..=2).contains(&numbers(*m).len());
        // A cell off the diagonal where there is one: `(mark 1 1)` reads the same either way.
        let legal = player.legal(&start, player.x()).into_iter().filter(numeric);
        let Some(mx) = legal.min_by_key(|&m| numbers(m).windows(2).all(|w| w[0] == w[1])) else { continue };
        let reply = player.replies(&start).into_iter().next().unwrap_or_default();
        let joint: Vec<u32> = std::iter::once(mx).chain(reply).collect();
        let before = board_cells(&game_gdl::strategy::draw_gdl(&player, &g, &start));
        let after = board_cells(&game_gdl::strategy::draw_gdl(&player, &g, &player.next(&start, &joint)));
        if after.is_empty() {
            continue;
        }
        let placed: Vec<(String, String)> =
            after.iter().filter(|c| !before.contains(c)).map(|(r, c, _)| (r.clone(), c.clone())).collect();
        let args = numbers(mx);
        let expected = match &args[..] {
            [column] => (String::from("1"), column.clone()),
            [a, b] if file == "tictactoe.kif" => (a.clone(), b.clone()),
            [a, b] => (b.clone(), a.clone()),
            _ => unreachable!("one or two numbers"),
        };
        let shown = g.store.display(g.moves[mx as usize].term);
        assert_eq!(placed, vec![expected], "{file}: {shown} drawn at (row, column) {placed:?}");
        checked.push(file.as_str());
    }
    assert!(checked.contains(&"tictactoe.kif") && checked.len() >= 20, "the board games checked: {checked:?}");
}
