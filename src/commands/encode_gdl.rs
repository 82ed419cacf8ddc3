//! `qbfgames encode gdl`: a GDL game at a depth as QDIMACS or QCIR.

use std::process::ExitCode;

use anyhow::Result;
use encodings::gdl::Size;
use encodings::{Encoding, Form, Qbf, Side};
use qbf::io::{write_qcir, write_qdimacs};
use qbf::tseitin::ClauseForm;

use super::load_gdl;
use crate::flags::games::{EncodeGdl, QbfFormat};
use crate::output::write_atomically;

pub fn run(encode: &EncodeGdl) -> Result<ExitCode> {
    let args = &encode.game;
    let (game, encoding) = load_gdl(args, Some(args.depth))?;
    let comment = encoding.comment(&game, &args.game, args.depth, env!("CARGO_PKG_VERSION"));
    let form = match encode.format {
        QbfFormat::Qdimacs => Form::Clauses(ClauseForm::default()),
        QbfFormat::Qcir => Form::Circuit,
    };
    match encoding.formula_within(&game, args.depth, Side::Black, form, args.size.budget())?.0 {
        Qbf::Clauses(qbf) => {
            write_atomically(&encode.output, |w| write_qdimacs(w, &qbf, &[&comment]))?;
            errln!("{}", Size::of(&qbf));
        }
        Qbf::Circuit(qbf) => {
            write_atomically(&encode.output, |w| write_qcir(w, &qbf, &[&comment]))?;
            errln!("{} gates, {} quantified inputs", qbf.circuit.len(), qbf.prefix.len());
        }
    }
    Ok(ExitCode::SUCCESS)
}
