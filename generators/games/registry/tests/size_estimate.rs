//! The size estimates the budget is checked against: never below the literals actually
//! written (a formula over the budget must not slip through) and within a small factor of
//! them (a formula well inside the budget must not be refused), on the shipped games of
//! every encoding at several depths.

use contract::{Budget, Source};
use game_bddl::lifted::Lifted;
use game_gdl::encoding::{GdlEncoding, PrefixMethod, Rules};
use game_positional::corplus::Corplus;
use game_positional::gttt::{Gttt, Shape};
use game_positional::model::Player;
use gamekit::{EncodeError, Encoding, Form, Side};
use qbf::tseitin::ClauseForm;

/// The factor by which an estimate may exceed the literals written, for formulas of at
/// least [`SMALL`] literals (below, constant folding of the first steps dominates).
const SLACK: u64 = 6;
const SMALL: u64 = 2000;

fn games(dir: &str) -> String {
    format!("{}/../../../suite/games/{dir}", env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> Source {
    Source::read(path).unwrap_or_else(|e| panic!("{e}"))
}

/// The literals of the clausal form of `game` at `depth`, and the estimate.
fn sizes<E: Encoding>(encoding: &E, game: &E::Game, depth: u32) -> (u64, u64) {
    let form = ClauseForm::default();
    let (qbf, _) = encoding.formula(game, depth, Side::Black, Form::Clauses(form)).unwrap_or_else(|e| panic!("{e}"));
    (qbf.into_cnf(form).cnf.num_literals() as u64, encoding.estimate(game, depth))
}

fn assert_close(what: &str, (actual, estimate): (u64, u64)) {
    assert!(estimate >= actual, "{what}: estimate {estimate} below the {actual} literals written");
    assert!(
        actual < SMALL || estimate <= SLACK * actual,
        "{what}: estimate {estimate} over {SLACK}× the {actual} literals"
    );
}

#[test]
fn lifted_estimates_bound_the_bddl_formulas() {
    for (domain, problems) in [
        ("breakthrough", &["2x4.ig", "3x5_second.ig"][..]),
        ("connect", &["3x3_connect3.ig", "6x6_connect4.ig"]),
        ("domineering", &["3x3.ig"]),
        ("evader-pursuer", &["4x4_e-4-1_p-1-2.ig"]),
        ("knightthrough", &["3x4.ig"]),
    ] {
        let dir = games(&format!("bddl/{domain}"));
        let domain_source = read(&format!("{dir}/domain.ig"));
        for problem in problems {
            let problem_source = read(&format!("{dir}/{problem}"));
            for depth in [1, 3, 7, 15] {
                let game =
                    game_bddl::load(&domain_source, &problem_source, Some(depth)).unwrap_or_else(|e| panic!("{e}"));
                assert_close(&format!("{domain}/{problem} d{depth}"), sizes(&Lifted, &game, depth));
            }
        }
    }
}

#[test]
fn corplus_estimates_bound_the_positional_formulas() {
    for (shape, board, torus, pq) in
        [("tic", 3, false, (1, 1)), ("elly", 4, true, (2, 1)), ("connect4", 6, false, (1, 1))]
    {
        let shape = Shape::parse(shape).expect("a named shape");
        let gttt = Gttt { shape, board, torus, p: pq.0, q: pq.1, first: Player::Black, first_moves: true };
        let game = gttt.game();
        for depth in [1, 4, game.depth()] {
            assert_close(&format!("gttt {board} {torus} d{depth}"), sizes(&Corplus, &game, depth));
        }
    }
}

/// The factor by which the GDL estimate may exceed the literals written, for formulas of
/// any size: it is made from the ground game with what the encoding folds to constants
/// left out, so it stays close even where constant folding removes almost everything.
const GDL_SLACK: u64 = 10;

/// The GDL files of `dir` (under `suite/games/gdl`), by name.
fn gdl_files(dir: &str) -> Vec<std::path::PathBuf> {
    let dir = games(&format!("gdl/{dir}"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.unwrap_or_else(|e| panic!("{e}")).path())
        .filter(|p| p.extension().is_some_and(|x| x == "kif"))
        .collect();
    files.sort();
    files
}

/// The GDL estimate bounds the literals of GE (GD prefix) for the first role of every
/// file in `dirs` at `depths` from above, within [`GDL_SLACK`].
fn check_gdl_estimates(dirs: &[&str], depths: &[u32]) {
    let encoding = GdlEncoding { rules: Rules::General, prefix: PrefixMethod::Dependency, first: 0 };
    for path in dirs.iter().flat_map(|d| gdl_files(d)) {
        let name = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
        for &depth in depths {
            let source = read(&path.to_string_lossy());
            let game = game_gdl::load_for_depth(source, Budget::default(), depth).unwrap_or_else(|e| panic!("{e}"));
            let (actual, estimate) = sizes(&encoding, &game, depth);
            assert!(estimate >= actual, "{name} d{depth}: estimate {estimate} below the {actual} literals written");
            assert!(
                estimate <= GDL_SLACK * actual,
                "{name} d{depth}: estimate {estimate} over {GDL_SLACK}× the {actual} literals"
            );
        }
    }
}

#[test]
fn gdl_estimates_bound_the_gdl_formulas_closely() {
    check_gdl_estimates(&[".", "constructs"], &[1, 4, 9]);
}

/// The large games (`suite/games/gdl/large/`) at small depths: a minute in a release
/// build (`cargo test --release -p game-registry --test size_estimate -- --ignored`).
#[test]
#[ignore]
fn gdl_estimates_bound_the_large_gdl_formulas_closely() {
    check_gdl_estimates(&["large"], &[1, 2, 3]);
}

#[test]
fn a_formula_over_the_budget_is_refused_before_any_work() {
    let game = game_gdl::load(read(&games("gdl/connect3-4x4.kif"))).unwrap_or_else(|e| panic!("{e}"));
    let encoding = GdlEncoding { rules: Rules::General, prefix: PrefixMethod::Dependency, first: 0 };
    let started = std::time::Instant::now();
    let refused = encoding.formula(&game, 1_000_000_000, Side::Black, Form::Circuit).err();
    assert!(started.elapsed().as_secs_f64() < 1.0, "refused in {:?}", started.elapsed());
    let Some(EncodeError::TooLarge(err)) = refused else { panic!("depth 10^9 accepted or refused for another reason") };
    assert_eq!(err.limit, Budget::DEFAULT_SIZE);
    let (actual, estimate) = sizes(&encoding, &game, 4);
    let budget = Budget::new(estimate);
    assert!(encoding.formula_within(&game, 4, Side::Black, Form::Circuit, budget).is_ok(), "{actual} literals");
    let tight = Budget::new(estimate - 1);
    assert!(matches!(
        encoding.formula_within(&game, 4, Side::Black, Form::Circuit, tight),
        Err(EncodeError::TooLarge(_))
    ));
}
