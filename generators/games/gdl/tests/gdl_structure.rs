//! The encoding `encode gdl` chooses by default for every shipped GDL game, checked
//! against the ground game by explicit play.
//!
//! [`CHOICES`] lists every game file under `suite/games/gdl/` with a depth (the deepest a
//! shipped suite uses, or a few steps for the grounding benchmarks of `large/` and
//! `wide/`) and the encoding the game's structure must get there: `sd` exactly where the
//! game is strictly turn-taking. Each line is checked without the analysis that chose it:
//!
//! - `sd`: every position reachable within the depth is enumerated step by step (up to
//!   [`POSITIONS`] per step, from there seeded random plays to the full depth) and at no
//!   step do two roles, in one position or in two, have a choice of moves; in every
//!   position visited the roles the encoding treats as forced have only the move it
//!   assumes.
//! - `ge`: the witness the choice names is replayed move by move with the reference player,
//!   and the roles it names do have a choice of moves at the step it names.
//!
//! The verdicts of both encodings against the reference player, and that the default is SD
//! exactly at the depths where SD is accepted, are in `gdl_encodings.rs`.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use contract::{Budget, Source};
use game_gdl::encoding::{GdlEncoding, PrefixMethod, Reason, Rules};
use game_gdl::player::{Solver, State};
use game_gdl::turn_taking::{Choice, TurnTaking, Witness};
use game_gdl::turns::Turn;
use game_gdl::{load_for_depth, GroundGame};
use gamekit::rng::SplitMix64;

/// Game file (under `suite/games/gdl/`), depth, and the encoding chosen there.
const CHOICES: &[(&str, u32, &str)] = &[
    ("breakthrough-2x4.kif", 9, "sd"),
    ("breakthrough-2x5.kif", 21, "sd"),
    ("breakthrough-2x6.kif", 15, "sd"),
    ("breakthrough-3x4.kif", 19, "sd"),
    ("breakthrough-3x5.kif", 19, "sd"),
    ("breakthrough-4x4.kif", 25, "sd"),
    ("connect3-3p-4x4.kif", 16, "sd"),
    ("connect3-3p-5x5.kif", 25, "sd"),
    ("connect3-3p-6x6.kif", 12, "sd"),
    ("connect3-4x4.kif", 16, "sd"),
    ("connect3-5x5.kif", 11, "sd"),
    ("connect3-6x6.kif", 11, "sd"),
    ("connect4-3p-4x4.kif", 16, "sd"),
    ("connect4-3p-5x4.kif", 20, "sd"),
    ("connect4-3p-5x5.kif", 25, "sd"),
    ("connect4-4x4.kif", 16, "sd"),
    ("connect4-5x5.kif", 21, "sd"),
    ("connect4-6x6.kif", 19, "sd"),
    ("constructs/base-input-arities.kif", 6, "sd"),
    ("constructs/bound-helpers.kif", 4, "sd"),
    ("constructs/call-site-helpers.kif", 6, "sd"),
    ("constructs/constant-calls.kif", 8, "sd"),
    ("constructs/kif-syntax.kif", 6, "sd"),
    ("constructs/not-distinct.kif", 6, "sd"),
    ("constructs/on-demand-board.kif", 3, "sd"),
    ("constructs/recursive-arithmetic.kif", 4, "sd"),
    ("dots-and-boxes-1x2.kif", 7, "ge"),
    ("dots-and-boxes-1x3.kif", 10, "ge"),
    ("dots-and-boxes-2x2.kif", 12, "ge"),
    ("dots-and-boxes-2x3.kif", 17, "ge"),
    ("gttt-1-1-elly.kif", 16, "sd"),
    ("gttt-1-1-fatty.kif", 16, "sd"),
    ("gttt-1-1-knobby.kif", 16, "sd"),
    ("gttt-1-1-skinny.kif", 16, "sd"),
    ("gttt-1-1-tippy.kif", 16, "sd"),
    ("gttt-2-2-elly.kif", 16, "sd"),
    ("gttt-2-2-fatty.kif", 16, "sd"),
    ("gttt-2-2-knobby.kif", 16, "sd"),
    ("gttt-2-2-skinny.kif", 16, "sd"),
    ("gttt-2-2-tippy.kif", 16, "sd"),
    ("large/amazons-10x10.kif", 1, "sd"),
    ("large/amazons-4x4.kif", 4, "sd"),
    ("large/amazons-5x5.kif", 3, "sd"),
    ("large/amazons-6x6.kif", 2, "sd"),
    ("large/amazons-split-10x10.kif", 3, "sd"),
    ("large/amazons-split-4x4.kif", 4, "sd"),
    ("large/amazons-split-6x6.kif", 4, "sd"),
    ("large/breakthrough-8x8.kif", 4, "sd"),
    ("large/checkers-4x4.kif", 4, "sd"),
    ("large/checkers-6x6.kif", 4, "sd"),
    ("large/checkers-8x8.kif", 4, "sd"),
    ("large/connect4-4x4.kif", 4, "sd"),
    ("large/connect4-7x6.kif", 4, "sd"),
    ("large/hex-3x3.kif", 4, "sd"),
    ("large/hex-5x5.kif", 4, "sd"),
    ("large/hex-9x9.kif", 3, "sd"),
    ("large/kalah-2x1.kif", 4, "sd"),
    ("large/kalah-3x2.kif", 4, "sd"),
    ("large/kalah-4x3.kif", 4, "sd"),
    ("large/kalah-6x4.kif", 4, "sd"),
    ("large/knightfight-4x4.kif", 4, "sd"),
    ("large/knightfight-8x8.kif", 4, "sd"),
    ("large/minichess-4x4.kif", 4, "sd"),
    ("large/minichess-8x8.kif", 3, "sd"),
    ("large/minichess-losalamos-6x6.kif", 4, "sd"),
    ("large/morris-2rings-3men.kif", 4, "sd"),
    ("large/morris-2rings-6men.kif", 4, "sd"),
    ("large/morris-3rings-9men.kif", 4, "sd"),
    ("large/othello-4x4.kif", 4, "sd"),
    ("large/othello-6x6.kif", 4, "sd"),
    ("large/othello-8x8.kif", 4, "sd"),
    ("large/pawnrace-3x4.kif", 4, "sd"),
    ("large/pawnrace-8x8.kif", 4, "sd"),
    ("tictactoe-3p-3x3.kif", 9, "sd"),
    ("tictactoe-3p-4x4.kif", 16, "sd"),
    ("tictactoe.kif", 9, "sd"),
    ("wide/pathrace-3x3.kif", 4, "sd"),
    ("wide/pathrace-4x4.kif", 4, "sd"),
    ("wide/pathrace-8x8.kif", 4, "sd"),
    ("wide/skirmish-4x4.kif", 4, "sd"),
    ("wide/skirmish-8x8.kif", 4, "sd"),
    ("wide/snake-4x4.kif", 4, "sd"),
    ("wide/snake-8x8.kif", 4, "sd"),
];

/// Positions enumerated per step; the check goes on from the first this many of a step by
/// random plays.
const POSITIONS: usize = 5_000;
/// Random plays to the full depth, per game, when the enumeration stops early.
const PLAYS: u64 = 100;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../suite/games/gdl")
}

fn kif_files(dir: &Path, under: &str, out: &mut Vec<String>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).collect();
    entries.sort_by_key(|e| e.as_ref().map(|e| e.file_name()).ok());
    for entry in entries {
        let path = entry.unwrap_or_else(|e| panic!("{e}")).path();
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        if path.is_dir() {
            kif_files(&path, &format!("{under}{name}/"), out);
        } else if name.ends_with(".kif") {
            out.push(format!("{under}{name}"));
        }
    }
}

#[test]
fn the_list_names_every_shipped_game() {
    let mut files = Vec::new();
    kif_files(&dir(), "", &mut files);
    let listed: Vec<String> = CHOICES.iter().map(|(f, _, _)| f.to_string()).collect();
    assert_eq!(listed, files, "CHOICES must list every game file under suite/games/gdl/, in sorted order");
}

#[test]
fn every_shipped_game_gets_sd_exactly_where_it_is_strictly_turn_taking() {
    for &(file, depth, want) in CHOICES {
        let source = Source::read(&dir().join(file).display().to_string()).unwrap_or_else(|e| panic!("{e}"));
        let game = load_for_depth(source, Budget::default(), depth).unwrap_or_else(|e| panic!("{file}: {e}"));
        let (encoding, reason) =
            GdlEncoding::by_structure(&game, depth, PrefixMethod::Dependency, 0, Budget::default())
                .unwrap_or_else(|e| panic!("{file}: {e}"));
        let turns = match &reason {
            Reason::Structure(turns) => turns,
            Reason::Asked => panic!("{file}: by_structure must give the structure as its reason"),
        };
        assert_eq!(encoding.rules.name(), want, "{file} at depth {depth}: {reason}");
        match turns {
            TurnTaking::Strict(turns) => check_strict(file, &game, depth, turns),
            TurnTaking::Open(witness) => check_witness(file, &game, witness),
            TurnTaking::Unproven { .. } => panic!("{file}: the structure is not decided: {reason}"),
        }
        println!("{file} d{depth}: {}", encoding.choice(&reason));
    }
}

/// The roles with two or more legal moves in a position that is not terminal, and each
/// role's legal moves.
fn choosers(player: &Solver, state: &State, roles: usize) -> (Vec<usize>, Vec<Vec<u32>>) {
    if player.is_terminal(state) {
        return (Vec::new(), vec![Vec::new(); roles]);
    }
    let legal: Vec<Vec<u32>> = (0..roles).map(|r| player.legal(state, r)).collect();
    ((0..roles).filter(|&r| legal[r].len() >= 2).collect(), legal)
}

/// At step `t` (from 1) in `state`: only the role the encoding lets choose has a choice,
/// and each forced role has exactly the move the encoding gives it.
fn check_position(file: &str, player: &Solver, state: &State, t: usize, turns: &[Vec<Turn>]) -> Vec<Vec<u32>> {
    let roles = turns[t - 1].len();
    let (choosing, legal) = choosers(player, state, roles);
    for r in 0..roles {
        match turns[t - 1][r] {
            Turn::Free => {}
            Turn::Forced(m) => {
                assert!(!choosing.contains(&r), "{file}: role {r} has a choice at step {t}, the encoding forces it");
                let forced: Vec<u32> = m.into_iter().collect();
                assert!(
                    legal[r].is_empty() || legal[r] == forced,
                    "{file} step {t}: role {r} may play {:?}, the encoding gives {forced:?}",
                    legal[r]
                );
            }
        }
    }
    legal
}

fn check_strict(file: &str, game: &GroundGame, depth: u32, turns: &[Vec<Turn>]) {
    assert_eq!(turns.len(), depth as usize, "{file}");
    assert!(turns.iter().all(|step| step.iter().filter(|&&t| t == Turn::Free).count() <= 1), "{file}");
    let player = Solver::new(game, 0).unwrap_or_else(|e| panic!("{e}"));
    let mut layer = vec![player.initial()];
    for t in 1..=depth as usize {
        let legal: Vec<Vec<Vec<u32>>> = layer.iter().map(|s| check_position(file, &player, s, t, turns)).collect();
        if t == depth as usize {
            return;
        }
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for (state, legal) in layer.iter().zip(&legal).filter(|(_, l)| l.iter().all(|m| !m.is_empty())) {
            for moves in joint(legal) {
                let succ = player.next(state, &moves);
                if seen.insert(succ.clone()) {
                    next.push(succ);
                    if next.len() == POSITIONS {
                        return random_plays(file, &player, &next, t + 1, depth, turns);
                    }
                }
            }
        }
        layer = next;
    }
}

/// From the positions `layer` of step `t`, seeded random plays to `depth`.
fn random_plays(file: &str, player: &Solver, layer: &[State], t: usize, depth: u32, turns: &[Vec<Turn>]) {
    let mut rng = SplitMix64::new(38);
    for _ in 0..PLAYS {
        let mut state = layer[rng.below(layer.len() as u64) as usize].clone();
        for step in t..=depth as usize {
            let legal = check_position(file, player, &state, step, turns);
            if legal.iter().any(Vec::is_empty) {
                break;
            }
            let moves: Vec<u32> = legal.iter().map(|l| l[rng.below(l.len() as u64) as usize]).collect();
            state = player.next(&state, &moves);
        }
    }
}

fn joint(legal: &[Vec<u32>]) -> Vec<Vec<u32>> {
    legal.iter().fold(vec![Vec::new()], |acc, moves| {
        acc.iter().flat_map(|p| moves.iter().map(move |&m| [p.as_slice(), &[m]].concat())).collect()
    })
}

/// Replays the witness's lines and checks the roles it names have a choice at its step.
fn check_witness(file: &str, game: &GroundGame, witness: &Witness) {
    let player = Solver::new(game, 0).unwrap_or_else(|e| panic!("{e}"));
    let reached = |choice: &Choice| {
        assert_eq!(choice.line.len() + 1, witness.step as usize, "{file}: {witness}");
        let mut state = player.initial();
        for moves in &choice.line {
            assert!(
                !moves.contains('+'),
                "{file}: the line of a witness of a two-player turn order is one move per step"
            );
            state = player
                .play_named(&state, moves)
                .unwrap_or_else(|| panic!("{file}: {moves} is not playable: {witness}"));
        }
        let role = game.role_index(&choice.role).unwrap_or_else(|| panic!("{file}: no role {}", choice.role));
        assert!(player.legal(&state, role).len() >= 2, "{file}: {} has no choice: {witness}", choice.role);
        assert!(!player.is_terminal(&state), "{file}: {witness}");
        role
    };
    assert_ne!(reached(&witness.first), reached(&witness.second), "{file}: {witness}");
}

/// The default encoding is the one its reason names: asked-for encodings keep their
/// header, chosen ones say why.
#[test]
fn the_header_names_the_choice_only_when_the_structure_made_it() {
    let source = Source::read(&dir().join("tictactoe.kif").display().to_string()).unwrap_or_else(|e| panic!("{e}"));
    let game = load_for_depth(source, Budget::default(), 5).unwrap_or_else(|e| panic!("{e}"));
    let (chosen, reason) = GdlEncoding::by_structure(&game, 5, PrefixMethod::Dependency, 0, Budget::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(chosen.rules, Rules::StrictTurns);
    let header = chosen.comment(&game, "games/tictactoe.kif", 5, "0.1.0", &reason);
    assert_eq!(
        header,
        "GDL game tictactoe.kif, depth 5, encoding sd, prefix gd: true iff xplayer can force goal 100\nencoding sd, prefix gd, chosen by the game's structure (strictly turn-taking: at each of the 5 steps one role at most has a choice of moves, the same in every reachable position)\ngenerated by qbfgames 0.1.0"
    );
    let asked = GdlEncoding { rules: Rules::StrictTurns, prefix: PrefixMethod::Dependency, first: 0 };
    assert_eq!(
        asked.comment(&game, "tictactoe.kif", 5, "0.1.0", &Reason::Asked),
        "GDL game tictactoe.kif, depth 5, encoding sd, prefix gd: true iff xplayer can force goal 100\ngenerated by qbfgames 0.1.0"
    );
}
