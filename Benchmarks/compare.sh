#!/usr/bin/env bash
# Runs the benchmark suite once and prints framework/baseline ratios of the medians (see compare.py).
#
#   Benchmarks/compare.sh                    # the whole suite, about 3 minutes after the first build
#   Benchmarks/compare.sh --filter '[1-3] .*' # only the benchmarks whose names match (a whole-name regex)
#   Benchmarks/compare.sh --runs 3           # run the suite 3 times; each figure is the median of the runs' medians
#   Benchmarks/compare.sh --strict           # exit 1 when a target is missed
#
# The raw results stay in Benchmarks/.build/compare/run-N/Current_run.influx.csv (git-ignored).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
results="$here/.build/compare"

filter=()
strict=()
runs=1
while [ $# -gt 0 ]; do
    case "$1" in
        --filter) filter=(--filter "$2"); shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        --strict) strict=(--strict); shift ;;
        *) echo "usage: $0 [--filter REGEX] [--runs N] [--strict]" >&2; exit 2 ;;
    esac
done

rm -rf "$results"
# The build description does not always notice a file added to or removed from the root package (see profile.sh):
# without it, the plugin's build plans from the sources as they are.
rm -f "$here/.build/release.yaml"
files=()
for run in $(seq 1 "$runs"); do
    out="$results/run-$run"
    mkdir -p "$out"
    swift package --package-path "$here" --allow-writing-to-package-directory benchmark \
        ${filter[@]+"${filter[@]}"} --format influx --path "$out" --no-progress >"$out/run.log" 2>&1 || {
        cat "$out/run.log" >&2
        exit 1
    }
    # A benchmark that fails its own check (RegistrationCheck, DeliveryChecker, the delivery counts) has no
    # result: say which and why, and stop, since its pair would compare nothing.
    if grep -q "benchmarks failed" "$out/run.log"; then
        grep -E "^Expected|benchmarks failed|^NotificationLifecycleBenchmarks/" "$out/run.log" >&2
        exit 1
    fi
    files+=("$out/Current_run.influx.csv")
done
python3 "$here/compare.py" "${files[@]}" ${strict[@]+"${strict[@]}"}
