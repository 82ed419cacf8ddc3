//! The second pass: every step the conclusion needs is checked against its antecedents
//! and kept only until its last use; the reductions feed the certificate.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;
use std::time::{Duration, Instant};

use rustc_hash::FxHashMap;

use contract::Verdict;
use qbf::formula::CnfQbf;

use super::aig::Aig;
use super::error::{Error, StepAt};
use super::functions::Functions;
use super::index::{Index, UNNEEDED};
use super::levels::Levels;
use super::matrix::Matrix;
use super::qrp::{Line, Reader};
use super::rules::{dimacs, Kind, Rules};

/// Figures of a checked proof.
#[derive(Clone, Debug, PartialEq)]
pub struct ProofStats {
    pub bytes: u64,
    /// Steps in the file.
    pub steps: u64,
    /// Steps the conclusion depends on (the ones checked).
    pub needed: u64,
    /// Input clauses or initial cubes among the needed steps.
    pub initial: u64,
    /// Needed steps that reduce.
    pub reductions: u64,
    /// The most steps kept at once.
    pub peak_live: u64,
    /// Both passes.
    pub time: Duration,
}

/// A proof that passed every check, with the certificate extracted from it.
pub struct Checked {
    pub verdict: Verdict,
    pub proof: ProofStats,
    /// Skolem (true) or Herbrand (false) functions, one output per certified variable.
    pub certificate: Aig,
}

/// Read buffer of both passes.
const BUFFER: usize = 1 << 20;

/// Checks the proof in `path` for `formula` and extracts its certificate.
pub fn check_proof(formula: &CnfQbf, path: &Path, max_bytes: u64, max_certificate: u64) -> Result<Checked, Error> {
    let start = Instant::now();
    let io = |error| Error::Io { path: path.to_path_buf(), error };
    let bytes = std::fs::metadata(path).map_err(io)?.len();
    if bytes > max_bytes {
        return Err(Error::TooLarge { path: path.to_path_buf(), bytes, limit: max_bytes });
    }
    let open = || File::open(path).map(|f| BufReader::with_capacity(BUFFER, f)).map_err(io);
    let mut first = Reader::new(open()?, path);
    let index = Index::build(&mut first)?;
    let levels = Levels::of(formula);
    let at = |line: u64, step: Option<u64>| StepAt { path: path.to_path_buf(), line, step };
    if let Some(reason) = levels.mismatch(formula, &index.header) {
        return Err(Error::Rejected { at: at(1, None), reason });
    }
    let kind = match index.result {
        Verdict::True => Kind::Cubes,
        Verdict::False => Kind::Clauses,
    };
    let mut matrix = Matrix::of(formula);
    let mut rules = Rules::new(&levels, kind);
    let mut functions = Functions::new(kind, formula.max_var, max_certificate);
    let mut uses = index.uses.clone();
    let mut live: FxHashMap<u32, Box<[u32]>> = FxHashMap::default();
    let mut peak_live = 0usize;
    let mut initial = 0u64;
    let mut reductions = 0u64;
    let mut reader = Reader::new(open()?, path);
    reader.header()?;
    let mut stated = Vec::new();
    for (i, &id) in index.ids.iter().enumerate() {
        if uses[i] == UNNEEDED {
            reader.skip()?;
            continue;
        }
        match reader.next()? {
            Some(Line::Step { id: read }) if read == id => {}
            _ => return Err(reader.reject(Some(id), "the proof changed while it was checked")),
        }
        let reject = |reason: String| Error::Rejected { at: at(reader.line_no(), Some(id)), reason };
        stated.clear();
        stated.extend_from_slice(&reader.lits);
        rules.normalize(&mut stated).map_err(reject)?;
        let ants = index.antecedents(i);
        if ants.is_empty() {
            initial += 1;
            match kind {
                Kind::Clauses if !matrix.contains(&stated) => {
                    return Err(reject(format!("input clause `{}` is not a clause of the formula", render(&stated))))
                }
                Kind::Cubes => {
                    if let Some(c) = matrix.satisfied_by(&stated) {
                        return Err(reject(format!(
                            "initial cube does not satisfy clause {} of the formula (`{}`)",
                            c + 1,
                            render(matrix.clauses().nth(c).unwrap_or_default())
                        )));
                    }
                }
                Kind::Clauses => {}
            }
        } else {
            let premises: Vec<&[u32]> = ants.iter().map(|a| live.get(a).map(|s| &s[..]).unwrap_or_default()).collect();
            let derived = rules.derive(&premises, &stated).map_err(reject)?;
            if !derived.removed.is_empty() {
                reductions += 1;
                functions
                    .reduction(&derived.reduced, &derived.removed)
                    .map_err(|t| Error::CertificateTooLarge { at: at(reader.line_no(), Some(id)), limit: t.limit })?;
            }
            for &a in ants {
                let left = &mut uses[a as usize];
                *left -= 1;
                if *left == 0 {
                    live.remove(&a);
                }
            }
        }
        if i + 1 == index.ids.len() && !stated.is_empty() {
            return Err(reject(format!("the last step is not the empty {}", kind.noun())));
        }
        if uses[i] > 0 {
            live.insert(i as u32, stated.clone().into_boxed_slice());
            peak_live = peak_live.max(live.len());
        }
    }
    let vars = (1..=formula.max_var).filter(|&v| levels.universal(v << 1) == (kind == Kind::Clauses));
    let aig = functions.finish(vars);
    let proof = ProofStats {
        bytes,
        steps: index.ids.len() as u64,
        needed: index.needed() as u64,
        initial,
        reductions,
        peak_live: peak_live as u64,
        time: start.elapsed(),
    };
    Ok(Checked { verdict: index.result, proof, certificate: aig })
}

fn render(lits: &[u32]) -> String {
    let mut text: Vec<String> = lits.iter().map(|&l| dimacs(l).to_string()).collect();
    text.push("0".into());
    text.join(" ")
}
