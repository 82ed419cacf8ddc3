//! `qbfgames encode pg|gttt|hex`: the COR+ encoding as QDIMACS, and optionally BDDL files.

use std::process::ExitCode;

use anyhow::Result;
use contract::Source;
use encodings::{corplus, lifted};
use games::bddl;
use games::positional::bddl::{write_domain, BddlProblem};
use qbf::formula::VarManager;
use qbf::io::QdimacsStream;
use qbf::tseitin::{to_cnf_into, ClauseForm};

use super::positional::NamedGame;
use crate::flags::games::{EncodeOut, PositionalEncoding};
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
    match encoding {
        PositionalEncoding::Corplus => run(named, out),
        PositionalEncoding::Lifted => run_lifted(named, out),
    }
}

/// The lifted BDDL encoding of a positional game: the game is written as BDDL (occupy
/// actions, explicit winning sets) and encoded from that, then written as QDIMACS.
fn run_lifted(named: NamedGame, out: &EncodeOut) -> Result<ExitCode> {
    let problem = BddlProblem::new(&named.game)?;
    let (mut domain_text, mut problem_text) = (Vec::new(), Vec::new());
    write_domain(&mut domain_text)?;
    problem.write(&mut problem_text)?;
    if let Some(dir) = &out.emit_bddl {
        write_atomically(&dir.join("domain.bddl"), |w| w.write_all(&domain_text))?;
        write_atomically(&dir.join("problem.bddl"), |w| w.write_all(&problem_text))?;
    }
    let game = bddl::load(
        &Source::from_bytes("domain.bddl", domain_text),
        &Source::from_bytes("problem.bddl", problem_text),
        None,
    )?;
    let qbf = lifted::encode(&game);
    let mut stream = QdimacsStream::new()?;
    let prefix = to_cnf_into(&qbf, ClauseForm::default(), &mut stream);
    let comment = format!("lifted BDDL encoding of {}, depth {}", named.name, game.depth());
    write_atomically(&out.output, |w| stream.finish(w, qbf.vars.max_index(), &prefix, &[&comment]))?;
    Ok(ExitCode::SUCCESS)
}
