#!/usr/bin/env bash
# Runs the whole test suite from a clean clone: installs what the tests need (Debian 12; apt-get needs root),
# checks the formatting and the systemd units, builds with warnings as errors, runs every test, then the fault suite
# and the benchmarks in --quick mode, builds and checks the Debian packages, and lists how long each step took.
set -euo pipefail
cd "$(dirname "$0")/.."

# What to undo on exit, whichever way the script ends.
cleanup=()
# Where the run's time goes: the wall-clock seconds of each step, listed when the script ends.
took=()
step_name=""
step_start=$SECONDS
step() {
    [ -z "$step_name" ] || took+=("$(printf '%6d s  %s' $((SECONDS - step_start)) "$step_name")")
    step_name=$1
    step_start=$SECONDS
    echo "== $1"
}
trap 'step end; printf "%s\n" "where the time went:" "${took[@]}"; for undo in "${cleanup[@]}"; do eval "$undo" || true; done' EXIT

step "Debian packages"
# shellcheck source=scripts/debian-packages.sh
source scripts/debian-packages.sh
require_packages libsqlite3-dev tzdata tmux pcscd libpcsclite-dev vsmartcard-vpcd libnfc-dev libnfc-bin python3 python3-venv python3-cryptography openssl curl faketime \
    postgresql cups cups-client printer-driver-cups-pdf weasyprint poppler-utils fonts-noto-core dpkg-dev binutils lintian

step "formatting and systemd units"
swift format lint --strict --recursive Package.swift Sources Tests Fuzz/Package.swift Fuzz/Sources
# The systemd units: `systemd-analyze verify`, and their sandboxing scores against the limits in the script.
bash scripts/check-systemd-units.sh
step "debug build"
swift build --build-tests
# Where that build's programs are: schemathesis's hub, the fault suite and the benchmarks run from there.
debug="$(swift build --show-bin-path)"

step "fixtures and the main suite"

# The reader tests reach a real pcscd with virtual readers; it runs only while the tests do.
if [ "$(id -u)" -eq 0 ] && command -v pcscd >/dev/null; then
    export KIOSK_PCSCD_CONFIG="${TMPDIR:-/tmp}/kiosk-pcscd"
    bash scripts/pcscd-fixture.sh start "$KIOSK_PCSCD_CONFIG"
    cleanup+=("bash scripts/pcscd-fixture.sh stop '$KIOSK_PCSCD_CONFIG'")
fi
# The hub's PostgreSQL backend is tested against a private cluster (scripts/postgres-fixture.sh, no systemd).
postgres_dir=$(mktemp -d /tmp/kiosk-pg.XXXXXX)
cleanup+=("bash scripts/postgres-fixture.sh stop '$postgres_dir'")
KIOSK_TEST_POSTGRES_SERVER=$(bash scripts/postgres-fixture.sh start "$postgres_dir")
export KIOSK_TEST_POSTGRES_SERVER
# The printing tests print through a real CUPS (scripts/cups-fixture.sh, no systemd) to a cups-pdf printer and read the
# PDFs it writes into KIOSK_TEST_CUPS.
if [ "$(id -u)" -eq 0 ]; then
    cleanup+=("bash scripts/cups-fixture.sh stop")
    KIOSK_TEST_CUPS=$(bash scripts/cups-fixture.sh start)
    export KIOSK_TEST_CUPS
fi
# The reader tests in a process of their own: libnfc's serial driver waits with select(), which glibc aborts for a
# descriptor numbered 1024 or more, and the rest of the suite, run at once, holds more than a thousand (databases,
# sockets, pipes) at times.
swift test --skip-build --filter KioskReadersTests
swift test --skip-build --skip KioskReadersTests

# Every hub test and every sync test (the sync fault scenarios through the fault proxy) again with the hub on
# PostgreSQL (a new database per test): both backends pass the same suites.
step "hub and sync suites on PostgreSQL"
KIOSK_TEST_DATABASE_URL=$KIOSK_TEST_POSTGRES_SERVER swift test --skip-build --filter 'KioskHubTests|KioskSyncTests'

# The web console in Chromium (Selenium), on both backends; screenshots of every page in .build/console-screenshots.
step "browser suite"
bash scripts/browser-tests.sh

# No test may depend on the time of day: the command-line suite runs again with its programs' clocks at the other
# chosen instants (after curfew, a minute before and just after the day starts; the first run was at 12:00).
step "command-line suite at three more instants"
for instant in after-curfew before-day-start after-day-start; do
    KIOSK_TEST_INSTANT=$instant swift test --skip-build --filter KioskCLITests
done

# The running hub against its OpenAPI document (docs/openapi.yaml), every check schemathesis has: no server error,
# answers and headers as documented, bad input refused, good input accepted, authentication enforced.
# schemathesis comes from PyPI into a virtual environment under .build (Debian's python3 refuses global pip installs).
step schemathesis
venv=.build/schemathesis-venv
[ -x "$venv/bin/schemathesis" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install -q schemathesis; }
hub="$debug/kiosk-hub"
# run_schemathesis NAME: a hub with its own data directory (and KIOSK_HUB_DATABASE_URL when set), checked as above.
run_schemathesis() {
    local hub_dir port hub_pid token operator_token metrics_token
    hub_dir=$(mktemp -d)
    "$hub" roster import examples/roster.csv --data-dir "$hub_dir" >/dev/null
    "$hub" property create north --name "North Block" --data-dir "$hub_dir" >/dev/null
    token=$("$hub" token create --kiosk schemathesis --data-dir "$hub_dir" | tail -n 1)
    operator_token=$("$hub" token create --operator --data-dir "$hub_dir" | tail -n 1)
    metrics_token=$("$hub" token create --metrics --data-dir "$hub_dir" | tail -n 1)
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    "$hub" serve --data-dir "$hub_dir" --port "$port" >"$hub_dir/hub.log" 2>&1 &
    hub_pid=$!
    cleanup+=("kill $hub_pid 2>/dev/null" "rm -rf '$hub_dir'")
    for _ in $(seq 50); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done
    echo "schemathesis against the hub on $1"
    # A kiosk's token for the kiosks' endpoints, the operator's for the chain summary, a metrics token for /metrics
    # (each is refused the others').
    # /v1/kiosks/self runs alone: the token's own kiosk id it answers would otherwise become a batch's kioskId beside
    # events of other kiosks, a batch the hub refuses whole (422), which no schema can say.
    "$venv/bin/schemathesis" run docs/openapi.yaml --url "http://127.0.0.1:$port" -H "Authorization: Bearer $token" \
        --exclude-path /v1/properties/summary --exclude-path /v1/kiosks/self --exclude-path /metrics --checks all --max-examples 50 \
        --generation-deterministic
    "$venv/bin/schemathesis" run docs/openapi.yaml --url "http://127.0.0.1:$port" -H "Authorization: Bearer $token" \
        --include-path /v1/kiosks/self --checks all --max-examples 50 --generation-deterministic
    "$venv/bin/schemathesis" run docs/openapi.yaml --url "http://127.0.0.1:$port" -H "Authorization: Bearer $operator_token" \
        --include-path /v1/properties/summary --checks all --max-examples 50 --generation-deterministic
    "$venv/bin/schemathesis" run docs/openapi.yaml --url "http://127.0.0.1:$port" -H "Authorization: Bearer $metrics_token" \
        --include-path /metrics --checks all --max-examples 50 --generation-deterministic
}
run_schemathesis SQLite
"/usr/lib/postgresql/15/bin/psql" -q "$KIOSK_TEST_POSTGRES_SERVER" -c "CREATE DATABASE schemathesis"
KIOSK_HUB_DATABASE_URL=${KIOSK_TEST_POSTGRES_SERVER%/*}/schemathesis run_schemathesis PostgreSQL

# Every parser of outside input under libFuzzer for 20 s each (Fuzz/, scripts/fuzz.sh); fails on an input that
# crashes a parser or breaks one of its properties.
step fuzzing
bash scripts/fuzz.sh

# The fault suite and the benchmarks in --quick mode, from the debug build (pcscd is still up for the reader figures):
# kiosk-faults fails on a broken invariant and kiosk-bench on a figure it could not measure; a missed timing goal fails
# neither, and a debug build's timings are not the product's (the figures are measured on release builds: README,
# "Benchmarks"). A release build here would add half again to the run's time. Their JSON stays in .build/.
step "fault suite"
"$debug/kiosk-faults" --quick --json .build/faults-quick.json
step benchmarks
"$debug/kiosk-bench" --quick --json .build/bench-quick.json

# The Debian packages (scripts/package.sh), here of the debug build: its programs load the Swift runtime from the
# toolchain, so these install only where it is (a release's packages come from scripts/build-release.sh). Fast
# compression: the packages are checked, not shipped. As root, scripts/package-check.sh installs both with apt-get,
# runs them, checks users, data directories, units and lintian, then removes and purges them.
step "Debian packages of kiosk and kiosk-hub"
rm -rf dist
DPKG_DEB_COMPRESSOR_TYPE=gzip DPKG_DEB_COMPRESSOR_LEVEL=1 bash scripts/package.sh --from "$debug" --allow-toolchain-runtime
if [ "$(id -u)" -eq 0 ]; then bash scripts/package-check.sh dist; fi
