//! The measurement summed up: per family × variant × configuration the jobs, the solved
//! count, PAR-2 (CPU seconds of a solved job, the preprocessor's included, twice the
//! limit otherwise; starved runs are
//! not results and are left out) and its ratio to the family's own variant, the mean
//! formula size; per family the variant with the least PAR-2 over all configurations;
//! and every instance on which two answers (or an answer and the expected one) disagree.
//!
//! Instances are matched across variants by family, parameters and depth (not by
//! encoding, which a variant may change).

use std::collections::{BTreeMap, BTreeSet};
use std::io;

use contract::Status;
use suites::Suite;

use super::measure::Measured;

/// One line of the summary.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub family: String,
    pub variant: String,
    pub configuration: String,
    pub jobs: usize,
    pub solved: usize,
    pub par2: f64,
    /// PAR-2 over the family's own variant's PAR-2 for the same configuration (the first
    /// variant measured on the family when its own was not).
    pub ratio: Option<f64>,
    pub vars: f64,
    pub clauses: f64,
}

/// Two answers that disagree on one instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// `family/params/d=depth`.
    pub instance: String,
    /// `variant configuration: answer` (and `expected: answer`).
    pub answers: Vec<String>,
}

/// The summary of a measurement.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub lines: Vec<Line>,
    /// Per family, the variant with the least PAR-2 summed over the configurations, and
    /// the family's own variant if it was measured (else ratios are to the first variant).
    pub best: Vec<(String, String, Option<String>)>,
    pub disagreements: Vec<Disagreement>,
    pub timeout_s: f64,
}

#[derive(Default)]
struct Counts {
    jobs: usize,
    solved: usize,
    par2: f64,
}

/// Sums up `measured` (run with a CPU limit of `timeout_s`) of the families of `suite`.
pub fn summarize(suite: &Suite, measured: &[Measured], timeout_s: f64) -> Summary {
    let mut counts: BTreeMap<(String, String, String), Counts> = BTreeMap::new();
    let mut sizes: BTreeMap<(String, String), (usize, f64, f64)> = BTreeMap::new();
    let mut answers: BTreeMap<String, BTreeSet<(String, String)>> = BTreeMap::new();
    for m in measured {
        let label = m.variant.label();
        let rows: BTreeMap<&str, _> = m.rows.iter().map(|r| (r.id.as_str(), r)).collect();
        for row in &m.rows {
            let size = sizes.entry((row.family.clone(), label.clone())).or_default();
            *size = (size.0 + 1, size.1 + row.vars.unwrap_or(0) as f64, size.2 + row.clauses.unwrap_or(0) as f64);
            if let Some(expected) = row.expected {
                answers.entry(instance_of(row)).or_default().insert(("expected".to_string(), expected.to_string()));
            }
        }
        for r in &m.records {
            let Some(row) = rows.get(r.instance.as_str()) else { continue };
            // Not a measurement (`measure` refuses them): neither solved nor unsolved.
            if r.status == Status::Starved {
                continue;
            }
            let configuration = configuration(&r.preprocessor, &r.solver);
            let c = counts.entry((r.family.clone(), label.clone(), configuration.clone())).or_default();
            c.jobs += 1;
            if matches!(r.status, Status::True | Status::False) {
                c.solved += 1;
                c.par2 += r.pre_cpu_s + r.cpu_s;
            } else {
                c.par2 += 2.0 * r.timeout_s;
            }
            if r.answer == "true" || r.answer == "false" {
                answers
                    .entry(instance_of(row))
                    .or_default()
                    .insert((format!("{label} {configuration}"), r.answer.clone()));
            }
        }
    }
    // The baseline per family: its own variant, else the first variant measured on it.
    let own: BTreeMap<&str, (String, bool)> = suite
        .families
        .iter()
        .filter_map(|f| {
            let own = measured.iter().find(|m| m.variant.is_family_own(f) && m.variant.applies(f));
            let first = measured.iter().find(|m| m.variant.applies(f));
            own.map(|m| (m.variant.label(), true))
                .or(first.map(|m| (m.variant.label(), false)))
                .map(|base| (f.name.as_str(), base))
        })
        .collect();
    let mut lines = Vec::new();
    for ((family, variant, configuration), c) in &counts {
        let par2 = c.par2 / c.jobs.max(1) as f64;
        let base = own
            .get(family.as_str())
            .and_then(|(o, _)| counts.get(&(family.clone(), o.clone(), configuration.clone())))
            .map(|b| b.par2 / b.jobs.max(1) as f64);
        let (n, vars, clauses) = sizes.get(&(family.clone(), variant.clone())).copied().unwrap_or_default();
        let mean = |total: f64| if n == 0 { 0.0 } else { total / n as f64 };
        lines.push(Line {
            family: family.clone(),
            variant: variant.clone(),
            configuration: configuration.clone(),
            jobs: c.jobs,
            solved: c.solved,
            par2,
            ratio: base.filter(|&b| b > 0.0).map(|b| par2 / b),
            vars: mean(vars),
            clauses: mean(clauses),
        });
    }
    let mut best = Vec::new();
    for (family, (base, is_own)) in &own {
        let mut totals: BTreeMap<&str, f64> = BTreeMap::new();
        for l in lines.iter().filter(|l| l.family == *family) {
            *totals.entry(l.variant.as_str()).or_default() += l.par2;
        }
        if let Some((variant, _)) = totals.iter().min_by(|a, b| a.1.total_cmp(b.1)) {
            best.push((family.to_string(), variant.to_string(), is_own.then(|| base.clone())));
        }
    }
    let disagreements = answers
        .into_iter()
        .filter(|(_, said)| said.iter().any(|(_, a)| a == "true") && said.iter().any(|(_, a)| a == "false"))
        .map(|(instance, said)| Disagreement {
            instance,
            answers: said.into_iter().map(|(who, answer)| format!("{who}: {answer}")).collect(),
        })
        .collect();
    Summary { lines, best, disagreements, timeout_s }
}

fn instance_of(row: &contract::manifest::Row) -> String {
    format!("{}/{}/d={}", row.family, row.params, row.depth)
}

/// `solver`, or `preprocessor+solver`.
pub fn configuration(preprocessor: &str, solver: &str) -> String {
    if preprocessor.is_empty() || preprocessor == "none" {
        solver.to_string()
    } else {
        format!("{preprocessor}+{solver}")
    }
}

impl Summary {
    /// One Markdown table per family: a row per variant (its mean size), a column per
    /// configuration (`PAR-2 (solved/jobs) ×ratio`), the PAR-2 summed over the
    /// configurations last; then the best variant per family.
    pub fn markdown(&self) -> String {
        let mut out = String::new();
        let families: BTreeSet<&str> = self.lines.iter().map(|l| l.family.as_str()).collect();
        for family in families {
            let lines: Vec<&Line> = self.lines.iter().filter(|l| l.family == family).collect();
            let mut configurations: Vec<&str> = Vec::new();
            let mut variants: Vec<&str> = Vec::new();
            for l in &lines {
                if !configurations.contains(&l.configuration.as_str()) {
                    configurations.push(&l.configuration);
                }
                if !variants.contains(&l.variant.as_str()) {
                    variants.push(&l.variant);
                }
            }
            out.push_str(&format!(
                "\n### {family}\n\n| variant | vars | clauses | {} | sum |\n",
                configurations.join(" | ")
            ));
            out.push_str(&format!("|---|---:|---:|{}---:|\n", "---:|".repeat(configurations.len())));
            for variant in variants {
                let row: Vec<&&Line> = lines.iter().filter(|l| l.variant == variant).collect();
                let (vars, clauses) = row.first().map_or((0.0, 0.0), |l| (l.vars, l.clauses));
                let cells: Vec<String> = configurations
                    .iter()
                    .map(|c| match row.iter().find(|l| l.configuration == *c) {
                        Some(l) => {
                            let ratio = l.ratio.map_or(String::new(), |r| format!(" ×{r:.2}"));
                            format!("{:.2} ({}/{}){ratio}", l.par2, l.solved, l.jobs)
                        }
                        None => "-".to_string(),
                    })
                    .collect();
                let sum: f64 = row.iter().map(|l| l.par2).sum();
                out.push_str(&format!("| {variant} | {vars:.0} | {clauses:.0} | {} | {sum:.2} |\n", cells.join(" | ")));
            }
        }
        out.push_str(&format!(
            "\nPAR-2: mean CPU seconds (preprocessing included), unsolved at twice the {} s limit; (solved/jobs); ×: ratio to the family's own variant; sizes: means over the family's instances.\n\n",
            self.timeout_s
        ));
        for (family, best, own) in &self.best {
            let verdict = match own {
                Some(own) if own == best => "its own setting".to_string(),
                Some(own) => format!("not its own ({own})"),
                None => "its own setting was not measured (ratios are to the first variant)".to_string(),
            };
            out.push_str(&format!("best over all configurations for {family}: {best}, {verdict}\n"));
        }
        out
    }

    /// The lines as CSV.
    pub fn write_csv(&self, out: impl io::Write) -> csv::Result<()> {
        let mut w = csv::Writer::from_writer(out);
        w.write_record(["family", "variant", "configuration", "jobs", "solved", "par2_s", "ratio", "vars", "clauses"])?;
        for l in &self.lines {
            w.write_record([
                l.family.clone(),
                l.variant.clone(),
                l.configuration.clone(),
                l.jobs.to_string(),
                l.solved.to_string(),
                format!("{:.3}", l.par2),
                l.ratio.map_or(String::new(), |r| format!("{r:.3}")),
                format!("{:.1}", l.vars),
                format!("{:.1}", l.clauses),
            ])?;
        }
        w.flush()?;
        Ok(())
    }
}
