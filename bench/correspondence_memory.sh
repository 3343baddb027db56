#!/usr/bin/env bash
# The memory an idle correspondence game costs the server (issue 30's closing figure):
# N correspondence games are written straight into a fresh database's live tables (two
# moves each, 100 players holding 200 games each), the server restores them at start,
# and its resident memory is compared with the same server started on no games. The
# games are restored asleep (dormant_games.hpp); with --correspondence-sleep-ms 0 as
# rooms, as before they could sleep: give the server's flags after N.
# Usage: bench/correspondence_memory.sh [N [SERVER FLAGS...]] (default 10000), from the
# repository root, after scripts/build.
set -euo pipefail
n=${1:-10000}
shift || true
flags=("$@")
server=build/server/boardhall-server
dir=$(mktemp -d)
trap 'kill $pid 2>/dev/null || true; rm -rf "$dir"' EXIT

start() {  # starts the server on $dir/t.db; waits for it to listen; sets pid
  "$server" --listen 127.0.0.1:0 --db "$dir/t.db" "${flags[@]}" > "$dir/log" 2>&1 &
  pid=$!
  for _ in $(seq 200); do grep -q "listening on" "$dir/log" && return; sleep 0.1; done
  echo "the server did not start:"; cat "$dir/log"; exit 1
}
rss_kib() { sleep 1; awk '/VmRSS/ {print $2}' "/proc/$pid/status"; }

start
empty=$(rss_kib)
kill "$pid"; wait "$pid" || true

now=$(($(date +%s) * 1000))
sqlite3 "$dir/t.db" <<SQL
WITH RECURSIVE i(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM i WHERE k + 1 < $n)
INSERT INTO live_games (game_id, room_id, match_id, game, options, creator_side, is_private, invite_code, games,
  game_number, first_seat, creator, creator_token, creator_registered, creator_points, joiner, joiner_token,
  joiner_registered, joiner_points, started_ms, correspondence, deadline_ms)
SELECT printf('g%06d', k), printf('r%06d', k), printf('m%06d', k), 'tablut', '{}', 'first', 0, '', 1, 1, 0,
  printf('p%03d', k % 100), printf('%032x', k % 100), 0, 0,
  printf('q%03d', k % 100), printf('%032x', 1000 + k % 100), 0, 0, $now, 'days 3', $now + 3 * 86400000
FROM i;
INSERT INTO live_moves (game_id, ply, text, first_clock_ms, second_clock_ms, at_ms, correspondence)
SELECT game_id, 1, 'd1-d3', -1, -1, $now, 1 FROM live_games;
INSERT INTO live_moves (game_id, ply, text, first_clock_ms, second_clock_ms, at_ms, correspondence)
SELECT game_id, 2, 'd5-d4', -1, -1, $now, 1 FROM live_games;
SQL

start
grep -q "restored $n live games" "$dir/log" || { echo "not every game was restored:"; cat "$dir/log"; exit 1; }
loaded=$(rss_kib)
echo "resident memory: $empty KiB with no game, $loaded KiB with $n idle correspondence games"
echo "per game: $(( (loaded - empty) * 1024 / n )) bytes"
