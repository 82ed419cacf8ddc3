//! `qbfgames encode pg|gttt|hex`: COR+ (or, for Hex, the lifted encoding of the puzzle
//! written as BDDL) as QDIMACS, and optionally the BDDL files.

use std::process::ExitCode;

use anyhow::Result;
use contract::Budget;
use encodings::corplus::Corplus;
use encodings::lifted::Lifted;
use encodings::Encoding;
use games::positional::bddl::BddlFiles;
use qbf::tseitin::ClauseForm;

use games::positional::named::NamedGame;

use crate::flags::games::{EncodeOut, PositionalEncoding};
use crate::output::write_atomically;

pub fn run(named: NamedGame, encoding: PositionalEncoding, out: &EncodeOut, budget: Budget) -> Result<ExitCode> {
    let files = match (encoding, &out.emit_bddl) {
        (PositionalEncoding::Corplus, None) => None,
        _ => Some(BddlFiles::new(&named.game)?),
    };
    if let (Some(dir), Some(files)) = (&out.emit_bddl, &files) {
        write_atomically(&dir.join("domain.bddl"), |w| w.write_all(&files.domain))?;
        write_atomically(&dir.join("problem.bddl"), |w| w.write_all(&files.problem))?;
    }
    let form = ClauseForm::default();
    let (streamed, comment) = match (encoding, files) {
        (PositionalEncoding::Lifted, Some(files)) => {
            let game = files.game()?;
            let comment = format!("lifted BDDL encoding of {}, depth {}", named.name, game.depth());
            (Lifted.streamed(&game, game.depth(), form, budget)?, comment)
        }
        _ => {
            let comment = format!("COR+ encoding of {}, depth {}", named.name, named.game.turns.len());
            (Corplus.streamed(&named.game, named.game.depth(), form, budget)?, comment)
        }
    };
    write_atomically(&out.output, |w| streamed.write(w, &[&comment]))?;
    Ok(ExitCode::SUCCESS)
}
