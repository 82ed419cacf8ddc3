//! Generation speed of the geography encodings on the largest graphs: from the generated
//! graph to the last byte of QDIMACS (written to a null sink), both encodings, median of 3.
//! Prints the sizes beside the times: the one-hot encoding grows with rounds² × nodes (its
//! "not named before" constraints), the compact one with rounds² × log nodes.

use std::time::Instant;

use game_geography::encoding::{GeoEncoding, Geography};
use game_geography::{Rule, Variant};
use gamekit::graph::{gnm, gnp, grid, torus, Graph};
use gamekit::{EncodeError, Encoding, Side, Sink};
use qbf::formula::VarManager;
use qbf::io::QdimacsStream;
use qbf::tseitin::ClauseForm;

/// A writer that only counts the bytes.
struct Counted(u64);

impl std::io::Write for Counted {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len() as u64;
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Encodes `g` at `rounds` into a QDIMACS stream; returns seconds, clauses and bytes, or
/// `None` when the formula is over the default size budget.
fn generate(enc: Geography, g: &Graph, rounds: u32) -> Option<(f64, u64, u64)> {
    let start = Instant::now();
    let mut sink = Sink::clauses(QdimacsStream::new().expect("temporary file"), ClauseForm::default());
    let mut vars = VarManager::new();
    let prefix = match enc.encode(g, rounds, Side::Black, &mut sink, &mut vars) {
        Ok(encoded) => encoded.prefix,
        Err(EncodeError::TooLarge(_)) => return None,
        Err(e) => panic!("{e}"),
    };
    let (stream, _) = sink.into_parts();
    let mut out = Counted(0);
    let size = stream.finish(&mut out, vars.max_index(), &prefix, &[]).expect("writing");
    Some((start.elapsed().as_secs_f64(), size.clauses, out.0))
}

fn main() {
    let graphs: Vec<(String, Graph, u32)> = vec![
        ("G(200, 0.02) seed 1".into(), gnp(200, 0.02, 1), 100),
        ("G(1000, 3000) seed 1".into(), gnm(1000, 3000, 1), 60),
        ("G(5000, 15000) seed 1".into(), gnm(5000, 15000, 1), 20),
        ("grid 30x30".into(), grid(30, 30), 60),
        ("torus 40x40".into(), torus(40, 40), 40),
    ];
    println!(
        "{:<24} {:>7} {:>8} {:>10} {:>14} {:>12} {:>10}",
        "graph", "rounds", "encoding", "time (s)", "clauses", "MB", "MB/s"
    );
    for (name, g, rounds) in &graphs {
        for encoding in GeoEncoding::ALL {
            let enc = Geography { encoding, variant: Variant::Thesis, rule: Rule::Vertex };
            let Some(mut runs) = (0..3).map(|_| generate(enc, g, *rounds)).collect::<Option<Vec<_>>>() else {
                println!(
                    "{name:<24} {rounds:>7} {:>8}   refused: over the default size budget of 10^8 literals",
                    encoding.name()
                );
                continue;
            };
            runs.sort_by(|a, b| a.0.total_cmp(&b.0));
            let (secs, clauses, bytes) = runs[1];
            let mb = bytes as f64 / 1e6;
            println!(
                "{name:<24} {rounds:>7} {:>8} {secs:>10.3} {clauses:>14} {mb:>12.1} {:>10.0}",
                encoding.name(),
                mb / secs.max(1e-9)
            );
        }
    }
}
