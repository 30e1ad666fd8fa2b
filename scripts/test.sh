#!/usr/bin/env bash
# Runs the whole test suite from a clean clone: installs what the tests need (Debian 12; apt-get needs root),
# builds with warnings as errors, checks the formatting, and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(libsqlite3-dev tzdata tmux pcscd libpcsclite-dev vsmartcard-vpcd libnfc-dev libnfc-bin python3)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "missing packages: ${missing[*]} (run as root, or: sudo apt-get install ${missing[*]})" >&2
        exit 1
    fi
    echo "installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

swift format lint --strict --recursive Package.swift Sources Tests
swift build --build-tests

# The reader tests reach a real pcscd with virtual readers; it runs only while the tests do.
if [ "$(id -u)" -eq 0 ] && command -v pcscd >/dev/null; then
    export KIOSK_PCSCD_CONFIG="${TMPDIR:-/tmp}/kiosk-pcscd"
    bash scripts/pcscd-fixture.sh start "$KIOSK_PCSCD_CONFIG"
    trap 'bash scripts/pcscd-fixture.sh stop "$KIOSK_PCSCD_CONFIG"' EXIT
fi
swift test --skip-build
