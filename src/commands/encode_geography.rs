//! `qbfgames encode geography`: a geography game for a number of rounds as QCIR or QDIMACS.

use std::process::ExitCode;

use anyhow::Result;
use encodings::gdl::Size;
use encodings::{Encoding, Form, Qbf, Side};
use qbf::io::{write_qcir, write_qdimacs};

use super::{geography_encoding, load_geography_at};
use crate::flags::games::{EncodeGeography, QbfFormat};
use crate::from_file::encode_error;
use crate::output::write_atomically;

pub fn run(args: &EncodeGeography) -> Result<ExitCode> {
    let game = &args.game;
    let (graph, rounds, rounds_at) = load_geography_at(game)?;
    let encoding = geography_encoding(game, args.encoding);
    let comment = format!(
        "geography {}, {} nodes, {rounds} rounds, encoding {:?}, variant {:?}, rule {:?}; qbfgames {}",
        super::graph_name(game),
        graph.nodes(),
        args.encoding,
        game.variant,
        game.rule,
        env!("CARGO_PKG_VERSION")
    )
    .to_lowercase();
    let form = match args.format {
        QbfFormat::Qdimacs => Form::Clauses(args.clauses.form()),
        QbfFormat::Qcir => Form::Circuit,
    };
    let encoded = encoding.formula_within(&graph, rounds, Side::Black, form, game.size.budget());
    match encoded.map_err(|e| encode_error(rounds_at.as_ref(), e))?.0 {
        Qbf::Clauses(qbf) => {
            write_atomically(&args.output, |w| write_qdimacs(w, &qbf, &[&comment]))?;
            errln!("{}", Size::of(&qbf));
        }
        Qbf::Circuit(qbf) => {
            write_atomically(&args.output, |w| write_qcir(w, &qbf, &[&comment]))?;
            errln!("{} gates, {} quantified inputs", qbf.circuit.len(), qbf.prefix.len());
        }
    }
    Ok(ExitCode::SUCCESS)
}
