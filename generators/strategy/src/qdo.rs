//! A solver's `--qdo` output: its verdict and the assignment of the outermost block.

use encodings::Assignment;

/// Parses a solver's `--qdo` output: the `s cnf <0|1> …` line and `V <lit> 0` lines;
/// comment lines (`c …`) and empty lines are skipped. Returns the verdict and assignment.
pub fn parse_qdo(text: &str) -> Result<(bool, Assignment), String> {
    let mut verdict = None;
    let mut assignment = Assignment::new();
    for (n, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] | ["c", ..] => {}
            ["s", "cnf", v, ..] => {
                verdict = Some(match *v {
                    "1" => true,
                    "0" => false,
                    other => return Err(format!("line {}: `s cnf {other}`: expected 0 or 1", n + 1)),
                })
            }
            ["V", lit, "0"] => {
                let lit: i64 = lit.parse().map_err(|_| format!("line {}: `{line}`: not a literal", n + 1))?;
                let var = u32::try_from(lit.unsigned_abs())
                    .map_err(|_| format!("line {}: `{line}`: variable out of range", n + 1))?;
                assignment.insert(var, lit > 0);
            }
            _ => return Err(format!("line {}: `{line}`: expected `s cnf …`, `V <lit> 0` or a comment", n + 1)),
        }
    }
    verdict.map(|v| (v, assignment)).ok_or_else(|| "no `s cnf` line: the solver gave no answer".to_string())
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
}
