//! Run directories for the `qbfgames run` tests: instances with a manifest, the binary,
//! and the records it writes.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output, Stdio};

pub type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

const HEADER: &str = "id,gbd_id,family,game,params,encoding,format,depth,vars,universal,existential,blocks,clauses,literals,gates,expected,expected_by,path,generator_version";

/// Writes `DIR/instances/<family>/<sha256>.qdimacs` and `DIR/manifest.csv` for the given
/// formulas and expected answers.
pub fn instance_dir(formulas: &[(&str, String, &str)]) -> Result<tempfile::TempDir> {
    let dir = tempfile::tempdir()?;
    let mut manifest = format!("{HEADER}\n");
    for (family, text, expected) in formulas {
        let id = qbf::identity::sha256_hex(text.as_bytes());
        let rel = format!("instances/{family}/{id}.qdimacs");
        std::fs::create_dir_all(dir.path().join("instances").join(family))?;
        std::fs::write(dir.path().join(&rel), text)?;
        manifest.push_str(&format!("{id},-,{family},toy,,hand,qdimacs,1,0,0,0,0,0,0,0,{expected},hand,{rel},0.1.0\n"));
    }
    std::fs::write(dir.path().join("manifest.csv"), manifest)?;
    Ok(dir)
}

pub fn qbfgames() -> Command {
    Command::new(env!("CARGO_BIN_EXE_qbfgames"))
}

pub fn run(dir: &Path, args: &[&str]) -> Result<Output> {
    Ok(qbfgames().arg("run").arg(dir).args(args).stdin(Stdio::null()).output()?)
}

/// The records of `results.jsonl`, by key, with how often each key occurs.
pub fn records(dir: &Path) -> Result<(Vec<serde_json::Value>, BTreeMap<String, usize>)> {
    let text = std::fs::read_to_string(dir.join("results.jsonl"))?;
    let mut all = Vec::new();
    let mut count = BTreeMap::new();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line)?;
        *count.entry(v["key"].as_str().unwrap_or("").to_string()).or_insert(0) += 1;
        all.push(v);
    }
    Ok((all, count))
}

/// The statuses of `solver`'s records.
pub fn status_of(all: &[serde_json::Value], solver: &str) -> Vec<String> {
    all.iter().filter(|r| r["solver"] == solver).map(|r| r["status"].as_str().unwrap_or("").to_string()).collect()
}
