#!/usr/bin/env bash
# Move latency while a client streams the bulk export (docs/performance.md, "Reads beside
# the writer"): for each server binary, in turns, ROUNDS times, on a fresh copy of DB
# (an archive of finished games): `bh_loadgen play` alone, then the same with a curl
# loop downloading GET /api/games/export start to end, again and again, meanwhile.
#   bench/export_under_load.sh LOADGEN DB ROUNDS NAME=SERVER [NAME=SERVER...] [-- SERVER_FLAGS...]
# Prints one line per run: name, mode, p50/p95/p99 of the move round trip (us), moves/s,
# exports finished in the window; then the medians of p99 per name and mode.
# Environment: PORT (18620), PLAY_GAMES (100), PLAY_RATE (2000), PLAY_SECONDS (10),
# EXPORT_CURL_ARGS (e.g. "--limit-rate 1M": the client reads the export at most that fast).
set -euo pipefail
loadgen=$1 db=$2 rounds=$3
shift 3
servers=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do servers+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
extra=("$@")
play=(--games "${PLAY_GAMES:-100}" --rate "${PLAY_RATE:-2000}" --duration "${PLAY_SECONDS:-10}" --warmup 2)
port=${PORT:-18620}
work=$(mktemp -d /tmp/bh-export-load-XXXXXX)
results=$work/results.txt
server_pid=0 loop_pid=0
cleanup() {
  [ "$loop_pid" -ne 0 ] && kill "$loop_pid" 2>/dev/null || true
  [ "$server_pid" -ne 0 ] && kill "$server_pid" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap cleanup EXIT

run() {  # name server mode
  local name=$1 server=$2 mode=$3
  rm -f "$work"/run.db*
  cp "$db" "$work/run.db"
  "$server" --listen "127.0.0.1:$port" --db "$work/run.db" --rate 1000 --max-connections-per-address 100000 \
    --identify-timeout 3600 --guests-per-minute 0 --open-rooms-per-address 0 "${extra[@]}" \
    >"$work/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 100); do grep -q "listening on" "$work/server.log" && break; sleep 0.1; done
  : >"$work/exports.txt"
  if [ "$mode" = export ]; then
    (while :; do
      curl -s ${EXPORT_CURL_ARGS:-} -o /dev/null -w "%{http_code} %{time_total} %{size_download}\n" \
        "http://127.0.0.1:$port/api/games/export" >>"$work/exports.txt" || true
    done) &
    loop_pid=$!
  fi
  "$loadgen" play --port "$port" "${play[@]}" >"$work/play.txt" 2>&1 || true
  if [ "$loop_pid" -ne 0 ]; then
    # The loop and the download it is in: none may run into the next server's run.
    pkill -P "$loop_pid" curl 2>/dev/null || true
    kill "$loop_pid" 2>/dev/null || true
    wait "$loop_pid" 2>/dev/null || true
    pkill -P "$loop_pid" curl 2>/dev/null || true
    loop_pid=0
  fi
  kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=0
  local rt moves exports
  rt=$(grep "round trip" "$work/play.txt" | sed 's/.*p50 \([^ ]*\) *p95 \([^ ]*\) *p99 \([^ ]*\).*/\1 \2 \3/')
  moves=$(grep "^  moves/s" "$work/play.txt" | awk '{print $2}')
  exports=$(grep -c "^200 " "$work/exports.txt" || true)
  local secs
  secs=$(awk '$1 == 200 {n++; t += $2} END {if (n) printf "%.2f", t / n; else print "-"}' "$work/exports.txt")
  echo "$name $mode p50/p95/p99 ${rt:-? ? ?} moves/s ${moves:-?} exports ${exports} (${secs} s each)" | tee -a "$results"
}

for round in $(seq "$rounds"); do
  for entry in "${servers[@]}"; do
    run "${entry%%=*}" "${entry#*=}" none
    run "${entry%%=*}" "${entry#*=}" export
  done
  echo "(round $round done)"
done

echo "medians of p99 (us):"
for entry in "${servers[@]}"; do
  name=${entry%%=*}
  for mode in none export; do
    median=$(awk -v n="$name" -v m="$mode" '$1 == n && $2 == m {print $6}' "$results" | tr -d '>=' | sort -n |
      awk '{v[NR] = $1} END {if (NR) print v[int((NR + 1) / 2)]}')
    echo "  $name $mode ${median:-?}"
  done
done
