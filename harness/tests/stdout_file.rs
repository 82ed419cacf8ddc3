//! A solver's standard output straight into a file (`Invocation::stdout_file`), as a
//! proof trace of gigabytes needs, and the limit on what it may write
//! (`Invocation::max_output`, RLIMIT_FSIZE): real processes below the shepherd.

use std::io;
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use contract::Status;
use harness::{classify, run_limited, AnswerSpec, Invocation, Limits};

/// `script` run by `/bin/sh -c` (tests only: solvers are never shell strings).
fn sh(script: &str) -> Invocation {
    Invocation { program: PathBuf::from("/bin/sh"), args: vec!["-c".into(), script.into()], ..Invocation::default() }
}

fn limits() -> Limits {
    Limits { cpu: Duration::from_secs(20), wall: Duration::from_secs(20), memory: 1 << 30 }
}

/// Burns some CPU time in the shell, says something on stderr, then becomes `head`
/// writing `bytes` zero bytes to stdout (`exec`: the writer is the solver process itself).
fn writer(bytes: u64) -> String {
    format!("i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done; echo note >&2; exec head -c {bytes} /dev/zero")
}

#[test]
fn stdout_goes_into_its_file_not_into_memory() -> io::Result<()> {
    let dir = tempfile::tempdir()?;
    let file = dir.path().join("trace.qrp");
    let inv = Invocation { stdout_file: Some(file.clone()), ..sh(&writer(5_000_000)) };
    let m = run_limited(&inv, &limits(), None)?;
    assert_eq!((m.exit_code, m.signal), (Some(0), None), "{m:?}");
    let meta = std::fs::metadata(&file)?;
    assert_eq!(meta.len(), 5_000_000, "the file has all of the output");
    assert_eq!(meta.permissions().mode() & 0o777, 0o600);
    assert!(m.stdout.is_empty(), "{} bytes of stdout kept in memory", m.stdout.len());
    assert_eq!(m.stderr, b"note\n", "stderr still goes through the pipe");
    let log = String::from_utf8_lossy(&m.log);
    assert_eq!(log, format!("==> stdout (written to {}) <==\n==> stderr (5 bytes) <==\nnote\n", file.display()));
    assert!(m.cpu >= Duration::from_millis(20), "the shell's CPU time is measured: {:?}", m.cpu);
    assert!(m.cpu <= m.wall + Duration::from_millis(100), "one process: {:?} CPU in {:?}", m.cpu, m.wall);
    assert!(!m.hit_output_limit());
    Ok(())
}

#[test]
fn a_file_that_exists_is_truncated() -> io::Result<()> {
    let dir = tempfile::tempdir()?;
    let file = dir.path().join("trace.qrp");
    std::fs::write(&file, vec![b'x'; 100_000])?;
    let inv = Invocation { stdout_file: Some(file.clone()), ..sh("echo SAT; exit 10") };
    let m = run_limited(&inv, &limits(), None)?;
    assert_eq!(m.exit_code, Some(10));
    assert_eq!(std::fs::read(&file)?, b"SAT\n");
    Ok(())
}

#[test]
fn a_solver_past_its_output_limit_ends_with_sigxfsz_and_an_error_naming_the_limit() -> io::Result<()> {
    let dir = tempfile::tempdir()?;
    let file = dir.path().join("trace.qrp");
    let inv = Invocation { stdout_file: Some(file.clone()), max_output: Some(1_000_000), ..sh(&writer(5_000_000)) };
    let m = run_limited(&inv, &limits(), None)?;
    assert_eq!((m.exit_code, m.signal), (None, Some(libc::SIGXFSZ)), "{m:?}");
    assert!(m.hit_output_limit() && !m.hit_time_limit());
    let written = std::fs::metadata(&file)?.len();
    assert!(written <= 1_000_000, "the file stops at the limit: {written} bytes");
    let (status, why) = classify(&m, &limits(), &AnswerSpec::default());
    assert_eq!((status, why.as_str()), (Status::Error, "its output exceeded the limit of 1000000 bytes"));
    Ok(())
}

#[test]
fn a_solver_within_its_output_limit_is_not_stopped() -> io::Result<()> {
    let dir = tempfile::tempdir()?;
    let file = dir.path().join("trace.qrp");
    let inv = Invocation { stdout_file: Some(file.clone()), max_output: Some(1_000_000), ..sh(&writer(999_999)) };
    let m = run_limited(&inv, &limits(), None)?;
    assert_eq!((m.exit_code, m.signal), (Some(0), None), "{m:?}");
    assert_eq!(std::fs::metadata(&file)?.len(), 999_999);
    Ok(())
}

#[test]
fn an_output_file_that_cannot_be_created_is_an_error_before_anything_starts() -> io::Result<()> {
    let dir = tempfile::tempdir()?;
    let file = dir.path().join("missing").join("trace.qrp");
    let marker = dir.path().join("started");
    let inv = Invocation { stdout_file: Some(file.clone()), ..sh(&format!("touch {}", marker.display())) };
    let start = Instant::now();
    let e = match run_limited(&inv, &limits(), None) {
        Ok(m) => return Err(io::Error::other(format!("the run went ahead: {m:?}"))),
        Err(e) => e,
    };
    assert_eq!(e.kind(), io::ErrorKind::NotFound);
    assert!(e.to_string().contains(&file.display().to_string()), "the error names the file: {e}");
    assert!(start.elapsed() < Duration::from_secs(1));
    assert!(!marker.exists(), "the solver did not start");
    Ok(())
}
