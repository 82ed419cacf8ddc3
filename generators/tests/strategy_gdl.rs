//! GDL strategies: the first move of the role that must win (Black), read from DepQBF's
//! `--qdo` through the symbol map of every encoding and prefix method, must be winning by
//! the reference player; a broken encoding must be caught; and the solver's strategy,
//! re-asked at every Black choice, must win against every White reply (`play --auto --all`).

use std::io::Write;
use std::time::Duration;

use generators::encodings::gdl::{Encoding, GdlEncoding, PrefixMethod};
use generators::formula::CnfQbf;
use generators::gdl::player::Solver;
use generators::gdl::{load, GroundGame};
use generators::io::{write_qdimacs, Source};
use generators::strategy::gdl::{check_gdl, play_gdl, GdlSetup};
use generators::strategy::play::White;
use generators::strategy::validate::Check;
use generators::strategy::{parse_qdo, Assignment, MapError, SymbolMap};
use harness::{depqbf, Invocation};

fn game(name: &str) -> GroundGame {
    let path = format!("{}/../suite/games/gdl/{name}", env!("CARGO_MANIFEST_DIR"));
    load(Source::read(&path).unwrap_or_else(|e| panic!("{e}"))).unwrap_or_else(|e| panic!("{e}"))
}

/// DepQBF's verdict and outermost-block assignment.
fn qdo(qbf: &CnfQbf) -> Result<(bool, Assignment), String> {
    let mut file = tempfile::Builder::new().suffix(".qdimacs").tempfile().map_err(|e| e.to_string())?;
    write_qdimacs(&mut file, qbf, &[]).and_then(|_| file.flush()).map_err(|e| e.to_string())?;
    let inv = Invocation { program: depqbf().map_err(|e| format!("DepQBF is required (make solvers): {e}"))?, args: vec!["--qdo".into(), file.path().display().to_string()] };
    let run = harness::run(&inv, Duration::from_secs(120)).map_err(|e| e.to_string())?;
    parse_qdo(&String::from_utf8_lossy(&run.stdout))
}

const METHODS: [(Encoding, PrefixMethod); 4] = [
    (Encoding::General, PrefixMethod::Naive),
    (Encoding::General, PrefixMethod::Time),
    (Encoding::General, PrefixMethod::Dependency),
    (Encoding::StrictTurns, PrefixMethod::Dependency),
];

/// Black's first move under every encoding and prefix method, checked by the reference player.
fn first_move(g: &GroundGame, first: usize, depth: u32, encoding: Encoding, prefix: PrefixMethod) -> Result<Check, String> {
    let options = GdlEncoding { depth, encoding, prefix, first };
    let (qbf, map) = options.encode_with_map(g).map_err(|e| e.0)?;
    let map = map.map_err(|e| e.to_string())?;
    let (verdict, assignment) = qdo(&qbf)?;
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
    for (name, depth) in [("gttt-1-1-elly.kif", 7), ("connect3-4x4.kif", 9), ("gttt-1-1-tippy.kif", 9)] {
        let g = game(name);
        for (encoding, prefix) in METHODS {
            match first_move(&g, 0, depth, encoding, prefix) {
                Ok(Check::Valid) => {}
                Ok(Check::Invalid { reason, position }) => failures.push(format!("{name} {encoding:?} {prefix:?}: at {position}: {reason}")),
                Err(e) => failures.push(format!("{name} {encoding:?} {prefix:?}: {e}")),
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

fn play_all(g: &GroundGame, first: usize, depth: u32, encoding: Encoding) -> Result<generators::strategy::play::Played, String> {
    let setup = GdlSetup { game: g, first, encoding, prefix: PrefixMethod::Dependency };
    let mut solve = |qbf: &CnfQbf| qdo(qbf);
    play_gdl(setup, depth, &mut solve, White::All).map_err(|f| f.to_string())
}

#[test]
fn play_all_connect3() {
    let t = std::time::Instant::now();
    let p = play_all(&game("connect3-4x4.kif"), 0, 9, Encoding::General);
    eprintln!("connect3 {p:?} {:?}", t.elapsed());
    assert!(p.is_ok());
}

#[test]
fn play_all_elly() {
    let t = std::time::Instant::now();
    let p = play_all(&game("gttt-1-1-elly.kif"), 0, 7, Encoding::StrictTurns);
    eprintln!("elly {p:?} {:?}", t.elapsed());
    assert!(p.is_ok());
}

#[test]
fn play_all_bt_second() {
    let t = std::time::Instant::now();
    let g = game("breakthrough-2x4.kif");
    let p = play_all(&g, 1, 8, Encoding::General);
    eprintln!("bt {p:?} {:?}", t.elapsed());
    let refused = GdlEncoding { depth: 8, encoding: Encoding::StrictTurns, prefix: PrefixMethod::Dependency, first: 1 }.encode_with_map(&g).map(|r| r.1.err());
    eprintln!("{refused:?}");
    assert!(p.is_ok());
}
