#!/usr/bin/env bash
# `make test-slurm`: the Slurm backend on a real Slurm, on this machine.
#
# 1. Installs Debian's slurm-wlm, munge and depqbf if missing (apt-get). Runs as root;
#    started as another user, it builds qbfgames and goes on under sudo.
# 2. Starts munged, slurmctld and slurmd on localhost with a test configuration in
#    $STATE (no cgroups: proctrack/linuxproc, task/none, select/cons_tres, no
#    accounting; ports 16817/16818 so a system Slurm is not disturbed). Daemons left
#    over from an earlier attempt (found by the PID files in $STATE) are stopped first.
# 3. Runs the fixture suite/slurm-test (8 QBFs, DepQBF) through `qbfgames run --backend
#    slurm` and checks that the merged results equal a local `qbfgames run` cell by cell.
# 4. Submits a second matrix (DepQBF and a one-second-late DepQBF) with --no-wait, kills
#    one array task while a cell runs, checks that `qbfgames collect` reports that shard
#    as failed (exit 3), that `collect --resubmit-failed` completes the matrix, and that
#    the results again equal a local run's.
# 5. Runs the whole pipeline on Slurm: ladders calibrated in job-array waves, run, select,
#    the frontier escalated in waves, package, package --check.
# 6. Closes the open HTTT 3x3 rows of the BDDL paper's Table 2 with the reference player
#    in waves (`verify --close --backend slurm`) and checks the answers a local run gives.
# 7. Stops the daemons it started, by their PIDs.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
STATE=${QBFGAMES_SLURM_STATE:-/tmp/qbfgames-slurm-test}
CARGO=${CARGO:-cargo}
if [ "$(id -u)" != 0 ]; then
    # The daemons and the array tasks run as root: build as this user, then go on as root.
    command -v sudo >/dev/null || { echo "test-slurm: needs root or sudo (to install and run slurmd)" >&2; exit 1; }
    "$CARGO" build --quiet --profile test
    exec sudo env "PATH=$PATH" QBFGAMES_BUILT=1 QBFGAMES_SLURM_STATE="$STATE" bash "$0" "$@"
fi
export PATH="$PATH:/usr/sbin:/sbin"    # the daemons live in sbin
started=$(date +%s)
say() { echo "test-slurm [$(( $(date +%s) - started ))s]: $*"; }
fail() { echo "test-slurm: FAIL: $*" >&2; exit 1; }

# --- 1. packages ------------------------------------------------------------------
missing=()
for p in slurmctld:slurm-wlm slurmd:slurm-wlm sbatch:slurm-wlm munged:munge depqbf:depqbf; do
    command -v "${p%%:*}" >/dev/null || missing+=("${p#*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
    say "installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# --- 2. daemons -------------------------------------------------------------------
# Stops the daemon whose PID is in $1 if that process is still the named program.
stop_pid_file() {
    local file=$1 name=$2 pid
    [ -f "$file" ] || return 0
    pid=$(cat "$file")
    if [ -n "$pid" ] && [ -r "/proc/$pid/comm" ] && [ "$(cat "/proc/$pid/comm")" = "$name" ]; then
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 50); do [ -e "/proc/$pid" ] || break; sleep 0.1; done
        [ -e "/proc/$pid" ] && { kill -9 "$pid" 2>/dev/null || true; sleep 0.2; }
    fi
    rm -f "$file"
}
stop_daemons() {
    stop_pid_file "$STATE/slurmd.pid" slurmd
    stop_pid_file "$STATE/slurmctld.pid" slurmctld
    stop_pid_file "$STATE/munged.pid" munged
}
if [ -d "$STATE" ]; then
    say "stopping daemons of an earlier attempt (if any) and clearing $STATE"
    stop_daemons
    rm -rf "$STATE"
fi
mkdir -p "$STATE"/{munge,spool,ctld,log,work}
chmod 700 "$STATE/munge"
dd if=/dev/urandom of="$STATE/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$STATE/munge/munge.key"
export SLURM_CONF=$STATE/slurm.conf
memory_mb=$(( $(awk '/^MemTotal/ {print $2}' /proc/meminfo) / 1024 - 256 ))
cat > "$SLURM_CONF" <<EOF
# Written by scripts/test-slurm.sh: one node (this machine), no cgroups, no accounting.
ClusterName=qbfgames-test
SlurmctldHost=localhost
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
AuthInfo=socket=$STATE/munge/socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$STATE/ctld
SlurmdSpoolDir=$STATE/spool
SlurmctldPidFile=$STATE/slurmctld.daemon.pid
SlurmdPidFile=$STATE/slurmd.daemon.pid
SlurmctldLogFile=$STATE/log/slurmctld.log
SlurmdLogFile=$STATE/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=1
MinJobAge=10
KillWait=2
NodeName=localhost CPUs=$(nproc) RealMemory=$memory_mb State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
say "starting munged, slurmctld, slurmd (state in $STATE)"
# Starts a daemon in the foreground, in the background; the process writes its own PID
# (through sh's exec, so the file names the daemon itself) to $STATE/<name>.pid.
start_daemon() {
    local name=$1; shift
    sh -c 'echo $$ > "$0"; shift; exec "$@"' "$STATE/$name.pid" _ "$@" >"$STATE/log/$name.out" 2>&1 &
}
trap 'say "stopping the daemons"; stop_daemons' EXIT
start_daemon munged munged -F --force --key-file="$STATE/munge/munge.key" --socket="$STATE/munge/socket" \
    --pid-file="$STATE/munge/munged.pid" --seed-file="$STATE/munge/seed" --log-file="$STATE/log/munged.log"
for _ in $(seq 50); do [ -S "$STATE/munge/socket" ] && break; sleep 0.1; done
[ -S "$STATE/munge/socket" ] || fail "munged did not start (log: $STATE/log/munged.log)"
start_daemon slurmctld slurmctld -D -f "$SLURM_CONF"
start_daemon slurmd slurmd -D -f "$SLURM_CONF" -N localhost
for _ in $(seq 100); do
    [ "$(sinfo -h -N -o %T 2>/dev/null)" = idle ] && break
    sleep 0.2
done
[ "$(sinfo -h -N -o %T 2>/dev/null)" = idle ] || fail "the node did not come up (logs: $STATE/log/)"
say "slurm is up: $(sinfo -h -o '%P %D %T')"

# --- 3. build (the test profile, so that the build of `make test` is reused) ----------
[ -n "${QBFGAMES_BUILT:-}" ] || "$CARGO" build --quiet --profile test
QBFGAMES=$ROOT/target/debug/qbfgames
WORK=$STATE/work
fixture() {
    mkdir -p "$1"
    cp -r suite/slurm-test/instances suite/slurm-test/manifest.csv "$1/"
}
# The (key, status) pairs of a results directory, sorted.
answers() { python3 -c '
import csv, sys
for r in sorted(csv.DictReader(open(sys.argv[1])), key=lambda r: r["key"]):
    print(r["key"], r["status"])' "$1/results.csv"; }
same_as_local() {
    local slurm_dir=$1 local_dir=$2; shift 2
    fixture "$local_dir"
    "$QBFGAMES" run "$local_dir" "$@" --jobs 2 > "$WORK/local.out" 2>&1 || { cat "$WORK/local.out"; fail "the local run failed"; }
    answers "$slurm_dir" > "$WORK/slurm.answers"
    answers "$local_dir" > "$WORK/local.answers"
    [ -s "$WORK/local.answers" ] || fail "the local run has no results"
    diff "$WORK/local.answers" "$WORK/slurm.answers" || fail "Slurm's results differ from the local run's"
    [ "$(python3 -c 'import json,sys; print(len({json.loads(l)["key"] for l in open(sys.argv[1])}), sum(1 for _ in open(sys.argv[1])))' "$slurm_dir/results.jsonl")" \
        = "$(wc -l < "$WORK/local.answers") $(wc -l < "$WORK/local.answers")" ] || fail "results.jsonl does not hold every key exactly once"
    say "$(wc -l < "$WORK/local.answers") cells: Slurm's answers equal the local run's, each key once"
}
COMMON=(--config suite/slurm-test/solvers.toml --timeout 20 --memory 512M)

# --- 4. a matrix through Slurm, waiting ---------------------------------------------
fixture "$WORK/a"
say "run --backend slurm: 8 instances x depqbf, 3 cells per shard"
"$QBFGAMES" run "$WORK/a" --solvers depqbf "${COMMON[@]}" --backend slurm --profile suite/slurm-test/cluster.toml \
    --shard-cells 3 > "$WORK/a.out" || { cat "$WORK/a.out"; fail "run --backend slurm failed"; }
grep -q "batch 1: 3 shard(s): 3 complete" "$WORK/a.out" || { cat "$WORK/a.out"; fail "expected 3 complete shards"; }
grep -q "^shard 1 on " "$WORK/a/slurm/batch-1/logs/1.out" || fail "the profile's setup line did not run in the array task"
same_as_local "$WORK/a" "$WORK/a-local" --solvers depqbf "${COMMON[@]}"

# --- 5. a killed array task, collect, resubmit ------------------------------------------
fixture "$WORK/b"
say "run --backend slurm --no-wait: 8 instances x (depqbf, slow-depqbf), 4 cells per shard"
"$QBFGAMES" run "$WORK/b" --solvers depqbf,slow-depqbf "${COMMON[@]}" --backend slurm --profile suite/slurm-test/cluster.toml \
    --shard-cells 4 --no-wait > "$WORK/b.out"
job=$(sed -n 's/^submitted job \([0-9]*\):.*/\1/p' "$WORK/b.out")
[ -n "$job" ] || { cat "$WORK/b.out"; fail "no job id"; }
shard0=$WORK/b/slurm/batch-1/shard-0/results.jsonl
for _ in $(seq 300); do [ -s "$shard0" ] && break; sleep 0.1; done
[ -s "$shard0" ] || fail "shard 0 recorded nothing in 30 s (log: $WORK/b/slurm/batch-1/logs/0.out)"
scancel --signal=KILL --full "${job}_0"
done_before_kill=$(wc -l < "$shard0")
say "killed array task ${job}_0 after $done_before_kill of 4 cells"
[ "$done_before_kill" -lt 4 ] || fail "shard 0 finished before it could be killed"
for _ in $(seq 120); do [ -z "$(squeue -h -j "$job" -o %i 2>/dev/null)" ] && break; sleep 0.5; done
[ -z "$(squeue -h -j "$job" -o %i 2>/dev/null)" ] || fail "job $job still in the queue after 60 s"
set +e
"$QBFGAMES" collect "$WORK/b" > "$WORK/collect.out" 2>&1
code=$?
set -e
cat "$WORK/collect.out"
[ "$code" = 3 ] || fail "collect after a killed task must exit 3 (incomplete), got $code"
grep -q "shard 0: FAILED" "$WORK/collect.out" || fail "collect does not report shard 0 as failed"
say "collect --resubmit-failed"
"$QBFGAMES" collect "$WORK/b" --resubmit-failed > "$WORK/resubmit.out" 2>&1 || { cat "$WORK/resubmit.out"; fail "collect --resubmit-failed did not complete the matrix"; }
cat "$WORK/resubmit.out"
grep -q "resubmitted shard(s) 0 " "$WORK/resubmit.out" || fail "shard 0 was not resubmitted"
grep -q "4 shard(s): 4 complete" "$WORK/resubmit.out" || fail "the matrix is not complete after resubmission"
same_as_local "$WORK/b" "$WORK/b-local" --solvers depqbf,slow-depqbf "${COMMON[@]}"

# --- 6. the whole pipeline on Slurm: ladders in waves, run, select, package, check ----
P=$WORK/pipeline
CLUSTER=(--backend slurm --profile suite/slurm-test/cluster.toml)
say "generate suite/slurm-ladders.toml --backend slurm: two predicting ladders, calibrated in job-array waves"
"$QBFGAMES" generate suite/slurm-ladders.toml --out "$P" --config suite/slurm-test/solvers.toml "${CLUSTER[@]}" \
    > "$WORK/p-generate.out" 2>&1 || { cat "$WORK/p-generate.out"; fail "generate --backend slurm failed"; }
cat "$WORK/p-generate.out" | grep -E "^ladder|wave" || true
waves=$(sed -n 's/^\([0-9]*\) Slurm wave(s) calibrated the ladders/\1/p' "$WORK/p-generate.out")
[ -n "$waves" ] && [ "$waves" -ge 2 ] || fail "the ladders were not calibrated in Slurm waves"
grep -q "predicted" "$P/ladders.csv" || fail "no ladder went on with predicted rungs"
ls "$P/.waves" >/dev/null 2>&1 && fail "the waves' scratch folder was left behind"
say "run --backend slurm, select, package, package --check"
"$QBFGAMES" run "$P" --solvers depqbf --config suite/slurm-test/solvers.toml --timeout 2 --memory 512M "${CLUSTER[@]}" \
    > "$WORK/p-run.out" 2>&1 || { cat "$WORK/p-run.out"; fail "run --backend slurm failed"; }
"$QBFGAMES" select "$P" --competition-limit 60 > "$WORK/p-select.out" 2>&1 || { cat "$WORK/p-select.out"; fail "select failed"; }
cat "$WORK/p-select.out"
grep -q "predicted" "$P/selection.csv" || fail "selection.csv has no predicted column"
say "frontier --backend slurm: the ladders' frontier escalated in job-array waves at 4 and 8 s, within 60 CPU s"
before=$(wc -l < "$P/results.csv")
"$QBFGAMES" frontier "$P" --budget 60 --limits 4,8 --competition-limit 60 --config suite/slurm-test/solvers.toml \
    --memory 512M "${CLUSTER[@]}" > "$WORK/p-frontier.out" 2>&1 || { cat "$WORK/p-frontier.out"; fail "frontier --backend slurm failed"; }
cat "$WORK/p-frontier.out"
after=$(wc -l < "$P/results.csv")
[ "$after" -gt "$before" ] || fail "the frontier ran nothing on Slurm"
grep -Eq "^frontier (4|8) s: " "$WORK/p-frontier.out" || fail "no run at the frontier's limits"
spent=$(sed -n 's/.* \([0-9]*\) of 60 CPU s spent.*/\1/p' "$WORK/p-frontier.out")
[ -n "$spent" ] && [ "$spent" -le 60 ] || fail "the frontier overspent its budget of 60 CPU s: $spent"
"$QBFGAMES" select "$P" --competition-limit 60 > "$WORK/p-select2.out" 2>&1 || { cat "$WORK/p-select2.out"; fail "select after the frontier failed"; }
cat "$WORK/p-select2.out"
"$QBFGAMES" package "$P" -o "$WORK/pipeline.tar.xz" > "$WORK/p-package.out" 2>&1 || { cat "$WORK/p-package.out"; fail "package failed"; }
"$QBFGAMES" package --check "$WORK/pipeline.tar.xz" || fail "package --check found problems"

# --- 7. open entries of a published table closed on Slurm (make close-open BACKEND=slurm) --
say "verify --close --backend slurm: the BDDL table's open HTTT 3x3 rows, the reference player in waves"
C=$WORK/close
"$QBFGAMES" verify suite/published/bddl-sat2023-table2.toml --rows "httt 3x3" --budget 0s --close --close-budget 120s \
    --certify 0 --out "$C" --config suite/solvers.toml "${CLUSTER[@]}" > "$WORK/close.out" 2> "$WORK/close.err" \
    || { cat "$WORK/close.err"; fail "verify --close --backend slurm failed"; }
grep -E "wave" "$WORK/close.err" || true
closing_waves=$(sed -n 's/.*: \([0-9]*\) Slurm wave(s) ran the reference player/\1/p' "$WORK/close.err")
[ -n "$closing_waves" ] && [ "$closing_waves" -ge 1 ] || fail "the reference player's runs did not go to Slurm"
cut -d, -f1-4 "$C/bddl-sat2023-table2/closed.csv" > "$WORK/close.slurm"
cat "$WORK/close.slurm"
# The answers tests/close_cli.rs pins for a local run of these rows.
grep -qx "httt 3x3 elly,open at 9,no win,9" "$WORK/close.slurm" || fail "HTTT 3x3 elly: not the local answer"
grep -qx "httt 3x3 tippy,open at 9,win at 9,9" "$WORK/close.slurm" || fail "HTTT 3x3 tippy: not the local answer"
say "PASS"
