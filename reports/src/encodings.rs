//! The encoding comparison: jobs that differ only in their encoding (the same family,
//! parameters and depth), side by side: each file's sizes, and each configuration's time.

use std::collections::{BTreeMap, BTreeSet};

use contract::manifest::Row;
use contract::Depth;

use super::input::{answer, seconds, Answer, RunData};
use super::label;
use super::section::Section;
use super::table::Table;

fn opt(v: Option<u64>) -> String {
    v.map_or_else(|| "-".into(), |v| v.to_string())
}

/// Rows for every (family, parameters, depth) generated under two or more encodings.
pub fn comparison(data: &RunData) -> Section {
    let configurations = data.configurations();
    let mut groups: BTreeMap<(String, String, Depth), Vec<&Row>> = BTreeMap::new();
    for row in data.instances.values().filter(|r| r.vars.is_some()) {
        groups.entry((row.family.clone(), row.params.clone(), row.depth)).or_default().push(row);
    }
    let mut times: BTreeMap<(&str, String), String> = BTreeMap::new();
    let name = data.naming();
    for record in &data.records {
        let cell = match answer(record) {
            Answer::True | Answer::False => format!("{:.2}", seconds(record)),
            Answer::Wrong => "wrong".into(),
            Answer::Unsolved | Answer::Starved => record.status.to_string(),
        };
        times.insert((record.instance.as_str(), name(record)), cell);
    }
    let columns: Vec<String> = ["family", "game", ">depth", "encoding", "format", ">vars", ">clauses", ">gates"]
        .iter()
        .map(|s| s.to_string())
        .chain(configurations.iter().map(|c| format!(">{c}")))
        .collect();
    let mut table = Table::new(&columns);
    for ((family, params, depth), mut rows) in groups {
        let encodings: BTreeSet<&str> = rows.iter().map(|r| r.encoding.as_str()).collect();
        if encodings.len() < 2 {
            continue;
        }
        rows.sort_by(|a, b| (&a.encoding, &a.format).cmp(&(&b.encoding, &b.format)));
        for row in rows {
            let mut cells = vec![
                family.clone(),
                label::short(&params),
                depth.to_string(),
                row.encoding.clone(),
                row.format.clone(),
                opt(row.vars),
                opt(row.clauses),
                opt(row.gates),
            ];
            cells.extend(
                configurations
                    .iter()
                    .map(|c| times.get(&(row.id.as_str(), c.clone())).cloned().unwrap_or_else(|| "-".into())),
            );
            table.push_row(cells);
        }
    }
    Section::new(
        "encodings",
        "Encoding comparison",
        "The same game and depth under each encoding: sizes of each file, and each configuration's time in seconds (or why it has none; - where it did not run).",
        table,
    )
}
