#!/usr/bin/env bash
# Issue 28, figure (c): three nodes on a throwaway PostgreSQL and Redis; GAMES games on
# n1; n1 killed; the players reconnect to n2 and n3 (failover_fig.mjs). Needs Debian's
# postgresql-15 and redis-server, and a build (scripts/build).
#   bench/cluster/failover_fig.sh [GAMES...]   (default: 30 300)
set -eu
cd "$(dirname "$0")/../.."
D=$(mktemp -d /tmp/bh-failover.XXXXXX); pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
chown nobody "$D"
as_pg() { if [ "$(id -u)" = 0 ]; then su nobody -s /bin/sh -c "$1"; else sh -c "$1"; fi; }
as_pg "$pgbin/initdb -D $D/data -A trust -U boardhall" >/dev/null
as_pg "$pgbin/pg_ctl -D $D/data -o \"-k $D -c listen_addresses=''\" -l $D/pg.log -w start" >/dev/null
redis-server --port 0 --unixsocket "$D/redis.sock" --save '' --appendonly no > "$D/redis.log" 2>&1 & redis=$!
flags=(--rate 1000 --max-connections-per-address 100000 --guests-per-minute 0 --open-rooms-per-address 0
       --grace 120 --resume-fail-burst 10000 --resume-fail-rate 1000)
trap 'pkill -f "boardhall-server --listen 127.0.0.1:1840" || true; kill $redis || true;
      as_pg "$pgbin/pg_ctl -D $D/data stop -m fast" >/dev/null || true; rm -rf "$D"' EXIT
for games in "${@:-30 300}"; do
  db=f$games; as_pg "$pgbin/createdb -h $D -U boardhall $db"
  pids=()
  for i in 1 2 3; do
    build/server/boardhall-server --listen 127.0.0.1:1840$i --cluster-db "host=$D dbname=$db user=boardhall" \
      --cluster-bus "unix://$D/redis.sock" --node-id n$i "${flags[@]}" > "$D/n$i-$games.log" 2>&1 & pids+=($!)
  done
  for i in 1 2 3; do
    for _ in $(seq 100); do curl -sf "127.0.0.1:1840$i/healthz" >/dev/null && break; sleep 0.1; done
    curl -sf "127.0.0.1:1840$i/healthz" >/dev/null || { cat "$D/n$i-$games.log"; exit 1; }
  done
  node --experimental-websocket bench/cluster/failover_fig.mjs 18401 "${pids[0]}" "$games" 18402 18403
  kill "${pids[1]}" "${pids[2]}"; wait "${pids[1]}" "${pids[2]}" 2>/dev/null || true
done
