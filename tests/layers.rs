//! The house's structure, asserted: crates import only crates of their own or lower layers,
//! the layers being the folders, and no two modules of a crate import each other, directly
//! or around a circle (`pub use` re-exports and imports of ancestors included).
//!
//! The layers are the pipeline's, read from where a crate sits: the contract at the bottom,
//! then the QBF core and the harness that runs solvers, the certification of solver answers
//! (over both), then the reports (over results) and the games' shared interface `gamekit`
//! (encodings, the model seam, the generic strategy; over the QBF core, the harness and
//! certification), every game crate of `generators/games/` (a game may build on another:
//! positional games on BDDL; cargo refuses a circle), the registry that names every game,
//! the suites that name the models, verification of published tables and tuning (over
//! suites), and the binary. A new game's folder needs no line here.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The folders of the workspace and their layers, the most specific first: a crate's layer
/// is that of the first pattern its folder (relative to the workspace) matches; `*` matches
/// one folder name. A crate may depend on crates of its own layer or lower ones.
const FOLDERS: &[(&str, u32)] = &[
    ("generators/contract", 0),
    ("generators/qbf", 1),
    ("harness", 1),
    ("harness/certify", 2),
    ("reports", 3),
    ("generators/games/gamekit", 3),
    ("generators/games/registry", 5),
    ("generators/games/*", 4),
    ("generators/suites", 6),
    ("reports/verify", 7),
    ("reports/tune", 7),
    ("", 8),
];

/// The layer of a crate in `folder` (relative to the workspace, `/`-separated).
fn layer_of(folder: &str) -> Option<u32> {
    let matches = |pattern: &str| {
        let (p, f): (Vec<&str>, Vec<&str>) = (
            pattern.split('/').filter(|s| !s.is_empty()).collect(),
            folder.split('/').filter(|s| !s.is_empty()).collect(),
        );
        p.len() == f.len() && p.iter().zip(&f).all(|(p, f)| *p == "*" || p == f)
    };
    FOLDERS.iter().find(|(pattern, _)| matches(pattern)).map(|&(_, layer)| layer)
}

struct Package {
    name: String,
    /// The crate's folder, relative to the workspace.
    folder: String,
    /// The crate's source root (the directory of its Cargo.toml, then `src`).
    src: PathBuf,
    /// Workspace dependencies: (name, is a dev-dependency).
    deps: Vec<(String, bool)>,
}

fn workspace() -> Vec<Package> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .current_dir(root)
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
            let dir = manifest.parent().unwrap_or(Path::new(".")).to_path_buf();
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
                folder: dir.strip_prefix(root).unwrap_or(&dir).to_string_lossy().replace('\\', "/"),
                src: dir.join("src"),
                deps,
            }
        })
        .collect()
}

/// The edges of `packages` against the layers: a dependency on a crate of a higher layer
/// (a dev-dependency too), or a crate whose folder has no layer.
fn against_layers(packages: &[Package]) -> Vec<String> {
    let layer: BTreeMap<&str, Option<u32>> = packages.iter().map(|p| (p.name.as_str(), layer_of(&p.folder))).collect();
    let mut wrong = Vec::new();
    for package in packages {
        let Some(own) = layer_of(&package.folder) else {
            wrong.push(format!(
                "crate `{}` is in `{}`, a folder with no layer in tests/layers.rs",
                package.name, package.folder
            ));
            continue;
        };
        for (dep, dev) in &package.deps {
            let theirs = layer.get(dep.as_str()).copied().flatten().unwrap_or(u32::MAX);
            if theirs > own {
                let kind = if *dev { "dev-dependency" } else { "dependency" };
                wrong.push(format!("{} (layer {own}) has the {kind} {dep} (layer {theirs})", package.name));
            }
        }
    }
    wrong
}

#[test]
fn crates_import_only_their_own_or_lower_layers() {
    let wrong = against_layers(&workspace());
    assert!(wrong.is_empty(), "edges against the layers:\n{}", wrong.join("\n"));
}

#[test]
fn the_layer_check_sees_an_edge_upwards_and_a_folder_without_layer() {
    let package = |name: &str, folder: &str, deps: &[&str]| Package {
        name: name.into(),
        folder: folder.into(),
        src: PathBuf::new(),
        deps: deps.iter().map(|d| (d.to_string(), false)).collect(),
    };
    let fine = [
        package("game-new", "generators/games/new", &["gamekit"]),
        package("gamekit", "generators/games/gamekit", &[]),
    ];
    assert!(against_layers(&fine).is_empty());
    let upwards = [package("harness", "harness", &["suites"]), package("suites", "generators/suites", &[])];
    assert_eq!(against_layers(&upwards), ["harness (layer 1) has the dependency suites (layer 6)"]);
    let astray = [package("stray", "elsewhere/stray", &[])];
    assert_eq!(against_layers(&astray).len(), 1);
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

/// A use tree with its whitespace normalized: none around `::`, braces and commas, one
/// space elsewhere (`a as b`).
fn normalize(tree: &str) -> String {
    let spaced = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    let chars: Vec<char> = spaced.chars().collect();
    let tight = |c: Option<&char>| c.is_some_and(|c| "{},:".contains(*c));
    chars
        .iter()
        .enumerate()
        .filter(|&(i, &c)| {
            !(c == ' ' && (tight(i.checked_sub(1).and_then(|j| chars.get(j))) || tight(chars.get(i + 1))))
        })
        .map(|(_, &c)| c)
        .collect()
}

/// The paths a use tree names, braces expanded, each with its alias: `a::{b, c::{d as e}}`
/// is `a::b` and `a::c::d` (as `e`); a glob ends a path, and `self` in braces names the
/// prefix.
fn expand_use_tree(tree: &str) -> Vec<(String, Option<String>)> {
    let tree = normalize(tree);
    let Some(open) = tree.find('{') else {
        let mut words = tree.split(' ');
        let path = words.next().unwrap_or_default().trim_end_matches("::*").to_string();
        let alias = words.nth(1).map(String::from);
        return vec![(path, alias)];
    };
    let prefix = &tree[..open];
    let inner = tree[open + 1..].strip_suffix('}').unwrap_or(&tree[open + 1..]);
    let mut parts = Vec::new();
    let (mut depth, mut from) = (0usize, 0usize);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(&inner[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[from..]);
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .flat_map(|p| {
            expand_use_tree(p).into_iter().map(move |(s, alias)| match s.as_str() {
                "self" => (prefix.trim_end_matches("::").to_string(), alias),
                _ => (format!("{prefix}{s}"), alias),
            })
        })
        .collect()
}

/// What a file names: the paths of its `use` trees (with the name each brings in: its last
/// segment or its alias), and the `::` paths of its code. A file's unit tests (from its
/// `#[cfg(test)]` module on) are modules of their own, not counted. An inline module
/// (`mod kw { ... }`) counts as part of its file's module: its paths are the file's, with
/// the `super`s that only climb out of the inline module read as `self`, and its `use`
/// trees bring no name into the file's module (they are paths, not re-exports).
#[derive(Default)]
struct Names {
    uses: Vec<(String, String)>,
    paths: Vec<String>,
}

fn scan(text: &str) -> Names {
    let code: String = text
        .lines()
        .take_while(|l| l.trim() != "#[cfg(test)]")
        .map(|l| l.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n");
    let mut names = Names::default();
    let mut rest = code.as_str();
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut prev = ' ';
    // Brace depth, and the depths at which the open inline modules' bodies start.
    let (mut depth, mut inline) = (0usize, Vec::<usize>::new());
    while let Some(c) = rest.chars().next() {
        if c == '"' {
            let mut escaped = false;
            let end = rest[1..]
                .char_indices()
                .find(|&(_, q)| {
                    let closes = q == '"' && !escaped;
                    escaped = q == '\\' && !escaped;
                    closes
                })
                .map_or(rest.len(), |(i, _)| i + 2);
            prev = '"';
            rest = &rest[end..];
            continue;
        }
        let starts_word = !is_ident(prev) && prev != ':';
        if starts_word && rest.starts_with("mod ") {
            let after = rest[4..].trim_start();
            let name_len = after.chars().take_while(|&c| is_ident(c)).count();
            if after[name_len..].trim_start().starts_with('{') {
                inline.push(depth + 1);
            }
        }
        if starts_word && rest.starts_with("use ") {
            let end = rest.find(';').unwrap_or(rest.len());
            for (path, alias) in expand_use_tree(&rest[4..end]) {
                if inline.is_empty() {
                    let name = alias.unwrap_or_else(|| path.rsplit("::").next().unwrap_or_default().to_string());
                    names.uses.push((path, name));
                } else {
                    names.paths.push(out_of_inline(&path, inline.len()));
                }
            }
            prev = ';';
            rest = &rest[end..];
            continue;
        }
        if starts_word && is_ident(c) {
            let word: String = rest.chars().take_while(|&c| is_ident(c) || c == ':').collect();
            if word.contains("::") {
                names.paths.push(out_of_inline(&word, inline.len()));
            }
            prev = word.chars().last().unwrap_or(c);
            rest = &rest[word.len()..];
            continue;
        }
        match c {
            '{' => depth += 1,
            '}' => {
                if inline.last() == Some(&depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
            }
            _ => {}
        }
        prev = c;
        rest = &rest[c.len_utf8()..];
    }
    names
}

/// A path written `levels` inline modules deep, as a path of the file's module: the
/// leading `super`s that stay within the file become `self`, the others climb on from the
/// file's module.
fn out_of_inline(path: &str, levels: usize) -> String {
    let parts: Vec<&str> = path.split("::").collect();
    let supers = parts.iter().take_while(|p| **p == "super").count();
    if levels == 0 || supers == 0 {
        return path.to_string();
    }
    let climbed = supers.saturating_sub(levels);
    let lead = if climbed == 0 { vec!["self"] } else { vec!["super"; climbed] };
    lead.into_iter().chain(parts[supers..].iter().copied()).collect::<Vec<_>>().join("::")
}

/// A crate's modules and what each names.
struct Crate {
    files: BTreeMap<Vec<String>, Names>,
}

impl Crate {
    /// The module a path used in `here` lands in: the longest module path it names, or,
    /// where it goes on into a name that module brings in with a `use` (a re-export, or an
    /// import its descendants see), the module that name resolves to. `None`: outside the
    /// crate (another crate, the standard library, a local item), also where a module's
    /// `use` brings the name in from outside: a re-export of another crate's name is no
    /// import of the module that re-exports it.
    fn resolve(&self, path: &str, here: &[String], hops: u32) -> Option<Vec<String>> {
        let mut parts = path.split("::").filter(|p| !p.is_empty()).peekable();
        let mut target: Vec<String> = match parts.peek().copied() {
            Some("crate") => {
                parts.next();
                Vec::new()
            }
            Some("super" | "self") => {
                let mut base = here.to_vec();
                while let Some(step) = parts.peek().copied().filter(|p| *p == "super" || *p == "self") {
                    parts.next();
                    if step == "super" {
                        base.pop();
                    }
                }
                base
            }
            Some(name) => {
                let mut child = here.to_vec();
                child.push(name.to_string());
                if !self.files.contains_key(&child) {
                    return None;
                }
                here.to_vec()
            }
            None => return None,
        };
        let rest: Vec<&str> = parts.collect();
        let mut best = (self.files.contains_key(&target).then(|| target.clone()), 0);
        for (i, part) in rest.iter().enumerate() {
            target.push(part.to_string());
            if self.files.contains_key(&target) {
                best = (Some(target.clone()), i + 1);
            }
        }
        let (module, used) = best;
        let module = module?;
        let Some(next) = rest.get(used) else { return Some(module) };
        let brought = self.files.get(&module).and_then(|n| n.uses.iter().find(|(_, name)| name == next));
        match brought {
            Some((from, _)) if hops < 16 => self.resolve(from, &module, hops + 1),
            _ => Some(module),
        }
    }

    /// The modules `here` imports: what its use trees and code paths resolve to, itself
    /// excluded.
    fn imports(&self, here: &[String]) -> BTreeSet<Vec<String>> {
        let Some(names) = self.files.get(here) else { return BTreeSet::new() };
        let uses = names.uses.iter().map(|(path, _)| path);
        uses.chain(&names.paths).filter_map(|p| self.resolve(p, here, 0)).filter(|m| m.as_slice() != here).collect()
    }
}

/// The modules of the crate whose sources are `src`.
fn crate_at(src: &Path) -> Crate {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let files =
        files.iter().map(|f| (module_of(src, f), scan(&std::fs::read_to_string(f).unwrap_or_default()))).collect();
    Crate { files }
}

#[test]
fn no_module_imports_around_a_circle() {
    let mut circles = Vec::new();
    for package in workspace() {
        let krate = crate_at(&package.src);
        let edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> =
            krate.files.keys().map(|here| (here.clone(), krate.imports(here))).collect();
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
fn the_circle_finder_follows_re_exports_and_sees_a_circle() {
    let module = |path: &str| path.split("::").filter(|p| !p.is_empty()).map(String::from).collect::<Vec<_>>();
    let krate =
        |files: &[(&str, &str)]| Crate { files: files.iter().map(|(m, text)| (module(m), scan(text))).collect() };
    // `b::c` takes `Thing` through the crate root's re-export: its edge is to `a`, and the
    // root's re-exports are edges of the root.
    let layered = krate(&[
        ("", "mod a;\nmod b;\npub use a::Thing;\npub use b::{c::{self as see}, Other};\n"),
        ("a", "pub struct Thing;\n"),
        ("b", "pub mod c;\npub struct Other;\n"),
        ("b::c", "use crate::Thing;\nfn f() -> super::Other { let _ = \"use crate::b;\"; super::Other }\n"),
    ]);
    assert_eq!(layered.imports(&module("b::c")), BTreeSet::from([module("a"), module("b")]));
    assert_eq!(layered.imports(&module("")), BTreeSet::from([module("a"), module("b"), module("b::c")]));
    let edges = |k: &Crate| k.files.keys().map(|m| (m.clone(), k.imports(m))).collect::<BTreeMap<_, _>>();
    assert!(layered.files.keys().all(|m| circle_through(m, &edges(&layered)).is_none()));
    // A parent that re-exports its child while the child uses an item of the parent's own.
    let circular = krate(&[
        ("", "mod p;\n"),
        ("p", "mod q;\npub use q::Q;\npub struct P;\n"),
        ("p::q", "pub struct Q(super::P);\n"),
    ]);
    assert!(circle_through(&module("p"), &edges(&circular)).is_some());
    // A name the root re-exports from another crate is that crate's: a child that takes it
    // through the root imports nothing of the root, and the root that re-exports the child
    // is no circle.
    let external = krate(&[
        ("", "mod e;\npub use e::E;\npub use other::{schema, Kind};\n"),
        ("e", "use crate::schema::Encoding;\npub struct E(Encoding, crate::Kind);\n"),
    ]);
    assert!(external.imports(&module("e")).is_empty());
    assert!(external.files.keys().all(|m| circle_through(m, &edges(&external)).is_none()));
    // An inline module's `super` is its file's module, and its `use` brings nothing into
    // the file's module: a sibling that takes `Sym` from `t` imports `t`, not the root,
    // while `super::super::super::Up` two inline modules deep is the root's.
    let inline = krate(&[
        (
            "",
            "mod s;
mod t;
pub use s::S;
pub struct Up;
",
        ),
        (
            "s",
            "use super::t::Sym;
pub struct S(Sym);
",
        ),
        (
            "t",
            "pub struct Sym;
pub mod kw {
    use super::Sym;
    pub const A: Sym = Sym;
}
",
        ),
        (
            "u",
            "pub mod k {
    pub mod j {
        use super::super::super::Up;
    }
}
",
        ),
    ]);
    assert_eq!(inline.imports(&module("s")), BTreeSet::from([module("t")]));
    assert!(inline.imports(&module("t")).is_empty());
    assert_eq!(inline.imports(&module("u")), BTreeSet::from([module("")]));
    assert!(inline.files.keys().all(|m| circle_through(m, &edges(&inline)).is_none()));
}

#[test]
fn no_command_imports_another_command() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let krate = crate_at(&src);
    let command =
        |m: &[String]| (m.first().map(String::as_str) == Some("commands")).then(|| m.get(1).cloned()).flatten();
    let mut wrong = Vec::new();
    for here in krate.files.keys().filter(|m| command(m).is_some()) {
        for target in krate.imports(here) {
            if command(&target).is_some_and(|c| Some(c) != command(here)) {
                wrong.push(format!("{} imports {}", here.join("::"), target.join("::")));
            }
        }
    }
    assert!(wrong.is_empty(), "commands importing commands (share through a library crate):\n{}", wrong.join("\n"));
}
