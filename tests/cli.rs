//! The `qbfgames` binary as a user runs it: files in a temporary directory, real DepQBF.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const QCIR: &str = "#QCIR-G14\nforall(x)\nexists(y, z)\noutput(g)\nh = xor(x, y)\ng = and(h, z)\n";
const QDIMACS: &str = "c example\np cnf 3 2\na 1 0\ne 2 3 0\n1 2 0\n-1 3 0\n";

struct Dir(tempfile::TempDir);

impl Dir {
    fn new() -> Dir {
        Dir(tempfile::tempdir().expect("a temporary directory"))
    }
    fn file(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let path = self.0.path().join(name);
        fs::write(&path, bytes).expect("write a fixture");
        path
    }
    fn path(&self, name: &str) -> PathBuf {
        self.0.path().join(name)
    }
}

fn qbfgames(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qbfgames"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start qbfgames");
    if let Some(mut pipe) = child.stdin.take() {
        pipe.write_all(stdin.unwrap_or_default()).expect("write stdin");
    }
    child.wait_with_output().expect("qbfgames runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn s(p: &Path) -> &str {
    p.to_str().expect("temporary paths are UTF-8")
}

#[test]
fn stats_reads_plain_gzip_and_stdin_inputs_alike() {
    let dir = Dir::new();
    let plain = dir.file("a.qdimacs", QDIMACS.as_bytes());
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(QDIMACS.as_bytes()).expect("compress");
    let packed = dir.file("a.qdimacs.gz", &gz.finish().expect("compress"));
    let out = qbfgames(&["stats", "--csv", s(&plain), s(&packed), "-"], Some(QCIR.as_bytes()));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let csv = text(&out.stdout);
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows[0], "file,format,vars,universal,existential,blocks,clauses,literals,gates,inputs");
    assert!(rows[1].ends_with(",qdimacs,3,1,2,2,2,4,,"), "{}", rows[1]);
    assert!(rows[2].ends_with(",qdimacs,3,1,2,2,2,4,,"), "{}", rows[2]);
    assert_eq!(rows[3], "-,qcir,3,1,2,2,,,2,4");
}

#[test]
fn hash_names_instances_by_sha256_and_gbd_identifier() {
    let dir = Dir::new();
    let plain = dir.file("a.qdimacs", QDIMACS.as_bytes());
    let reformatted = dir.file("b.qdimacs", b"p cnf 3 2\na 1 0\ne 2 3 0\n1 2 0 -1 3 0\n");
    let out = qbfgames(&["hash", "--format", "csv", s(&plain), s(&reformatted)], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let csv = text(&out.stdout);
    let rows: Vec<Vec<&str>> = csv.lines().skip(1).map(|l| l.split(',').collect()).collect();
    assert_eq!(rows[0][0], qbf::identity::sha256_hex(QDIMACS.as_bytes()));
    assert_ne!(rows[0][0], rows[1][0], "different bytes, different SHA-256");
    assert_eq!(rows[0][1], rows[1][1], "same tokens, same GBD identifier");
}

#[test]
fn convert_writes_qdimacs_that_depqbf_solves_with_both_clause_forms() {
    let dir = Dir::new();
    let input = dir.file("g.qcir", QCIR.as_bytes());
    let depqbf = harness::solver("depqbf").expect("depqbf installed by `make test`");
    for form in ["tseitin", "polarity"] {
        let output = dir.path("g.qdimacs");
        let args = vec!["convert", s(&input), "-o", s(&output), "--clause-form", form];
        let out = qbfgames(&args, None);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let bytes = fs::read(&output).expect("converted file");
        // ∀x ∃y,z. (x ⊕ y) ∧ z is true.
        let answer = harness::solve_qdimacs(&depqbf, &bytes, std::time::Duration::from_secs(10)).expect("run depqbf");
        assert_eq!(answer, harness::Outcome::Solved(contract::Verdict::True), "{form}");
    }
}

#[test]
fn stats_and_convert_read_a_qcir_body_without_its_header() {
    let dir = Dir::new();
    let body = QCIR.split_once('\n').map_or("", |(_, rest)| rest);
    let input = dir.file("peer.qcir", format!("# as Q-sage writes it\n{body}").as_bytes());
    let out = qbfgames(&["stats", s(&input)], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).lines().nth(1).is_some_and(|l| l.contains(" qcir ")), "{}", text(&out.stdout));
    let output = dir.path("peer.qdimacs");
    let out = qbfgames(&["convert", s(&input), "-o", s(&output)], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let depqbf = harness::solver("depqbf").expect("depqbf installed by `make test`");
    let bytes = fs::read(&output).expect("converted file");
    let answer = harness::solve_qdimacs(&depqbf, &bytes, std::time::Duration::from_secs(10)).expect("run depqbf");
    assert_eq!(answer, harness::Outcome::Solved(contract::Verdict::True));
}

#[test]
fn bad_input_names_file_line_and_column_and_writes_nothing() {
    let dir = Dir::new();
    let input = dir.file("bad.qcir", b"#QCIR-G14\nexists(a)\noutput(g)\ng = nand(a, a)\n");
    let output = dir.path("never.qdimacs");
    let out = qbfgames(&["convert", s(&input), "-o", s(&output)], None);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("bad.qcir:4:5: unknown gate type `nand`"), "{err}");
    assert!(err.contains("help:"), "{err}");
    assert!(!output.exists(), "nothing half-written");
    let leftovers: Vec<_> = fs::read_dir(dir.0.path())
        .expect("list")
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with(".qbfgames-"))
        .collect();
    assert!(leftovers.is_empty(), "no temporary files left");

    for (name, bytes, want) in [
        (
            "given.qdimacs",
            &b"c made elsewhere\np cnf 1 1\n1 0\n"[..],
            "given.qdimacs:2:1: expected the `#QCIR-G14` header, found a QDIMACS `p` line",
        ),
        (
            "garbage.qcir",
            &b"\n  #QCIR-G41 3\noutput(1)\n"[..],
            "garbage.qcir:2:3: expected the `#QCIR-G14` header, found `#QCIR-G41`",
        ),
    ] {
        let out = qbfgames(&["convert", s(&dir.file(name, bytes)), "-o", s(&output)], None);
        assert_eq!(out.status.code(), Some(1), "{name}");
        assert!(text(&out.stderr).contains(want), "{name}: {}", text(&out.stderr));
    }

    let missing = qbfgames(&["stats", s(&dir.path("missing.qdimacs"))], None);
    assert_eq!(missing.status.code(), Some(1));
    assert!(text(&missing.stderr).contains("missing.qdimacs"), "{}", text(&missing.stderr));
}
