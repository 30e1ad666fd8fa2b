#!/usr/bin/env bash
# A short scripted session on a machine with no reader: builds the kiosk, imports a demo roster into a
# temporary data directory, records a few taps and a manual entry, and prints the day's report.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product kiosk >/dev/null
kiosk=.build/debug/kiosk
work=$(mktemp -d /tmp/kiosk-try.XXXXXX)
cat >"$work/kiosk.conf" <<CONF
[kiosk]
id = "gate-1"
data_dir = "$work/data"

[attendance]
timezone = "Asia/Kolkata"
CONF
export KIOSK_CONFIG="$work/kiosk.conf"
day=$(TZ=Asia/Kolkata date -d '-28 hours' +%F)   # yesterday's attendance day, so the report shows a whole day
step() { echo "\$ kiosk $*"; "$kiosk" "$@"; echo; }
step roster import examples/roster.csv
step tap --uid 04A1B2C3 --at "${day}T08:15:00+05:30"
step tap --uid 04:a1:b2:c3:d4:e5:f6 --at "${day}T08:15:04+05:30"
step tap --uid 11223344 --at "${day}T09:00:00+05:30"
step tap --uid DEADBEEF --at "${day}T09:30:00+05:30"
step tap --uid 04A1B2C3 --at "${day}T19:45:00+05:30"
step manual --student S002 --direction in --at "${day}T23:05:00+05:30" --reason "forgot card"
step report --date "$day"
echo "Data directory: $work/data (configuration: $work/kiosk.conf)"
