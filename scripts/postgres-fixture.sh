#!/usr/bin/env bash
# Starts or stops a private PostgreSQL 15 cluster for the tests (Debian's `postgresql`, no systemd), in DIR under
# /tmp (initdb refuses root and 0700 root-owned parents). Ports 32768-60999 are tried until one is free.
#   scripts/postgres-fixture.sh start DIR   initdb + start; prints the URL of a database `kiosk` owned by role
#                                           `kiosk` (which may create more databases), DIR/url holds it too
#   scripts/postgres-fixture.sh restart DIR stops that cluster (fast: open connections are cut) and starts it again
#                                           on the same port, waiting until it accepts connections
#   scripts/postgres-fixture.sh stop DIR    stops that cluster and removes DIR
set -euo pipefail
action=$1
dir=$2
pgbin=/usr/lib/postgresql/15/bin
cd /
# A server started here must not keep any descriptor of the caller's open: a caller that waits for one to close (Swift's
# Process watches a socket it hands its child) would wait as long as the server runs. 255 is the one bash reads this from.
for fd in /proc/$$/fd/*; do
    fd=${fd##*/}
    case $fd in 0 | 1 | 2 | 255) ;; *) eval "exec $fd>&-" 2>/dev/null || true ;; esac
done

case $action in
start)
    mkdir -p "$dir"
    chown postgres:postgres "$dir"
    runuser -u postgres -- "$pgbin/initdb" -D "$dir/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
        --locale=C.UTF-8 -E UTF8 >"$dir/initdb.log" 2>&1
    for _ in $(seq 20); do
        port=$((32768 + RANDOM % 28000))
        [ -z "$(ss -tanH "( sport = :$port )")" ] || continue
        if runuser -u postgres -- "$pgbin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
            -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300" start >/dev/null; then
            password=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
            "$pgbin/psql" -q -h "$dir" -p "$port" -U postgres \
                -c "CREATE ROLE kiosk LOGIN CREATEDB PASSWORD '$password'" -c "CREATE DATABASE kiosk OWNER kiosk" >/dev/null
            echo "postgres://kiosk:$password@127.0.0.1:$port/kiosk" | tee "$dir/url"
            exit 0
        fi
    done
    echo "could not start PostgreSQL; see $dir/server.log" >&2
    exit 1
    ;;
restart)
    # The options of the first start are kept (postmaster.opts); -l keeps the server's output out of this script's.
    runuser -u postgres -- "$pgbin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -m fast -w -t 30 restart >/dev/null
    ;;
stop)
    [ -d "$dir/data" ] && runuser -u postgres -- "$pgbin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
esac
