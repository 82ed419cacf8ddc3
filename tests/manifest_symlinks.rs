//! Regression tests of issue 18: nothing a manifest lists may lead out of the suite folder,
//! and `manifest verify --suite` finds rows deleted from both manifests. Symbolic links
//! under `DIR/instances/` made `generate` delete files elsewhere, made `generate` and
//! `manifest verify` loop, and let `manifest verify` and `run` read files outside `DIR`.

use std::fs;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common;

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

/// `qbfgames ARGS`, killed (and the test failed) if it runs longer than a minute.
fn qbfgames(args: &[&str]) -> Result<Output> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qbfgames"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let start = Instant::now();
    while child.try_wait()?.is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            child.kill()?;
            child.wait()?;
            return Err(format!("qbfgames {args:?} ran for a minute (loops?)").into());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Ok(child.wait_with_output()?)
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap_or_default()
}

/// The HTTT family of the small suite at depth 1, QDIMACS only, without expected answers
/// (no solver runs): two jobs, one per shape.
fn tiny_suite(dir: &Path) -> Result<PathBuf> {
    let suite = common::small_suite(dir, r#"["qdimacs"]"#, r#"["qdimacs"]"#);
    let full = fs::read_to_string(&suite)?;
    let httt = full.split("[[family]]\nname = \"tictactoe\"").next().unwrap_or_default();
    fs::write(&suite, httt.replace("expected = \"reference\"", "expected = \"none\"").replace("[1, 3]", "[1]"))?;
    Ok(suite)
}

/// A generated tiny suite in `TMP/out`; returns the suite file and the folder.
fn generated(tmp: &Path) -> Result<(PathBuf, PathBuf)> {
    let suite = tiny_suite(tmp)?;
    let out = tmp.join("out");
    let generated = qbfgames(&["generate", s(&suite), "--out", s(&out)])?;
    assert!(generated.status.success(), "{}", text(&generated.stderr));
    Ok((suite, out))
}

/// A folder outside the suite folder holding a content-addressed file, as an earlier
/// version of a suite leaves them.
fn elsewhere(tmp: &Path) -> Result<PathBuf> {
    let elsewhere = tmp.join("elsewhere");
    fs::create_dir_all(&elsewhere)?;
    fs::write(elsewhere.join(format!("{}.qdimacs", "a".repeat(64))), "p cnf 0 0\n")?;
    Ok(elsewhere)
}

fn assert_refused(out: &Output, link: &Path) {
    let err = text(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains(&format!("{}: a symbolic link", link.display())), "{err}");
    assert!(err.contains("help: remove the link"), "{err}");
}

#[test]
fn generate_refuses_a_link_under_instances_and_deletes_nothing_it_points_to() -> Result {
    let tmp = tempfile::tempdir()?;
    let (suite, out) = generated(tmp.path())?;
    let elsewhere = elsewhere(tmp.path())?;
    let link = out.join("instances/v");
    symlink(&elsewhere, &link)?;
    let again = qbfgames(&["generate", s(&suite), "--out", s(&out)])?;
    assert_refused(&again, &link);
    assert_eq!(fs::read_dir(&elsewhere)?.count(), 1, "the file the link leads to is still there");
    Ok(())
}

#[test]
fn generate_refuses_an_instances_folder_that_is_a_link() -> Result {
    let tmp = tempfile::tempdir()?;
    let suite = tiny_suite(tmp.path())?;
    let elsewhere = elsewhere(tmp.path())?;
    let out = tmp.path().join("out");
    fs::create_dir_all(&out)?;
    symlink(&elsewhere, out.join("instances"))?;
    let generated = qbfgames(&["generate", s(&suite), "--out", s(&out)])?;
    assert_refused(&generated, &out.join("instances"));
    assert_eq!(fs::read_dir(&elsewhere)?.count(), 1, "nothing written or deleted through the link");
    assert!(!out.join("manifest.csv").exists(), "nothing written");
    Ok(())
}

#[test]
fn links_to_the_folder_itself_make_neither_verify_nor_generate_loop() -> Result {
    let tmp = tempfile::tempdir()?;
    let (suite, out) = generated(tmp.path())?;
    for name in ["a", "b"] {
        symlink(".", out.join("instances").join(name))?;
    }
    let verified = qbfgames(&["manifest", "verify", s(&out)])?;
    assert_eq!(verified.status.code(), Some(1), "{}", text(&verified.stderr));
    let err = text(&verified.stderr);
    assert!(err.contains("instances/a: a symbolic link") && err.contains("instances/b: a symbolic link"), "{err}");
    let again = qbfgames(&["generate", s(&suite), "--out", s(&out)])?;
    assert_refused(&again, &out.join("instances/a"));
    Ok(())
}

/// The first QDIMACS file the manifest of `dir` lists, relative to `dir`.
fn first_instance(dir: &Path) -> Result<String> {
    let manifest = fs::read_to_string(dir.join("manifest.csv"))?;
    let path = manifest.lines().skip(1).flat_map(|l| l.split(',')).find(|f| f.ends_with(".qdimacs"));
    Ok(path.ok_or("a QDIMACS row")?.to_string())
}

/// Moves the listed file `path` of `dir` out of `dir`, leaving a link to it in its place.
fn replace_with_link(tmp: &Path, dir: &Path, path: &str) -> Result<PathBuf> {
    let outside = tmp.join("outside.qdimacs");
    fs::rename(dir.join(path), &outside)?;
    symlink(&outside, dir.join(path))?;
    Ok(outside)
}

#[test]
fn verify_reports_a_listed_file_that_is_a_link_to_a_file_outside() -> Result {
    let tmp = tempfile::tempdir()?;
    let (_, out) = generated(tmp.path())?;
    let path = first_instance(&out)?;
    replace_with_link(tmp.path(), &out, &path)?;
    let verified = qbfgames(&["manifest", "verify", s(&out)])?;
    let err = text(&verified.stderr);
    assert_eq!(verified.status.code(), Some(1), "{err}");
    assert!(err.contains(&format!("{path}: {} is a symbolic link", out.join(&path).display())), "{err}");
    Ok(())
}

#[test]
fn run_refuses_a_listed_file_that_is_a_link_to_a_file_outside() -> Result {
    let tmp = tempfile::tempdir()?;
    let (_, out) = generated(tmp.path())?;
    let path = first_instance(&out)?;
    replace_with_link(tmp.path(), &out, &path)?;
    let config = tmp.path().join("solvers.toml");
    fs::write(
        &config,
        "[solver.liar]\ncommand = [\"/bin/sh\", \"-c\", \"echo SAT; exit 10\", \"sh\", \"{input}\"]\nformats = [\"qdimacs\"]\nversion = \"1\"\nanswer_lines = { true = \"SAT\", false = \"UNSAT\" }\n",
    )?;
    let ran = qbfgames(&["run", s(&out), "--config", s(&config), "--solvers", "liar", "--timeout", "5"])?;
    let err = text(&ran.stderr);
    assert!(!ran.status.success(), "{err}");
    assert!(err.contains(&format!("{path}: {} is a symbolic link", out.join(&path).display())), "{err}");
    assert!(!out.join("results.jsonl").exists() || fs::read_to_string(out.join("results.jsonl"))?.is_empty());
    Ok(())
}

#[test]
fn verify_with_the_suite_finds_a_job_deleted_from_both_manifests_and_jobs_it_lacks() -> Result {
    let tmp = tempfile::tempdir()?;
    let (suite, out) = generated(tmp.path())?;
    let mut json: Vec<serde_json::Value> = serde_json::from_slice(&fs::read(out.join("manifest.json"))?)?;
    let job = json[0]["job"].as_str().ok_or("a job")?.to_string();
    for row in json.iter().filter(|r| r["job"] == job.as_str()) {
        for key in ["path", "map"] {
            let file = row[key].as_str().unwrap_or_default();
            if !file.is_empty() {
                fs::remove_file(out.join(file))?;
            }
        }
    }
    json.retain(|r| r["job"] != job.as_str());
    fs::write(out.join("manifest.json"), serde_json::to_string_pretty(&json)? + "\n")?;
    let csv = fs::read_to_string(out.join("manifest.csv"))?;
    let kept: String = csv.lines().filter(|l| !l.contains(&job)).map(|l| format!("{l}\n")).collect();
    fs::write(out.join("manifest.csv"), kept)?;

    let verified = qbfgames(&["manifest", "verify", s(&out), "--suite", s(&suite)])?;
    let err = text(&verified.stderr);
    assert_eq!(verified.status.code(), Some(1), "{err}");
    assert!(err.contains(&format!("job {job}: in the suite small, but no manifest row lists it")), "{err}");
    let copied = qbfgames(&["manifest", "verify", s(&out)])?;
    assert_eq!(copied.status.code(), Some(1), "the copy of the suite in DIR/models/ finds it too");
    fs::remove_dir_all(out.join("models"))?;
    let plain = qbfgames(&["manifest", "verify", s(&out)])?;
    assert!(plain.status.success(), "the files agree with both manifests: {}", text(&plain.stderr));

    let (deleted, kept) = if job.contains("shape=domino") { ("domino", "el") } else { ("el", "domino") };
    let text_of = fs::read_to_string(&suite)?;
    fs::write(&suite, text_of.replace("shape = [\"domino\", \"el\"]", &format!("shape = [\"{deleted}\"]")))?;
    let verified = qbfgames(&["manifest", "verify", s(&out), "--suite", s(&suite)])?;
    let err = text(&verified.stderr);
    assert_eq!(verified.status.code(), Some(1), "{err}");
    assert!(err.contains(&format!("shape={kept}/d=1/lifted): the suite small has no such job")), "{err}");
    assert!(err.contains(&format!("job {job}: in the suite small, but no manifest row lists it")), "{err}");
    Ok(())
}
