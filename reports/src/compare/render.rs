//! A comparison as a report section, a table and text: the counts per configuration and
//! category, the pairs that differ, conflicts first.

use std::collections::BTreeSet;
use std::io::{self, Write};

use super::super::export::write_text;
use super::super::section::{Mark, Section};
use super::super::table::Table;
use super::{Category, Comparison, Pair, Side, FACTOR, MARGIN_S};

impl Comparison {
    /// The counts per configuration and category, with a total row.
    pub fn summary(&self) -> Section {
        let mut columns = vec!["configuration".to_string(), ">pairs".to_string()];
        columns.extend(Category::ALL.iter().map(|c| format!(">{}", c.name())));
        let mut table = Table::new(&columns);
        let configurations: BTreeSet<&str> = self.pairs.iter().map(|p| p.configuration.as_str()).collect();
        let row = |name: &str, pairs: &[&Pair]| {
            let mut row = vec![name.to_string(), pairs.len().to_string()];
            row.extend(Category::ALL.iter().map(|&c| pairs.iter().filter(|p| p.category == c).count().to_string()));
            row
        };
        for configuration in &configurations {
            let mine: Vec<&Pair> = self.pairs.iter().filter(|p| p.configuration == *configuration).collect();
            table.push_row(row(configuration, &mine));
        }
        table.push_row(row("total", &self.pairs.iter().collect::<Vec<_>>()));
        let mut section = Section::new(
            "compare-summary",
            "Comparison of two runs: summary",
            &format!(
                "Pairs of job and configuration by how {} (A) and {} (B) compare. B slower or faster: both answer, \
                 times differ by at least {FACTOR}× and {MARGIN_S} s CPU. Only in A or B: the other folder has no \
                 record of the pair.",
                self.names.0, self.names.1
            ),
            table,
        );
        let conflicts = 2;
        for (r, cells) in section.table.rows.iter().enumerate() {
            if cells[conflicts] != "0" {
                section.marks.insert((r, conflicts), Mark::Bold);
            }
        }
        section
    }

    /// The pairs that differ ([`Comparison::differing`]) as a table, conflicts in bold.
    pub fn section(&self) -> Section {
        let mut table = Table::new(&["difference", "job", "configuration", "A", "B", ">B/A", "expected"]);
        for pair in self.differing() {
            table.push_row(vec![
                pair.category.name().to_string(),
                pair.job.clone(),
                pair.configuration.clone(),
                pair.a.map_or_else(|| "no record".to_string(), |s| s.text()),
                pair.b.map_or_else(|| "no record".to_string(), |s| s.text()),
                pair.ratio().map_or_else(String::new, |r| format!("{r:.2}")),
                pair.expected.map_or_else(|| "unknown".to_string(), |v| v.to_string()),
            ]);
        }
        let mut section = Section::new(
            "compare",
            "Comparison of two runs",
            &format!(
                "Where {} (A) and {} (B) differ: conflicts (one says true, the other false) first, then jobs \
                 answered by one side only, then times that differ by at least {FACTOR}× and {MARGIN_S} s CPU \
                 (B/A: B's time over A's), then jobs one folder did not run. Answers as the solvers gave them; \
                 judged wrong: the manifest's expected answer contradicts it.",
                self.names.0, self.names.1
            ),
            table,
        );
        for (r, cells) in section.table.rows.iter().enumerate() {
            if cells[0] == Category::Conflict.name() {
                section.marks.insert((r, 0), Mark::Bold);
            }
        }
        section.sortable = true;
        section
    }

    /// Every pair, one row each with plain numbers, for CSV.
    pub fn table(&self) -> Table {
        let mut table = Table::new(&[
            "job",
            "family",
            "configuration",
            "category",
            "a_answer",
            "a_cpu_s",
            "a_status",
            "b_answer",
            "b_cpu_s",
            "b_status",
            ">ratio",
            "expected",
        ]);
        let cells = |side: &Option<Side>| -> [String; 3] {
            match side {
                None => [String::new(), String::new(), "absent".to_string()],
                Some(s) => {
                    let seconds = s.solved().or(s.unsolved.map(|(_, t)| t));
                    let status = match (s.solved(), s.unsolved) {
                        (Some(_), _) if s.judged_wrong => "wrong".to_string(),
                        (Some(_), _) => "answered".to_string(),
                        (None, Some((status, _))) => status.to_string(),
                        (None, None) => String::new(),
                    };
                    [s.answers().to_string(), seconds.map_or_else(String::new, |t| format!("{t:.3}")), status]
                }
            }
        };
        for pair in &self.pairs {
            let mut row = vec![
                pair.job.clone(),
                pair.family.clone(),
                pair.configuration.clone(),
                pair.category.name().to_string(),
            ];
            row.extend(cells(&pair.a));
            row.extend(cells(&pair.b));
            row.push(pair.ratio().map_or_else(String::new, |r| format!("{r:.3}")));
            row.push(pair.expected.map_or_else(|| "unknown".to_string(), |v| v.to_string()));
            table.push_row(row);
        }
        table
    }

    /// The comparison as text: one line per conflict, the summary table, the differing
    /// pairs, what one folder lacks, and a closing line (an `error:` line when there are
    /// conflicts).
    pub fn write_text(&self, mut out: impl Write) -> io::Result<()> {
        for line in self.pairs.iter().filter_map(Pair::conflict_line) {
            writeln!(out, "{line}")?;
        }
        if self.conflicts() > 0 {
            writeln!(out)?;
        }
        writeln!(out, "A: {}", self.names.0)?;
        writeln!(out, "B: {}", self.names.1)?;
        writeln!(out)?;
        write_text(&mut out, &self.summary().table)?;
        let differing = self.section();
        writeln!(out)?;
        if differing.table.rows.is_empty() {
            writeln!(out, "no differences beyond {FACTOR}× and {MARGIN_S} s")?;
        } else {
            write_text(&mut out, &differing.table)?;
        }
        let mut notes = Vec::new();
        let mut note = |what: &str, list: &[String]| {
            if !list.is_empty() {
                let shown: Vec<&str> = list.iter().take(3).map(String::as_str).collect();
                let more = if list.len() > shown.len() {
                    format!(", … ({} more)", list.len() - shown.len())
                } else {
                    String::new()
                };
                notes.push(format!("note: {} {what}: {}{more}", list.len(), shown.join(", ")));
            }
        };
        note("job(s) only in A", &self.jobs_only_in_a);
        note("job(s) only in B", &self.jobs_only_in_b);
        note("configuration(s) run only in A", &self.configurations_only_in_a);
        note("configuration(s) run only in B", &self.configurations_only_in_b);
        if !notes.is_empty() {
            writeln!(out)?;
            for line in notes {
                writeln!(out, "{line}")?;
            }
        }
        let both = self.pairs.iter().filter(|p| p.a.is_some() && p.b.is_some()).count();
        writeln!(out)?;
        match self.conflicts() {
            0 => writeln!(out, "no conflicts: {both} job × configuration pair(s) run in both folders agree")?,
            n => writeln!(
                out,
                "error: {n} conflict(s) in {both} pair(s) run in both folders: A and B answer the same job \
                 differently, so a solver, a preprocessor or an encoding is unsound"
            )?,
        }
        Ok(())
    }
}
