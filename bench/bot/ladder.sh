#!/usr/bin/env bash
# The bot's measured figures (issue 16): for each game, the top level against random and
# each level against the one below it, 100 games each, sides alternating, printed as a
# table and as the JSON lines of `boardhall-bot match`.
#   bench/bot/ladder.sh [--games N] [--movetime MS] [--jobs J] [--only GAME] [--top-only|--ladder-only]
#                       [--levels "2 3 4"]   (the lower levels of the pairs to play; default 2..8)
# Needs build/bot/boardhall-bot (scripts/build boardhall-bot).
set -euo pipefail
cd "$(dirname "$0")/../.."
bot=${BOARDHALL_BOT:-build/bot/boardhall-bot}  # BOARDHALL_BOT: another build (or a copy) of it
games=100 movetime=50 jobs=2 only="" parts=both levels="2 3 4 5 6 7 8"
while [ $# -gt 0 ]; do
  case "$1" in
    --games) games=$2; shift 2 ;;
    --movetime) movetime=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --levels) levels=$2; shift 2 ;;
    --top-only) parts=top; shift ;;
    --ladder-only) parts=ladder; shift ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -x "$bot" ] || { echo "build $bot first: scripts/build boardhall-bot" >&2; exit 1; }

# name|arguments
setups=("tavlei|--game tavlei" "tablut|--game tablut" "seatafl|--game seatafl"
        "seatafl-11|--game seatafl --option size=11" "draughts|--game draughts" "alquerque|--game alquerque"
        "copenhagen|--game copenhagen" "brandubh|--game brandubh")
printf '%-11s %-10s %6s %5s %5s %5s %6s %7s %10s %8s %8s\n' game match score wins draws losses capped plies nps avg_ms max_ms
run() {  # name, label, args...
  local name=$1 label=$2; shift 2
  local line
  line=$("$bot" match "$@" --games "$games" --jobs "$jobs" --seed 1)
  echo "$line" >>"${LADDER_LOG:-/dev/null}"
  python3 - "$name" "$label" "$line" <<'PY'
import json, sys
name, label, line = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
print(f"{name:<11} {label:<10} {line['score']:6.3f} {line['wins']:5} {line['draws']:5} {line['losses']:5} "
      f"{line['capped']:6} {line['avg_plies']:7.1f} {line['nps']:10.0f} {line['avg_ms']:8.2f} {line['max_ms']:8.1f}")
PY
}
for setup in "${setups[@]}"; do
  name=${setup%%|*}
  read -ra args <<<"${setup#*|}"
  [ -n "$only" ] && [ "$only" != "$name" ] && continue
  if [ "$parts" != ladder ]; then
    run "$name" "8-random" "${args[@]}" --level 8 --vs random --movetime "$movetime"
  fi
  if [ "$parts" != top ]; then
    for level in $levels; do
      extra=()
      [ "$level" = 8 ] && extra=(--movetime "$movetime")
      run "$name" "$level-$((level - 1))" "${args[@]}" --level "$level" --vs $((level - 1)) "${extra[@]}"
    done
  fi
done
