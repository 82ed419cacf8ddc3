//! Issue 34: every family of the default suite climbs a ladder from trivial to beyond the
//! competition limit: a depth ladder calibrated with a QDIMACS solver, continued by
//! prediction (`predict_to`), whose rungs start at most half way up and reach depth 12 or more;
//! a Kayles ladder ends at the longest game on its graph.

use std::path::Path;

use game_kayles::game::Kayles;
use game_kayles::longest::Picks;
use suites::{Over, Param};

#[test]
fn every_family_of_the_default_suite_has_a_predicting_ladder() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let suite = suites::load(&root.join("suite/default.toml")).expect("the default suite loads");
    assert!(suite.families.len() >= 14, "{} families", suite.families.len());
    for family in &suite.families {
        let ladder = family.ladder.as_ref().unwrap_or_else(|| panic!("family `{}` has no ladder", family.name));
        assert_eq!(ladder.predict_to, Some(900.0), "family `{}` predicts up to the Gallery's 900 s", family.name);
        assert!(matches!(ladder.over, Over::Depth), "family `{}` climbs its depths", family.name);
        for point in &family.points {
            let depths: Vec<u32> = point.depths.iter().filter_map(|d| d.plies()).collect();
            let (low, high) = (depths.iter().min().copied(), depths.iter().max().copied());
            assert!(depths.len() >= 4, "family `{}`: a ladder of {} rungs", family.name, depths.len());
            let (low, high) = (low.unwrap_or(0), high.unwrap_or(0));
            assert!(high >= 12, "family `{}` ends at depth {high}, short of the frontier", family.name);
            assert!(2 * low <= high, "family `{}` starts at depth {low}, past half of its top {high}", family.name);
        }
    }
}

/// A Kayles family's ply limits end at the longest game on its graph: a deeper limit
/// encodes the same game with idle plies, which only pads the ladder.
#[test]
fn the_default_kayles_ladder_ends_at_the_longest_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let suite = suites::load(&root.join("suite/default.toml")).expect("the default suite loads");
    let mut seen = 0;
    for family in suite.families.iter().filter(|f| f.model.name() == "kayles") {
        for point in &family.points {
            let int = |key: &str| match point.params.get(key) {
                Some(Param::Int(v)) => *v,
                other => panic!("family `{}`: `{key}` is {other:?}", family.name),
            };
            let p: f64 = match point.params.get("p") {
                Some(Param::Decimal(p)) => p.parse().expect("a probability"),
                other => panic!("family `{}`: `p` is {other:?}", family.name),
            };
            assert_eq!(point.params.get("graph"), Some(&Param::Str("gnp".into())), "family `{}`", family.name);
            let graph = gamekit::graph::gnp(int("n") as usize, p, int("seed") as u64);
            let picks = Kayles::from_graph(&graph).most_picks();
            assert!(matches!(picks, Picks::Exact(_)), "family `{}`: α of its graph is only bounded", family.name);
            let last = picks.deciding_ply();
            let top = point.depths.iter().filter_map(|d| d.plies()).max().unwrap_or(0);
            assert_eq!(
                top, last,
                "family `{}` climbs to {top} plies; its games are decided by ply {last}",
                family.name
            );
            seen += 1;
        }
    }
    assert!(seen > 0, "the default suite has a Kayles family");
}
