//! Asking a QBF solver for the outermost block: its `--qdo` output (verdict and
//! assignment), and running a solver of the solvers file by its `qdo` command to get it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::Assignment;
use contract::Budget;
use harness::{Invocation, Outcome, Tools};
use qbf::formula::CnfQbf;
use qbf::io::write_qdimacs;

/// A line of `--qdo` output that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QdoOutputError {
    #[error("line {line}: `s cnf {word}`: expected 0 or 1")]
    Verdict { line: usize, word: String },
    #[error("line {line}: `{text}`: not a literal")]
    Literal { line: usize, text: String },
    #[error("line {line}: `{text}`: variable out of range")]
    Range { line: usize, text: String },
    #[error("line {line}: `{text}`: expected `s cnf …`, `V <lit> 0` or a comment")]
    Unexpected { line: usize, text: String },
    #[error("line {lines}: the output ends without an `s cnf` line: the solver gave no answer")]
    NoAnswer { lines: usize },
}

/// The most characters of an output line an error quotes.
const QUOTE: usize = 200;

/// `line` as an error quotes it: at most [`QUOTE`] characters, `…` where it is cut.
fn quote(line: &str) -> String {
    match line.char_indices().nth(QUOTE) {
        Some((end, _)) => format!("{}…", &line[..end]),
        None => line.to_string(),
    }
}

/// Parses a solver's `--qdo` output: the `s cnf <0|1> …` line and `V <lit> 0` lines;
/// comment lines (`c …`) and empty lines are skipped. Returns the verdict and assignment.
pub fn parse_qdo(text: &str) -> Result<(bool, Assignment), QdoOutputError> {
    let mut verdict = None;
    let mut assignment = Assignment::new();
    for (n, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = |text: &str| (n + 1, quote(text));
        match words.as_slice() {
            [] | ["c", ..] => {}
            ["s", "cnf", v, ..] => {
                verdict = Some(match *v {
                    "1" => true,
                    "0" => false,
                    other => return Err(QdoOutputError::Verdict { line: n + 1, word: quote(other) }),
                })
            }
            ["V", lit, "0"] => {
                let lit: i64 = lit.parse().map_err(|_| {
                    let (line, text) = at(line);
                    QdoOutputError::Literal { line, text }
                })?;
                let var = u32::try_from(lit.unsigned_abs()).map_err(|_| {
                    let (line, text) = at(line);
                    QdoOutputError::Range { line, text }
                })?;
                assignment.insert(var, lit > 0);
            }
            _ => {
                let (line, text) = at(line);
                return Err(QdoOutputError::Unexpected { line, text });
            }
        }
    }
    verdict.map(|v| (v, assignment)).ok_or(QdoOutputError::NoAnswer { lines: text.lines().count().max(1) })
}

/// Why the solver gave no verdict and assignment.
#[derive(Debug, thiserror::Error)]
pub enum QdoError {
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The solvers file does not load, lacks the solver, or its program is not installed.
    #[error("{0}")]
    Solvers(Box<harness::Error>),
    /// The solver has no `qdo` command in the solvers file.
    #[error("solver `{solver}` of {config} has no `qdo` command\n  help: give it the command that prints the outermost block's values, e.g. qdo = [\"depqbf\", \"--qdo\", \"{{input}}\"], or choose a solver that has one with --solver")]
    NoQdo { solver: String, config: String },
    #[error("{program} gave no answer within {timeout} s ({outcome}); raise --timeout or use a smaller depth")]
    NoAnswer { program: String, timeout: u64, outcome: String },
    #[error("{program}: unexpected --qdo output: {source}")]
    Output { program: String, source: QdoOutputError },
    /// `--from-certificate`: the proof or the certificate failed its check.
    #[error("{program}'s answer is not certified: {reason}")]
    Certificate { program: String, reason: String },
}

/// A QBF solver that prints the outermost block: verdict and assignment (see
/// [`QdoRunner::solve`](crate::qdo::QdoRunner::solve)), with the size budget of the
/// formulas encoded for it. A closure is one, within the default budget.
pub trait QdoOracle {
    /// The verdict on `qbf` and the assignment of its outermost block.
    fn solve(&mut self, qbf: &CnfQbf) -> Result<(bool, Assignment), QdoError>;

    /// The most literals a formula encoded for this solver may have.
    fn budget(&self) -> Budget {
        Budget::default()
    }
}

impl<F: FnMut(&CnfQbf) -> Result<(bool, Assignment), QdoError>> QdoOracle for F {
    fn solve(&mut self, qbf: &CnfQbf) -> Result<(bool, Assignment), QdoError> {
        self(qbf)
    }
}

/// A solver of the solvers file run by its `qdo` command under a wall-clock limit, on
/// formulas within a size budget.
#[derive(Clone, Debug)]
pub struct QdoRunner {
    /// The solver's name in the solvers file.
    pub solver: String,
    /// The program, located as the solvers file says.
    pub program: PathBuf,
    /// Its arguments; `{input}` stands for the formula's file.
    pub args: Vec<String>,
    /// Seconds.
    pub timeout: u64,
    /// The most literals a formula encoded for this solver may have.
    pub budget: Budget,
}

impl QdoRunner {
    /// The solver `name` of the solvers file `config`, by its `qdo` command.
    pub fn from_solvers(config: &Path, name: &str, timeout: u64, budget: Budget) -> Result<QdoRunner, QdoError> {
        let solvers = |e: harness::Error| QdoError::Solvers(Box::new(e));
        let tools = Tools::load(config).map_err(solvers)?;
        let tool = tools.solver(name, config).map_err(solvers)?;
        let Some(argv) = &tool.qdo else {
            return Err(QdoError::NoQdo { solver: name.to_string(), config: config.display().to_string() });
        };
        let program = tool.locate(&argv[0]).map_err(solvers)?;
        Ok(QdoRunner { solver: name.to_string(), program, args: argv[1..].to_vec(), timeout, budget })
    }

    /// Runs the solver on a QDIMACS file; returns its verdict and assignment.
    pub fn solve_file(&self, qdimacs: &Path) -> Result<(bool, Assignment), QdoError> {
        let input = qdimacs.display().to_string();
        let args = self.args.iter().map(|a| a.replace("{input}", &input)).collect();
        let inv = Invocation { program: self.program.clone(), args, ..Invocation::default() };
        let run = harness::run(&inv, Duration::from_secs(self.timeout))?;
        let name = self.solver.clone();
        if !matches!(run.outcome, Outcome::Solved(_)) {
            return Err(QdoError::NoAnswer {
                program: name,
                timeout: self.timeout,
                outcome: format!("{:?}", run.outcome),
            });
        }
        parse_qdo(&String::from_utf8_lossy(&run.stdout)).map_err(|source| QdoError::Output { program: name, source })
    }

    /// Writes `qbf` to a temporary QDIMACS file and runs the solver on it.
    pub fn solve(&self, qbf: &CnfQbf) -> Result<(bool, Assignment), QdoError> {
        let mut file = tempfile::Builder::new().suffix(".qdimacs").tempfile()?;
        write_qdimacs(&mut file, qbf, &[])?;
        file.flush()?;
        self.solve_file(file.path())
    }
}

impl QdoOracle for QdoRunner {
    fn solve(&mut self, qbf: &CnfQbf) -> Result<(bool, Assignment), QdoError> {
        QdoRunner::solve(self, qbf)
    }

    fn budget(&self) -> Budget {
        self.budget
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qdo_output_of_depqbf_and_caqe_parses() {
        let caqe = "c CommonSolverConfig { … }\ns cnf 1 3 2\nV 1 0\nV -2 0\n\nc Satisfiable\n";
        let (v, a) = parse_qdo(caqe).unwrap_or_else(|e| panic!("{e}"));
        assert!(v);
        assert_eq!(a, Assignment::from([(1, true), (2, false)]));
        assert_eq!(parse_qdo("s cnf 0 3 2\n").map(|r| r.0), Ok(false));
        assert!(parse_qdo("V 1 0\n").is_err());
        assert!(parse_qdo("s cnf 1 1 1\nV x 0\n").is_err());
    }

    #[test]
    fn errors_name_the_line_and_quote_at_most_200_characters_of_it() {
        assert_eq!(
            parse_qdo("c no answer\nV 1 0\n").map_err(|e| e.to_string()),
            Err("line 2: the output ends without an `s cnf` line: the solver gave no answer".to_string())
        );
        assert_eq!(parse_qdo(""), Err(QdoOutputError::NoAnswer { lines: 1 }));
        let long = format!("s cnf 1\nV {} 0\n", "9".repeat(100_000));
        let shown = parse_qdo(&long).expect_err("not a literal").to_string();
        assert!(shown.starts_with("line 2: `V 999") && shown.contains("…`: not a literal"), "{shown}");
        assert!(shown.len() < 300, "{} bytes", shown.len());
    }
}
