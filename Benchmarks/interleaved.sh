#!/usr/bin/env bash
# Builds the profiling harness in release and runs the wall-clock measurements of issue 35 in one go:
#   - the interleaved pairs (package round, by-hand round, alternating; medians of time per operation and their ratio)
#   - NotificationEngine.remove(_:) from an engine of 100 and of 100,000 infos (time per remove)
#   - memory: 10,000 controllers of 10 + 10 listeners of one class, and one instance of each of 200 classes
#   - the system calls of 100,000 main-thread posts to a main-actor controller (strace -c -f), both sides
# Usage: Benchmarks/interleaved.sh [--rounds N] [PAIR ...]   (PAIRs and --rounds go to the interleaved pairs only)
# Every part fails the run when a side's handlers did not all run.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build_log="$(mktemp)"
# See profile.sh: a stale build description can leave a new file out.
rm -f "$here/.build/release.yaml"
if ! swift build -c release --package-path "$here" --product NotificationLifecycleProfile >"$build_log" 2>&1; then
    cat "$build_log" >&2
    echo "interleaved.sh: the release build of NotificationLifecycleProfile failed (above)" >&2
    exit 1
fi
rm -f "$build_log"
binary="$here/.build/release/NotificationLifecycleProfile"
echo "commit $(git -C "$here" rev-parse --short HEAD), $(date -u '+%F %T') UTC, load $(cut -d' ' -f1-3 /proc/loadavg)"
"$binary" interleaved "$@"
"$binary" remove
for side in memory-framework memory-raw memory-classes-framework memory-classes-raw; do
    "$binary" "$side"
done
if command -v strace >/dev/null; then
    for side in postcontroller-framework postcontroller-raw postcontroller-raw-nonisolated; do
        trace="$(mktemp)"
        strace -c -f -o "$trace" "$binary" "$side" 100000 1 >/dev/null
        echo "strace -c -f, $side 100000 posts: $(awk '$NF ~ /^(gettid|getpid)$/ { printf "%s %s  ", $NF, $4 }' "$trace")total $(awk '$NF == "total" { print $4 }' "$trace")"
        rm -f "$trace"
    done
else
    echo "strace is not installed (apt-get install strace): system calls not counted"
fi
echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
