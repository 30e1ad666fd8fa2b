#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (one per parser of outside input) and runs each for FUZZ_SECONDS seconds
# (default 20), one per core side by side, from a few valid seeds; fails on an input that crashes a parser or breaks
# one of its properties (the input is kept in .build/fuzz/artifacts/). Prints how many inputs each target tried.
#   FUZZ_SECONDS=3600 bash scripts/fuzz.sh            every target for an hour
#   bash scripts/fuzz.sh FuzzRosterCSV                 one target
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-20}
# Swift's backtracer would take the signal of a crash before libFuzzer can save the input.
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzTagUID FuzzRosterCSV FuzzKioskConf FuzzHubBatch FuzzKeyboardLines FuzzISO8601 FuzzSunMessage FuzzConsoleForms)

# The fuzzer's instrumentation and runtime on the Swift code (not the C/C++ libraries), linked with lld: gold fails
# on the fuzzer runtime's debug information. A release build for its one compile per module, no index and dead
# stripping (the runtime's own `main` is dropped), but not optimized and without debug information: optimizing every
# dependency took most of the time (2.5 times the build's CPU time), and the unoptimized parsers still try hundreds
# (kiosk.conf, the console's forms) to tens of thousands of inputs a second.
swift build -c release --package-path Fuzz --toolset Fuzz/toolset.json -debug-info-format none \
    -Xswiftc -Onone -Xcc -O0 -Xswiftc -sanitize=fuzzer
bin="$(swift build -c release --package-path Fuzz --show-bin-path)"

work=.build/fuzz
mkdir -p "$work/artifacts"
seed() { mkdir -p "$work/corpus/$1" && printf '%s' "$2" >"$work/corpus/$1/$3"; }
seed FuzzTagUID '04A1B2C3' a
seed FuzzTagUID '04:a1:b2-c3 d4e5f6' b
seed FuzzRosterCSV "$(cat examples/roster.csv)" roster.csv
seed FuzzRosterCSV $'\xef\xbb\xbfstudent_id,name,room,tag_uid,status\nS1,"A, B",1,04A1B2C3,inactive\n' quoted.csv
seed FuzzKioskConf "$(cat kiosk.conf)" kiosk.conf
seed FuzzKioskConf $'[hub]\nport = 8080\n[attendance]\ncurfew = "22:30"\n' hub.conf
seed FuzzHubBatch '{"kioskId":"gate-1","events":[{"id":"0192f5a0-0000-7000-8000-000000000001","kioskId":"gate-1","seq":1,"reader":"entrance","uid":"04A1B2C3","studentId":"S001","kind":"tap","direction":"in","outcome":"accepted","occurredAt":"2026-11-21T15:33:00.125Z","recordedAt":"2026-11-21T15:33:00.130Z","monotonicNs":1,"bootId":"b","clockSynced":true}]}' batch.json
seed FuzzKeyboardLines $'\x0504A1B2C3\n1234567890\r\n' lines
seed FuzzISO8601 '2026-11-21T21:03:00+05:30' instant
seed FuzzISO8601 '2026-11-21' date
seed FuzzSunMessage $'\xD1\x01\x4F\x55\x04tap.example/t?picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086' sun
seed FuzzConsoleForms 'csrf=0a1b&property=default&studentId=S004&name=Meera+Iyer&room=104&uid=04A1B2C6' student
seed FuzzConsoleForms 'csrf=0a1b&name=%E0%A4%B0%E0%A4%BE%E0%A4%B9%E0%A5%81%E0%A4%B2&room=%201%20&status=active' edit
seed FuzzConsoleForms 'studentId=S001&direction=out&time=2026-11-21T18:00&reason=home&from=2026-11-21T18:00&until=2026-11-23T18:00' manual
seed FuzzConsoleForms 'username=asha&password=a+long+enough+secret' signin
seed FuzzConsoleForms $'--X\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n0a1b\r\n--X\r\nContent-Disposition: form-data; name="file"; filename="roster.csv"\r\nContent-Type: text/csv\r\n\r\nstudent_id,name,room,tag_uid\nS001,Asha Verma,101,04A1B2C3\n\r\n--X--\r\n' upload

# The targets run side by side, one per core (libFuzzer's process is single-threaded); results print in order.
run_target() {
    SWIFT_BACKTRACE=enable=no "$bin/$1" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$work/artifacts/$1-" "$work/corpus/$1" >"$work/$1.log" 2>&1
}
declare -A job
for target in "${targets[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n || true; done
    run_target "$target" &
    job[$target]=$!
done

total=0
failed=0
for target in "${targets[@]}"; do
    log="$work/$target.log"
    if ! wait "${job[$target]}"; then
        tail -n 40 "$log" >&2
        echo "$target: FAILED (the input is in $work/artifacts/)" >&2
        failed=1
        continue
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
    echo "$target: ${runs:-0} inputs in ${seconds} s, ${coverage:-cov: ?}, no failure"
    total=$((total + ${runs:-0}))
done
[ "$failed" -eq 0 ] || exit 1
echo "fuzzing: $total inputs tried, no failure"
