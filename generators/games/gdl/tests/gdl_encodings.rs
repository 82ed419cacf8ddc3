//! Every GDL encoding and prefix against the reference player, through DepQBF.
//!
//! For each game and each depth listed, DepQBF's verdict on GE and on SD, each with the
//! GN, GT and GD prefixes, must equal the minimax value, and the default encoding (chosen by
//! the game's structure) must be SD exactly where SD is accepted, so its verdict is one of
//! those checked. SD must be accepted for games
//! whose turn order is fixed, and must be refused (never silently wrong) for games
//! whose turn order depends on the play, such as Dots and Boxes. The depths are those
//! DepQBF answers in well under a second per instance; deeper ones (the paper's Table 2)
//! are in `make verify` (`suite/published/gdl-aamas2024-table2.toml`).

use std::time::Duration;

use contract::{Source, Verdict};
use game_gdl::encoding::{GdlEncoding, PrefixMethod, Rules};
use game_gdl::{load, player::Solver, GroundGame};
use gamekit::{EncodeError, Encoding, Form, Side};
use harness::{solve_qdimacs, solver, Outcome};
use qbf::formula::{CircuitQbf, CnfQbf};
use qbf::io::write_qdimacs;

fn game(name: &str) -> GroundGame {
    let path = format!("{}/../../../suite/games/gdl/{name}.kif", env!("CARGO_MANIFEST_DIR"));
    let source = Source::read(&path).unwrap_or_else(|e| panic!("{e}"));
    load(source).unwrap_or_else(|e| panic!("{e}"))
}

/// Whether the strictly turn-taking encoding applies to a game.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Turns {
    /// SD must be accepted at every depth.
    Fixed,
    /// SD must be refused at some tested depth (and be right where it is accepted).
    Variable,
}

/// Checks every encoding of `name` at `depths`, with role number `first` as the winner;
/// `wins` are the depths at which the reference player must find a win (a guard
/// against a test that only ever sees one verdict).
fn check(name: &str, first: usize, depths: &[u32], turns: Turns, wins: &[u32]) {
    check_game(name, &game(name), first, depths, turns, wins);
}

/// The clausal form at `depth`.
fn clauses(encoding: GdlEncoding, g: &GroundGame, depth: u32) -> Result<CnfQbf, EncodeError> {
    let form = qbf::tseitin::ClauseForm::default();
    Ok(encoding.formula(g, depth, Side::Black, Form::Clauses(form))?.0.into_cnf(form))
}

/// The circuit form at `depth`.
fn circuit(encoding: GdlEncoding, g: &GroundGame, depth: u32) -> Result<CircuitQbf, EncodeError> {
    Ok(encoding.formula(g, depth, Side::Black, Form::Circuit)?.0.into_circuit().expect("GDL has a circuit form"))
}

fn check_game(name: &str, g: &GroundGame, first: usize, depths: &[u32], turns: Turns, wins: &[u32]) {
    let depqbf = solver("depqbf").unwrap_or_else(|e| panic!("{e}"));
    let caqe = solver("caqe").unwrap_or_else(|e| panic!("{e}"));
    let mut player = Solver::new(g, first).unwrap_or_else(|e| panic!("{e}"));
    let variants = [
        (Rules::General, PrefixMethod::Naive),
        (Rules::General, PrefixMethod::Time),
        (Rules::General, PrefixMethod::Dependency),
        (Rules::StrictTurns, PrefixMethod::Naive),
        (Rules::StrictTurns, PrefixMethod::Time),
        (Rules::StrictTurns, PrefixMethod::Dependency),
    ];
    let mut refused = false;
    for &depth in depths {
        let (default, reason) =
            GdlEncoding::by_structure(g, depth, PrefixMethod::Dependency, first, contract::Budget::default())
                .unwrap_or_else(|e| panic!("{e}"));
        let sd = clauses(GdlEncoding { rules: Rules::StrictTurns, prefix: PrefixMethod::Dependency, first }, g, depth);
        let want = if sd.is_ok() { Rules::StrictTurns } else { Rules::General };
        assert_eq!(
            default.rules, want,
            "{name} depth {depth}: the default must be SD exactly where SD applies ({reason})"
        );
        let expected = player.wins_within(depth).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(expected, wins.contains(&depth), "{name} depth {depth}: the reference player's value changed");
        for &(encoding, prefix) in &variants {
            let qbf = match clauses(GdlEncoding { rules: encoding, prefix, first }, g, depth) {
                Ok(qbf) => qbf,
                Err(e) if encoding == Rules::StrictTurns && turns == Turns::Variable => {
                    assert!(e.to_string().contains("does not apply"), "{name}: {e}");
                    refused = true;
                    continue;
                }
                Err(e) => panic!("{name} depth {depth} {encoding:?}: {e}"),
            };
            let mut bytes = Vec::new();
            write_qdimacs(&mut bytes, &qbf, &[]).unwrap_or_else(|e| panic!("{e}"));
            let outcome = solve_qdimacs(&depqbf, &bytes, Duration::from_secs(120)).unwrap_or_else(|e| panic!("{e}"));
            let verdict = match outcome {
                Outcome::Solved(v) => v == Verdict::True,
                other => panic!("{name} depth {depth} {encoding:?}/{prefix:?}: DepQBF gave {other:?}"),
            };
            assert_eq!(
                verdict, expected,
                "{name} depth {depth} {encoding:?}/{prefix:?}: DepQBF says {verdict}, minimax says {expected}"
            );
            if prefix == PrefixMethod::Dependency {
                let outcome = solve_qdimacs(&caqe, &bytes, Duration::from_secs(120)).unwrap_or_else(|e| panic!("{e}"));
                let want = Outcome::Solved(if expected { Verdict::True } else { Verdict::False });
                assert_eq!(outcome, want, "{name} depth {depth} {encoding:?}/{prefix:?}: CAQE disagrees with minimax");
            }
        }
    }
    assert_eq!(refused, turns == Turns::Variable, "{name}: SD refusal does not match the game's turn structure");
}

#[test]
fn tic_tac_toe() {
    check("tictactoe", 0, &[0, 1, 2, 3, 4, 5, 6], Turns::Fixed, &[]);
}

#[test]
fn connect3_4x4_is_won_at_depth_9() {
    check("connect3-4x4", 0, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], Turns::Fixed, &[9]);
}

#[test]
fn connect3_larger_boards() {
    check("connect3-5x5", 0, &[1, 4, 8, 9], Turns::Fixed, &[9]);
    check("connect3-6x6", 0, &[2, 5], Turns::Fixed, &[]);
}

#[test]
fn connect4() {
    check("connect4-4x4", 0, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], Turns::Fixed, &[]);
    check("connect4-5x5", 0, &[1, 3, 5], Turns::Fixed, &[]);
    check("connect4-6x6", 0, &[1, 3], Turns::Fixed, &[]);
}

#[test]
fn gttt_2_2_is_won_at_depth_6() {
    for shape in ["elly", "knobby", "tippy"] {
        check(&format!("gttt-2-2-{shape}"), 0, &[0, 1, 2, 3, 4, 5, 6], Turns::Fixed, &[6]);
    }
    for shape in ["fatty", "skinny"] {
        check(&format!("gttt-2-2-{shape}"), 0, &[2, 4, 6], Turns::Fixed, &[]);
    }
}

#[test]
fn gttt_1_1() {
    check("gttt-1-1-elly", 0, &[1, 3, 5, 6, 7], Turns::Fixed, &[7]);
    for shape in ["fatty", "knobby", "skinny", "tippy"] {
        check(&format!("gttt-1-1-{shape}"), 0, &[1, 3, 5], Turns::Fixed, &[]);
    }
}

#[test]
fn breakthrough_2x4_is_won_by_the_second_player_at_depth_8() {
    check("breakthrough-2x4", 1, &[0, 1, 2, 3, 4, 5, 6, 7, 8], Turns::Fixed, &[8]);
}

#[test]
fn breakthrough() {
    check("breakthrough-2x4", 0, &[2, 5, 8], Turns::Fixed, &[]);
    check("breakthrough-2x5", 0, &[1, 3, 5, 7], Turns::Fixed, &[]);
    check("breakthrough-2x6", 0, &[1, 3, 5, 7], Turns::Fixed, &[]);
    check("breakthrough-3x4", 0, &[1, 3, 5, 7], Turns::Fixed, &[]);
    check("breakthrough-3x5", 0, &[1, 3], Turns::Fixed, &[]);
    check("breakthrough-4x4", 0, &[1, 3], Turns::Fixed, &[]);
}

#[test]
fn dots_and_boxes_turn_order_is_not_fixed() {
    check("dots-and-boxes-1x2", 0, &[0, 1, 2, 3, 4, 5, 6, 7], Turns::Variable, &[]);
    check("dots-and-boxes-1x3", 1, &[2, 6, 10], Turns::Variable, &[10]);
    check("dots-and-boxes-2x2", 0, &[2, 4, 6], Turns::Variable, &[]);
    check("dots-and-boxes-2x3", 0, &[2, 4], Turns::Variable, &[]);
}

#[test]
fn output_is_byte_identical_across_runs() {
    let encode = || {
        let g = game("breakthrough-2x5");
        let qbf = clauses(GdlEncoding { rules: Rules::General, prefix: PrefixMethod::Dependency, first: 0 }, &g, 6)
            .unwrap_or_else(|e| panic!("{e}"));
        let mut bytes = Vec::new();
        write_qdimacs(&mut bytes, &qbf, &[]).unwrap_or_else(|e| panic!("{e}"));
        bytes
    };
    assert_eq!(encode(), encode());
}

#[test]
fn turn_order_of_gttt_2_2_is_two_moves_each() {
    use game_gdl::turns::{turn_order, Turn};
    let g = game("gttt-2-2-elly");
    let turns = turn_order(&g, 6).unwrap_or_else(|e| panic!("{e}"));
    let movers: Vec<usize> = turns.iter().map(|t| if t[0] == Turn::Free { 0 } else { 1 }).collect();
    assert_eq!(movers, [0, 0, 1, 1, 0, 0]);
    let sd = clauses(GdlEncoding { rules: Rules::StrictTurns, prefix: PrefixMethod::Dependency, first: 0 }, &g, 6)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(sd.prefix.blocks().len(), 5, "∃ x1 x2, ∀ o3, ∃, ∀ o4, ∃ x5 x6 and the rest");
}

#[test]
fn a_role_that_does_not_exist_is_refused() {
    let text = "(role a) (role b) (role c)\n(init (p))\n(<= (legal ?r go) (role ?r))\n(<= (next (p)) (true (p)))\n(<= terminal (true (p)))\n";
    let g = load(Source::from_bytes("three.kif", text)).unwrap_or_else(|e| panic!("{e}"));
    let err = clauses(GdlEncoding { rules: Rules::General, prefix: PrefixMethod::Dependency, first: 3 }, &g, 2).err();
    assert!(err.is_some_and(|e| e.to_string().contains("role number 4 does not exist; the game has 3 roles")));
    assert!(Solver::new(&g, 3).is_err());
    assert!(Solver::new(&g, 2).is_ok());
}

#[test]
fn circuit_form_agrees_with_the_reference_player() {
    use qbf::tseitin::{to_cnf, ClauseForm};
    let depqbf = solver("depqbf").unwrap_or_else(|e| panic!("{e}"));
    for (name, first, depths, wins) in [
        ("connect3-4x4", 0, &[8u32, 9][..], &[9u32][..]),
        ("gttt-2-2-tippy", 0, &[5, 6], &[6]),
        ("breakthrough-2x4", 1, &[7, 8], &[8]),
    ] {
        let g = game(name);
        for &depth in depths {
            for encoding in [Rules::General, Rules::StrictTurns] {
                let circuit =
                    circuit(GdlEncoding { rules: encoding, prefix: PrefixMethod::Dependency, first }, &g, depth)
                        .unwrap_or_else(|e| panic!("{e}"));
                let mut bytes = Vec::new();
                write_qdimacs(&mut bytes, &to_cnf(&circuit, ClauseForm::TSEITIN), &[])
                    .unwrap_or_else(|e| panic!("{e}"));
                let outcome =
                    solve_qdimacs(&depqbf, &bytes, Duration::from_secs(120)).unwrap_or_else(|e| panic!("{e}"));
                let expected = wins.contains(&depth);
                assert_eq!(
                    outcome,
                    Outcome::Solved(if expected { Verdict::True } else { Verdict::False }),
                    "{name} depth {depth} {encoding:?} as a circuit"
                );
            }
        }
    }
}

fn inline(name: &str, text: &str) -> GroundGame {
    load(Source::from_bytes(name, text)).unwrap_or_else(|e| panic!("{e}"))
}

/// Nim with four stones, take one or two, the last taker wins: `o` has three moves in its
/// domain, so one pattern of its two universal bits names no move (the paper's case for
/// rules 3 and 4). The first player wins by taking one, then mirroring.
const NIM: &str = "(role x) (role o)
(init (stones 4)) (init (control x))
(<= (legal ?p (take ?k)) (true (control ?p)) (true (stones ?n)) (minus ?n ?k ?m))
(<= (legal x noop) (true (control o)))
(<= (legal o noop) (true (control x)))
(<= (next (stones ?m)) (does ?p (take ?k)) (true (stones ?n)) (minus ?n ?k ?m))
(<= (next (control x)) (true (control o)))
(<= (next (control o)) (true (control x)))
(<= (next (last ?p)) (does ?p (take ?k)))
(<= terminal (true (stones 0)))
(<= (goal ?p 100) (true (last ?p)))
(<= (goal ?p 0) (role ?p) (not (true (last ?p))))
(minus 4 1 3) (minus 4 2 2) (minus 3 1 2) (minus 3 2 1) (minus 2 1 1) (minus 2 2 0) (minus 1 1 0)
";

/// Matching pennies, simultaneous: not turn-taking. Within a step `x` commits first in
/// both the encodings and the reference player, so whoever must win cannot.
const PENNIES: &str = "(role x) (role o)
(init (round 1))
(side heads) (side tails)
(<= (legal ?p (show ?s)) (role ?p) (side ?s) (true (round 1)))
(<= (next (shown ?p ?s)) (does ?p (show ?s)))
(<= (next (round 2)) (true (round 1)))
(<= terminal (true (round 2)))
(<= (goal x 100) (true (shown x ?s)) (true (shown o ?s)))
(<= (goal x 0) (true (shown x ?s)) (true (shown o ?t)) (distinct ?s ?t))
(<= (goal o 100) (goal x 0))
(<= (goal o 0) (goal x 100))
";

/// Terminal in the initial position, won by `x`: true at every depth, including 0.
const WON_AT_START: &str = "(role x) (role o)
(init (done))
(<= (legal ?p wait) (role ?p))
(<= (next (done)) (true (done)))
(<= terminal (true (done)))
(<= (goal x 100) (true (done)))
(<= (goal o 0) (true (done)))
";

#[test]
fn nim_with_a_move_domain_that_is_not_a_power_of_two() {
    check_game("nim", &inline("nim.kif", NIM), 0, &[0, 1, 2, 3, 4], Turns::Fixed, &[3, 4]);
    check_game("nim", &inline("nim.kif", NIM), 1, &[0, 1, 2, 3, 4], Turns::Fixed, &[]);
}

#[test]
fn simultaneous_moves_and_games_over_at_the_start() {
    check_game("pennies", &inline("pennies.kif", PENNIES), 0, &[0, 1, 2], Turns::Variable, &[]);
    check_game("pennies", &inline("pennies.kif", PENNIES), 1, &[1, 2], Turns::Variable, &[]);
    check_game("won", &inline("won.kif", WON_AT_START), 0, &[0, 1, 3], Turns::Fixed, &[0, 1, 3]);
}

#[test]
fn three_player_tic_tac_toe() {
    check("tictactoe-3p-3x3", 0, &[1, 4, 6], Turns::Fixed, &[]);
    check("tictactoe-3p-3x3", 2, &[3, 6], Turns::Fixed, &[]);
}

/// `name` after the moves `played`, one per step: a game that starts there.
fn after(name: &str, played: &[&str]) -> GroundGame {
    let g = game(name);
    let player = Solver::new(&g, 0).unwrap_or_else(|e| panic!("{e}"));
    let mut s = player.initial();
    for mv in played {
        s = player.play_named(&s, mv).unwrap_or_else(|| panic!("{name}: {mv} is not a turn-taking move here"));
    }
    g.starting_at(player.fluents(&s))
}

/// From the initial position no role wins against the other two, so the wins come from
/// a later position: xplayer to move completes a line (won within 1, not 0); zplayer to
/// move faces two open lines of xplayer (won within 2, not 1 — the coalition moves first).
#[test]
fn three_player_tic_tac_toe_wins_from_a_later_position() {
    let one = ["(put 1 1)", "(put 2 1)", "(put 1 2)", "(put 2 2)", "(put 3 2)", "(put 2 3)"];
    check_game("tictactoe-3p-3x3", &after("tictactoe-3p-3x3", &one), 0, &[0, 1, 2], Turns::Fixed, &[1, 2]);
    let two = ["(put 1 1)", "(put 4 4)", "(put 4 2)", "(put 2 2)", "(put 1 4)", "(put 1 3)", "(put 2 1)", "(put 3 3)"];
    check_game("tictactoe-3p-4x4", &after("tictactoe-3p-4x4", &two), 0, &[1, 2, 3], Turns::Fixed, &[2, 3]);
}

#[test]
fn three_player_connect() {
    check("connect3-3p-4x4", 0, &[2, 5], Turns::Fixed, &[]);
    check("connect4-3p-4x4", 0, &[1, 4], Turns::Fixed, &[]);
}

/// Three-player Nim, five stones, take one or two, turns x, o, z; the last taker wins.
/// Each role has three moves in its domain (take 1, take 2, noop), so one pattern of a
/// coalition member's two bits names no move.
const NIM3: &str = "(role x) (role o) (role z)
(init (stones 5)) (init (control x))
(<= (legal ?p (take ?k)) (true (control ?p)) (true (stones ?n)) (minus ?n ?k ?m))
(<= (legal ?p noop) (role ?p) (not (true (control ?p))))
(<= (next (stones ?m)) (does ?p (take ?k)) (true (stones ?n)) (minus ?n ?k ?m))
(<= (next (control o)) (true (control x)))
(<= (next (control z)) (true (control o)))
(<= (next (control x)) (true (control z)))
(<= (next (last ?p)) (does ?p (take ?k)))
(<= terminal (true (stones 0)))
(<= (goal ?p 100) (true (last ?p)))
(<= (goal ?p 0) (role ?p) (not (true (last ?p))))
(minus 5 1 4) (minus 5 2 3) (minus 4 1 3) (minus 4 2 2) (minus 3 1 2) (minus 3 2 1) (minus 2 1 1) (minus 2 2 0)
(minus 1 1 0)
";

/// Three roles show 1, 2 or 3 at once; x wins iff another role shows its number, o and z
/// win otherwise. The coalition moves after the role asked about has committed: against
/// x it avoids x's number, so x never wins (were the coalition to commit first, or could
/// a bit pattern naming no move hurt it, x would win); against o, x simply copies z.
const MATCH3: &str = "(role x) (role o) (role z)
(init (round 1))
(number 1) (number 2) (number 3)
(<= (legal ?p (show ?n)) (role ?p) (number ?n) (true (round 1)))
(<= (next (shown ?p ?n)) (does ?p (show ?n)))
(<= (next (round 2)) (true (round 1)))
(<= terminal (true (round 2)))
(<= matched (true (shown x ?n)) (true (shown o ?n)))
(<= matched (true (shown x ?n)) (true (shown z ?n)))
(<= (goal x 100) matched)
(<= (goal x 0) (not matched))
(<= (goal o 100) (not matched))
(<= (goal o 0) matched)
(<= (goal z 100) (not matched))
(<= (goal z 0) matched)
";

#[test]
fn three_player_nim_and_simultaneous_coalitions() {
    let nim = inline("nim3.kif", NIM3);
    check_game("nim3", &nim, 0, &[0, 1, 2, 3, 4], Turns::Fixed, &[]);
    check_game("nim3", &nim, 2, &[0, 1, 2, 3], Turns::Fixed, &[]);
    let matching = inline("match3.kif", MATCH3);
    check_game("match3", &matching, 0, &[0, 1, 2], Turns::Variable, &[]);
    check_game("match3", &matching, 1, &[1, 2], Turns::Variable, &[]);
}

#[test]
fn three_player_turn_order_is_x_o_z() {
    use game_gdl::turns::{turn_order, Turn};
    let g = game("connect3-3p-4x4");
    let turns = turn_order(&g, 6).unwrap_or_else(|e| panic!("{e}"));
    let movers: Vec<usize> =
        turns.iter().map(|t| t.iter().position(|&r| r == Turn::Free).expect("one role on turn")).collect();
    assert_eq!(movers, [0, 1, 2, 0, 1, 2]);
}

/// The GDL of game files in the wild (issues 19 and 37), one small game of ours per
/// construct.
fn construct(name: &str) -> GroundGame {
    game(&format!("constructs/{name}"))
}

/// Checks the construct game `name` for its first role at `first` depths, won at `wins`,
/// and for its second role at `second` depths, never won.
fn check_construct(name: &str, first: &[u32], wins: &[u32], second: &[u32]) {
    let g = construct(name);
    check_game(name, &g, 0, first, Turns::Fixed, wins);
    check_game(name, &g, 1, second, Turns::Fixed, &[]);
}

#[test]
fn base_and_input_of_any_arity_are_accepted_and_ignored() {
    check_construct("base-input-arities", &[1, 2, 3, 4], &[3, 4], &[1, 3, 4]);
}

#[test]
fn not_distinct_is_equality() {
    check_construct("not-distinct", &[1, 2, 3, 4], &[3, 4], &[2, 4]);
}

#[test]
fn helpers_with_head_variables_only_in_distinct_or_negation_are_grounded_over_their_calls() {
    check_construct("call-site-helpers", &[1, 2, 3, 4], &[3, 4], &[2, 4]);
}

#[test]
fn helpers_with_bound_and_free_head_arguments_chained() {
    check_construct("bound-helpers", &[1, 2, 3, 4], &[3, 4], &[1, 2, 3]);
}

#[test]
fn recursive_arithmetic_with_bound_inputs() {
    check_construct("recursive-arithmetic", &[1, 2, 3, 4], &[3, 4], &[1, 2, 3]);
}

/// A chess-like board whose move helpers, written for every kind of piece and every pair
/// of squares, are over a budget of 7,000 ground atoms over their full domain and within
/// it on demand: loading within that budget grounds on demand, and the game is right.
#[test]
fn a_board_over_the_budget_in_full_is_grounded_on_demand() {
    use game_gdl::{load_for_depth, load_on_demand, Demand};
    let path = format!("{}/../../../suite/games/gdl/constructs/on-demand-board.kif", env!("CARGO_MANIFEST_DIR"));
    let source = || Source::read(&path).unwrap_or_else(|e| panic!("{e}"));
    let budget = contract::Budget { max_size: 700_000 };
    let full = load_on_demand(source(), budget, Some(3), Demand::Helpers).err().map(|e| e.over_budget);
    assert_eq!(full, Some(true), "the helpers alone fit the budget");
    let g = load_for_depth(source(), budget, 3).unwrap_or_else(|e| panic!("{e}"));
    check_game("on-demand-board", &g, 0, &[2, 3], Turns::Fixed, &[3]);
}

/// A helper written over any three cells and called for the eight lines: grounded as
/// written it is over a 64th of this budget's ground atoms, so the game is grounded on
/// demand, for the lines asked, and plays as grounded as written (xplayer, in the centre
/// and on turn, wins within 5 steps, not 4; oplayer never).
#[test]
fn a_helper_called_for_a_few_of_its_tuples_is_grounded_for_those() {
    use game_gdl::{load_for_depth, load_on_demand, Demand};
    let path = format!("{}/../../../suite/games/gdl/constructs/constant-calls.kif", env!("CARGO_MANIFEST_DIR"));
    let source = || Source::read(&path).unwrap_or_else(|e| panic!("{e}"));
    let budget = contract::Budget { max_size: 6_400_000 };
    let share = contract::Budget { max_size: 100_000 };
    let over = load_on_demand(source(), share, Some(5), Demand::Helpers).err().map(|e| e.over_budget);
    assert_eq!(over, Some(true), "the helper as written fits a 64th of the budget");
    let written = load_on_demand(source(), budget, Some(5), Demand::Helpers).unwrap_or_else(|e| panic!("{}", e.error));
    let g = load_for_depth(source(), budget, 5).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        20 * g.atoms.len() < written.atoms.len(),
        "{} derived atoms on demand, {} as written",
        g.atoms.len(),
        written.atoms.len()
    );
    check_game("constant-calls", &g, 0, &[3, 4, 5], Turns::Fixed, &[5]);
    check_game("constant-calls", &g, 1, &[4, 5], Turns::Fixed, &[]);
    check_game("constant-calls", &written, 0, &[4, 5], Turns::Fixed, &[5]);
}

#[test]
fn kif_as_written_in_the_wild() {
    let g = construct("kif-syntax");
    assert_eq!(g.role_names(), ["x", "o"]);
    check_game("kif-syntax", &g, 0, &[1, 2, 3, 4], Turns::Fixed, &[3, 4]);
    check_game("kif-syntax", &g, 1, &[2, 3, 4], Turns::Fixed, &[]);
}
