#!/usr/bin/env bash
# Counts instructions per operation of the profiling scenarios with valgrind's callgrind: repeatable, unlike time
# (hashing is made deterministic so that dictionary probes are the same in every run).
# Usage: Benchmarks/profile.sh [scenario:n:repetitions ...]   (default: every pair's framework and raw scenario)
# Each line: scenario, n (infos per operation), repetitions, instructions per operation.
# PROFILE_KEEP=DIR keeps each scenario's callgrind output as DIR/SCENARIO.N.out, for `callgrind_annotate` and for
# `Benchmarks/counts.sh` (retains, releases, locks, weak references and mallocs per listener).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build_log="$(mktemp)"
# SwiftPM keeps a build description (.build/release.yaml) that does not always notice a file added to or removed from
# the root package, which this package depends on by path: a build could then fail for a missing input, or pass while
# leaving a new file out, and profile stale code. Removing it makes SwiftPM plan from the sources as they are (about
# ten seconds); then one build, whose failure is a real one.
rm -f "$here/.build/release.yaml"
if ! swift build -c release --package-path "$here" --product NotificationLifecycleProfile >"$build_log" 2>&1; then
    cat "$build_log" >&2
    echo "profile.sh: the release build of NotificationLifecycleProfile failed (above)" >&2
    exit 1
fi
rm -f "$build_log"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
keep="${PROFILE_KEEP:-}"
if [ -n "$keep" ]; then mkdir -p "$keep"; fi
# valgrind 3.19 gives up on the DWARF 5 that clang writes for OpenCombine's C++ helpers ("Possibly corrupted
# debuginfo file"): profile a copy without debug information. The code is the same; the symbols stay.
binary="$out/NotificationLifecycleProfile"
objcopy --strip-debug "$here/.build/release/NotificationLifecycleProfile" "$binary"

# scenario:n:repetitions
default=(
    closure-framework:1:2000 closure-raw:1:2000
    selector-framework:1:2000 selector-raw:1:2000
    post-framework:1:2000 post-raw:1:2000 postrecorded-framework:1:2000
    postcontroller-framework:1:2000 postcontroller-raw:1:2000
    post20-framework:20:1000 post20-raw:20:1000
    post20controllers-framework:20:1000 post20controllers-raw:20:1000
    postcontroller-raw-nonisolated:1:2000 post20controllers-raw-nonisolated:20:1000
    mainhop-framework:1:500 mainhop-raw:1:500
    appear-framework:20:500 appear-raw:20:500
    lifecycle-framework:20:500 lifecycle-raw:20:500
    busy-framework:20:500 busy-raw:20:500
    firstcontroller-framework:20:500 firstcontroller-raw:20:500
    firstcontroller-release-framework:20:500 firstcontroller-release-raw:20:500
    closure-combine:1:2000 post-combine:1:2000 appear-combine:20:500 lifecycle-combine:20:500 busy-combine:20:500
    post20-combine:20:1000
    message-framework:1:2000 message-raw:1:2000 messagepost-framework:1:2000 messagepost-raw:1:2000
    messagepost20-framework:20:1000 messagepost20-raw:20:1000
    appear-framework:100:100 appear-raw:100:100 appear-framework:10000:3 appear-raw:10000:3
    lifecycle-framework:100:100 lifecycle-raw:100:100 lifecycle-framework:10000:3 lifecycle-raw:10000:3
)
runs=("${@:-${default[@]}}")
printf '%-34s %6s %6s %14s\n' scenario n reps instructions/op
for run in "${runs[@]}"; do
    IFS=: read -r scenario size reps <<<"$run"
    size="${size:-20}"
    reps="${reps:-1000}"
    file="$out/$scenario.$size.out"
    # A scenario that fails its own check (no delivery, the wrong count) exits non-zero: show why and stop.
    if ! SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --collect-atstart=no \
        --toggle-collect='*measuredLoop*' --callgrind-out-file="$file" "$binary" "$scenario" "$reps" "$size" \
        >"$out/run.log" 2>&1; then
        grep -v '^==' "$out/run.log" >&2
        echo "profile.sh: scenario $scenario failed (above)" >&2
        exit 1
    fi
    if [ -n "$keep" ]; then cp "$file" "$keep/"; fi
    total="$(sed -n 's/^summary: //p;s/^totals: //p' "$file" | head -1 | awk '{print $1}')"
    printf '%-34s %6s %6s %14.0f\n' "$scenario" "$size" "$reps" "$(awk -v t="$total" -v r="$reps" 'BEGIN { print t / r }')"
done
