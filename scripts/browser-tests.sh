#!/usr/bin/env bash
# The web console and the gate's screen in a real browser (Tests/Browser/console_test.py, gate_health_test.py,
# parents_test.py, screen_test.py): Debian's Chromium and ChromeDriver driven by
# Selenium from PyPI, against the built kiosk-hub on SQLite and, when KIOSK_TEST_POSTGRES_SERVER names a server, on
# PostgreSQL (a new database). Screenshots of every page at 390x844 and 1280x800 go to .build/console-screenshots.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/debian-packages.sh
source scripts/debian-packages.sh
require_packages chromium chromium-driver fonts-noto-core python3 python3-venv

venv=.build/browser-venv
[ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import selenium, html5lib, prometheus_client' 2>/dev/null \
    || { /usr/bin/python3 -m venv "$venv" && "$venv/bin/pip" install -q selenium html5lib prometheus_client; }

export KIOSK_BIN="${KIOSK_BIN:-$(swift build --show-bin-path)}"
export KIOSK_SHOTS="${KIOSK_SHOTS:-$PWD/.build/console-screenshots}"
echo "the web console in Chromium, hub on SQLite"
"$venv/bin/python" Tests/Browser/console_test.py
echo "gate health: the Gates page, /metrics through Prometheus's parser, the Grafana dashboard's queries"
"$venv/bin/python" Tests/Browser/gate_health_test.py
echo "parents: a pass request, its link on a phone, the decision, word of the leave"
"$venv/bin/python" Tests/Browser/parents_test.py
echo "the gate's screen: kiosk run's page with a keyboard-wedge reader fed by the test"
"$venv/bin/python" Tests/Browser/screen_test.py
if [ -n "${KIOSK_TEST_POSTGRES_SERVER:-}" ]; then
    database="console_$(date +%s)_$$"
    /usr/lib/postgresql/15/bin/psql -q "$KIOSK_TEST_POSTGRES_SERVER" -c "CREATE DATABASE $database"
    echo "the web console in Chromium, hub on PostgreSQL"
    KIOSK_BROWSER_DATABASE_URL="${KIOSK_TEST_POSTGRES_SERVER%/*}/$database" "$venv/bin/python" Tests/Browser/console_test.py
    database="parents_$(date +%s)_$$"
    /usr/lib/postgresql/15/bin/psql -q "$KIOSK_TEST_POSTGRES_SERVER" -c "CREATE DATABASE $database"
    echo "parents in Chromium, hub on PostgreSQL"
    KIOSK_BROWSER_DATABASE_URL="${KIOSK_TEST_POSTGRES_SERVER%/*}/$database" "$venv/bin/python" Tests/Browser/parents_test.py
fi
echo "screenshots in $KIOSK_SHOTS"
