//! `qbfgames encode bddl`: a BDDL game as QCIR or QDIMACS (lifted encoding).

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use encodings::lifted::Lifted;
use encodings::{Encoding, Form, Side};
use qbf::io::write_qcir;
use qbf::tseitin::ClauseForm;

use super::load_bddl_at;
use crate::flags::games::{BddlGame, QbfFormat};
use crate::from_file::{encode_error, stream_error};
use crate::output::write_atomically;

pub fn run(args: &BddlGame, format: QbfFormat, form: ClauseForm, output: &Path) -> Result<ExitCode> {
    let budget = args.size.budget();
    let (game, depth_at) = load_bddl_at(args)?;
    let comments = Lifted::comments(&game);
    let comments: Vec<&str> = comments.iter().map(String::as_str).collect();
    match format {
        QbfFormat::Qcir => {
            let (qbf, _) = Lifted
                .formula_within(&game, game.depth(), Side::Black, Form::Circuit, budget)
                .map_err(|e| encode_error(depth_at.as_ref(), e))?;
            let qbf = qbf.into_circuit().context("the lifted encoding is a circuit")?;
            write_atomically(output, |out| write_qcir(out, &qbf, &comments))?;
        }
        QbfFormat::Qdimacs => {
            let streamed =
                Lifted.streamed(&game, game.depth(), form, budget).map_err(|e| stream_error(depth_at.as_ref(), e))?;
            write_atomically(output, |w| streamed.write(w, &comments))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
