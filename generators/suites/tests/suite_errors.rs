//! Bad suite files: each gives one clear error at the offending key (snapshots), and good
//! ones expand to the expected instances.

use std::fs;

use certify::Certify;
use contract::Source;
use suites::{expand, resolve, Depth, Encoding, OutFormat};

/// The names of `items`.
fn names<T: Copy>(items: &[T], name: fn(T) -> &'static str) -> Vec<&'static str> {
    items.iter().map(|&i| name(i)).collect()
}

/// A suite directory with two model files.
fn fixture() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary directory");
    fs::create_dir_all(dir.path().join("games")).expect("mkdir");
    for f in ["domain.ig", "tic_3x3.ig", "el_3x3.ig", "p.pg"] {
        fs::write(dir.path().join("games").join(f), "").expect("write a model file");
    }
    dir
}

fn error_of(text: &str) -> String {
    let dir = fixture();
    match resolve(&Source::from_bytes("bad.toml", text), dir.path()) {
        Ok(_) => format!("accepted:\n{text}"),
        Err(e) => e.to_string(),
    }
}

const GOOD: &str = r#"
name = "demo"
description = "two families"

[options]
expected = "reference"
expected_budget = 30

[[family]]
name = "httt"
model = "bddl"
depths = { from = 1, to = 5, step = 2 }
encodings = ["lifted"]
formats = ["qdimacs", "qcir"]
[family.grid]
domain = "games/domain.ig"
problem = "games/{shape}_3x3.ig"
shape = ["tic", "el"]

[[family]]
name = "gttt"
model = "gttt"
depths = [5, 3]
encodings = ["corplus"]
formats = ["qdimacs"]
expected = "none"
[family.grid]
shape = "elly"
board = 4
torus = [false, true]
"#;

#[test]
fn a_good_suite_expands_its_grid_in_a_stable_order() {
    let dir = fixture();
    let suite = resolve(&Source::from_bytes("good.toml", GOOD), dir.path()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(suite.families.len(), 2);
    let httt = &suite.families[0];
    assert_eq!(httt.model.name(), "bddl");
    assert!(httt.points.iter().all(|p| p.depths == vec![Depth::Plies(1), Depth::Plies(3), Depth::Plies(5)]));
    assert_eq!(names(&httt.formats, OutFormat::name), ["qcir", "qdimacs"]);
    assert_eq!(names(&httt.encodings, Encoding::name), ["lifted"]);
    let problems: Vec<String> = httt.points.iter().map(|p| p.params["problem"].to_string()).collect();
    assert_eq!(problems, ["games/tic_3x3.ig", "games/el_3x3.ig"], "values in the order written");
    let jobs = expand(&suite);
    assert_eq!(jobs.len(), 2 * 3 + 2 * 2);
    assert_eq!(jobs[0].key(), "httt/domain=games/domain.ig;problem=games/tic_3x3.ig;shape=tic/d=1/lifted");
    assert_eq!(jobs[6].key(), "gttt/board=4;first=black;pq=1,1;shape=elly;torus=false/d=3/corplus");
}

#[test]
fn a_family_certify_table_replaces_the_suites() {
    let dir = fixture();
    let text = GOOD.replacen("[options]", "[certify]\ntimeout = 30\nmax_proof = \"1G\"\n\n[options]", 1).replacen(
        "expected = \"none\"\n",
        "expected = \"none\"\n[family.certify]\ntimeout = 2.5\nmemory = \"512M\"\n",
        1,
    );
    let suite = resolve(&Source::from_bytes("good.toml", text.as_str()), dir.path()).unwrap_or_else(|e| panic!("{e}"));
    let certify: Vec<_> = suite.families.iter().map(|f| f.certify).collect();
    assert_eq!(
        certify,
        [
            Some(Certify { timeout_s: 30.0, memory: 4 << 30, max_proof: 1 << 30 }),
            Some(Certify { timeout_s: 2.5, memory: 512 << 20, max_proof: 4 << 30 }),
        ]
    );
    assert!(expand(&suite)[0].listing()[6].ends_with(" + certificate (30 s)"), "{:?}", expand(&suite)[0].listing());
    let plain = resolve(&Source::from_bytes("good.toml", GOOD), dir.path()).unwrap_or_else(|e| panic!("{e}"));
    assert!(plain.families.iter().all(|f| f.certify.is_none()));
}

#[test]
fn points_carry_their_own_depths() {
    let dir = fixture();
    let text = "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"bddl\"\nencodings = [\"lifted\"]\nformats = [\"qcir\"]\n[family.grid]\ndomain = \"games/domain.ig\"\n[[family.point]]\nproblem = \"games/tic_3x3.ig\"\ndepths = [9]\n[[family.point]]\nproblem = \"games/el_3x3.ig\"\ndepths = [3, 5]\n";
    let suite = resolve(&Source::from_bytes("p.toml", text), dir.path()).unwrap_or_else(|e| panic!("{e}"));
    let keys: Vec<String> = expand(&suite).iter().map(|j| j.key()).collect();
    assert_eq!(
        keys,
        [
            "f/domain=games/domain.ig;problem=games/tic_3x3.ig/d=9/lifted",
            "f/domain=games/domain.ig;problem=games/el_3x3.ig/d=3/lifted",
            "f/domain=games/domain.ig;problem=games/el_3x3.ig/d=5/lifted",
        ]
    );
}

/// A GDL family that lists no encodings gets the one the game's structure calls for.
#[test]
fn a_gdl_family_without_encodings_gets_gdl_auto() {
    let dir = fixture();
    fs::write(dir.path().join("games/g.kif"), "").expect("write a game file");
    let text = "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"gdl\"\ndepths = [5]\nformats = [\"qdimacs\"]\n[family.grid]\ngame = \"games/g.kif\"\n";
    let suite = resolve(&Source::from_bytes("g.toml", text), dir.path()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(names(&suite.families[0].encodings, Encoding::name), ["gdl-auto"]);
    let keys: Vec<String> = expand(&suite).iter().map(|j| j.key()).collect();
    assert_eq!(keys, ["f/game=games/g.kif/d=5/gdl-auto"]);
}

const BAD: &[(&str, &str)] = &[
    ("no_depths", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"pg\"\nencodings = [\"corplus\"]\nformats = [\"qdimacs\"]\n[family.grid]\nfile = \"games/p.pg\"\n"),
    ("key_in_grid_and_point", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"pg\"\ndepths = [3]\nencodings = [\"corplus\"]\nformats = [\"qdimacs\"]\n[family.grid]\nfile = \"games/p.pg\"\n[[family.point]]\nfile = \"games/p.pg\"\n"),
    ("unknown_top_level_key", "name = \"s\"\nfamilies = []\n"),
    ("unknown_family_key", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"pg\"\ndepth = 3\ndepths = [3]\nencodings = [\"corplus\"]\nformats = [\"qdimacs\"]\n"),
    ("missing_family_key", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"pg\"\ndepths = [3]\nencodings = [\"corplus\"]\n"),
    ("missing_encodings", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"pg\"\ndepths = [3]\nformats = [\"qdimacs\"]\n[family.grid]\nfile = \"games/p.pg\"\n"),
    ("wrong_type", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"pg\"\ndepths = [3]\nencodings = \"corplus\"\nformats = [\"qdimacs\"]\n"),
    ("toml_syntax", "name = \"s\n"),
    ("no_families", "name = \"s\"\n"),
    ("bad_name", "name = \"my suite\"\n"),
    ("depth_range_bomb", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"gttt\"\ndepths = { from = 1, to = 10000000 }\nencodings = [\"corplus\"]\nformats = [\"qdimacs\"]\n[family.grid]\nboard = 3\nshape = \"tic\"\n"),
    ("too_many_jobs_for_max_jobs", "name = \"s\"\n[options]\nmax_jobs = 5\n[[family]]\nname = \"f\"\nmodel = \"gttt\"\ndepths = [1, 3, 5]\nencodings = [\"corplus\", \"lifted\"]\nformats = [\"qdimacs\"]\n[family.grid]\nboard = 3\nshape = \"tic\"\n"),
    ("bad_max_jobs", "name = \"s\"\n[options]\nmax_jobs = 0\n"),
    ("unknown_model", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"chess\"\ndepths = [3]\nencodings = [\"corplus\"]\nformats = [\"qdimacs\"]\n"),
    ("encoding_not_for_model", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"pg\"\ndepths = [3]\nencodings = [\"lifted\"]\nformats = [\"qdimacs\"]\n[family.grid]\nfile = \"games/p.pg\"\n"),
    ("unknown_format", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"pg\"\ndepths = [3]\nencodings = [\"corplus\"]\nformats = [\"cnf\"]\n[family.grid]\nfile = \"games/p.pg\"\n"),
    ("qcir_without_circuit_encoding", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"gttt\"\ndepths = [3]\nencodings = [\"corplus\"]\nformats = [\"qdimacs\", \"qcir\"]\n[family.grid]\nshape = \"tic\"\nboard = 3\n"),
    ("missing_model_file", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"pg\"\ndepths = [3]\nencodings = [\"corplus\"]\nformats = [\"qdimacs\"]\n[family.grid]\nfile = \"games/missing.pg\"\n"),
    ("undefined_template_variable", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"bddl\"\ndepths = [3]\nencodings = [\"lifted\"]\nformats = [\"qcir\"]\n[family.grid]\ndomain = \"games/domain.ig\"\nproblem = \"games/{shape}_3x3.ig\"\n"),
    ("empty_range", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"pg\"\ndepths = { from = 9, to = 3 }\nencodings = [\"corplus\"]\nformats = [\"qdimacs\"]\n[family.grid]\nfile = \"games/p.pg\"\n"),
    ("even_depth_where_odd_required", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"hex\"\ndepths = [5, 6]\nencodings = [\"corplus\"]\nformats = [\"qdimacs\"]\n[family.grid]\npuzzle = \"games/p.pg\"\n"),
    ("zero_depth", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"pg\"\ndepths = [0, 1]\nencodings = [\"corplus\"]\nformats = [\"qdimacs\"]\n[family.grid]\nfile = \"games/p.pg\"\n"),
    ("duplicate_depth", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"pg\"\ndepths = [3, 3]\nencodings = [\"corplus\"]\nformats = [\"qdimacs\"]\n[family.grid]\nfile = \"games/p.pg\"\n"),
    ("model_depth_not_allowed", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"hex\"\ndepths = \"model\"\nencodings = [\"corplus\"]\nformats = [\"qdimacs\"]\n[family.grid]\npuzzle = \"games/p.pg\"\n"),
    ("unknown_grid_key", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"gttt\"\ndepths = [3]\nencodings = [\"corplus\"]\nformats = [\"qdimacs\"]\n[family.grid]\nshape = \"tic\"\nboard = 3\ncolour = \"red\"\n"),
    ("missing_grid_key", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"gttt\"\ndepths = [3]\nencodings = [\"corplus\"]\nformats = [\"qdimacs\"]\n[family.grid]\nshape = \"tic\"\n"),
    ("grid_value_wrong_type", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"gttt\"\ndepths = [3]\nencodings = [\"corplus\"]\nformats = [\"qdimacs\"]\n[family.grid]\nshape = \"tic\"\nboard = \"4\"\n"),
    ("grid_value_not_in_set", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"gttt\"\ndepths = [3]\nencodings = [\"corplus\"]\nformats = [\"qdimacs\"]\n[family.grid]\nshape = \"blob\"\nboard = 4\n"),
    ("duplicate_family", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"pg\"\ndepths = [3]\nencodings = [\"corplus\"]\nformats = [\"qdimacs\"]\n[family.grid]\nfile = \"games/p.pg\"\n[[family]]\nname = \"f\"\nmodel = \"pg\"\ndepths = [5]\nencodings = [\"corplus\"]\nformats = [\"qdimacs\"]\n[family.grid]\nfile = \"games/p.pg\"\n"),
    ("bad_clause_form", "name = \"s\"\n[options]\nclause_form = \"plaisted\"\n"),
    ("bad_budget", "name = \"s\"\n[options]\nexpected = \"reference\"\nexpected_budget = 0\n"),
    ("certify_timeout_zero", "name = \"s\"\n[certify]\ntimeout = 0\n"),
    ("certify_without_timeout", "name = \"s\"\n[certify]\nmemory = \"4G\"\n"),
    ("certify_unknown_key", "name = \"s\"\n[certify]\ntimeout = 60\nsolver = \"caqe\"\n"),
    ("certify_bad_max_proof", "name = \"s\"\n[certify]\ntimeout = 60\nmax_proof = \"big\"\n"),
    ("family_certify_without_qdimacs", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"pg\"\ndepths = [3]\nencodings = [\"corplus\"]\nformats = [\"pg\"]\n[family.grid]\nfile = \"games/p.pg\"\n[family.certify]\ntimeout = 60\n"),
    ("family_certify_timeout_not_a_number", "name = \"s\"\n[[family]]\nname = \"f\"\nmodel = \"pg\"\ndepths = [3]\nencodings = [\"corplus\"]\nformats = [\"qdimacs\"]\n[family.grid]\nfile = \"games/p.pg\"\n[family.certify]\ntimeout = \"1m\"\n"),
];

/// The models of the registry as an unknown model's help lists them, which the snapshot
/// shows as `{MODELS}`: a new game changes the list, not the error.
fn registry_models() -> String {
    let all: Vec<String> = game_registry::suite::Model::all().map(|m| format!("`{}`", m.name())).collect();
    all.join(", ")
}

#[test]
fn every_bad_suite_gives_one_clear_error() {
    let models = registry_models();
    assert!(models.starts_with("`bddl`, `pg`"), "{models}");
    for (name, text) in BAD {
        insta::assert_snapshot!(*name, error_of(text).replace(&models, "{MODELS}"));
    }
}
