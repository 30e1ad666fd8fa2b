#!/usr/bin/env bash
# Builds kiosk, kiosk-hub, kiosk-faults and kiosk-bench for release into .build/release, with the Swift runtime and
# Foundation linked into each program (`--static-swift-stdlib`): they run on a machine where Swift is not installed,
# and a gate's `kiosk run` keeps far fewer pages resident (BENCHMARKS.md, P7). One product at a time, because a
# plain `swift build` also links a dependency's dynamic library (GRDB's), which cannot take a static runtime.
# Extra arguments go to every `swift build`.
set -euo pipefail
cd "$(dirname "$0")/.."
for product in kiosk kiosk-hub kiosk-faults kiosk-bench; do
    swift build -c release --static-swift-stdlib --product "$product" "$@"
done
