//! The frontier of a run's ladders, for the escalation stage (`qbfgames frontier`): the
//! rungs whose measurement tells the most, each with the configuration to run it with.
//!
//! The frontier of a depth series is its shallowest rung that no configuration solved;
//! beside it come the rungs the selection wants (selected, and solved by no run). Each is
//! run with the configuration that predicts best for it: the one whose validated
//! prediction is fastest, else the one that solved the series' deepest rung (the fastest
//! there). A rung already run by that configuration at the limit or a longer one is not
//! on the frontier at that limit. The order buys information first where it is cheap:
//! the rungs the selection wants, then by expected cost (the prediction, capped at the
//! limit), the families taking turns so that every ladder gets its look before any gets a
//! second.

use std::collections::{BTreeMap, BTreeSet};

use contract::Record;

use super::super::input::seconds;
use super::calibrate::Calibrated;

/// One run of the frontier.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub job: String,
    pub family: String,
    /// `PREPROCESSOR+SOLVER`.
    pub config: String,
    /// The CPU seconds it is expected to take at the limit: its prediction, or the limit.
    pub cost_s: f64,
    /// Whether the selection wants it.
    pub wanted: bool,
}

/// The frontier at `limit` of `jobs` (calibrated with validated predictions), `records` by
/// job, the jobs the selection `wanted`, in the order to run; see the module's
/// documentation.
pub fn frontier(
    jobs: &[Calibrated],
    records: &BTreeMap<String, Vec<Record>>,
    wanted: &BTreeSet<String>,
    limit: f64,
) -> Vec<Step> {
    let mut series: BTreeMap<(&str, &str, &str), Vec<&Calibrated>> = BTreeMap::new();
    for j in jobs.iter().filter(|j| j.depth.plies().is_some()) {
        series.entry((&j.family, &j.params, &j.encoding)).or_default().push(j);
    }
    let mut steps = Vec::new();
    for members in series.values_mut() {
        members.sort_by_key(|j| j.depth.plies());
        let strongest = strongest(members, records);
        let shallowest = members.iter().find(|j| j.best_s.is_none()).map(|j| j.job.as_str());
        for j in members.iter().filter(|j| j.best_s.is_none()) {
            let want = wanted.contains(&j.job);
            if !want && Some(j.job.as_str()) != shallowest {
                continue;
            }
            let Some(config) = j.prediction.as_ref().map(|p| p.config.clone()).or_else(|| strongest.clone()) else {
                continue;
            };
            let done = records.get(&j.job).into_iter().flatten().any(|r| {
                r.configuration() == config && r.timeout_s >= limit && (r.status.ran_out() || r.answer().is_some())
            });
            if done {
                continue;
            }
            let cost_s = j.prediction.as_ref().map_or(limit, |p| p.best_s.min(limit));
            steps.push(Step { job: j.job.clone(), family: j.family.clone(), config, cost_s, wanted: want });
        }
    }
    steps.sort_by(|a, b| b.wanted.cmp(&a.wanted).then(a.cost_s.total_cmp(&b.cost_s)).then(a.job.cmp(&b.job)));
    take_turns(steps)
}

/// The configuration that solved the deepest rung of a series (the fastest there).
fn strongest(members: &[&Calibrated], records: &BTreeMap<String, Vec<Record>>) -> Option<String> {
    members.iter().rev().find_map(|j| {
        records
            .get(&j.job)?
            .iter()
            .filter(|r| r.answer().is_some())
            .min_by(|a, b| seconds(a).total_cmp(&seconds(b)))
            .map(Record::configuration)
    })
}

/// `steps` (in order) with the families taking turns: each round takes every family's
/// next step, wanted steps keeping their lead.
fn take_turns(steps: Vec<Step>) -> Vec<Step> {
    let mut out = Vec::with_capacity(steps.len());
    for wanted in [true, false] {
        let mut queues: BTreeMap<String, std::collections::VecDeque<Step>> = BTreeMap::new();
        let mut order: Vec<String> = Vec::new();
        for s in steps.iter().filter(|s| s.wanted == wanted) {
            if !queues.contains_key(&s.family) {
                order.push(s.family.clone());
            }
            queues.entry(s.family.clone()).or_default().push_back(s.clone());
        }
        while queues.values().any(|q| !q.is_empty()) {
            for family in &order {
                out.extend(queues.get_mut(family).and_then(|q| q.pop_front()));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selection::{Class, Prediction};
    use contract::Depth;
    use harness::growth::Model;

    fn job(family: &str, depth: u32, best_s: Option<f64>, predicted: Option<f64>) -> Calibrated {
        Calibrated {
            job: format!("{family}/d={depth}"),
            family: family.into(),
            params: String::new(),
            depth: Depth::Plies(depth),
            encoding: "e".into(),
            class: Class::Easy,
            runs: 2,
            solved: usize::from(best_s.is_some()),
            best_s,
            prediction: predicted.map(|best_s| Prediction {
                best_s,
                config: "none+caqe".into(),
                from: String::new(),
                model: Model::Exponential,
                anchor_s: 10.0,
                interval: (0.5, 2.0),
                fitted_s: best_s,
            }),
            floor_s: 10.0,
            slowest_s: 10.0,
            tracks: Default::default(),
            expected: None,
            expected_by: String::new(),
            selected: false,
            note: String::new(),
        }
    }

    #[test]
    fn the_shallowest_unsolved_rung_and_the_wanted_ones_in_turns_cheapest_first() {
        let jobs = vec![
            job("a", 3, Some(1.0), None),
            job("a", 5, None, Some(40.0)),
            job("a", 7, None, Some(400.0)),
            job("a", 9, None, Some(4000.0)),
            job("b", 3, None, Some(20.0)),
            job("b", 5, None, Some(90.0)),
        ];
        let wanted: BTreeSet<String> = ["a/d=9".to_string()].into();
        let steps = frontier(&jobs, &BTreeMap::new(), &wanted, 60.0);
        let order: Vec<(&str, f64)> = steps.iter().map(|s| (s.job.as_str(), s.cost_s)).collect();
        assert_eq!(
            order,
            [("a/d=9", 60.0), ("b/d=3", 20.0), ("a/d=5", 40.0)],
            "a/d=7 is neither the frontier nor wanted"
        );
    }

    #[test]
    fn a_rung_its_configuration_already_ran_at_the_limit_is_left_out() {
        let jobs = vec![job("a", 5, None, Some(40.0))];
        let mut record = crate::fixtures::record("a/d=5", "caqe", "timeout", 60.0);
        record.timeout_s = 60.0;
        let records: BTreeMap<String, Vec<Record>> = [("a/d=5".to_string(), vec![record])].into();
        assert!(frontier(&jobs, &records, &BTreeSet::new(), 60.0).is_empty());
        assert_eq!(frontier(&jobs, &records, &BTreeSet::new(), 300.0).len(), 1, "a longer limit runs it again");
    }
}
