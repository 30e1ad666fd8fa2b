#!/usr/bin/env bash
# Checks the systemd units in systemd/: `systemd-analyze verify` must print nothing, and the exposure level of
# `systemd-analyze security --offline=yes` must stay at or below each unit's limit (kiosk-hub 2.5, kiosk 4.0).
# Needs no running systemd (CI runs it in a container); installs the `systemd` package if missing (apt-get, as root).
# Both checks run against a scratch root holding only Debian's own units, ours, and a stub at each ExecStart path,
# so neither the real binaries nor this machine's /etc/systemd (drop-ins, masks) play a part.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/debian-packages.sh
source scripts/debian-packages.sh
require_packages systemd

# Each unit and the highest exposure it may have, on systemd-analyze's --threshold scale: 0-100, ten times the
# 0.0-10.0 level it prints (25 = 2.5); the check fails when the level is above it.
units=(kiosk-hub.service kiosk.service)
declare -A threshold=([kiosk-hub.service]=25 [kiosk.service]=40)

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/etc/systemd/system" "$root/usr/lib/systemd"
cp -a "$(readlink -f /usr/lib/systemd/system)" "$root/usr/lib/systemd/system"
for unit in "${units[@]}"; do
    cp "systemd/$unit" "$root/etc/systemd/system/"
    # verify wants every ExecStart= program to exist and be executable (a leading -, @, :, + or ! is a prefix).
    while read -r program; do
        mkdir -p "$root$(dirname "$program")"
        printf '#!/bin/sh\n' >"$root$program"
        chmod 755 "$root$program"
    done < <(sed -n 's/^ExecStart=[-@:+!]*\([^ ]*\).*/\1/p' "systemd/$unit")
done

status=0
# verify exits 0 even for unknown keys and unparsable values (it only warns), so any output is a failure.
if ! output=$(systemd-analyze verify --root="$root" "${units[@]}" 2>&1) || [ -n "$output" ]; then
    echo "systemd-analyze verify: FAILED" >&2
    printf '%s\n' "$output" >&2
    status=1
else
    echo "systemd-analyze verify: ok (${units[*]})"
fi

for unit in "${units[@]}"; do
    limit=${threshold[$unit]}
    limit_text="$((limit / 10)).$((limit % 10))"
    if report=$(systemd-analyze security --offline=yes --root="$root" --threshold="$limit" "$unit" 2>&1); then
        verdict=ok
    else
        verdict=FAILED
        status=1
    fi
    level=$(printf '%s\n' "$report" | sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\) \([A-Z]*\).*/\1 \2/p')
    if [ -z "$level" ]; then
        verdict=FAILED
        status=1
    fi
    echo "systemd-analyze security $unit: ${level:-no exposure level} (limit $limit_text): $verdict"
    # On failure, the whole assessment: every ✗ line is a setting that could be tightened.
    [ "$verdict" = ok ] || printf '%s\n' "$report" >&2
done
exit $status
