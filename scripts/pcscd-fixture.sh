#!/usr/bin/env bash
# Starts or stops the test pcscd: two vsmartcard-vpcd virtual readers, "Kiosk Reader 00 00" on TCP 35963 and
# "Kiosk Reader 00 01" on 35964, from a reader.conf directory of its own (no systemd needed).
#   scripts/pcscd-fixture.sh start DIR   writes DIR/conf/reader.conf and starts pcscd in the background, logging
#                                        to DIR/pcscd.log (PCSCD_FLAGS="--debug --apdu" logs every APDU)
#   scripts/pcscd-fixture.sh stop DIR    stops the pcscd that runs with DIR's configuration (and only that one)
# pcscd --config reads every file in its directory, hence the separate conf/ folder.
set -euo pipefail
action=$1
config=$2/conf
log=$2/pcscd.log
pidfile=/run/pcscd/pcscd.pid

running_pid() {
    local pid
    pid=$({ tr -d '\0' <"$pidfile"; } 2>/dev/null || true)
    # A killed pcscd may linger as a zombie for a second or two: that one no longer runs.
    [ -n "$pid" ] && [ -d "/proc/$pid" ] && ! grep -q '^State:.*Z' "/proc/$pid/status" && echo "$pid"
    return 0
}

case $action in
start)
    if [ -n "$(running_pid)" ]; then
        echo "pcscd already runs (pid $(running_pid)); the reader tests use it" >&2
        exit 0
    fi
    mkdir -p "$config"
    cat >"$config/reader.conf" <<CONF
FRIENDLYNAME "Kiosk Reader"
DEVICENAME   /dev/null:35963
LIBPATH      /usr/lib/pcsc/drivers/serial/libifdvpcd.so
CONF
    # A test process may start it from a thread that blocks signals (the mask is inherited: pcscd would never
    # see SIGTERM), and with descriptors open that tell it when its child ended (a daemon holding them would
    # make that never happen): clear both.
    # shellcheck disable=SC2086
    setsid python3 -c 'import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.closerange(3, 65536); os.execvp("pcscd", sys.argv[1:])' \
        pcscd --foreground ${PCSCD_FLAGS:-} --config "$config" >>"$log" 2>&1 </dev/null &
    for _ in $(seq 50); do
        [ -S /run/pcscd/pcscd.comm ] && [ -n "$(running_pid)" ] && exit 0
        sleep 0.1
    done
    echo "pcscd did not start; see $log" >&2
    exit 1
    ;;
stop)
    pid=$(running_pid)
    command_line=$([ -n "$pid" ] && tr '\0' ' ' <"/proc/$pid/cmdline")
    if [[ $command_line == *"--config $config "* ]]; then
        kill "$pid"
        for _ in $(seq 50); do
            [ -d "/proc/$pid" ] || break
            sleep 0.1
        done
    fi
    ;;
esac
