//! Checking answers: against the manifest's expected values (`wrong`) and against each
//! other (`conflict`: one instance answered `true` by one configuration and `false` by
//! another). Either means a wrong solver, a wrong preprocessor, or a wrong benchmark.

use std::collections::BTreeMap;

use contract::Verdict;

use contract::Record;

/// An instance on which configurations disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    pub instance: String,
    /// Configurations (with versions) that answered true.
    pub said_true: Vec<String>,
    pub said_false: Vec<String>,
}

/// What the check found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Findings {
    pub wrong: Vec<Record>,
    pub conflicts: Vec<Conflict>,
}

impl Findings {
    pub fn is_clean(&self) -> bool {
        self.wrong.is_empty() && self.conflicts.is_empty()
    }
}

/// Judges every answer of `records` (see [`Record::judge`]): against the expected value,
/// and, where that is unknown, against the answers of the other configurations on the
/// same instance. An answer whose certificate was rejected is wrong already and
/// contradicts no other.
pub fn judge<'a>(records: impl IntoIterator<Item = &'a mut Record>) {
    let mut by_instance: BTreeMap<String, Vec<&'a mut Record>> = BTreeMap::new();
    for r in records {
        by_instance.entry(r.instance.clone()).or_default().push(r);
    }
    for records in by_instance.into_values() {
        let said = |v| records.iter().any(|r| !r.certificate_rejected() && r.answer() == Some(v));
        let contradicted = said(Verdict::True) && said(Verdict::False);
        for r in records {
            r.judge(contradicted);
        }
    }
}

/// Checks `records` (in any order; output sorted by instance and configuration).
pub fn check<'a>(records: impl IntoIterator<Item = &'a Record>) -> Findings {
    let mut findings = Findings::default();
    let mut answers: BTreeMap<&str, (Vec<String>, Vec<String>)> = BTreeMap::new();
    for r in records {
        if r.is_wrong() {
            findings.wrong.push(r.clone());
        }
        let config = format!("{}@{}+{}@{}", r.preprocessor, r.preprocessor_version, r.solver, r.solver_version);
        let entry = answers.entry(&r.instance).or_default();
        if r.certificate_rejected() {
            continue;
        }
        match r.answer() {
            Some(Verdict::True) => entry.0.push(config),
            Some(Verdict::False) => entry.1.push(config),
            None => {}
        }
    }
    findings.wrong.sort_by(|a, b| a.key.cmp(&b.key));
    for (instance, (mut said_true, mut said_false)) in answers {
        if !said_true.is_empty() && !said_false.is_empty() {
            said_true.sort();
            said_false.sort();
            findings.conflicts.push(Conflict { instance: instance.to_string(), said_true, said_false });
        }
    }
    findings
}
