//! `qbfgames convert`: QCIR → QDIMACS.

use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use qbf::io::{read_qcir, QdimacsStream};
use qbf::tseitin::{to_cnf_into, ClauseForm};

use crate::options::read_source;
use crate::output::write_atomically;

pub fn run(input: &str, output: &Path, form: ClauseForm) -> Result<ExitCode> {
    let source = read_source(input)?;
    let qbf = read_qcir(&source)?;
    let mut stream = QdimacsStream::new()?;
    let prefix = to_cnf_into(&qbf, form, &mut stream);
    write_atomically(output, |out| stream.finish(out, qbf.vars.max_index(), &prefix, &[]))?;
    Ok(ExitCode::SUCCESS)
}
