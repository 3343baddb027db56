#!/usr/bin/env bash
# A soak run (issue 27): starts the server built here on a fresh database in a temporary
# folder, drives it with `bh_loadgen play` for M minutes, and samples the server's RSS
# (VmRSS of /proc/PID/status), its finished games (/metrics) and the database's size
# (file + WAL) once a minute; prints a table (Markdown) and stops the server.
#   bench/soak/soak.sh [--minutes M] [--games G] [--match-games N] [--port P]
#                      [--interval S] [--keep]   (--keep: leave the database in place)
# Defaults: 30 minutes, 500 games, matches of 99 games, port 18471, a sample every 60 s.
# Needs build/server/boardhall-server and build/bench/bh_loadgen
# (scripts/build boardhall-server bh_loadgen); BOARDHALL_SERVER and BH_LOADGEN name
# other builds.
set -euo pipefail
cd "$(dirname "$0")/../.."
server=${BOARDHALL_SERVER:-build/server/boardhall-server}
loadgen=${BH_LOADGEN:-build/bench/bh_loadgen}
minutes=30 games=500 match_games=99 port=18471 interval=60 keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) minutes=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --match-games) match_games=$2; shift 2 ;;
    --port) port=$2; shift 2 ;;
    --interval) interval=$2; shift 2 ;;
    --keep) keep=1; shift ;;
    *) echo "soak: unknown flag $1" >&2; exit 2 ;;
  esac
done
for f in "$server" "$loadgen"; do
  [ -x "$f" ] || { echo "soak: $f is missing (scripts/build boardhall-server bh_loadgen)" >&2; exit 2; }
done

work=$(mktemp -d /tmp/bh-soak.XXXXXX)
server_pid="" loadgen_pid=""
cleanup() {
  [ -n "$loadgen_pid" ] && kill "$loadgen_pid" 2>/dev/null || true
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  if [ "$keep" -eq 1 ]; then echo "soak: the database and logs are in $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM  # the EXIT trap then stops the server

# The flags of docs/performance.md, and no cap on the open rooms of one address: the
# load generator's pairs all come from 127.0.0.1 and open their rooms at once.
"$server" --listen "127.0.0.1:$port" --db "$work/soak.db" --rate 1000 --max-connections-per-address 100000 \
  --guests-per-minute 0 --open-rooms-per-address 0 --identify-timeout 3600 >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 50); do
  curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done
kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }

# Warm-up excluded from the loadgen's own figures, not from the samples.
"$loadgen" play --port "$port" --server-pid "$server_pid" --games "$games" --match-games "$match_games" \
  --duration "$((minutes * 60))" --warmup 2 >"$work/loadgen.log" 2>&1 &
loadgen_pid=$!

rss_mib() { awk '/^VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$server_pid/status"; }
finished() { curl -s "http://127.0.0.1:$port/metrics" | awk '/^boardhall_games_finished_total / { print $2 }'; }
db_mib() { du -cm "$work"/soak.db* 2>/dev/null | awk 'END { print $1 }'; }

echo "soak: $games games, matches of $match_games, $minutes min, server pid $server_pid, $(nproc) cores," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| minute | RSS (MiB) | games finished | games/min since last | database + WAL (MiB) |"
echo "|---|---|---|---|---|"
start=$(date +%s) last=0 samples=$((minutes * 60 / interval))
for i in $(seq 0 "$samples"); do
  if [ "$i" -gt 0 ]; then
    next=$((start + i * interval))
    now=$(date +%s)
    [ "$next" -gt "$now" ] && sleep $((next - now))
  fi
  kill -0 "$server_pid" 2>/dev/null || { echo "soak: the server exited" >&2; exit 1; }
  done_games=$(finished)
  done_games=${done_games:-0}
  rate=$(((done_games - last) * 60 / interval))
  [ "$i" -eq 0 ] && rate=0
  printf '| %s | %s | %s | %s | %s |\n' "$(awk -v s="$((i * interval))" 'BEGIN { printf "%g", s / 60 }')" \
    "$(rss_mib)" "$done_games" "$rate" "$(db_mib)"
  last=$done_games
done
wait "$loadgen_pid" || true
loadgen_pid=""
echo
sed 's/^/loadgen: /' "$work/loadgen.log"
