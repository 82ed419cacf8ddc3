//! `generate`, `manifest verify` and `package` end to end, with the real encoders and
//! reference solvers on a small suite.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common;

use common::small_suite;

fn qbfgames(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qbfgames")).args(args).output().expect("qbfgames runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).expect("read_dir").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.insert(p.strip_prefix(dir).expect("inside").to_path_buf(), fs::read(&p).expect("read"));
            }
        }
    }
    out
}

fn s(p: &Path) -> &str {
    p.to_str().expect("UTF-8 temporary paths")
}

#[test]
fn generation_is_deterministic_verifiable_and_packaged_reproducibly() {
    let tmp = tempfile::tempdir().expect("tmp");
    let suite = small_suite(tmp.path(), r#"["qcir", "qdimacs", "bddl"]"#, r#"["qdimacs", "gdl"]"#);
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    for (dir, jobs) in [(&a, "1"), (&b, "2")] {
        let out = qbfgames(&["generate", s(&suite), "--out", s(dir), "--jobs", jobs]);
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    assert!(tree(&a) == tree(&b), "the same bytes with --jobs 1 and --jobs 2");
    let manifest = fs::read_to_string(a.join("manifest.csv")).expect("manifest");
    // 2 shapes × 2 depths × (qcir, qdimacs, 2 BDDL files) + 2 encodings × (qdimacs, gdl).
    assert_eq!(manifest.lines().count() - 1, 2 * 2 * 4 + 2 * 2);
    assert!(manifest.lines().filter(|l| l.contains(",qdimacs,")).all(|l| l.contains(",reference,")), "{manifest}");

    let verified = qbfgames(&["manifest", "verify", s(&a)]);
    assert!(verified.status.success(), "{}", text(&verified.stderr));
    let maps: Vec<&str> =
        manifest.lines().filter(|l| l.contains(",lifted,qdimacs,") || l.contains(",lifted,qcir,")).collect();
    assert_eq!(maps.len(), 8);
    for line in maps {
        let map = line.rsplit(',').nth(1).unwrap_or_default();
        let json = fs::read_to_string(a.join(map)).unwrap_or_else(|e| panic!("{map}: {e}"));
        assert!(map.ends_with(".map.json") && json.contains("\"encoding\": \"lifted\""), "{map}: {json}");
    }

    let (p1, p2) = (tmp.path().join("small.tar.xz"), tmp.path().join("again/small.tar.xz"));
    for p in [&p1, &p2] {
        let out = qbfgames(&["package", s(&a), "-o", s(p)]);
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    assert_eq!(fs::read(&p1).expect("package"), fs::read(&p2).expect("package"), "packages are deterministic");
    let unpacked = tmp.path().join("unpacked");
    fs::create_dir_all(&unpacked).expect("mkdir");
    let tar = Command::new("tar").args(["-xJf", s(&p1), "-C", s(&unpacked)]).status().expect("tar runs");
    assert!(tar.success());
    let root = unpacked.join("small");
    let sums = Command::new("sha256sum")
        .args(["-c", "--quiet", "SHA256SUMS"])
        .current_dir(&root)
        .output()
        .expect("sha256sum runs");
    assert!(sums.status.success(), "{}", text(&sums.stdout));
    let readme = fs::read_to_string(root.join("README.md")).expect("README");
    assert!(readme.contains("| httt | bddl | lifted |"), "{readme}");
    let httt = readme.split("\n## httt\n").nth(1).unwrap_or_default();
    for field in ["- game:", "- source:", "- true means: true iff Black", "- sizes of the QDIMACS files", "- answers: "]
    {
        assert!(httt.contains(field), "the family's section has `{field}`:\n{readme}");
    }
    assert!(fs::read_to_string(root.join("description.tex")).expect("description.tex").contains("\\begin{tabular}"));
    for track in ["qdimacs/httt/httt-3x3_domino-d3-black.qdimacs.gz", "qcir/httt/httt-3x3_el-d1-black.qcir.gz"] {
        assert!(root.join(track).is_file(), "readable names in one folder per format: {track}");
    }
    assert!(root.join("maps/httt/httt-3x3_el-d1-black.map.json").is_file());
    let version = fs::read_to_string(root.join("VERSION")).expect("VERSION");
    assert!(version.starts_with("qbfgames 0.") && version.contains("\ncommit "), "{version}");
    assert!(fs::read_to_string(root.join("LICENSE")).expect("LICENSE").contains("Credits for the game models"));
    assert!(fs::read_to_string(root.join("CITATION.bib")).expect("CITATION").contains("@inproceedings{ShaikP23"));
    let again = tmp.path().join("regenerated");
    let out = qbfgames(&["generate", s(&root.join("models/small.toml")), "--out", s(&again)]);
    assert!(out.status.success(), "the unpacked archive regenerates itself: {}", text(&out.stderr));
    let ids = |dir: &Path| -> Vec<String> {
        let text = fs::read_to_string(dir.join("manifest.csv")).expect("manifest");
        let mut ids: Vec<String> =
            text.lines().skip(1).map(|l| l.split(',').next().unwrap_or("").to_string()).collect();
        ids.sort();
        ids
    };
    assert_eq!(ids(&again), ids(&a), "every instance and model file again, byte for byte");

    let victim = tree(&a).keys().find(|p| p.extension().is_some_and(|e| e == "qcir")).expect("a QCIR file").clone();
    fs::write(a.join(&victim), "#QCIR-G14\noutput(1)\n1 = and()\n").expect("tamper");
    let verified = qbfgames(&["manifest", "verify", s(&a)]);
    assert_eq!(verified.status.code(), Some(1));
    assert!(text(&verified.stderr).contains("sha256"), "{}", text(&verified.stderr));
}

/// Flips the `expected` answer of the first `reference` row in manifest.csv and, the same
/// way, in manifest.json; returns the row's path.
fn flip_an_expected_answer(dir: &Path) -> String {
    let csv = fs::read_to_string(dir.join("manifest.csv")).expect("manifest.csv");
    let line = csv.lines().find(|l| l.contains(",true,reference,")).expect("a row the reference solver answered true");
    let path = line.split(",reference,").nth(1).and_then(|rest| rest.split(',').next()).expect("its path").to_string();
    fs::write(dir.join("manifest.csv"), csv.replacen(line, &line.replace(",true,reference,", ",false,reference,"), 1))
        .expect("write");
    let mut json: serde_json::Value =
        serde_json::from_slice(&fs::read(dir.join("manifest.json")).expect("manifest.json")).expect("JSON");
    for row in json.as_array_mut().expect("rows").iter_mut().filter(|r| r["path"] == path.as_str()) {
        row["expected"] = "false".into();
    }
    fs::write(dir.join("manifest.json"), serde_json::to_string_pretty(&json).expect("JSON") + "\n").expect("write");
    path
}

#[test]
fn verify_re_derives_expected_answers_and_checks_symbol_maps_by_hash() {
    let tmp = tempfile::tempdir().expect("tmp");
    let suite = small_suite(tmp.path(), r#"["qdimacs"]"#, r#"["qdimacs"]"#);
    let dir = tmp.path().join("out");
    let out = qbfgames(&["generate", s(&suite), "--out", s(&dir)]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let verified = qbfgames(&["manifest", "verify", s(&dir), "--suite", s(&suite)]);
    assert!(verified.status.success(), "{}", text(&verified.stderr));

    let manifest = fs::read_to_string(dir.join("manifest.csv")).expect("manifest");
    let map = manifest.lines().skip(1).map(|l| l.split(',').collect::<Vec<_>>()).find_map(|f| {
        let map = f.get(f.len() - 2).copied().unwrap_or_default();
        (!map.is_empty()).then(|| map.to_string())
    });
    let map = map.expect("a row with a symbol map");
    let original = fs::read(dir.join(&map)).expect("map");
    let mut json: serde_json::Value = serde_json::from_slice(&original).expect("JSON");
    json["encoding"] = "corplus".into();
    fs::write(dir.join(&map), serde_json::to_string_pretty(&json).expect("JSON")).expect("write");
    let verified = qbfgames(&["manifest", "verify", s(&dir)]);
    assert_eq!(verified.status.code(), Some(1), "{}", text(&verified.stderr));
    assert!(text(&verified.stderr).contains(&format!("{map}: sha256 is ")), "{}", text(&verified.stderr));
    fs::write(dir.join(&map), original).expect("restore");

    let path = flip_an_expected_answer(&dir);
    for args in [vec!["manifest", "verify", s(&dir)], vec!["manifest", "verify", s(&dir), "--suite", s(&suite)]] {
        let verified = qbfgames(&args);
        assert_eq!(verified.status.code(), Some(1), "{args:?}: {}", text(&verified.stderr));
        let err = text(&verified.stderr);
        assert!(err.contains(&format!("{path} (manifest.csv line ")), "{err}");
        assert!(err.contains("expected is false, the reference solver says true"), "{err}");
    }
    fs::remove_dir_all(dir.join("models")).expect("remove the suite's copy");
    let unsure = qbfgames(&["manifest", "verify", s(&dir)]);
    assert!(unsure.status.success(), "both manifests agree, every hash matches: {}", text(&unsure.stderr));
    assert!(text(&unsure.stderr).contains("`--suite SUITE` re-derives them"), "{}", text(&unsure.stderr));
}

#[test]
fn names_made_of_dots_cannot_escape_the_output_folder() {
    let tmp = tempfile::tempdir().expect("tmp");
    let suite = small_suite(tmp.path(), r#"["qdimacs"]"#, r#"["qdimacs"]"#);
    let text_of = fs::read_to_string(&suite).expect("suite");
    for (what, edited, at) in [
        ("suite", text_of.replacen("name = \"small\"", "name = \"..\"", 1), "small.toml:1:8"),
        ("family", text_of.replacen("name = \"httt\"", "name = \".\"", 1), "small.toml:6:8"),
        ("hidden family", text_of.replacen("name = \"httt\"", "name = \".hidden\"", 1), "small.toml:6:8"),
    ] {
        fs::write(&suite, &edited).expect("write");
        let out = qbfgames(&["generate", s(&suite)]);
        assert_eq!(out.status.code(), Some(1), "{what}");
        let err = text(&out.stderr);
        assert!(
            err.contains(&format!("{at}: `name` must be a name of letters")) && err.contains("not start with `.`"),
            "{what}: {err}"
        );
    }
    assert!(!tmp.path().join("manifest.csv").exists() && !Path::new("manifest.csv").exists(), "nothing written");
}

#[test]
fn a_family_named_two_dots_is_refused_at_its_name_and_writes_nothing() {
    let tmp = tempfile::tempdir().expect("tmp");
    let suite = small_suite(tmp.path(), r#"["qdimacs"]"#, r#"["qdimacs"]"#);
    let edited = fs::read_to_string(&suite).expect("suite").replacen("name = \"httt\"", "name = \"..\"", 1);
    fs::write(&suite, edited).expect("write");
    let before = tree(tmp.path());
    let out = qbfgames(&["generate", s(&suite), "--out", s(&tmp.path().join("out/inner"))]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("small.toml:6:8: `name` must be a name of letters") && err.contains("help: "), "{err}");
    assert!(tree(tmp.path()) == before, "nothing written");
}

#[test]
fn a_bad_suite_gives_one_error_and_writes_nothing() {
    let tmp = tempfile::tempdir().expect("tmp");
    let suite = tmp.path().join("bad.toml");
    fs::write(&suite, "name = \"bad\"\n[[family]]\nname = \"f\"\nmodel = \"bddl\"\ndepths = [3]\nencodings = [\"lifted\"]\nformats = [\"qcir\"]\n[family.grid]\ndomain = \"missing/domain.ig\"\nproblem = \"missing/problem.ig\"\n").expect("write");
    let out_dir = tmp.path().join("out");
    let out = qbfgames(&["generate", s(&suite), "--out", s(&out_dir)]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("bad.toml:9:10: model file `missing/domain.ig` does not exist"), "{err}");
    assert!(!out_dir.exists(), "nothing written");
}

#[test]
fn generate_certify_fills_the_answers_beyond_the_reference_and_confirms_the_others() {
    let tmp = tempfile::tempdir().expect("tmp");
    let suite = tmp.path().join("cert.toml");
    // `el` has reference answers; `tic` has none (expected = "none"), as a family beyond
    // the reference solver's budget would.
    fs::write(&suite, "name = \"cert\"\n[options]\nexpected = \"reference\"\n[[family]]\nname = \"el\"\nmodel = \"gttt\"\ndepths = [1, 3]\nencodings = [\"corplus\"]\nformats = [\"qdimacs\"]\n[family.grid]\nshape = \"el\"\nboard = 3\n[[family]]\nname = \"tic\"\nmodel = \"gttt\"\ndepths = [3]\nencodings = [\"corplus\", \"lifted\"]\nformats = [\"qdimacs\", \"qcir\"]\nexpected = \"none\"\n[family.grid]\nshape = \"tic\"\nboard = 3\n").expect("write");
    let config = Path::new(env!("CARGO_MANIFEST_DIR")).join("suite/solvers.toml");
    let out_dir = tmp.path().join("out");
    let out = qbfgames(&["generate", s(&suite), "--out", s(&out_dir), "--certify", "60", "--config", s(&config)]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("\ncertified 2 of 2 instances without a reference answer in "), "{stdout}");
    assert!(stdout.contains("; 0 timed out; confirmed 2 of 2 answered instances"), "{stdout}");
    let manifest = fs::read_to_string(out_dir.join("manifest.csv")).expect("manifest");
    let rows = |family: &str| manifest.lines().filter(|l| l.contains(&format!(",{family},gttt,"))).collect::<Vec<_>>();
    assert_eq!(rows("el").len(), 2, "{manifest}");
    assert!(rows("el").iter().all(|l| l.contains(",false,reference+certificate,")), "{manifest}");
    assert_eq!(rows("tic").len(), 3, "{manifest}");
    assert!(rows("tic").iter().all(|l| l.contains(",false,certificate,")), "the QCIR row too: {manifest}");
    let scratch = fs::read_dir(&out_dir).expect("read_dir").flatten().map(|e| e.file_name()).collect::<Vec<_>>();
    assert!(!scratch.iter().any(|n| n.to_string_lossy().starts_with(".certify")), "{scratch:?}");
    let verified = qbfgames(&["manifest", "verify", s(&out_dir)]);
    assert!(verified.status.success(), "`certificate` is a source verify accepts: {}", text(&verified.stderr));
}

#[test]
fn depth_finds_the_critical_depth_by_iterative_deepening_with_depqbf() {
    let tmp = tempfile::tempdir().expect("tmp");
    let suite = small_suite(tmp.path(), r#"["qcir", "qdimacs", "bddl"]"#, r#"["qdimacs", "gdl"]"#);
    let config = Path::new(env!("CARGO_MANIFEST_DIR")).join("suite/solvers.toml");
    let out = qbfgames(&[
        "depth",
        s(&suite),
        "--family",
        "httt",
        "--solver",
        "depqbf",
        "--max-depth",
        "5",
        "--timeout",
        "30",
        "--format",
        "csv",
        "--config",
        s(&config),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    // Shaik & van de Pol, Table 2: 3×3 domino is won at depth 3, el at depth 5.
    assert!(table.lines().any(|l| l.contains("3x3_domino") && l.contains(",win at 3,")), "{table}");
    assert!(table.lines().any(|l| l.contains("3x3_el") && l.contains(",win at 5,")), "{table}");
}

/// Every suite file shipped in `suite/` is valid and draws no warning: no BDDL depth past a
/// full board, no Kayles ply limit past the last ply at which Black can win (which would
/// pad a ladder with the same game).
#[test]
fn every_shipped_suite_is_valid_without_warnings() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("suite");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).expect("suite/ lists") {
        let path = entry.expect("a suite/ entry").path();
        if path.extension().is_none_or(|e| e != "toml")
            || path.file_stem().is_some_and(|n| n == "solvers" || n == "cluster")
        {
            continue;
        }
        let out = qbfgames(&["suite", "check", s(&path)]);
        let name = path.display();
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains("is valid"), "{name}: {}", text(&out.stdout));
        assert!(!text(&out.stderr).contains("warning"), "{name}: {}", text(&out.stderr));
        seen += 1;
    }
    assert!(seen >= 10, "only {seen} suites under suite/");
}

#[test]
fn suite_check_warns_once_per_graph_of_kayles_ply_limits_past_the_last_win() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let suite = dir.path().join("padded.toml");
    let family = "[[family]]\nname = \"k\"\ndescription = \"d\"\nsource = \"s\"\nmodel = \"kayles\"\n\
                  encodings = [\"onehot\", \"compact\"]\nformats = [\"qdimacs\"]\ndepths = { from = 7, to = 11 }\n\
                  [family.grid]\ngraph = \"gnp\"\nn = 20\np = 0.12\nseed = 1\n";
    std::fs::write(&suite, format!("name = \"padded\"\ndescription = \"d\"\n{family}")).expect("the suite is written");
    let out = qbfgames(&["suite", "check", s(&suite)]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let warnings: Vec<String> =
        text(&out.stderr).lines().filter(|l| l.starts_with("warning")).map(String::from).collect();
    // G(20, 0.12), seed 1: a largest independent set of 8 vertices, so Black wins by ply 8
    // or never.
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("/d=9-11/onehot,compact: ply limit past ply 8"), "{}", warnings[0]);
    assert!(warnings[0].contains("largest independent set has 8 vertices"), "{}", warnings[0]);
}

/// Issue 36, item 4: `generate demo --out demo` run twice failed with "demo: Is a
/// directory": the output folder shadowed the shipped suite's name.
#[test]
fn a_folder_named_like_a_shipped_suite_leaves_the_name_to_the_suite() {
    let tmp = tempfile::tempdir().expect("tmp");
    let generate = || {
        Command::new(env!("CARGO_BIN_EXE_qbfgames"))
            .current_dir(tmp.path())
            .env("XDG_CACHE_HOME", tmp.path().join("cache"))
            .args(["generate", "demo", "--out", "demo"])
            .output()
            .expect("qbfgames runs")
    };
    for run in ["first", "second"] {
        let out = generate();
        assert!(out.status.success(), "{run} run: {}", text(&out.stderr));
    }
    assert!(tmp.path().join("demo/manifest.csv").is_file());
    let folder = Command::new(env!("CARGO_BIN_EXE_qbfgames"))
        .current_dir(tmp.path())
        .args(["suite", "check", "cache"])
        .output()
        .expect("qbfgames runs");
    let err = text(&folder.stderr);
    assert!(!folder.status.success() && err.contains("cache: a folder, not a suite file"), "{err}");
}

/// Issue 36, item 5: `suite check` said "valid" when a model file did not parse, and
/// `generate` then failed but left instance files and no manifest.
#[test]
fn a_model_that_does_not_parse_fails_suite_check_and_generate_writes_nothing() {
    let tmp = tempfile::tempdir().expect("tmp");
    let suite = small_suite(tmp.path(), r#"["qdimacs"]"#, r#"["qdimacs"]"#);
    let kif = tmp.path().join("games/gdl/tictactoe.kif");
    let game = fs::read_to_string(&kif).expect("the game");
    fs::write(&kif, format!("{game}\n(<= (legal ?p noop)\n")).expect("write");
    let line = game.lines().count() + 2;
    let checked = qbfgames(&["suite", "check", s(&suite)]);
    let err = text(&checked.stderr);
    assert_eq!(checked.status.code(), Some(1), "not valid: {}", text(&checked.stdout));
    assert!(err.contains(&format!("tictactoe.kif:{line}:")), "the model's error at its place: {err}");
    let out_dir = tmp.path().join("out");
    let generated = qbfgames(&["generate", s(&suite), "--out", s(&out_dir)]);
    assert_eq!(generated.status.code(), Some(1), "{}", text(&generated.stderr));
    assert!(!out_dir.exists(), "nothing written before every model loaded");
}

/// Issue 36, item 5: a job that fails after others were written (a GTTT board too large
/// to encode) leaves no instance file that no manifest lists.
#[test]
fn a_job_failing_after_others_removes_what_the_run_wrote() {
    let tmp = tempfile::tempdir().expect("tmp");
    let suite = small_suite(tmp.path(), r#"["qdimacs"]"#, r#"["qdimacs"]"#);
    let big = "[[family]]\nname = \"big\"\nmodel = \"gttt\"\ndepths = [3]\nencodings = [\"corplus\"]\nformats = [\"qdimacs\"]\nexpected = \"none\"\n[family.grid]\nshape = \"tic\"\nboard = 1003\n";
    let text_of_suite = fs::read_to_string(&suite).expect("suite");
    fs::write(&suite, format!("{text_of_suite}{big}")).expect("write");
    let out_dir = tmp.path().join("out");
    let failed = qbfgames(&["generate", s(&suite), "--out", s(&out_dir)]);
    assert_eq!(failed.status.code(), Some(1), "{}", text(&failed.stderr));
    assert!(
        !out_dir.exists(),
        "a new folder is removed: {:?}",
        out_dir.exists().then(|| tree(&out_dir).into_keys().collect::<Vec<_>>())
    );

    fs::write(&suite, &text_of_suite).expect("write");
    assert!(qbfgames(&["generate", s(&suite), "--out", s(&out_dir)]).status.success());
    let before = tree(&out_dir);
    fs::write(&suite, format!("{}{big}", text_of_suite.replace("depths = [1, 3]", "depths = [1, 3, 5]")))
        .expect("write");
    let failed = qbfgames(&["generate", s(&suite), "--out", s(&out_dir)]);
    assert_eq!(failed.status.code(), Some(1), "{}", text(&failed.stderr));
    assert!(tree(&out_dir) == before, "the earlier run's folder as it was");
}

/// Issue 36, items 2 and 11: off a terminal `generate` prints a line per family (a bar is
/// invisible in a log), and `suite check` warns of a BDDL depth past a full board.
#[test]
fn generate_logs_a_line_per_family_and_suite_check_warns_of_a_full_board() {
    let tmp = tempfile::tempdir().expect("tmp");
    let suite = small_suite(tmp.path(), r#"["qdimacs"]"#, r#"["qdimacs"]"#);
    let out = qbfgames(&["generate", s(&suite), "--out", s(&tmp.path().join("out"))]);
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("generating 6 job(s) and 0 ladder(s) of small into"), "{err}");
    assert!(err.contains("] family httt: 4 job(s) done") && err.contains("] family tictactoe: 2 job(s) done"), "{err}");

    let deep = fs::read_to_string(&suite).expect("suite").replace("depths = [1, 3]", "depths = [9, 10]");
    fs::write(&suite, deep).expect("write");
    let checked = qbfgames(&["suite", "check", s(&suite)]);
    let err = text(&checked.stderr);
    assert!(checked.status.success(), "a warning, not an error: {err}");
    let warnings: Vec<&str> = err.lines().filter(|l| l.starts_with("warning: ")).collect();
    assert_eq!(warnings.len(), 2, "domino and el at depth 10: {err}");
    assert!(
        warnings.iter().all(|w| w.contains("/d=10/") && w.contains("goes past a full board (after 9 plies)")),
        "{err}"
    );
}
