//! `qbfgames package --check`: a package passes as an organiser reads it, and each kind of
//! damage an organiser meets fails it with a located message.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common;
use common::small_suite;

fn qbfgames(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qbfgames")).args(args).output().expect("qbfgames runs")
}

fn s(p: &Path) -> &str {
    p.to_str().expect("UTF-8 temporary paths")
}

fn sh(dir: &Path, script: &str) {
    let status = Command::new("/bin/sh").args(["-c", script]).current_dir(dir).status().expect("sh runs");
    assert!(status.success(), "{script}");
}

/// Checks `archive`; the exit code and standard error.
fn check(archive: &Path) -> (Option<i32>, String) {
    let out = qbfgames(&["package", "--check", s(archive)]);
    (out.status.code(), String::from_utf8_lossy(&out.stderr).to_string())
}

/// Unpacks `archive` into a fresh folder under `tmp`, applies `damage` there (a shell
/// script run in the unpacked `small/`), and packs it again as `NAME.tar.xz`.
fn damaged(tmp: &Path, archive: &Path, name: &str, damage: &str, pack: &str) -> PathBuf {
    let dir = tmp.join(name);
    fs::create_dir_all(&dir).expect("mkdir");
    sh(&dir, &format!("tar -xJf {}", s(archive)));
    sh(&dir.join("small"), damage);
    sh(&dir, &format!("tar -cJf ../{name}.tar.xz {pack}"));
    tmp.join(format!("{name}.tar.xz"))
}

#[test]
fn a_package_passes_and_each_damage_fails_with_its_place() {
    let tmp = tempfile::tempdir().expect("tmp");
    let suite = small_suite(tmp.path(), r#"["qcir", "qdimacs"]"#, r#"["qdimacs"]"#);
    let out = tmp.path().join("small");
    assert!(qbfgames(&["generate", s(&suite), "--out", s(&out)]).status.success());
    let archive = tmp.path().join("small.tar.xz");
    assert!(qbfgames(&["package", s(&out), "-o", s(&archive)]).status.success());
    let (code, stderr) = check(&archive);
    assert_eq!(code, Some(0), "{stderr}");

    let with = tmp.path().join("with.tar.xz");
    let early = qbfgames(&["package", s(&out), "-o", s(&with), "--preprocessed"]);
    assert!(String::from_utf8_lossy(&early.stderr).contains("--preprocessors NAME"), "no run, no preprocessed track");
    let solvers = Path::new(env!("CARGO_MANIFEST_DIR")).join("suite/solvers.toml");
    let ran = qbfgames(&["run", s(&out), "--config", s(&solvers), "--solvers", "depqbf", "--preprocessors", "bloqqer"]);
    assert!(ran.status.success(), "{}", String::from_utf8_lossy(&ran.stderr));
    assert!(qbfgames(&["package", s(&out), "-o", s(&with), "--preprocessed"]).status.success());
    let (code, stderr) = check(&with);
    assert_eq!(code, Some(0), "Bloqqer's output passes as strict QDIMACS 1.1: {stderr}");
    let listing = Command::new("tar").args(["-tJf", s(&with)]).output().expect("tar runs");
    let listing = String::from_utf8_lossy(&listing.stdout);
    let readme = Command::new("tar").args(["-xJOf", s(&with), "with/README.md"]).output().expect("tar runs");
    let readme = String::from_utf8_lossy(&readme.stdout);
    let line = readme.lines().find(|l| l.starts_with("Track `qdimacs-preprocessed/`")).unwrap_or_default();
    let count = listing.lines().filter(|l| l.starts_with("with/qdimacs-preprocessed/")).count();
    assert!(line.contains(&format!("on {count} QDIMACS instances")), "{line}\n{listing}");

    let qdimacs = "qdimacs/httt/httt-3x3_el-d3-black.qdimacs";
    let truncated = damaged(
        tmp.path(),
        &archive,
        "truncated",
        &format!("head -c 40 {qdimacs}.gz > x && mv x {qdimacs}.gz"),
        "small",
    );
    let (code, stderr) = check(&truncated);
    assert_eq!(code, Some(1));
    assert!(stderr.contains(&format!("truncated.tar.xz:{qdimacs}.gz: not a complete gzip stream")), "{stderr}");

    let header = damaged(
        tmp.path(),
        &archive,
        "header",
        &format!("gunzip {qdimacs}.gz && sed -i 's/^p cnf \\([0-9]*\\) \\([0-9]*\\)/p cnf \\1 9\\2/' {qdimacs} && gzip {qdimacs}"),
        "small",
    );
    let (code, stderr) = check(&header);
    assert_eq!(code, Some(1));
    assert!(stderr.contains(&format!("header.tar.xz:{qdimacs}.gz:")) && stderr.contains("clause"), "{stderr}");

    let twice = damaged(tmp.path(), &archive, "twice", "true", "small small/README.md");
    let (code, stderr) = check(&twice);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("twice.tar.xz:small/README.md: "), "{stderr}");

    let readme = damaged(tmp.path(), &archive, "readme", "sed -i '/^| httt |/d' README.md", "small");
    let (code, stderr) = check(&readme);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("readme.tar.xz:README.md: no row for family `httt`"), "{stderr}");
}
