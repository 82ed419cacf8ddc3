//! Issue 34: every family of the default suite climbs a ladder from trivial to beyond the
//! competition limit: a depth ladder calibrated with a QDIMACS solver, continued by
//! prediction (`predict_to`), whose rungs start at most half way up and reach depth 12 or more.

use std::path::Path;

use suites::Over;

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
