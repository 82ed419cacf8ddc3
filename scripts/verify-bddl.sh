#!/usr/bin/env bash
# Reproduces the critical depths of Shaik & van de Pol, SAT 2023, Table 2 with the BDDL
# reference solver (`qbfgames solve bddl --critical`), each entry limited to LIMIT seconds.
# Prints a Markdown table: the published depth and evidence, our critical depth (in the
# table's convention: plies after Black's pass for second-player rows), or the best bound.
# Exits non-zero when a finished entry disagrees with the published one.
set -euo pipefail
BIN=${BIN:-target/release/qbfgames}
LIMIT=${LIMIT:-60}
GAMES=suite/games/bddl
TABLE=suite/published/bddl-sat2023-table2.csv

files() { # domain config -> "domain-file problem-file pass"
    local cfg=${2// /_}
    case $1 in
        httt) echo "positional/domain.ig httt/$cfg.ig 0" ;;
        connect-c) echo "connect/domain.ig connect/$cfg.ig 0" ;;
        domineering) echo "domineering/domain.ig domineering/$cfg.ig 0" ;;
        breakthrough) echo "breakthrough/domain.ig breakthrough/$cfg.ig 0" ;;
        breakthrough-second) echo "breakthrough/domain.ig breakthrough/${cfg}_second.ig 1" ;;
        evader-pursuer) echo "evader-pursuer/domain.ig evader-pursuer/$cfg.ig 0" ;;
        evader-pursuer-dual) echo "evader-pursuer/dual-domain.ig evader-pursuer/${cfg}_dual.ig 1" ;;
        *) return 1 ;;
    esac
}

status=0
echo "| game | config | published depth | evidence | ours | verdict |"
echo "|------|--------|-----------------|----------|------|---------|"
while IFS=, read -r game config depth evidence; do
    read -r domain problem pass < <(files "$game" "$config")
    out=$(timeout "$LIMIT" "$BIN" solve bddl --domain "$GAMES/$domain" --problem "$GAMES/$problem" \
        --depth $((depth + pass)) --critical 2>&1) && rc=0 || rc=$?
    won=$(sed -n 's/^depth \([0-9]*\): Black wins$/\1/p' <<<"$out")
    refuted=$(sed -n 's/^depth \([0-9]*\): Black does not win$/\1/p' <<<"$out" | tail -n 1)
    case $rc in
        10) ours="win at $((won - pass))" ;;
        20) ours="no win up to $depth" ;;
        124) ours="timeout; no win up to $(( ${refuted:-0} - pass < 0 ? 0 : ${refuted:-0} - pass ))" ;;
        *) ours="error: $out" ;;
    esac
    verdict=agrees
    if [[ $rc == 10 && $((won - pass)) != "$depth" ]]; then verdict="DIFFERS"; fi
    if [[ $rc == 10 && $evidence == false ]] || [[ $rc == 20 && $evidence == true ]]; then verdict="DIFFERS"; fi
    if [[ $rc == 124 ]]; then verdict="open"; fi
    if [[ $rc != 10 && $rc != 20 && $rc != 124 ]]; then verdict="ERROR"; fi
    echo "| $game | $config | $depth | $evidence | $ours | $verdict |"
    if [[ $verdict == DIFFERS || $verdict == ERROR ]]; then status=1; fi
done < <(grep -v '^#' "$TABLE" | tail -n +2)
exit $status
