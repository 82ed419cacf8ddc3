//! Issue 34: every family of the default suite climbs a ladder from trivial to beyond the
//! competition limit: a depth ladder calibrated with a QDIMACS solver, continued by
//! prediction (`predict_to`), whose rungs start at most half way up and reach depth 12 or more;
//! a Kayles ladder ends at the longest game on its graph.

use std::collections::BTreeSet;
use std::path::Path;

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

/// The largest independent set of `graph` read as undirected: the most vertices a Node
/// Kayles game can pick, so its longest game in plies (branching on a vertex of most
/// neighbours; fine for the default suite's graphs of a few dozen vertices).
fn longest_kayles_game(graph: &games::geography::Graph) -> usize {
    let n = graph.nodes();
    let mut adjacent = vec![BTreeSet::new(); n];
    for u in 0..n {
        for &v in graph.successors(u as u32) {
            adjacent[u].insert(v as usize);
            adjacent[v as usize].insert(u);
        }
    }
    fn largest(adjacent: &[BTreeSet<usize>], left: &BTreeSet<usize>, taken: usize, best: &mut usize) {
        if taken + left.len() <= *best {
            return;
        }
        let degree = |v: &usize| adjacent[*v].intersection(left).count();
        let Some(v) = left.iter().copied().max_by_key(degree) else {
            *best = taken;
            return;
        };
        if degree(&v) == 0 {
            *best = taken + left.len();
            return;
        }
        let mut without = left.clone();
        without.remove(&v);
        let with: BTreeSet<usize> = without.difference(&adjacent[v]).copied().collect();
        largest(adjacent, &with, taken + 1, best);
        largest(adjacent, &without, taken, best);
    }
    let mut best = 0;
    largest(&adjacent, &(0..n).collect(), 0, &mut best);
    best
}

#[test]
fn the_longest_kayles_game_bounds_the_known_graphs() {
    let path = |n: u32| games::geography::grid(n as usize, 1);
    assert_eq!(longest_kayles_game(&path(5)), 3, "a path of 5: every other vertex");
    assert_eq!(longest_kayles_game(&games::geography::grid(3, 3)), 5, "a 3x3 grid: its five black squares");
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
            let graph = games::geography::gnp(int("n") as usize, p, int("seed") as u64);
            let longest = longest_kayles_game(&graph);
            let top = point.depths.iter().filter_map(|d| d.plies()).max().unwrap_or(0) as usize;
            assert_eq!(top, longest, "family `{}` climbs to {top} plies; its longest game is {longest}", family.name);
            seen += 1;
        }
    }
    assert!(seen > 0, "the default suite has a Kayles family");
}
