//! The hardness table: per family, how many jobs fell in each class (and how many of them
//! by a predicted time), how many the selection
//! keeps and their answers. Printed by `select` and `make suite`, and part of the package's
//! README.

use std::collections::BTreeMap;

use contract::Verdict;

use super::super::table::Table;
use super::calibrate::{Basis, Calibrated};
use super::class::Class;
use super::predict::interval_text;

/// One row per family and a total.
pub fn hardness_table(jobs: &[Calibrated]) -> Table {
    let mut columns = vec!["family".to_string(), ">jobs".to_string()];
    columns.extend(Class::ALL.iter().map(|c| format!(">{c}")));
    columns.extend(
        [">predicted", ">unknown answer", ">selected", ">true", ">false", ">unsolved by some"].map(String::from),
    );
    let mut table = Table::new(&columns);
    let mut families: BTreeMap<&str, Vec<&Calibrated>> = BTreeMap::new();
    for j in jobs {
        families.entry(&j.family).or_default().push(j);
    }
    let all: Vec<&Calibrated> = jobs.iter().collect();
    for (family, members) in families.iter().map(|(f, m)| (*f, m)).chain([("total", &all)]) {
        let count = |f: &dyn Fn(&Calibrated) -> bool| members.iter().filter(|j| f(j)).count().to_string();
        let mut row = vec![family.to_string(), members.len().to_string()];
        row.extend(Class::ALL.iter().map(|&c| count(&|j| j.class == c)));
        row.push(count(&|j| j.best_s.is_none() && j.prediction.is_some()));
        row.push(count(&|j| j.expected.is_none()));
        row.push(count(&|j| j.selected));
        row.push(count(&|j| j.selected && j.expected == Some(Verdict::True)));
        row.push(count(&|j| j.selected && j.expected == Some(Verdict::False)));
        row.push(count(&|j| j.selected && j.unsolved_by_some()));
        table.push_row(row);
    }
    table
}

/// The classes on one track (`qdimacs` or `qcir`): per family, the jobs run on it, how many
/// fell in each class by that track's runs alone, and how many of the selected ones it has.
pub fn track_table(jobs: &[Calibrated], track: &str) -> Table {
    let mut columns = vec!["family".to_string(), ">jobs".to_string()];
    columns.extend(Class::ALL.iter().map(|c| format!(">{c}")));
    columns.push(">selected".to_string());
    let mut table = Table::new(&columns);
    let on: Vec<&Calibrated> = jobs.iter().filter(|j| j.tracks.contains_key(track)).collect();
    let mut families: BTreeMap<&str, Vec<&Calibrated>> = BTreeMap::new();
    for j in &on {
        families.entry(&j.family).or_default().push(j);
    }
    for (family, members) in families.iter().map(|(f, m)| (*f, m)).chain([("total", &on)]) {
        let mut row = vec![family.to_string(), members.len().to_string()];
        row.extend(
            Class::ALL.iter().map(|&c| members.iter().filter(|j| j.tracks.get(track) == Some(&c)).count().to_string()),
        );
        row.push(members.iter().filter(|j| j.selected).count().to_string());
        table.push_row(row);
    }
    table
}

/// The selected jobs per class by what the class rests on: measured, predicted (with the
/// widest interval of the class's predictions, as factors of the prediction) or bounded.
pub fn basis_table(jobs: &[Calibrated]) -> Table {
    let mut columns = vec!["class".to_string(), ">selected".to_string()];
    columns.extend(Basis::ALL.iter().map(|b| format!(">{b}")));
    columns.push("predicted intervals".to_string());
    let mut table = Table::new(&columns);
    let selected: Vec<&Calibrated> = jobs.iter().filter(|j| j.selected).collect();
    for class in Class::ALL.iter().copied().map(Some).chain([None]) {
        let members: Vec<&&Calibrated> = selected.iter().filter(|j| class.is_none_or(|c| j.class == c)).collect();
        let mut row = vec![class.map_or("total".to_string(), |c| c.to_string()), members.len().to_string()];
        row.extend(Basis::ALL.iter().map(|&b| members.iter().filter(|j| j.basis() == b).count().to_string()));
        let intervals: Vec<(f64, f64)> =
            members.iter().filter_map(|j| j.prediction.as_ref().map(|p| p.interval)).collect();
        row.push(if intervals.is_empty() {
            String::new()
        } else {
            let low = intervals.iter().map(|i| i.0).fold(f64::INFINITY, f64::min);
            let high = intervals.iter().map(|i| i.1).fold(0.0, f64::max);
            format!("×{}", interval_text(low, high, 2))
        });
        table.push_row(row);
    }
    table
}
