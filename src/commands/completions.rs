//! `qbfgames completions SHELL` and `qbfgames man`: shell completion and man pages, both
//! generated from the clap definition of the command line, so they list exactly the
//! commands and flags `--help` does (hidden, internal commands left out).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::CommandFactory;
use clap_complete::Shell;

use crate::flags::Cli;

/// Prints the completion script of `shell` to standard output.
pub fn completions(shell: Shell) -> Result<ExitCode> {
    let mut cli = Cli::command();
    let name = cli.get_name().to_string();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cli, name, &mut script);
    // Rendered first and written once, so that a closed pipe (`| head`) is an error, not a panic.
    match std::io::stdout().lock().write_all(&script) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        result => result.context("writing the completion script").map(|()| ExitCode::SUCCESS),
    }
}

/// Writes `qbfgames.1` and one page per visible subcommand (`qbfgames-encode-bddl.1`)
/// into `out`, each atomically, and prints their paths.
pub fn man(out: &Path) -> Result<ExitCode> {
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let mut cli = Cli::command().disable_help_subcommand(true);
    cli.build();
    let mut written = Vec::new();
    write_pages(cli, out, &mut written)?;
    for path in &written {
        outln!("{}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// The page of `cmd`, then those of its visible subcommands, depth first. `build()` has
/// given each subcommand its display name (`qbfgames-encode-bddl`), which names the file.
fn write_pages(cmd: clap::Command, out: &Path, written: &mut Vec<PathBuf>) -> Result<()> {
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        write_pages(sub.clone(), out, written)?;
    }
    let page = clap_mangen::Man::new(cmd);
    let path = out.join(page.get_filename());
    contract::write_atomically(&path, |w| page.render(w))
        .with_context(|| format!("cannot write {}", path.display()))?;
    written.push(path);
    Ok(())
}
