//! Records the git commit the binary is built from (`QBFGAMES_COMMIT`, `unknown` outside
//! a git checkout): `qbfgames package` writes it into every archive's `VERSION`.

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
}
