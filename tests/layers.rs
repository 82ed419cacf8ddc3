//! The house's structure, asserted: crates import only crates of lower layers, and no two
//! modules of a crate import each other, directly or around a circle.
//!
//! The layers are the pipeline's: the contract at the bottom, then the QBF core and the
//! harness that runs solvers, the certification of solver answers (over both), then the
//! reports (over results) and the games' shared interface `gamekit` (encodings, the model
//! seam, the generic strategy; over the QBF core, the harness and certification), the game
//! crates (a game may build on another: positional games on BDDL, Kayles on geography's
//! graphs), the registry that names every game, the suites that name the models,
//! verification of published tables and tuning (over suites), and the binary.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Every workspace crate and its layer; a crate may depend on crates of lower layers only
/// (dev-dependencies: of lower layers or its own). A game crate that builds on another game
/// is listed; one over `gamekit` alone need not be (see [`GAME`]).
const LAYERS: &[(&str, u32)] = &[
    ("contract", 0),
    ("qbf", 1),
    ("harness", 1),
    ("certify", 2),
    ("reports", 3),
    ("gamekit", 3),
    ("game-bddl", 4),
    ("game-gdl", 4),
    ("game-geography", 4),
    ("game-positional", 5),
    ("game-kayles", 5),
    ("game-registry", 6),
    ("suites", 7),
    ("verify", 8),
    ("tune", 8),
    ("qbfgames", 9),
];

/// The layer of a crate in `generators/games/` that [`LAYERS`] does not list: a game over
/// `gamekit` alone, so that a new game is its crate and its registry line.
const GAME: u32 = 4;

struct Package {
    name: String,
    /// The crate's source root (the directory of its Cargo.toml, then `src`).
    src: PathBuf,
    /// Workspace dependencies: (name, is a dev-dependency).
    deps: Vec<(String, bool)>,
}

fn workspace() -> Vec<Package> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap_or_else(|e| panic!("cargo metadata: {e}"));
    assert!(out.status.success(), "cargo metadata: {}", String::from_utf8_lossy(&out.stderr));
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("metadata JSON: {e}"));
    let packages = meta["packages"].as_array().cloned().unwrap_or_default();
    let members: BTreeSet<String> = packages.iter().filter_map(|p| p["name"].as_str()).map(String::from).collect();
    packages
        .iter()
        .map(|p| {
            let manifest = PathBuf::from(p["manifest_path"].as_str().unwrap_or_default());
            let deps = p["dependencies"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|d| {
                    let name = d["name"].as_str()?;
                    members.contains(name).then(|| (name.to_string(), d["kind"].as_str() == Some("dev")))
                })
                .collect();
            Package {
                name: p["name"].as_str().unwrap_or_default().to_string(),
                src: manifest.parent().unwrap_or(Path::new(".")).join("src"),
                deps,
            }
        })
        .collect()
}

#[test]
fn crates_import_only_lower_layers() {
    let packages = workspace();
    let mut layer: BTreeMap<&str, u32> = LAYERS.iter().copied().collect();
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("generators/games");
    for package in &packages {
        if package.src.starts_with(&games) {
            layer.entry(package.name.as_str()).or_insert(GAME);
        }
    }
    let mut wrong = Vec::new();
    for package in &packages {
        let Some(&own) = layer.get(package.name.as_str()) else {
            wrong.push(format!("crate `{}` has no layer in tests/layers.rs", package.name));
            continue;
        };
        for (dep, dev) in &package.deps {
            let theirs = layer.get(dep.as_str()).copied().unwrap_or(u32::MAX);
            let allowed = if *dev { theirs <= own } else { theirs < own };
            if !allowed {
                let kind = if *dev { "dev-dependency" } else { "dependency" };
                wrong.push(format!("{} (layer {own}) has the {kind} {dep} (layer {theirs})", package.name));
            }
        }
    }
    assert!(wrong.is_empty(), "edges against the layers:\n{}", wrong.join("\n"));
}

/// The module path of a source file: `src/a/b.rs` and `src/a/b/mod.rs` are `a::b`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap_or(file).with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        parts.pop();
    }
    parts
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The modules a file's `use` lines (not `pub use` re-exports) and `crate::`/`super::` paths
/// name, resolved to the longest module path that is a file of the crate. A file's unit
/// tests (from its `#[cfg(test)]` module on) are modules of their own, not counted.
fn imports(text: &str, here: &[String], modules: &BTreeSet<Vec<String>>) -> BTreeSet<Vec<String>> {
    let mut found = BTreeSet::new();
    let code: String = text
        .lines()
        .take_while(|l| l.trim() != "#[cfg(test)]")
        .filter(|l| !l.trim_start().starts_with("//") && !l.trim_start().starts_with("pub use"))
        .collect::<Vec<_>>()
        .join("\n");
    for (at, _) in code.match_indices("crate::").chain(code.match_indices("super::")) {
        let path: String = code[at..].chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
        let mut parts: Vec<&str> = path.split("::").filter(|p| !p.is_empty()).collect();
        let mut base: Vec<String> = Vec::new();
        match parts.first() {
            Some(&"crate") => {
                parts.remove(0);
            }
            _ => {
                base = here.to_vec();
                while parts.first() == Some(&"super") {
                    parts.remove(0);
                    base.pop();
                }
            }
        }
        let mut target = base;
        let mut best = None;
        for part in parts {
            target.push(part.to_string());
            if modules.contains(&target) {
                best = Some(target.clone());
            }
        }
        if let Some(module) = best {
            found.insert(module);
        }
    }
    found
}

#[test]
fn no_module_imports_around_a_circle() {
    let mut circles = Vec::new();
    for package in workspace() {
        let mut files = Vec::new();
        rust_files(&package.src, &mut files);
        let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(&package.src, f)).collect();
        let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
        for file in &files {
            let here = module_of(&package.src, file);
            let text = std::fs::read_to_string(file).unwrap_or_default();
            let targets = imports(&text, &here, &modules);
            // A module's own ancestors declare it; naming them is not an edge.
            let targets = targets.into_iter().filter(|t| *t != here && !here.starts_with(t)).collect();
            edges.insert(here, targets);
        }
        for start in edges.keys() {
            if let Some(path) = circle_through(start, &edges) {
                let names: Vec<String> = path.iter().map(|m| format!("{}::{}", package.name, m.join("::"))).collect();
                circles.push(names.join(" -> "));
            }
        }
    }
    circles.sort();
    circles.dedup();
    assert!(circles.is_empty(), "modules that import each other:\n{}", circles.join("\n"));
}

/// A path of imports from `start` back to `start`, if there is one.
fn circle_through(
    start: &Vec<String>,
    edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
) -> Option<Vec<Vec<String>>> {
    let mut stack = vec![(start.clone(), vec![start.clone()])];
    let mut seen = BTreeSet::new();
    while let Some((node, path)) = stack.pop() {
        for next in edges.get(&node).into_iter().flatten() {
            if next == start {
                let mut circle = path.clone();
                circle.push(start.clone());
                return Some(circle);
            }
            if seen.insert(next.clone()) {
                let mut longer = path.clone();
                longer.push(next.clone());
                stack.push((next.clone(), longer));
            }
        }
    }
    None
}

#[test]
fn the_circle_finder_sees_a_circle_and_resolves_super() {
    let modules: BTreeSet<Vec<String>> =
        [vec![], vec!["a".to_string()], vec!["b".to_string()], vec!["b".to_string(), "c".to_string()]].into();
    let from_c = imports("use super::super::a::Thing;\nuse crate::b::c;\n", &["b".into(), "c".into()], &modules);
    assert!(from_c.contains(&vec!["a".to_string()]));
    let mut edges = BTreeMap::new();
    edges.insert(vec!["a".to_string()], BTreeSet::from([vec!["b".to_string()]]));
    edges.insert(vec!["b".to_string()], BTreeSet::from([vec!["a".to_string()]]));
    assert!(circle_through(&vec!["a".to_string()], &edges).is_some());
    edges.insert(vec!["b".to_string()], BTreeSet::new());
    assert!(circle_through(&vec!["a".to_string()], &edges).is_none());
}

#[test]
fn no_command_imports_another_command() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src.join("commands"), &mut files);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(&src, f)).collect();
    let mut wrong = Vec::new();
    for file in &files {
        let here = module_of(&src, file);
        let text = std::fs::read_to_string(file).unwrap_or_default();
        for target in imports(&text, &here, &modules) {
            let command = |m: &[String]| m.get(1).cloned();
            if target.len() > 1 && command(&target) != command(&here) {
                wrong.push(format!("{} imports {}", here.join("::"), target.join("::")));
            }
        }
    }
    assert!(wrong.is_empty(), "commands importing commands (share through a library crate):\n{}", wrong.join("\n"));
}
