//! `qbfgames encode gdl`: a GDL game at a depth as QDIMACS or QCIR; the summary line on
//! standard error names the encoding, why it is that one, and the formula's size.

use std::process::ExitCode;

use anyhow::{bail, Result};
use encodings::gdl::{Rules, Size};
use encodings::{EncodeError, Encoding, Form, Qbf, Side};
use qbf::io::{write_qcir, write_qdimacs};
use qbf::tseitin::ClauseForm;

use super::load_gdl;
use crate::flags::games::{EncodeGdl, QbfFormat};
use crate::output::write_atomically;

pub fn run(encode: &EncodeGdl) -> Result<ExitCode> {
    let args = &encode.game;
    let (game, encoding, reason) = load_gdl(args, Some(args.depth))?;
    let comment = encoding.comment(&game, &args.game, args.depth, env!("CARGO_PKG_VERSION"), &reason);
    let chosen = encoding.choice(&reason);
    let form = match encode.format {
        QbfFormat::Qdimacs => Form::Clauses(ClauseForm::default()),
        QbfFormat::Qcir => Form::Circuit,
    };
    let formula = encoding.formula_within(&game, args.depth, Side::Black, form, args.size.budget());
    let formula = match formula {
        Err(EncodeError::Game(e)) if encoding.rules == Rules::StrictTurns => {
            bail!("{e}\n  help: use --encoding ge, or leave --encoding out so that the game's structure chooses")
        }
        other => other?,
    };
    match formula.0 {
        Qbf::Clauses(qbf) => {
            write_atomically(&encode.output, |w| write_qdimacs(w, &qbf, &[&comment]))?;
            errln!("{chosen}; {}", Size::of(&qbf));
        }
        Qbf::Circuit(qbf) => {
            write_atomically(&encode.output, |w| write_qcir(w, &qbf, &[&comment]))?;
            errln!("{chosen}; {} gates, {} quantified inputs", qbf.circuit.len(), qbf.prefix.len());
        }
    }
    Ok(ExitCode::SUCCESS)
}
