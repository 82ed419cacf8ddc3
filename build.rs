//! Records the git commit the binary is built from (`QBFGAMES_COMMIT`, `unknown` outside
//! a git checkout): `qbfgames package` writes it into every archive's `VERSION`.
//!
//! Embeds the shipped suites, game models and solvers configuration (`suite/`, about 2 MB)
//! as `OUT_DIR/shipped.rs`, so that a binary installed without its checkout (`cargo
//! install`) still finds them by name (`crate::locate`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let commit = Command::new("git")
        .args(["rev-parse", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|c| !c.is_empty())
        .unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=QBFGAMES_COMMIT={commit}");
    for path in [".git/HEAD", ".git/refs", ".git/packed-refs"] {
        println!("cargo:rerun-if-changed={path}");
    }
    embed_suite();
}

/// Every file under `dir` but hidden ones, in byte order of their paths.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        println!("cargo:rerun-if-changed={}", d.display());
        for entry in std::fs::read_dir(&d).expect("suite/ is readable").flatten() {
            let path = entry.path();
            if entry.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// FNV-1a over the files' names and bytes: names the cache folder the tree is unpacked to,
/// so that a binary with other suites never reads this one's.
fn fnv(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

fn embed_suite() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let suite = root.join("suite");
    let mut hash = 0xcbf2_9ce4_8422_2325;
    let mut code = String::from(
        "/// The shipped `suite/` tree: paths relative to it, and bytes.\npub const FILES: &[(&str, &[u8])] = &[\n",
    );
    for path in files(&suite) {
        println!("cargo:rerun-if-changed={}", path.display());
        let rel = path.strip_prefix(&suite).expect("under suite/").to_string_lossy().replace('\\', "/");
        hash = fnv(hash, rel.as_bytes());
        hash = fnv(hash, &std::fs::read(&path).expect("a readable suite file"));
        writeln!(code, "    ({rel:?}, include_bytes!({:?})),", path.display().to_string()).expect("a String");
    }
    writeln!(code, "];\n/// A hash of [`FILES`].\npub const HASH: &str = \"{hash:016x}\";").expect("a String");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("shipped.rs");
    std::fs::write(out, code).expect("OUT_DIR is writable");
}
