//! `qbfgames encode pg|gttt|hex`: the COR+ encoding as QDIMACS, and optionally BDDL files.

use std::process::ExitCode;

use anyhow::{bail, Result};
use generators::encodings::corplus;
use generators::formula::VarManager;
use generators::io::QdimacsStream;
use generators::positional::bddl::{write_domain, BddlProblem};

use super::positional::NamedGame;
use crate::cli_games::{EncodeOut, PositionalEncoding};
use crate::output::write_atomically;

pub fn run(named: NamedGame, out: &EncodeOut) -> Result<ExitCode> {
    if let Some(dir) = &out.emit_bddl {
        let problem = BddlProblem::new(&named.game)?;
        write_atomically(&dir.join("domain.bddl"), |w| write_domain(w))?;
        write_atomically(&dir.join("problem.bddl"), |w| problem.write(w))?;
    }
    let mut stream = QdimacsStream::new()?;
    let mut vars = VarManager::new();
    let prefix = corplus::encode(&named.game, &mut stream, &mut vars);
    let comment = format!("COR+ encoding of {}, depth {}", named.name, named.game.turns.len());
    write_atomically(&out.output, |w| stream.finish(w, vars.max_index(), &prefix, &[&comment]))?;
    Ok(ExitCode::SUCCESS)
}

pub fn run_hex(named: NamedGame, encoding: PositionalEncoding, out: &EncodeOut) -> Result<ExitCode> {
    if encoding == PositionalEncoding::Lifted {
        bail!("--encoding lifted: the lifted encoding reads BDDL; write the puzzle's BDDL files with --emit-bddl DIR and encode them with `qbfgames encode bddl`");
    }
    run(named, out)
}
