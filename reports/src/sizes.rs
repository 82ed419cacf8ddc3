//! The size table of formula files (`qbfgames stats`): variables by quantifier, blocks,
//! and clauses and literals (QDIMACS) or gates and gate inputs (QCIR).

use qbf::io::Format;
use qbf::stats::Stats;

use crate::Table;

/// One row per file, in the order given; sizes a format does not have are left empty.
pub fn size_table(files: impl IntoIterator<Item = (String, Format, Stats)>) -> Table {
    let mut table = Table::new(&[
        "file",
        "format",
        ">vars",
        ">universal",
        ">existential",
        ">blocks",
        ">clauses",
        ">literals",
        ">gates",
        ">inputs",
    ]);
    let opt = |v: Option<u64>| v.map_or(String::new(), |v| v.to_string());
    for (file, format, s) in files {
        table.push_row(vec![
            file,
            format.to_string(),
            s.vars.to_string(),
            s.universal.to_string(),
            s.existential.to_string(),
            s.blocks.to_string(),
            opt(s.clauses),
            opt(s.literals),
            opt(s.gates),
            opt(s.inputs),
        ]);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_a_format_lacks_are_empty() {
        let s = Stats {
            vars: 3,
            universal: 1,
            existential: 2,
            blocks: 2,
            clauses: Some(4),
            literals: Some(9),
            ..Stats::default()
        };
        let table = size_table([("a.qdimacs".to_string(), Format::Qdimacs, s)]);
        let mut text = Vec::new();
        crate::write_csv(&mut text, &table).expect("writing to memory");
        let text = String::from_utf8(text).expect("UTF-8");
        assert!(text.ends_with("a.qdimacs,qdimacs,3,1,2,2,4,9,,\n"), "{text}");
    }
}
