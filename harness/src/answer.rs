//! Reading a solver's answer from a measured run, strictly.
//!
//! The exit code decides first (10 true, 20 false by the QBF convention; the codes are
//! configurable per solver). Where a solver also prints its answer, the printed line must
//! agree: exactly one line of standard output equal (after trailing blanks) to one of the
//! configured answer lines, saying the same as the exit code. Anything else, including
//! output that merely contains an answer word, is an `error`, never an answer. Limits are
//! checked before answers: a run over its CPU limit is a `timeout` even if it answered
//! in the instant before it was stopped, and a run the wall-clock limit stopped before it
//! used its CPU limit is `starved`. A run its output limit ended (SIGXFSZ past
//! [`crate::Invocation::max_output`], which keeps a proof trace from filling the disk) is
//! an `error` that says so, not a crash without a reason.

use super::limited::Measurement;
use super::limits::Limits;
use contract::Status;

/// How a solver says its answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerSpec {
    pub true_exit: i32,
    pub false_exit: i32,
    /// Exit codes of a normal end without an answer (DepQBF: 0 with `UNKNOWN`).
    pub unknown_exit: Vec<i32>,
    /// The answer lines on standard output, if the solver prints them.
    pub lines: Option<AnswerLines>,
}

/// Whole lines of standard output that state an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerLines {
    pub true_line: String,
    pub false_line: String,
    pub unknown_line: Option<String>,
}

impl Default for AnswerSpec {
    fn default() -> AnswerSpec {
        AnswerSpec { true_exit: 10, false_exit: 20, unknown_exit: vec![0], lines: None }
    }
}

/// The status of a solver run, with a detail for statuses that need one.
pub fn classify(m: &Measurement, limits: &Limits, spec: &AnswerSpec) -> (Status, String) {
    if let Some(status) = limit_status(m, limits) {
        return status;
    }
    let said = match m.exit_code {
        Some(c) if c == spec.true_exit => Status::True,
        Some(c) if c == spec.false_exit => Status::False,
        Some(c) if spec.unknown_exit.contains(&c) => Status::Unknown,
        _ => return failure(m, limits),
    };
    match &spec.lines {
        None => (said, String::new()),
        Some(lines) => match printed(&m.stdout, lines) {
            Ok(p) if p == Some(said) || (p.is_none() && said == Status::Unknown && lines.unknown_line.is_none()) => {
                (said, String::new())
            }
            Ok(Some(p)) => (Status::Error, format!("exit code {} says {said} but the output says {p}", code(m))),
            Ok(None) => (Status::Error, format!("exit code {} but no answer line in the output", code(m))),
            Err(why) => (Status::Error, why.to_string()),
        },
    }
}

/// `error` when the output limit ended the run ([`Measurement::hit_output_limit`]): that
/// signal is what ended it, whatever its CPU time. `timeout` when the CPU limit was
/// reached (CPU time past the limit, SIGXCPU, or the tree stopped there), whatever the
/// exit code. A run the wall-clock limit stopped before it used its CPU limit is
/// `starved`, always: the limit is CPU time, and a run that did not use it did not time
/// out. The detail says whether it spent its time waiting for a CPU (a busy machine) or
/// idle (asleep, blocked: a run that will starve again).
pub fn limit_status(m: &Measurement, limits: &Limits) -> Option<(Status, String)> {
    if let Some(why) = output_limit(m) {
        return Some((Status::Error, why));
    }
    if m.cpu_killed || m.signal == Some(libc::SIGXCPU) || m.cpu >= limits.cpu {
        return Some((Status::Timeout, "CPU-time limit".to_string()));
    }
    if m.wall_killed {
        let used = format!(
            "{:.2}s CPU of {:.2}s in {:.2}s",
            m.cpu.as_secs_f64(),
            limits.cpu.as_secs_f64(),
            m.wall.as_secs_f64()
        );
        let off_cpu = m.wall.saturating_sub(m.cpu);
        let why = match m.waited {
            Some(waited) if waited * 2 < off_cpu => {
                format!("idle (waited {:.2}s for a CPU): asleep or blocked", waited.as_secs_f64())
            }
            Some(waited) => format!("the machine was too busy (waited {:.2}s for a CPU)", waited.as_secs_f64()),
            None => "the machine was too busy, or the run idle".to_string(),
        };
        return Some((Status::Starved, format!("wall-clock limit after {used}: {why}")));
    }
    None
}

/// The status of a run that ended without a meaningful exit code: `memout` when its
/// memory peak reached the limit, else `error` (with the output limit as its reason when
/// that ended the run).
pub fn failure(m: &Measurement, limits: &Limits) -> (Status, String) {
    if let Some(why) = output_limit(m) {
        return (Status::Error, why);
    }
    let how = match (m.exit_code, m.signal) {
        (Some(c), _) => format!("exit code {c}"),
        (None, Some(s)) => format!("killed by signal {s}"),
        (None, None) => "no exit status".to_string(),
    };
    if limits.memory > 0 && m.peak_memory >= limits.memout_threshold() {
        (Status::Memout, format!("{how} at {} MiB peak", m.peak_memory >> 20))
    } else {
        (Status::Error, how)
    }
}

/// The reason of a run its output limit ended, if it did.
fn output_limit(m: &Measurement) -> Option<String> {
    m.hit_output_limit().then(|| match m.max_output {
        Some(bytes) => format!("its output exceeded the limit of {bytes} bytes"),
        None => "its output exceeded its file-size limit (SIGXFSZ)".to_string(),
    })
}

fn code(m: &Measurement) -> i32 {
    m.exit_code.unwrap_or(-1)
}

/// An output that states more than one answer; the second answer line is quoted.
#[derive(Debug, thiserror::Error)]
#[error("more than one answer line in the output (`{0}`)")]
struct TwoAnswers(String);

/// The answer the output states: `None` when it states none, an error when it states
/// more than one.
fn printed(stdout: &[u8], lines: &AnswerLines) -> Result<Option<Status>, TwoAnswers> {
    let text = String::from_utf8_lossy(stdout);
    let mut found = None;
    for line in text.lines().map(str::trim_end) {
        let this = if line == lines.true_line {
            Status::True
        } else if line == lines.false_line {
            Status::False
        } else if Some(line) == lines.unknown_line.as_deref() {
            Status::Unknown
        } else {
            continue;
        };
        if found.is_some() {
            return Err(TwoAnswers(line.to_string()));
        }
        found = Some(this);
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn limits() -> Limits {
        Limits::new(Duration::from_secs(10), 1 << 30)
    }

    /// Answer lines shaped like DepQBF's: a fixture of the rules of `classify`, apart
    /// from any solvers file.
    fn sat_unsat_lines() -> AnswerSpec {
        AnswerSpec {
            lines: Some(AnswerLines {
                true_line: "SAT".into(),
                false_line: "UNSAT".into(),
                unknown_line: Some("UNKNOWN".into()),
            }),
            ..AnswerSpec::default()
        }
    }

    fn ended(code: i32, stdout: &str) -> Measurement {
        Measurement { exit_code: Some(code), stdout: stdout.as_bytes().to_vec(), ..Measurement::default() }
    }

    #[test]
    fn the_exit_code_and_the_answer_line_must_agree() {
        let s = |m: Measurement| classify(&m, &limits(), &sat_unsat_lines()).0;
        assert_eq!(s(ended(10, "SAT\n")), Status::True);
        assert_eq!(s(ended(20, "c stats\nUNSAT\n")), Status::False);
        assert_eq!(s(ended(0, "UNKNOWN\n")), Status::Unknown);
        assert_eq!(s(ended(10, "UNSAT\n")), Status::Error);
        assert_eq!(s(ended(10, "garbage SAT\n")), Status::Error, "a substring is not an answer");
        assert_eq!(s(ended(10, "SAT\nSAT\n")), Status::Error);
        assert_eq!(s(ended(0, "")), Status::Error, "DepQBF's exit 0 needs its UNKNOWN line");
        assert_eq!(s(ended(3, "SAT\n")), Status::Error);
    }

    #[test]
    fn exit_codes_alone_when_no_lines_are_configured() {
        let s = |m: Measurement| classify(&m, &limits(), &AnswerSpec::default()).0;
        assert_eq!(s(ended(10, "whatever")), Status::True);
        assert_eq!(s(ended(20, "")), Status::False);
        assert_eq!(s(ended(0, "")), Status::Unknown);
        assert_eq!(s(ended(1, "")), Status::Error);
    }

    #[test]
    fn limits_come_before_answers() {
        let l = limits();
        let late = Measurement { cpu: Duration::from_millis(10_500), ..ended(10, "SAT\n") };
        assert_eq!(classify(&late, &l, &sat_unsat_lines()).0, Status::Timeout);
        let killed = Measurement { wall_killed: true, signal: Some(9), ..Measurement::default() };
        assert_eq!(classify(&killed, &l, &sat_unsat_lines()).0, Status::Starved, "no CPU time used: starved");
        let idle =
            Measurement { wall: Duration::from_secs(40), waited: Some(Duration::from_secs(1)), ..killed.clone() };
        let (status, why) = classify(&idle, &l, &sat_unsat_lines());
        assert_eq!(status, Status::Starved, "asleep: the CPU limit was not used, so no timeout");
        assert!(why.ends_with("idle (waited 1.00s for a CPU): asleep or blocked"), "{why}");
        let queued = Measurement { waited: Some(Duration::from_secs(30)), ..idle.clone() };
        let (status, why) = classify(&queued, &l, &sat_unsat_lines());
        assert_eq!(status, Status::Starved, "waiting for a CPU: starved");
        assert!(why.contains("the machine was too busy"), "{why}");
        let busy = Measurement { cpu: Duration::from_millis(9_990), ..killed.clone() };
        assert_eq!(
            classify(&busy, &l, &sat_unsat_lines()).0,
            Status::Starved,
            "9.99 s of a 10 s limit: starved, not a timeout"
        );
        let spent = Measurement { cpu: Duration::from_secs(10), ..killed.clone() };
        assert_eq!(classify(&spent, &l, &sat_unsat_lines()).0, Status::Timeout, "the whole CPU limit used: a timeout");
        let stopped = Measurement { cpu_killed: true, signal: Some(9), ..Measurement::default() };
        assert_eq!(classify(&stopped, &l, &sat_unsat_lines()).0, Status::Timeout);
        let xcpu = Measurement { signal: Some(libc::SIGXCPU), ..Measurement::default() };
        assert_eq!(classify(&xcpu, &l, &sat_unsat_lines()).0, Status::Timeout);
        let hog =
            Measurement { signal: Some(libc::SIGABRT), peak_memory: l.memory - (1 << 20), ..Measurement::default() };
        assert_eq!(classify(&hog, &l, &sat_unsat_lines()).0, Status::Memout);
        let crash = Measurement { signal: Some(libc::SIGSEGV), peak_memory: 10 << 20, ..Measurement::default() };
        assert_eq!(classify(&crash, &l, &sat_unsat_lines()).0, Status::Error);
    }

    #[test]
    fn a_run_its_output_limit_ended_is_an_error_that_names_the_limit() {
        let l = limits();
        let traced = Measurement { signal: Some(libc::SIGXFSZ), max_output: Some(1_000_000), ..Measurement::default() };
        let why = (Status::Error, "its output exceeded the limit of 1000000 bytes".to_string());
        assert_eq!(classify(&traced, &l, &sat_unsat_lines()), why);
        assert_eq!(limit_status(&traced, &l), Some(why.clone()));
        let big = Measurement { peak_memory: l.memory, cpu: Duration::from_secs(11), ..traced.clone() };
        assert_eq!(classify(&big, &l, &sat_unsat_lines()), why, "the signal that ended it decides");
        assert_eq!(failure(&traced, &l), why);
        let unset = Measurement { max_output: None, ..traced };
        assert_eq!(classify(&unset, &l, &sat_unsat_lines()).1, "its output exceeded its file-size limit (SIGXFSZ)");
    }
}
