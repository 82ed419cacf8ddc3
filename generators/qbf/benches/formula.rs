//! Speed of the formula core: reading statistics of a 1,000,000-clause QDIMACS file,
//! and writer throughput for QDIMACS (in memory and streamed) and QCIR.
//!
//! Prints figures; asserts nothing. Run with `make bench`.

use std::hint::black_box;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use contract::Source;
use qbf::formula::{Circuit, CircuitQbf, ClauseSink, Cnf, CnfQbf, Lit, Prefix, Quant, VarManager};
use qbf::io::{write_qcir, write_qdimacs, QdimacsStream};
use qbf::stats::stats;

/// A deterministic xorshift generator: the same instance on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// Counts bytes, discards them.
struct Counter(u64);

impl Write for Counter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0 += buf.len() as u64;
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut last = None;
    for _ in 0..runs {
        let start = Instant::now();
        let value = f();
        best = best.min(start.elapsed());
        last = Some(value);
    }
    (best, last.expect("at least one run"))
}

fn mb_per_s(bytes: u64, t: Duration) -> f64 {
    bytes as f64 / 1e6 / t.as_secs_f64()
}

fn random_cnf(vars: u32, clauses: usize, rng: &mut Rng) -> CnfQbf {
    let mut prefix = Prefix::new();
    let block = vars / 8;
    for b in 0..8 {
        let q = if b % 2 == 0 { Quant::Forall } else { Quant::Exists };
        prefix.push(q, (b * block + 1..=(b + 1) * block).filter_map(qbf::formula::Var::new));
    }
    let mut cnf = Cnf::new();
    let mut clause = Vec::new();
    for _ in 0..clauses {
        clause.clear();
        for _ in 0..3 {
            let v = rng.below(vars as u64) as i64 + 1;
            let lit = if rng.below(2) == 0 { v } else { -v };
            clause.push(Lit::from_dimacs(lit).unwrap_or(Lit::TRUE));
        }
        cnf.add_clause(&clause);
    }
    CnfQbf { max_var: vars, prefix, cnf }
}

fn random_circuit(inputs: usize, gates: usize, rng: &mut Rng) -> CircuitQbf {
    let mut vars = VarManager::new();
    let mut prefix = Prefix::new();
    let mut nodes: Vec<Lit> = Vec::new();
    for i in 0..inputs {
        let v = vars.fresh();
        prefix.push(if i < inputs / 2 { Quant::Forall } else { Quant::Exists }, [v]);
        nodes.push(v.pos_lit());
    }
    let mut circuit = Circuit::new();
    for _ in 0..gates {
        let ins: Vec<Lit> = (0..4)
            .map(|_| {
                let l = nodes[rng.below(nodes.len() as u64) as usize];
                if rng.below(2) == 0 {
                    l
                } else {
                    !l
                }
            })
            .collect();
        let g = if rng.below(2) == 0 { circuit.and(&mut vars, ins) } else { circuit.or(&mut vars, ins) };
        nodes.push(g);
    }
    // The output needs every gate; one literal per variable, so nothing folds away.
    let mut seen = vec![false; vars.max_index() as usize + 1];
    let all: Vec<Lit> = nodes[inputs..]
        .iter()
        .copied()
        .filter(|l| !l.is_const() && !std::mem::replace(&mut seen[l.var_index() as usize], true))
        .collect();
    let output = circuit.and(&mut vars, all);
    CircuitQbf { vars, prefix, circuit, output }
}

fn main() -> io::Result<()> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let qbf = random_cnf(200_000, 1_000_000, &mut rng);
    let mut bytes = Vec::new();
    write_qdimacs(&mut bytes, &qbf, &[])?;
    let file = tempfile::NamedTempFile::new()?;
    std::fs::write(file.path(), &bytes)?;
    let path = file.path().to_string_lossy().into_owned();

    let (t, s) = best_of(5, || Source::read(&path).map(|src| stats(&src).map(|(_, s)| s)));
    let s = s?.map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e.to_string()))?;
    println!(
        "stats, 1,000,000-clause QDIMACS ({:.1} MB, {} clauses read): {:.0} ms including the file read ({:.0} MB/s)",
        bytes.len() as f64 / 1e6,
        s.clauses.unwrap_or(0),
        t.as_secs_f64() * 1e3,
        mb_per_s(bytes.len() as u64, t)
    );

    let (t, n) = best_of(5, || {
        let mut c = Counter(0);
        write_qdimacs(&mut c, &qbf, &[]).map(|_| c.0)
    });
    let n = n?;
    println!("write_qdimacs: {:.1} MB in {:.0} ms = {:.0} MB/s", n as f64 / 1e6, t.as_secs_f64() * 1e3, mb_per_s(n, t));

    let (t, n) = best_of(3, || -> io::Result<u64> {
        let mut stream = QdimacsStream::new()?;
        for clause in qbf.cnf.iter() {
            stream.add_clause(clause);
        }
        let mut c = Counter(0);
        stream.finish(&mut c, qbf.max_var, &qbf.prefix, &[])?;
        Ok(c.0)
    });
    let n = n?;
    println!(
        "QdimacsStream (spill file + header + copy): {:.1} MB in {:.0} ms = {:.0} MB/s",
        n as f64 / 1e6,
        t.as_secs_f64() * 1e3,
        mb_per_s(n, t)
    );

    let (t_build, circuit) = best_of(1, || random_circuit(1_000, 1_000_000, &mut rng));
    println!("hash-consed circuit: {} gates built in {:.0} ms", circuit.circuit.len(), t_build.as_secs_f64() * 1e3);
    let (t, n) = best_of(5, || {
        let mut c = Counter(0);
        write_qcir(&mut c, &circuit, &[]).map(|_| c.0)
    });
    let n = n?;
    println!("write_qcir: {:.1} MB in {:.0} ms = {:.0} MB/s", n as f64 / 1e6, t.as_secs_f64() * 1e3, mb_per_s(n, t));
    black_box(&circuit);
    Ok(())
}
