//! Running a tracing solver under the harness's limits and certifying what it answers.
//!
//! The solver's standard output (the proof) goes straight into a temporary file in a
//! scratch directory, under an output limit (RLIMIT_FSIZE) of the largest proof allowed;
//! the file is removed when the certification ends, whatever its outcome.

use std::io;
use std::path::{Path, PathBuf};

use contract::{Status, Verdict};
use harness::{classify, AnswerSpec, Executor, Invocation, Job, Limits, Measurement, Tool};
use qbf::formula::CnfQbf;

use crate::budget::Budget;
use crate::certified::{certify, Certified};
use crate::error::Error;

/// A solver that can write a proof, ready to run.
#[derive(Clone, Debug)]
pub struct Tracer {
    pub name: String,
    pub program: PathBuf,
    /// Arguments after the program, `{input}` still in them.
    pub args: Vec<String>,
    pub answer: AnswerSpec,
}

impl Tracer {
    /// The tracer of a configured solver, `None` when it has no `trace` command.
    pub fn of(tool: &Tool) -> Result<Option<Tracer>, harness::Error> {
        let Some(argv) = &tool.trace else { return Ok(None) };
        let program = tool.locate(&argv[0])?;
        // The proof is on standard output, so answer lines cannot be read there: the
        // exit code alone says the answer, and the proof's result line must agree.
        let answer = AnswerSpec { lines: None, ..tool.answer.clone() };
        Ok(Some(Tracer { name: tool.name.clone(), program, args: argv[1..].to_vec(), answer }))
    }

    /// The arguments of a run on `input`.
    pub fn args_for(&self, input: &Path) -> Vec<String> {
        self.args.iter().map(|a| a.replace("{input}", &input.display().to_string())).collect()
    }
}

/// What a certification run ended in.
pub enum Report {
    /// The proof checked and the certificate verified.
    Certified { certified: Certified, solve: Measurement },
    /// The solver answered but its proof or certificate failed.
    Rejected { answer: Verdict, error: Error, solve: Measurement },
    /// The solver gave no answer (timeout, memory, error, unknown).
    NoAnswer { status: Status, reason: String, solve: Measurement },
}

impl Report {
    pub fn solve(&self) -> &Measurement {
        match self {
            Report::Certified { solve, .. } | Report::Rejected { solve, .. } | Report::NoAnswer { solve, .. } => solve,
        }
    }
}

/// Runs `tracer` on `input` (whose formula is `formula`) under `limits`, writing the
/// proof into `scratch`, and certifies its answer.
pub fn certify_run(
    executor: &dyn Executor,
    tracer: &Tracer,
    input: &Path,
    formula: &CnfQbf,
    limits: Limits,
    budget: Budget,
    scratch: &Path,
) -> io::Result<Report> {
    let proof = tempfile::Builder::new().prefix(".proof-").suffix(".qrp").tempfile_in(scratch)?;
    let invocation = Invocation {
        program: tracer.program.clone(),
        args: tracer.args_for(input),
        stdout_file: Some(proof.path().to_path_buf()),
        max_output: Some(budget.max_proof),
    };
    let solve = executor.execute(&Job { invocation, limits, owner: None })?;
    let (status, reason) = classify(&solve, &limits, &tracer.answer);
    let Some(answer) = status.verdict() else {
        let reason = if solve.hit_output_limit() {
            format!("{reason}\nhelp: the proof is larger than --max-proof allows; raise it (e.g. --max-proof 32G) if the disk and the time allow")
        } else {
            reason
        };
        return Ok(Report::NoAnswer { status, reason, solve });
    };
    Ok(match certify(formula, proof.path(), budget) {
        Ok(certified) if certified.verdict == answer => Report::Certified { certified, solve },
        Ok(certified) => Report::Rejected {
            answer,
            error: Error::Certificate(format!("the exit code says {answer} but the proof is of {}", certified.verdict)),
            solve,
        },
        Err(error) => Report::Rejected { answer, error, solve },
    })
}
