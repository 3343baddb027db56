#!/usr/bin/env bash
# examples/bot.py, the HTTP API's reference bot (docs/api.md), against the real server:
# two bot accounts in a new database, "computer" (boardhall-bot over the WebSocket) and
# "randombot" (an API token with bot:play and challenge); the server on a free loopback
# port; then, for each of the seven games in turn, examples/bot.py challenges the computer
# at level 1 and plays random moves until the game ends. Fails unless every run exits 0
# after printing its finished game, "GAME_ID GAME first|second|draw REASON" (not aborted,
# not abandoned, not lost on time), and wrote nothing to stderr (where it reports a
# refused move: every move it sends is one of the server's own `legal` list).
#
#   tests/integration/bot_api_test.sh            the binaries of build/
#   BOARDHALL_SERVER=... BOARDHALL_BOT=... BOARDHALL_PYTHON=... (ctest sets these)
#   BOT_API_GAMES="tablut draughts"              only these games
#   BOT_API_TIMEOUT=120                          seconds for each game's run
#   BOT_API_KEEP=1                               keep the temporary folder (logs, database)
#
# Random play against level 1 ends by the rules: measured with `boardhall-bot match
# --level 1 --vs random` (seeds 3, 7, 11), the games average 19 to 63 plies, Copenhagen
# the longest (1 game in 400 past 300 plies, none past 600); each run takes seconds.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
server_bin=${BOARDHALL_SERVER:-$root/build/server/boardhall-server}
bot_bin=${BOARDHALL_BOT:-$root/build/bot/boardhall-bot}
python=${BOARDHALL_PYTHON:-python3}
games=${BOT_API_GAMES:-tablut tavlei seatafl copenhagen brandubh draughts alquerque}
per_game=${BOT_API_TIMEOUT:-120}

for bin in "$server_bin" "$bot_bin"; do
  [ -x "$bin" ] || { echo "bot_api_test: $bin is not built" >&2; exit 1; }
done
# The bot talks to 127.0.0.1: no proxy of the environment in between (urllib honours them).
unset http_proxy HTTP_PROXY https_proxy HTTPS_PROXY all_proxy ALL_PROXY
export no_proxy='*' NO_PROXY='*'

dir=$(mktemp -d "${TMPDIR:-/tmp}/bot-api-test.XXXXXX")
server_pid=
computer_pid=

# Stops a process we started: SIGTERM, then SIGKILL if it is still there after 10 s.
stop() {
  local pid=$1 watchdog
  [ -n "$pid" ] || return 0
  kill -TERM "$pid" 2>/dev/null || return 0
  (sleep 10; kill -KILL "$pid" 2>/dev/null) >/dev/null 2>&1 &
  watchdog=$!
  wait "$pid" 2>/dev/null || true
  kill "$watchdog" 2>/dev/null || true
  wait "$watchdog" 2>/dev/null || true
}

cleanup() {
  local status=$?
  stop "$computer_pid"
  stop "$server_pid"
  if [ "$status" -ne 0 ]; then
    for log in "$dir"/*.log "$dir"/*.err; do
      [ -s "$log" ] || continue
      echo "---- $(basename "$log") (last 40 lines)"
      tail -n 40 "$log"
    done
  fi
  if [ -n "${BOT_API_KEEP:-}" ]; then echo "bot_api_test: kept $dir"; else rm -rf "$dir"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

fail() {
  echo "bot_api_test: $*" >&2
  exit 1
}

# Waits up to $1 seconds for the command after it to succeed, while process $2 lives.
wait_for() {
  local seconds=$1 pid=$2 i
  shift 2
  for ((i = 0; i < seconds * 10; i++)); do
    "$@" && return 0
    kill -0 "$pid" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

echo "== accounts and the token, in $dir"
"$server_bin" --db "$dir/db" --create-bot computer --secret-file "$dir/computer.secret"
"$server_bin" --db "$dir/db" --create-bot randombot --secret-file "$dir/rb.secret"
"$server_bin" --db "$dir/db" --create-token randombot --scopes bot:play,challenge --label ci \
  --secret-file "$dir/rb.token"
[ -s "$dir/rb.token" ] || fail "--create-token wrote no token to $dir/rb.token"

echo "== the server"
"$server_bin" --listen 127.0.0.1:0 --db "$dir/db" >"$dir/server.log" 2>&1 &
server_pid=$!
server_port() { sed -n 's/.* listening on 127\.0\.0\.1:\([0-9][0-9]*\).*/\1/p' "$dir/server.log" | head -n 1; }
wait_for 30 "$server_pid" grep -q ' listening on 127\.0\.0\.1:[0-9]' "$dir/server.log" ||
  fail "the server did not say which port it listens on"
port=$(server_port)
wait_for 30 "$server_pid" "$server_bin" --health-probe "http://127.0.0.1:$port/healthz" ||
  fail "the server did not answer /healthz with 200"
echo "listening on 127.0.0.1:$port"

echo "== the computer (boardhall-bot play)"
"$bot_bin" play --server "ws://127.0.0.1:$port/ws" --name computer --secret-file "$dir/computer.secret" \
  --token-file "$dir/computer.wstoken" >"$dir/computer.log" 2>&1 &
computer_pid=$!
wait_for 30 "$computer_pid" grep -q 'logged in as computer' "$dir/computer.log" ||
  fail "the computer did not log in"

# One game at a time: every process of the one token sees every game of the account on its
# event stream, so runs side by side would each play the others' games too.
failed=()
for game in $games; do
  echo "== $game: examples/bot.py against the computer at level 1"
  started=$SECONDS
  status=0
  timeout -k 5 "$per_game" "$python" "$root/examples/bot.py" --server "http://127.0.0.1:$port" \
    --token-file "$dir/rb.token" --challenge-ai "$game" --level 1 --games 1 \
    >"$dir/$game.out" 2>"$dir/$game.err" || status=$?
  cat "$dir/$game.out"
  if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
    failed+=("$game: no end within $per_game s")
  elif [ "$status" -ne 0 ]; then
    failed+=("$game: exit status $status")
  elif ! grep -E "^g[^ ]+ $game (first|second|draw) [a-z_]+\$" "$dir/$game.out" |
         grep -vE ' (abandonment|time)$' >/dev/null; then
    failed+=("$game: no finished game of $game printed")
  elif [ -s "$dir/$game.err" ]; then  # a refused move, a stream that failed
    failed+=("$game: examples/bot.py wrote to stderr")
  fi
  if [ -s "$dir/$game.err" ]; then
    echo "(stderr)"
    cat "$dir/$game.err"
  fi
  echo "($((SECONDS - started)) s)"
done

kill -0 "$server_pid" 2>/dev/null || fail "the server is gone"
if [ "${#failed[@]}" -gt 0 ]; then
  printf 'bot_api_test: FAILED %s\n' "${failed[@]}" >&2
  exit 1
fi
echo "bot_api_test: every game played to its end"
