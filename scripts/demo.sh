#!/usr/bin/env bash
# The first command on a fresh Debian 12 machine with the Swift toolchain: installs the Debian packages the build
# needs (as root; otherwise prints the exact apt-get command and stops), builds, and runs `kiosk demo` (the whole
# loop with no reader) with the arguments given, e.g. `scripts/demo.sh --pace 0.5`.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/debian-packages.sh
source scripts/debian-packages.sh
require_packages libsqlite3-dev tzdata libpcsclite-dev libnfc-dev
# The demo's hub is kiosk-hub, run beside kiosk as a process of its own.
swift build --product kiosk-hub
exec swift run kiosk demo "$@"
