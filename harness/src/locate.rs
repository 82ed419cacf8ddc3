//! Where qbfgames finds what it ships with, from any directory: the solvers
//! configuration, the shipped suites (with their game models), and the programs
//! `make solvers` builds.
//!
//! The solvers configuration, first found wins:
//! 1. `--config FILE` (the command line's);
//! 2. `$QBFGAMES_SOLVERS`;
//! 3. `$XDG_CONFIG_HOME/qbfgames/solvers.toml` (`~/.config/qbfgames/solvers.toml`);
//! 4. the install prefix's `PREFIX/share/qbfgames/suite/solvers.toml` (`make install`);
//! 5. `suite/solvers.toml` under the current directory (a checkout);
//! 6. the built-in default (the shipped `suite/solvers.toml`), written once to
//!    `$XDG_CACHE_HOME/qbfgames/solvers.toml` so that every process of a run (Slurm shards
//!    too) reads the same file; its programs are looked up on `PATH` by name when the
//!    relative path it names does not exist.
//!
//! A suite given by name (`default`, `corplus`) is `suite/NAME.toml` under the current
//! directory, else `PREFIX/share/qbfgames/suite/NAME.toml`, else the copy of `suite/`
//! built into the binary ([`Shipped`]), unpacked once to
//! `$XDG_CACHE_HOME/qbfgames/suite-HASH/` (a binary from `cargo install`, without
//! checkout or prefix).
//!
//! A program `make solvers` builds (`pyqbf-caqe`, `bloqqer`, …) is looked up in the tools
//! directories ([`tool_dirs`]: the install prefix's, then the checkout's the running
//! program was built in), then on `PATH` ([`tool`]); never relative to the current
//! directory.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::process::{find_program, is_executable};

/// `PREFIX/share/qbfgames` of the running binary (`PREFIX/bin/qbfgames`), if installed.
pub fn share_dir() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?.parent()?.join("share/qbfgames");
    dir.is_dir().then_some(dir)
}

fn env_path(name: &str) -> Option<PathBuf> {
    std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from)
}

fn home_dir(xdg: &str, fallback: &str) -> Option<PathBuf> {
    env_path(xdg).or_else(|| env_path("HOME").map(|h| h.join(fallback)))
}

/// The directories the programs `make solvers` builds are looked up in, in order: the
/// install prefix's `PREFIX/share/qbfgames/tools/bin` (`make install` copies them there),
/// and the `tools/bin` of the checkout the running program was built in (the folder
/// holding the `target` directory it runs from, as a test or `target/release/qbfgames`).
pub fn tool_dirs() -> Vec<PathBuf> {
    let checkout = checkout().map(|d| d.join("tools/bin"));
    share_dir().map(|d| d.join("tools/bin")).into_iter().chain(checkout).filter(|d| d.is_dir()).collect()
}

/// The checkout the running program was built in: the folder holding the `target`
/// directory it runs from (a test, or `target/release/qbfgames`).
fn checkout() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    exe.ancestors().find(|d| d.file_name().is_some_and(|n| n == "target")).and_then(Path::parent).map(Path::to_path_buf)
}

/// The program `name`: in the first of the [`tool_dirs`] that has it, else on `PATH`.
pub fn tool(name: &str) -> Result<PathBuf, MissingTool> {
    let dirs = tool_dirs();
    dirs.iter().map(|d| d.join(name)).find(|p| is_executable(p)).or_else(|| find_program(name)).ok_or_else(|| {
        let searched = dirs.iter().map(|d| d.display().to_string()).collect::<Vec<_>>();
        MissingTool {
            name: name.to_string(),
            searched: if searched.is_empty() { "no tools directory".to_string() } else { searched.join(", ") },
        }
    })
}

/// A program found neither in a tools directory nor on `PATH`; the caller says how to
/// install it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{name} is neither in the tools directories ({searched}) nor on PATH")]
pub struct MissingTool {
    /// The program's file name.
    pub name: String,
    /// The tools directories searched, or that there was none.
    pub searched: String,
}

/// The solvers file of steps 2 to 5 of the order above, if one is found.
fn configured_solvers() -> Option<PathBuf> {
    if let Some(file) = env_path("QBFGAMES_SOLVERS") {
        return Some(file);
    }
    let candidates = [
        home_dir("XDG_CONFIG_HOME", ".config").map(|d| d.join("qbfgames/solvers.toml")),
        share_dir().map(|d| d.join("suite/solvers.toml")),
        Some(PathBuf::from("suite/solvers.toml")),
    ];
    candidates.into_iter().flatten().find(|p| p.is_file())
}

/// The tree the binary ships ([`ship`]), if it registered one.
static SHIPPED: OnceLock<Shipped> = OnceLock::new();

/// Registers the `suite/` tree the binary ships, before its command line is parsed: the
/// default of every `--config` flag ([`default_solvers`]) falls back to it, and the flags
/// live in the library crates, which cannot see the binary's build script.
pub fn ship(shipped: Shipped) {
    // A second registration is the same tree; the first one stays.
    let _ = SHIPPED.set(shipped);
}

/// The solvers file used when `--config` is not given (clap's default value of every
/// command that takes one, all built at start-up: looked up once per process), from the
/// tree registered by [`ship`] (none registered, as in a library's tests: steps 2 to 5,
/// else the `suite/solvers.toml` of the checkout the program was built in, else
/// `suite/solvers.toml`, and nothing unpacked).
pub fn default_solvers() -> PathBuf {
    static FOUND: OnceLock<PathBuf> = OnceLock::new();
    FOUND
        .get_or_init(|| match SHIPPED.get() {
            Some(shipped) => shipped.solvers(),
            None => configured_solvers()
                .or_else(|| checkout().map(|d| d.join("suite/solvers.toml")).filter(|p| p.is_file()))
                .unwrap_or_else(|| PathBuf::from("suite/solvers.toml")),
        })
        .clone()
}

/// The `suite/` tree built into a binary (by its build script): where the shipped
/// suites and solvers configuration come from when there is neither a checkout nor an
/// install prefix.
#[derive(Clone, Copy, Debug)]
pub struct Shipped {
    /// A hash of the files: names the cache folder they are unpacked to, so that a binary
    /// with other suites never reads this one's.
    pub hash: &'static str,
    /// Paths relative to `suite/`, and bytes.
    pub files: &'static [(&'static str, &'static [u8])],
}

impl Shipped {
    /// The solvers file used when `--config` is not given (steps 2 to 6 of the order
    /// above).
    pub fn solvers(&self) -> PathBuf {
        configured_solvers().unwrap_or_else(|| {
            self.unpacked().map(|d| d.join("solvers.toml")).unwrap_or_else(|| PathBuf::from("suite/solvers.toml"))
        })
    }

    /// The tree unpacked to the cache directory. The folder is named by the tree's hash
    /// and marked complete last, so an unpacking cut short is redone and concurrent ones
    /// write the same bytes.
    fn unpacked(&self) -> Option<PathBuf> {
        let dir = home_dir("XDG_CACHE_HOME", ".cache")?.join(format!("qbfgames/suite-{}", self.hash));
        let complete = dir.join(".complete");
        if complete.is_file() {
            return Some(dir);
        }
        for (rel, bytes) in self.files {
            let file = dir.join(rel);
            std::fs::create_dir_all(file.parent()?).ok()?;
            contract::write_atomically(&file, |w| w.write_all(bytes)).ok()?;
        }
        contract::write_atomically(&complete, |_| Ok(())).ok()?;
        Some(dir)
    }

    /// The folders shipped suites are looked up in, in order: the current directory's
    /// `suite/`, the install prefix's, and, when neither exists, the built-in copy.
    pub fn suite_dirs(&self) -> Vec<PathBuf> {
        let mut dirs = vec![PathBuf::from("suite")];
        dirs.extend(share_dir().map(|d| d.join("suite")));
        let mut dirs: Vec<PathBuf> = dirs.into_iter().filter(|d| d.is_dir()).collect();
        if dirs.is_empty() {
            dirs.extend(self.unpacked());
        }
        dirs
    }

    /// A suite argument: an existing file as it is, else a shipped suite by name. A folder
    /// is never a suite file, so a folder named like a shipped suite (`generate demo --out
    /// demo` run twice) leaves the name to the suite.
    pub fn suite_file(&self, arg: &Path) -> Result<PathBuf, NoSuite> {
        if arg.is_file() {
            return Ok(arg.to_path_buf());
        }
        let name = arg.to_string_lossy().into_owned();
        let bare = !name.contains('/');
        if bare {
            let stem = name.strip_suffix(".toml").unwrap_or(&name);
            if let Some(file) = self.suite_dirs().iter().map(|d| d.join(format!("{stem}.toml"))).find(|f| f.is_file()) {
                return Ok(file);
            }
        }
        let shipped = self.suites();
        let shipped =
            if shipped.is_empty() { "none found: install with `make install`".to_string() } else { shipped.join(", ") };
        if arg.is_dir() {
            return Err(NoSuite::Folder { name, shipped });
        }
        let also = if bare { " and no shipped suite of that name" } else { "" };
        Err(NoSuite::Missing { name, also, shipped })
    }

    /// The names of the shipped suites.
    pub fn suites(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .suite_dirs()
            .iter()
            .flat_map(|d| std::fs::read_dir(d).into_iter().flatten().flatten())
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml") && p.file_stem().is_some_and(|s| s != "solvers"))
            .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
            .collect();
        names.sort();
        names.dedup();
        names
    }
}

/// A suite argument that is neither a suite file nor a shipped suite's name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoSuite {
    /// A folder was given.
    #[error("{name}: a folder, not a suite file\n  help: give the suite file's path (a folder `generate` wrote keeps its suite in {name}/models/), or the name of a shipped suite ({shipped})")]
    Folder {
        /// The argument.
        name: String,
        /// The shipped suites' names, or that there are none.
        shipped: String,
    },
    /// Nothing of that name.
    #[error("{name}: no such suite file{also}\n  help: give a suite file's path, or the name of a shipped suite ({shipped}); `qbfgames list suites` lists them")]
    Missing {
        /// The argument.
        name: String,
        /// What else was looked for: a shipped suite, when the name is bare.
        also: &'static str,
        /// The shipped suites' names, or that there are none.
        shipped: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tool_is_found_on_path_and_a_missing_one_is_named_with_the_places_searched() {
        assert!(tool("sh").is_ok_and(|p| p.ends_with("sh")));
        let missing = tool("qbfgames-no-such-tool").expect_err("not installed anywhere");
        assert_eq!(missing.name, "qbfgames-no-such-tool");
        let said = missing.to_string();
        assert!(said.starts_with("qbfgames-no-such-tool is neither in the tools directories ("), "{said}");
        assert!(said.ends_with(") nor on PATH"), "{said}");
    }

    #[test]
    fn the_tools_directories_are_never_the_current_directorys() {
        assert!(tool_dirs().iter().all(|d| d.is_absolute()), "{:?}", tool_dirs());
    }
}
