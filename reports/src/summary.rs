//! The summary a run ends with: status counts and CPU time per configuration.

use std::collections::BTreeSet;

use contract::{Record, Status};

use super::table::Table;

/// One row per configuration (`preprocessor+solver`): how many cells ended in each
/// status, and the CPU seconds of preprocessing and solving.
pub fn run_summary(records: &[Record]) -> Table {
    let mut columns = vec!["configuration"];
    let numbered: Vec<String> = Status::ALL.iter().map(|s| format!(">{s}")).collect();
    columns.extend(numbered.iter().map(String::as_str));
    columns.push(">cpu_s");
    let mut table = Table::new(&columns);
    let configs: BTreeSet<String> = records.iter().map(Record::configuration).collect();
    for config in configs {
        let mine: Vec<&Record> = records.iter().filter(|r| r.configuration() == config).collect();
        let mut row = vec![config];
        for s in Status::ALL {
            row.push(mine.iter().filter(|r| r.status == s).count().to_string());
        }
        row.push(format!("{:.2}", mine.iter().map(|r| r.cpu_s + r.pre_cpu_s).sum::<f64>()));
        table.push_row(row);
    }
    table
}
