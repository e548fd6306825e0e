#!/usr/bin/env bash
# Runs `swift test` N times in a row while other processes keep every core busy; stops at the first failure.
#
# Usage: scripts/test-under-load.sh N [swift test arguments...]
#   scripts/test-under-load.sh 10
#   scripts/test-under-load.sh 3 --sanitize=thread --scratch-path .build-tsan
#   LOAD_PROCESSES=4 scripts/test-under-load.sh 5 --filter HubRaceTests
#
# The load: one `yes > /dev/null` per core (LOAD_PROCESSES overrides the count), started before the first run and
# stopped when the script ends. Each spins at the same priority as the tests, so the tests' threads get about half
# of each core and are preempted at arbitrary points: the conditions under which issue 24's flaky failures showed.
# The test build is made once before the load starts, so that the runs measure the tests and not the compiler.
# Each run's output is kept in .build/test-under-load/run-K.log; the stderr report lines of each run are counted.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${1:?usage: scripts/test-under-load.sh N [swift test arguments...]}
shift
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || {
    echo "N must be a whole number above 0, got '$runs'" >&2
    exit 2
}
processes=${LOAD_PROCESSES:-$(getconf _NPROCESSORS_ONLN)}
logs=.build/test-under-load
mkdir -p "$logs"

# The build takes the arguments that change what is built (--sanitize, --scratch-path, -c, -Xswiftc ...), not the
# ones only `swift test` knows (--filter, --skip and their patterns), which `swift build` refuses.
build_args=()
skip_next=false
for argument in "$@"; do
    if $skip_next; then
        skip_next=false
        continue
    fi
    case "$argument" in
    --filter | --skip) skip_next=true ;;
    --filter=* | --skip=*) ;;
    *) build_args+=("$argument") ;;
    esac
done
echo "building the tests first (no load yet)"
swift build --build-tests ${build_args[@]+"${build_args[@]}"} 2>&1 | tail -n 1

load=()
stop_load() {
    [ "${#load[@]}" -eq 0 ] || kill "${load[@]}" 2>/dev/null || true
}
trap stop_load EXIT
for _ in $(seq "$processes"); do
    yes >/dev/null &
    load+=("$!")
done
echo "load: $processes x 'yes > /dev/null' (pids ${load[*]})"

for run in $(seq "$runs"); do
    log="$logs/run-$run.log"
    start=$(date +%s)
    if swift test --skip-build "$@" >"$log" 2>&1; then
        status=passed
    else
        status=FAILED
    fi
    reports=$(grep -c 'NotificationLifecycle: \[' "$log" || true)
    printf 'run %d/%d: %s in %ds, load average %s, %d report line(s) on stderr (%s)\n' "$run" "$runs" "$status" \
        "$(($(date +%s) - start))" "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')" "$reports" "$log"
    if [ "$status" = FAILED ]; then
        grep -E '✘|error:|FAILED|Fatal' "$log" | head -n 40
        exit 1
    fi
done
echo "all $runs runs passed under load"
