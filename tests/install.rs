//! The installed binary works anywhere: `make install-files` puts the test's binary, the
//! shipped suites and models and the solvers under a temporary prefix; then, from a folder
//! outside the checkout, with a fresh home (no user configuration), qbfgames finds a
//! shipped suite by name, finds the solvers through the installed configuration, and
//! generates, runs, reports and packages a suite kept in that folder. No output may contain
//! the checkout's or the home folder's absolute path.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common;

use common::small_suite;

fn checked(output: Output, what: &str) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "{what}: {stdout}{}", String::from_utf8_lossy(&output.stderr));
    stdout
}

/// Every file under `dir` (recursively), gzip'd ones unpacked.
fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("a readable folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let bytes = std::fs::read(&path).expect("a readable file");
                let bytes = if path.extension().is_some_and(|e| e == "gz") {
                    let mut text = Vec::new();
                    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut text).expect("gzip");
                    text
                } else {
                    bytes
                };
                out.push((path, bytes));
            }
        }
    }
    out
}

#[test]
fn an_installed_binary_generates_runs_reports_and_packages_from_anywhere_without_leaking_paths() {
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let prefix = tmp.path().join("prefix");
    let install = Command::new("make")
        .current_dir(checkout)
        .args(["-s", "install-files"])
        .arg(format!("PREFIX={}", prefix.display()))
        .arg(format!("BIN={}", env!("CARGO_BIN_EXE_qbfgames")))
        .output()
        .expect("make runs");
    checked(install, "make install-files");
    for file in ["share/bash-completion/completions/qbfgames", "share/man/man1/qbfgames.1"] {
        let text = std::fs::read_to_string(prefix.join(file)).unwrap_or_default();
        assert!(text.contains("qbfgames"), "make install writes {file}");
    }

    let work = tmp.path().join("work");
    let home = tmp.path().join("home");
    std::fs::create_dir_all(&home).expect("a home");
    let suite = small_suite(&work, r#"["qdimacs"]"#, r#"["qdimacs"]"#);
    // Nothing of the checkout on PATH: the solvers come through the installed configuration.
    let path = std::env::var("PATH").unwrap_or_default();
    let checkout_text = checkout.display().to_string();
    let path: Vec<&str> = path.split(':').filter(|p| !p.starts_with(checkout_text.as_str())).collect();
    let path = path.join(":");
    let qbfgames = |args: &[&str]| {
        let output = Command::new(prefix.join("bin/qbfgames"))
            .current_dir(&work)
            .env("HOME", &home)
            .env("PATH", &path)
            .env_remove("XDG_CONFIG_HOME")
            .env_remove("XDG_CACHE_HOME")
            .env_remove("QBFGAMES_SOLVERS")
            .args(args)
            .output()
            .expect("the installed qbfgames runs");
        checked(output, &args.join(" "))
    };
    let listing = qbfgames(&["suite", "list", "corplus"]);
    assert!(listing.lines().count() > 100, "a shipped suite by name:\n{listing}");
    let suite_name = suite.file_name().and_then(|n| n.to_str()).expect("a name");
    qbfgames(&["generate", suite_name, "--out", "out", "--jobs", "2"]);
    let run = qbfgames(&["run", "out", "--solvers", "depqbf,caqe", "--timeout", "20", "--jobs", "2"]);
    let results = std::fs::read_to_string(work.join("out/results.csv")).expect("results.csv");
    for solver in ["depqbf", "caqe"] {
        let answered = results
            .lines()
            .filter(|l| l.contains(&format!(",{solver},")) && (l.contains(",true,") || l.contains(",false,")))
            .count();
        assert_eq!(answered, 6, "{solver} answered every job through the installed configuration:\n{run}\n{results}");
    }
    qbfgames(&["report", "out"]);
    qbfgames(&["package", "out", "-o", "out.tar.xz"]);
    let unpacked = work.join("unpacked");
    std::fs::create_dir_all(&unpacked).expect("a folder");
    let tar = Command::new("tar").arg("-xJf").arg(work.join("out.tar.xz")).arg("-C").arg(&unpacked).output();
    checked(tar.expect("tar runs"), "tar");

    let real_home = std::env::var("HOME").unwrap_or_default();
    let mut forbidden = vec![checkout.display().to_string(), home.display().to_string()];
    if real_home.len() > 1 {
        forbidden.push(real_home);
    }
    let mut leaks = Vec::new();
    for (path, bytes) in files(&work.join("out")).into_iter().chain(files(&unpacked)) {
        let text = String::from_utf8_lossy(&bytes);
        for needle in &forbidden {
            if text.contains(needle.as_str()) {
                leaks.push(format!("{} contains {needle}", path.display()));
            }
        }
    }
    assert!(leaks.is_empty(), "absolute paths of this machine in the outputs:\n{}", leaks.join("\n"));
}

/// `cargo install` copies the binary alone: no prefix, no checkout. The suites built into it
/// are unpacked to the cache folder and found by name, the built-in solvers configuration
/// looks the solvers up on PATH, and a shipped suite generates from any directory.
#[test]
fn a_binary_without_prefix_or_checkout_uses_its_built_in_suites() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let bin = tmp.path().join("cargo/bin");
    std::fs::create_dir_all(&bin).expect("a bin folder");
    std::fs::copy(env!("CARGO_BIN_EXE_qbfgames"), bin.join("qbfgames")).expect("the binary copies");
    let work = tmp.path().join("work");
    let home = tmp.path().join("home");
    std::fs::create_dir_all(&work).expect("a work folder");
    let qbfgames = |args: &[&str]| {
        Command::new(bin.join("qbfgames"))
            .current_dir(&work)
            .env("HOME", &home)
            .env_remove("XDG_CONFIG_HOME")
            .env_remove("XDG_CACHE_HOME")
            .env_remove("QBFGAMES_SOLVERS")
            .args(args)
            .output()
            .expect("the copied qbfgames runs")
    };
    let suites = checked(qbfgames(&["list", "suites"]), "list suites");
    for name in ["default", "corplus", "demo", "geography"] {
        assert!(suites.contains(name), "the built-in suites include {name}:\n{suites}");
    }
    let solvers = qbfgames(&["solvers"]);
    let stderr = String::from_utf8_lossy(&solvers.stderr);
    assert!(stderr.contains(".cache/qbfgames/suite-"), "the built-in configuration is in use:\n{stderr}");
    checked(qbfgames(&["generate", "demo", "--out", "demo"]), "generate demo");
    let manifest = std::fs::read_to_string(work.join("demo/manifest.csv")).expect("a manifest");
    let header: Vec<&str> = manifest.lines().next().unwrap_or_default().split(',').collect();
    let job = header.iter().position(|c| *c == "job").expect("a job column");
    let mut jobs: Vec<&str> = manifest.lines().skip(1).filter_map(|l| l.split(',').nth(job)).collect();
    jobs.dedup();
    assert_eq!(jobs.len(), 9, "the demo suite's nine jobs:\n{manifest}");
    assert!(!manifest.contains(&home.display().to_string()), "no cache path in the manifest:\n{manifest}");
    let unpacked: Vec<_> = std::fs::read_dir(home.join(".cache/qbfgames")).expect("the cache").flatten().collect();
    assert_eq!(unpacked.len(), 1, "one unpacked copy, reused by every call");
}
