#!/usr/bin/env bash
# Builds kiosk, kiosk-hub, kiosk-faults and kiosk-bench for release into .build/release, with the Swift runtime and
# Foundation linked into each program (`--static-swift-stdlib`): they run on a machine where Swift is not installed,
# and a gate's `kiosk run` keeps far fewer pages resident (BENCHMARKS.md, P7). One product at a time, because a
# plain `swift build` also links a dependency's dynamic library (GRDB's), which cannot take a static runtime.
# Every function gets a section of its own, and `kiosk` is linked with the functions a gate runs placed together
# (scripts/kiosk-link-order.txt, made by scripts/link-order.sh), so the pages of code it keeps are few.
# Extra arguments go to every `swift build`.
set -euo pipefail
cd "$(dirname "$0")/.."
sections=(-Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections -Xcxx -ffunction-sections)
for product in kiosk kiosk-hub kiosk-faults kiosk-bench; do
    order=()
    if [ "$product" = kiosk ]; then
        order=(-Xlinker "--symbol-ordering-file=$PWD/scripts/kiosk-link-order.txt" -Xlinker --no-warn-symbol-ordering)
    fi
    swift build -c release --static-swift-stdlib "${sections[@]}" "${order[@]}" --product "$product" "$@"
done
