//! Generation speed of the COR+ encoding on the two largest challenges, and the sizes of
//! all Table 3 instances next to the published ones.
//!
//! Targets (release build): Gomoku 15×15 in under 1 s, Connect6 Mickey Mouse in under 3 s,
//! from reading the PG file to the last byte of QDIMACS (written to a null sink).

use std::path::Path;
use std::time::Instant;

use contract::Source;
use game_positional::corplus::Corplus;
use game_positional::pg::read_pg;
use gamekit::{Encoding, Side, Sink};
use qbf::formula::VarManager;
use qbf::io::QdimacsStream;
use qbf::tseitin::ClauseForm;

fn main() {
    let suite = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../suite");
    let published = [
        ("qubic_1_1_4x4x4", "63", "186", "4.5k", "25.0k", "102k"),
        ("gttt_1_1_9x9_snaky", "81", "280", "7.5k", "45.7k", "188k"),
        ("gomoku_1_1_15x15_connect5", "225", "896", "52.9k", "360k", "1514k"),
        ("mickey_mouse_1_2_19x19_connect6", "179", "1602", "130k", "1020k", "3070k"),
    ];
    println!(
        "{:<34} {:>9} {:>14} {:>12} {:>14} {:>18} {:>18}",
        "instance", "time", "blocks", "forall", "exists", "clauses", "literals"
    );
    for (name, blocks, forall, exists, clauses, literals) in published {
        let path = suite.join(format!("games/pg/{name}.pg"));
        let start = Instant::now();
        let source = Source::read(&path.display().to_string()).expect("suite PG file");
        let game = read_pg(&source).expect("valid PG file").game;
        let mut sink = Sink::clauses(QdimacsStream::new().expect("temporary file"), ClauseForm::default());
        let mut vars = VarManager::new();
        let prefix =
            Corplus.encode(&game, game.depth(), Side::Black, &mut sink, &mut vars).expect("all time points").prefix;
        let (stream, _) = sink.into_parts();
        let size = stream.finish(std::io::sink(), vars.max_index(), &prefix, &[]).expect("writing");
        let elapsed = start.elapsed();
        let pair = |ours: String, paper: &str| format!("{ours} / {paper}");
        println!(
            "{:<34} {:>8.3}s {:>14} {:>12} {:>14} {:>18} {:>18}",
            name,
            elapsed.as_secs_f64(),
            pair(prefix.blocks().len().to_string(), blocks),
            pair(prefix.count(qbf::formula::Quant::Forall).to_string(), forall),
            pair(prefix.count(qbf::formula::Quant::Exists).to_string(), exists),
            pair(size.clauses.to_string(), clauses),
            pair(size.literals.to_string(), literals),
        );
    }
    println!("(ours / published, Table 3 of Mayer-Eichberger & Saffidine; time = read + encode + write)");
}
