//! The balanced pick: per family, at most N jobs with known answers, trivial ones dropped,
//! true and false alternated where the family has both, hardness classes taken in turn
//! with the frontier first (hard and unsolved jobs, then the slowest solved ones).

use std::collections::BTreeMap;

use contract::Verdict;

use super::super::Error;
use super::calibrate::Calibrated;
use super::class::Class;

/// What the selection must achieve; a request it cannot meet is an error that says what is
/// missing.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// At most this many jobs per family.
    pub per_family: usize,
    /// At least this many per family that has any job.
    pub min_per_family: usize,
    /// At least this many families in the selection.
    pub families: usize,
    /// The share of true answers in the whole selection must lie in this range.
    pub true_share: (f64, f64),
    /// At least this share of the selection must be unsolved by at least one configuration
    /// at the calibration limit.
    pub unsolved_by_some: f64,
    /// Trivial jobs kept in a family that has nothing harder.
    pub trivial_fallback: usize,
    /// At most this share of the selection may have no known answer; such a job is
    /// selected only when it is unsolved, at most one per family.
    pub unknown_share: f64,
}

impl Default for Request {
    fn default() -> Request {
        Request {
            per_family: 8,
            min_per_family: 1,
            families: 1,
            true_share: (0.0, 1.0),
            unsolved_by_some: 0.0,
            trivial_fallback: 2,
            unknown_share: 0.0,
        }
    }
}

/// The order in which classes take turns: the frontier first.
const TURNS: [Class; 5] = [Class::Hard, Class::Unsolved, Class::Bounded, Class::Medium, Class::Easy];

/// Marks the selected jobs of `jobs` (and notes why the others are not), or says which
/// part of `request` cannot be met.
pub fn pick(jobs: &mut [Calibrated], request: &Request) -> Result<(), Error> {
    let mut families: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, job) in jobs.iter().enumerate() {
        families.entry(job.family.clone()).or_default().push(i);
    }
    let mut short = Vec::new();
    for (family, members) in &families {
        let chosen = pick_family(jobs, members, request);
        if chosen < request.min_per_family {
            short.push(shortfall(family, jobs, members, chosen, request.min_per_family));
        }
    }
    cap_unknown(jobs, request.unknown_share);
    let selected: Vec<&Calibrated> = jobs.iter().filter(|j| j.selected).collect();
    let n = selected.len() as f64;
    let share = |f: &dyn Fn(&Calibrated) -> bool| selected.iter().filter(|j| f(j)).count() as f64 / n.max(1.0);
    let with_some = families.keys().filter(|f| selected.iter().any(|j| &j.family == *f)).count();
    if with_some < request.families {
        short.push(format!(
            "{with_some} families have a selection, {} requested; add families to the suite",
            request.families
        ));
    }
    let true_share = share(&|j| j.expected == Some(Verdict::True));
    if !(request.true_share.0..=request.true_share.1).contains(&true_share) {
        short.push(format!(
            "{:.0}% of the selection is true, {:.0}–{:.0}% requested; add depths or positions where the other player wins",
            100.0 * true_share,
            100.0 * request.true_share.0,
            100.0 * request.true_share.1
        ));
    }
    let hard_share = share(&|j| j.unsolved_by_some());
    if hard_share < request.unsolved_by_some {
        short.push(format!(
            "{:.0}% of the selection is unsolved by some configuration at the limit, {:.0}% requested; extend the families' ladders or lower the calibration limit",
            100.0 * hard_share,
            100.0 * request.unsolved_by_some
        ));
    }
    if short.is_empty() {
        Ok(())
    } else {
        Err(Error::SelectionShort(short.iter().map(|s| format!("\n    {s}")).collect()))
    }
}

/// Drops selected jobs without a known answer (the last families' first) until they are
/// at most `share` of the selection.
fn cap_unknown(jobs: &mut [Calibrated], share: f64) {
    let unknown: Vec<usize> = (0..jobs.len()).filter(|&i| jobs[i].selected && jobs[i].expected.is_none()).collect();
    let mut kept = unknown.len();
    for &i in unknown.iter().rev() {
        let selected = jobs.iter().filter(|j| j.selected).count();
        if (kept as f64) <= share * selected as f64 {
            break;
        }
        jobs[i].selected = false;
        jobs[i].note = "answer unknown: over the set's share of unknown answers".to_string();
        kept -= 1;
    }
}

/// Selects within one family; returns how many.
fn pick_family(jobs: &mut [Calibrated], members: &[usize], request: &Request) -> usize {
    let mut eligible: Vec<usize> =
        members.iter().copied().filter(|&i| jobs[i].expected.is_some() && jobs[i].class != Class::Trivial).collect();
    let mut fallback = false;
    if eligible.is_empty() {
        eligible = members.iter().copied().filter(|&i| jobs[i].expected.is_some()).collect();
        frontier_first(jobs, &mut eligible);
        eligible.truncate(request.trivial_fallback);
        fallback = true;
    }
    let mut sides: Vec<Vec<usize>> = [Verdict::True, Verdict::False]
        .iter()
        .map(|&v| turns(jobs, eligible.iter().copied().filter(|&i| jobs[i].expected == Some(v)).collect()))
        .collect();
    let mut taken = [0usize; 2];
    let mut chosen = Vec::new();
    if request.unknown_share > 0.0 && !fallback {
        let mut unknown: Vec<usize> = members
            .iter()
            .copied()
            .filter(|&i| jobs[i].expected.is_none() && matches!(jobs[i].class, Class::Unsolved | Class::Bounded))
            .collect();
        frontier_first(jobs, &mut unknown);
        chosen.extend(unknown.first().filter(|_| request.per_family > 1));
    }
    while chosen.len() < request.per_family && sides.iter().any(|s| !s.is_empty()) {
        let side = match (sides[0].is_empty(), sides[1].is_empty()) {
            (false, false) => usize::from(taken[1] < taken[0]),
            (true, _) => 1,
            (false, true) => 0,
        };
        chosen.push(sides[side].remove(0));
        taken[side] += 1;
    }
    for &i in members {
        let job = &mut jobs[i];
        job.selected = chosen.contains(&i);
        let bound = format!("> {:.0} s measured, hardness beyond unknown", job.floor_s);
        let unknown_bound = format!("answer unknown; {bound}");
        job.note = if job.selected {
            if fallback {
                "trivial: the family has nothing harder"
            } else if job.expected.is_none() && job.class == Class::Bounded {
                &unknown_bound
            } else if job.expected.is_none() {
                "answer unknown: unsolved"
            } else if job.class == Class::Bounded {
                &bound
            } else {
                ""
            }
        } else if job.expected.is_none() {
            "answer unknown"
        } else if job.class == Class::Trivial {
            "trivial"
        } else {
            "over the family's quota"
        }
        .to_string();
    }
    chosen.len()
}

/// Orders jobs so that the classes take turns ([`TURNS`]), each class frontier first.
fn turns(jobs: &[Calibrated], members: Vec<usize>) -> Vec<usize> {
    let mut queues: Vec<Vec<usize>> = TURNS
        .iter()
        .map(|&c| {
            let mut q: Vec<usize> = members.iter().copied().filter(|&i| jobs[i].class == c).collect();
            frontier_first(jobs, &mut q);
            q.reverse();
            q
        })
        .collect();
    let mut rest: Vec<usize> = members.iter().copied().filter(|&i| !TURNS.contains(&jobs[i].class)).collect();
    frontier_first(jobs, &mut rest);
    let mut order = Vec::with_capacity(members.len());
    while queues.iter().any(|q| !q.is_empty()) {
        for q in &mut queues {
            order.extend(q.pop());
        }
    }
    order.extend(rest);
    order
}

/// Sorts slowest first; unsolved and bounded jobs by the most they were measured to need
/// (a job the escalation ran out of 60 s on before one only known past 10 s: measured
/// hardness before a bound), then by depth, smallest first, as the nearest beyond reach;
/// ties by job name, so the pick is deterministic.
fn frontier_first(jobs: &[Calibrated], members: &mut [usize]) {
    members.sort_by(|&a, &b| {
        let (a, b) = (&jobs[a], &jobs[b]);
        let time = |j: &Calibrated| {
            if matches!(j.class, Class::Unsolved | Class::Bounded) {
                f64::INFINITY
            } else {
                j.hardness_s().unwrap_or(f64::INFINITY)
            }
        };
        time(b)
            .total_cmp(&time(a))
            .then(b.floor_s.total_cmp(&a.floor_s))
            .then(a.depth.cmp(&b.depth))
            .then(a.job.cmp(&b.job))
    });
}

/// Why a family has fewer than `min` jobs.
fn shortfall(family: &str, jobs: &[Calibrated], members: &[usize], chosen: usize, min: usize) -> String {
    let count = |f: &dyn Fn(&Calibrated) -> bool| members.iter().filter(|&&i| f(&jobs[i])).count();
    format!(
        "family `{family}`: {chosen} selectable, {min} requested (of {} jobs: {} trivial, {} without a known answer); extend its ladder or depths, or lower the minimum",
        members.len(),
        count(&|j| j.class == Class::Trivial),
        count(&|j| j.expected.is_none())
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use contract::Depth;

    fn job(family: &str, depth: u32, class: Class, best: Option<f64>, expected: Option<bool>) -> Calibrated {
        Calibrated {
            job: format!("{family}/d={depth:02}"),
            family: family.into(),
            params: String::new(),
            depth: Depth::Plies(depth),
            encoding: "lifted".into(),
            class,
            runs: 2,
            solved: if best.is_some() { 2 } else { 0 },
            best_s: best,
            prediction: None,
            floor_s: if best.is_some() { 0.0 } else { 10.0 },
            slowest_s: 0.0,
            tracks: Default::default(),
            expected: expected.map(Verdict::from_bool),
            expected_by: "reference".into(),
            selected: false,
            note: String::new(),
        }
    }

    fn selected(jobs: &[Calibrated]) -> Vec<String> {
        jobs.iter().filter(|j| j.selected).map(|j| j.job.clone()).collect()
    }

    #[test]
    fn trivial_and_unknown_jobs_are_dropped_and_answers_alternate() {
        let mut jobs = vec![
            job("a", 1, Class::Trivial, Some(0.1), Some(false)),
            job("a", 3, Class::Easy, Some(0.5), Some(false)),
            job("a", 5, Class::Medium, Some(3.0), Some(false)),
            job("a", 7, Class::Hard, Some(8.0), Some(false)),
            job("a", 9, Class::Hard, Some(9.0), Some(true)),
            job("a", 11, Class::Unsolved, None, None),
        ];
        pick(&mut jobs, &Request { per_family: 3, ..Request::default() }).unwrap();
        assert_eq!(selected(&jobs), ["a/d=05", "a/d=07", "a/d=09"]);
        let notes: Vec<&str> = jobs.iter().map(|j| j.note.as_str()).collect();
        assert_eq!(notes, ["trivial", "over the family's quota", "", "", "", "answer unknown"]);
    }

    #[test]
    fn a_bound_measured_at_a_longer_limit_is_taken_before_a_shallower_one() {
        let mut jobs = vec![
            job("a", 3, Class::Easy, Some(0.5), Some(false)),
            job("a", 7, Class::Bounded, None, Some(true)),
            job("a", 9, Class::Bounded, None, Some(true)),
        ];
        jobs[2].floor_s = 60.0;
        pick(&mut jobs, &Request { per_family: 2, ..Request::default() }).unwrap();
        assert_eq!(selected(&jobs), ["a/d=03", "a/d=09"], "d9 ran out of 60 s; d7 only of 10 s");
    }

    #[test]
    fn unknown_answers_are_taken_only_when_unsolved_and_capped() {
        let mut jobs = vec![
            job("a", 3, Class::Easy, Some(0.5), Some(false)),
            job("a", 5, Class::Medium, Some(3.0), Some(true)),
            job("a", 7, Class::Easy, None, None),
            job("a", 9, Class::Unsolved, None, None),
            job("a", 11, Class::Unsolved, None, None),
            job("b", 3, Class::Unsolved, None, None),
            job("b", 5, Class::Easy, Some(0.5), Some(true)),
        ];
        let request = Request { per_family: 4, unknown_share: 0.25, ..Request::default() };
        pick(&mut jobs, &request).unwrap();
        assert_eq!(selected(&jobs), ["a/d=03", "a/d=05", "a/d=09", "b/d=05"], "one unknown of four");
        assert_eq!(jobs[5].note, "answer unknown: over the set's share of unknown answers");
        assert_eq!(jobs[2].note, "answer unknown", "an easy job without an answer is never taken");
    }

    #[test]
    fn a_family_with_nothing_harder_keeps_two_trivial_jobs() {
        let mut jobs: Vec<Calibrated> =
            (1..6).map(|d| job("t", d, Class::Trivial, Some(0.01 * f64::from(d)), Some(false))).collect();
        pick(&mut jobs, &Request::default()).unwrap();
        assert_eq!(selected(&jobs), ["t/d=04", "t/d=05"], "the two slowest");
    }

    #[test]
    fn an_impossible_request_names_what_is_missing() {
        let mut jobs = vec![
            job("a", 1, Class::Easy, Some(0.5), Some(true)),
            job("a", 3, Class::Easy, Some(0.5), Some(true)),
            job("b", 1, Class::Easy, Some(0.5), Some(false)),
        ];
        let request =
            Request { min_per_family: 2, true_share: (0.35, 0.65), unsolved_by_some: 0.25, ..Request::default() };
        let message = pick(&mut jobs, &request).unwrap_err().to_string();
        assert!(message.contains("family `b`: 1 selectable, 2 requested"), "{message}");
        assert!(message.contains("67% of the selection is true, 35–65% requested"), "{message}");
        assert!(message.contains("0% of the selection is unsolved by some configuration"), "{message}");
        assert!(!message.contains("family `a`"), "{message}");
    }

    #[test]
    fn the_pick_does_not_depend_on_the_input_order() {
        let make = || -> Vec<Calibrated> {
            (1..20)
                .map(|d| {
                    let class = Class::ALL[d as usize % 5];
                    job("f", d, class, Some(f64::from(d % 7)), Some(d % 3 == 0))
                })
                .collect()
        };
        let mut forward = make();
        let mut backward = make();
        backward.reverse();
        pick(&mut forward, &Request { per_family: 6, ..Request::default() }).unwrap();
        pick(&mut backward, &Request { per_family: 6, ..Request::default() }).unwrap();
        let mut b = selected(&backward);
        b.sort();
        assert_eq!(selected(&forward), b);
    }
}
