#!/usr/bin/env bash
# Issue 28, figure (b): two nodes on PostgreSQL + Redis; GAMES games (default 100)
# created on n1 with both players on n1 ("same") or the joiner on n2 ("split", its
# frames relayed over the bus: bh_loadgen --join-port), alternated, ROUNDS rounds
# (default 3). Prints moves/s, round trip, Redis commands per move, and the CPU per move
# of n1, n2, redis and postgres. Needs Debian's postgresql-15 and redis-server, a build
# (scripts/build), and root (PostgreSQL runs as nobody).
#   GAMES=100 ROUNDS=3 bench/cluster/relay_fig.sh
set -u
cd "$(dirname "$0")/../.."
D=/tmp/bh-relay-fig; pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1); G=${GAMES:-100}
pkill -f "boardhall-server --listen 127.0.0.1:1830"; sleep 0.5
[ -d $D/data ] && su nobody -s /bin/sh -c "$pgbin/pg_ctl -D $D/data stop -m fast" >/dev/null 2>&1
[ -f $D/redis.pid ] && kill $(cat $D/redis.pid) 2>/dev/null
rm -rf $D; mkdir -p $D; chown nobody $D
su nobody -s /bin/sh -c "$pgbin/initdb -D $D/data -A trust -U boardhall" >/dev/null
su nobody -s /bin/sh -c "$pgbin/pg_ctl -D $D/data -o \"-k $D -c listen_addresses=''\" -l $D/log -w start" >/dev/null
su nobody -s /bin/sh -c "$pgbin/createdb -h $D -U boardhall boardhall"
redis-server --port 0 --unixsocket $D/redis.sock --save '' --appendonly no > $D/redis.log 2>&1 & echo $! > $D/redis.pid
sleep 0.5
flags=(--rate 1000 --max-connections-per-address 100000 --guests-per-minute 0 --open-rooms-per-address 0)
for i in 1 2; do
  build/server/boardhall-server --listen 127.0.0.1:1830$i --cluster-db "host=$D dbname=boardhall user=boardhall" \
    --cluster-bus unix://$D/redis.sock --node-id f$i "${flags[@]}" > $D/n$i.log 2>&1 & echo $! > $D/n$i.pid
done
sleep 2
ticks() { local t=0; for p in "$@"; do set -- $(awk '{print $14, $15}' /proc/$p/stat 2>/dev/null); t=$((t + ${1:-0} + ${2:-0})); done; echo $t; }
pgpids() { pgrep -u nobody postgres | tr '\n' ' '; }
rc() { redis-cli -s $D/redis.sock info stats | grep -E "^total_commands_processed" | cut -d: -f2 | tr -d '\r'; }
n1=$(cat $D/n1.pid); n2=$(cat $D/n2.pid); rp=$(cat $D/redis.pid)
for r in $(seq 1 ${ROUNDS:-3}); do
  for mode in same split; do
    J=18301; [ $mode = split ] && J=18302
    c0=$(rc); a0=$(ticks $n1); b0=$(ticks $n2); r0=$(ticks $rp); p0=$(ticks $(pgpids))
    out=$(build/bench/bh_loadgen play --port 18301 --join-port $J --games $G --duration 10 --warmup 0 --game tablut 2>&1)
    c1=$(rc); a1=$(ticks $n1); b1=$(ticks $n2); r1=$(ticks $rp); p1=$(ticks $(pgpids))
    moves=$(echo "$out" | grep -oE "[0-9]+ moves relayed" | grep -oE "[0-9]+")
    rt=$(echo "$out" | grep "round trip" | sed 's/ \+/ /g')
    mps=$(echo "$out" | grep "moves/s" | grep -oE "[0-9]+")
    err=$(echo "$out" | grep -E "^  errors" | sed 's/ \+/ /g')
    # ticks are 10 ms; per move in microseconds
    per() { echo "scale=1; ($2 - $1) * 10000 / $moves" | bc; }
    echo "$mode r$r: $mps moves/s |$rt | redis cmds/move $(echo "scale=2; ($c1-$c0)/$moves" | bc) | CPU us/move n1 $(per $a0 $a1) n2 $(per $b0 $b1) redis $(per $r0 $r1) postgres $(per $p0 $p1) |$err"
  done
done
pkill -f "boardhall-server --listen 127.0.0.1:1830"
su nobody -s /bin/sh -c "$pgbin/pg_ctl -D $D/data stop -m fast" >/dev/null 2>&1; kill $rp
