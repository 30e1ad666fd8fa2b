#!/usr/bin/env bash
# Remakes scripts/kiosk-link-order.txt: the functions `kiosk run` executes, which scripts/build-release.sh places
# together when it links `kiosk`. Runs the release `kiosk` (built by scripts/build-release.sh) under valgrind's
# callgrind as a gate does: a keyboard-wedge reader typing 600 reads (a tap of each of 500 students, 80 repeated at
# once and so ignored, 20 unknown cards), syncing to a real `kiosk-hub` on loopback, its screen page on with a client
# following the page's events (as P7 runs it), then a clean stop; keeps the
# names of the executed functions that the binary defines. Run it after changes to the tap path, sync or start-up,
# then scripts/build-release.sh again. Needs valgrind (Debian package).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/debian-packages.sh
source scripts/debian-packages.sh
require_packages valgrind binutils python3 curl
release=.build/release
work=$(mktemp -d /tmp/kiosk-link-order.XXXXXX)
hub_pid=""
feeder_pid=""
screen_pid=""
cleanup() {
    [ -n "$feeder_pid" ] && kill "$feeder_pid" 2>/dev/null || true
    [ -n "$screen_pid" ] && kill "$screen_pid" 2>/dev/null || true
    [ -n "$hub_pid" ] && kill "$hub_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port)
screen_port=$(free_port)
python3 -c '
print("student_id,name,room,tag_uid")
for n in range(500): print(f"S{n:04d},Student {n},{100 + n % 50},04{n:06X}")
' > "$work/roster.csv"
printf '[hub]\nhost = "127.0.0.1"\nport = %s\ndata_dir = "%s/hub"\n' "$port" "$work" > "$work/hub.conf"
"$release/kiosk-hub" roster import "$work/roster.csv" --config "$work/hub.conf" > /dev/null
"$release/kiosk-hub" token create --kiosk gate-1 --config "$work/hub.conf" | tail -1 > "$work/token"
chmod 600 "$work/token"
"$release/kiosk-hub" serve --config "$work/hub.conf" > "$work/hub.log" 2>&1 &
hub_pid=$!
until curl -sf "http://127.0.0.1:$port/healthz" > /dev/null; do sleep 0.2; done
cat > "$work/kiosk.conf" << CONF
[kiosk]
id = "gate-1"
data_dir = "$work/data"

[[readers]]
name = "entrance"
driver = "keyboard"
direction = "toggle"

[sync]
hub_url = "http://127.0.0.1:$port"
token_file = "$work/token"

[display]
web = "127.0.0.1:$screen_port"
CONF

# valgrind cannot read the DWARF of a release build: profile a copy without it (the symbol table stays).
objcopy --strip-debug "$release/kiosk" "$work/kiosk"
mkfifo "$work/taps"
valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/callgrind.out" \
    "$work/kiosk" run --plain --config "$work/kiosk.conf" < "$work/taps" > "$work/kiosk.log" 2>&1 &
kiosk_pid=$!
# The writer keeps the reader's standard input open until the kiosk is stopped; it types once the screen is followed.
python3 -c '
import os, sys, time
while not os.path.exists(sys.argv[1]): time.sleep(0.2)
for n in range(500): sys.stdout.write("04%06X\n" % n * (2 if n < 80 else 1))
for n in range(20): sys.stdout.write("04%06X\n" % (0xF00000 + n))
sys.stdout.flush()
time.sleep(100000)
' "$work/typing" > "$work/taps" &
feeder_pid=$!
# The screen page and its events, followed as Chromium on the gate follows them.
until curl -sf "http://127.0.0.1:$screen_port/" > /dev/null; do
    kill -0 "$kiosk_pid" 2> /dev/null || { echo "kiosk run stopped before serving its screen: $work/kiosk.log" >&2; cat "$work/kiosk.log" >&2; exit 1; }
    sleep 1
done
curl -sN "http://127.0.0.1:$screen_port/events" > /dev/null &
screen_pid=$!
touch "$work/typing"
# Waits until the hub holds all 600 taps, each recorded in the journal and pushed through sync.
until python3 - "$work/hub/hub.sqlite" << 'PY'
import sqlite3, sys
count = sqlite3.connect(sys.argv[1]).execute("SELECT COUNT(*) FROM event").fetchone()[0]
sys.exit(0 if count >= 600 else 1)
PY
do
    kill -0 "$kiosk_pid" 2> /dev/null || { echo "kiosk run stopped before syncing 600 reads: $work/kiosk.log" >&2; cat "$work/kiosk.log" >&2; exit 1; }
    sleep 1
done
kill -TERM "$kiosk_pid"
wait "$kiosk_pid" || true

python3 - "$work/callgrind.out" "$release/kiosk" scripts/kiosk-link-order.txt << 'PY'
import collections, re, subprocess, sys
profile, binary, output = sys.argv[1:]
# A name several objects define (a local helper such as `objectdestroyTm`) would move every copy: left out.
definitions = collections.Counter()
for line in subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout.splitlines():
    parts = line.split()
    if len(parts) == 3:
        definitions[parts[2]] += 1
names = []
seen = set()
for line in open(profile, errors="replace"):
    match = re.match(r"c?fn=\(\d+\) (.+)$", line.rstrip("\n"))
    if match and definitions[match.group(1)] == 1 and match.group(1) not in seen:
        seen.add(match.group(1))
        names.append(match.group(1))
open(output, "w").write("\n".join(names) + "\n")
print(f"{len(names)} functions written to {output}")
PY
