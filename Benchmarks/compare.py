#!/usr/bin/env python3
"""Prints the benchmark suite's ratios from the influx CSV that `swift package benchmark --format influx` writes.

One line per pair (framework against each baseline of the same benchmark): the medians per operation, the time
ratio framework/baseline, and the mallocs as a difference. Then the scaling figures of benchmark 6, per info, from
the smallest size to the largest. Targets are checked against the raw baseline and marked met or MISSED.

With several result files (one per run of the suite), each benchmark's figure is the median of its per-run medians.

Usage: compare.py RESULTS.influx.csv [MORE.influx.csv ...] [--strict]   (--strict: exit 1 when a target is missed)
"""

import csv
import re
import statistics
import sys
from collections import defaultdict

# `<pair> <operation> [<side>]`, see Benchmarks/NotificationLifecycleBenchmarks/NotificationLifecycleBenchmarks.swift
NAME = re.compile(r"^(?P<pair>\d+[a-z]?) (?P<operation>.+?) \[(?P<side>[^\]]+)\]$")
REPEAT = re.compile(r"\bx(\d+)\b")
SIZE = re.compile(r"\bn=(\d+)\b")

TIME = "Time(wallclock)"
MALLOCS = "Malloc(total)"
PEAK = "Memory(residentpeak)"

# Pair: (largest time ratio to raw, largest malloc difference to raw per operation or None).
# Issue 16's targets: the framework costs less than the same work by hand (pair 3 about the same).
TARGETS = {
    "1": (0.50, 2),
    "2": (0.50, 2),
    "3": (1.05, None),
    "4": (0.50, None),
    "5": (0.80, None),
    "7": (1.00, None),
    "8": (0.80, None),
}
# The OpenCombine baseline (`NotificationCenter.Publisher` + sink): issue 16 asks the framework to be ahead of it, a
# time ratio framework/OpenCombine below 1, on every pair it has.
OPENCOMBINE = "OpenCombine sink"
# Benchmark 6: the per-info cost at the largest size is within this factor of the cost at 100 infos.
SCALING_TARGET = 1.20
SCALING_REFERENCE = 100


def read_medians(paths):
    """Returns {benchmark name: {metric: median}} from the p50 rows, the median over the files given."""
    runs = defaultdict(lambda: defaultdict(list))
    for path in paths:
        with open(path, newline="", encoding="utf-8") as file:
            rows = [line for line in file if not line.startswith("#")]
        for row in csv.DictReader(rows):
            if float(row["percentile"]) == 50.0:
                runs[row["test"]][row["metric"]].append(float(row["value"]))
    return {
        name: {metric: statistics.median(values) for metric, values in metrics.items()}
        for name, metrics in runs.items()
    }


def format_time(nanoseconds):
    if nanoseconds >= 1_000_000:
        return f"{nanoseconds / 1_000_000:.2f} ms"
    if nanoseconds >= 1_000:
        return f"{nanoseconds / 1_000:.2f} us"
    return f"{nanoseconds:.0f} ns"


def print_pairs(benchmarks, misses):
    """Pairs 1-5, 7 and 8: framework against each baseline of the same pair and operation, raw first, then OpenCombine."""
    print("Pairs: medians per operation, framework / baseline (time as a ratio, mallocs as a difference)")
    groups = defaultdict(dict)
    for name, metrics in benchmarks.items():
        match = NAME.match(name)
        if match and not match["pair"].startswith("6"):
            groups[(match["pair"], match["operation"])][match["side"]] = metrics
    width = max([36] + [len(" ".join(REPEAT.sub("", operation).split())) for _, operation in groups])
    header = f"{'pair':<4} {'operation':<{width}} {'baseline':<17} {'framework':>10} {'baseline':>10} {'ratio':>7}"
    print(header + f" {'mallocs':>16}  target")
    for (pair, operation), sides in sorted(groups.items(), key=lambda item: (int(re.match(r"\d+", item[0][0])[0]), item[0][0], item[0][1])):
        framework = sides.get("framework")
        if framework is None:
            continue
        repeat = int(REPEAT.search(operation)[1]) if REPEAT.search(operation) else 1
        label = REPEAT.sub("", operation).replace("  ", " ").strip()
        baselines = sorted(sides, key=lambda side: (side != "raw", side != OPENCOMBINE, side))
        for side in baselines:
            if side == "framework":
                continue
            baseline = sides[side]
            ratio = framework[TIME] / baseline[TIME]
            extra = (framework[MALLOCS] - baseline[MALLOCS]) / repeat
            mallocs = f"{framework[MALLOCS] / repeat:.0f} vs {baseline[MALLOCS] / repeat:.0f} ({extra:+.0f})"
            verdicts = []
            if side == "raw" and pair in TARGETS:
                time_limit, malloc_limit = TARGETS[pair]
                met = ratio <= time_limit
                verdicts.append(f"time <= {time_limit:.2f}x {'met' if met else 'MISSED'}")
                if not met:
                    misses.append(f"{pair} {label}: time {ratio:.2f}x > {time_limit:.2f}x")
                if malloc_limit is not None:
                    met = extra <= malloc_limit
                    verdicts.append(f"mallocs <= +{malloc_limit} {'met' if met else 'MISSED'}")
                    if not met:
                        misses.append(f"{pair} {label}: mallocs {extra:+.0f} > +{malloc_limit}")
            if side == OPENCOMBINE and pair in TARGETS:
                met = ratio < 1.0
                verdicts.append(f"ahead of OpenCombine (< 1.00x) {'met' if met else 'MISSED'}")
                if not met:
                    misses.append(f"{pair} {label}: time {ratio:.2f}x of OpenCombine, not ahead")
            print(
                f"{pair:<4} {label:<{width}} {side:<17} {format_time(framework[TIME] / repeat):>10} "
                f"{format_time(baseline[TIME] / repeat):>10} {ratio:>6.2f}x {mallocs:>16}  {', '.join(verdicts)}"
            )


def print_scaling(benchmarks, misses):
    """Benchmark 6: per-info figures by size, smallest first, and the loaded-center variants."""
    rows = defaultdict(dict)
    for name, metrics in benchmarks.items():
        match = NAME.match(name)
        if match and match["pair"].startswith("6"):
            size = int(SIZE.search(match["operation"])[1])
            operation = " ".join(SIZE.sub("", match["operation"]).split())
            rows[(match["pair"], operation, size)][match["side"]] = metrics
    if not rows:
        return
    print()
    print("Scaling (6): per info, medians; peak = the process's peak resident memory")
    print(
        f"{'':<3} {'operation':<50} {'n':>6} {'framework':>10} {'mallocs':>8} {'peak':>9}"
        f" {'raw':>10} {'mallocs':>8} {'peak':>9} {'fw/raw':>7}"
    )
    by_operation = defaultdict(dict)
    for (pair, operation, size), sides in sorted(rows.items()):
        framework, raw = sides.get("framework"), sides.get("raw")
        if framework is None or raw is None:
            continue
        by_operation[(pair, operation)][size] = (framework[TIME] / size, raw[TIME] / size)
        print(
            f"{pair:<3} {operation:<50} {size:>6} {format_time(framework[TIME] / size):>10}"
            f" {framework[MALLOCS] / size:>8.1f} {framework.get(PEAK, 0) / 2**20:>6.1f} MB"
            f" {format_time(raw[TIME] / size):>10} {raw[MALLOCS] / size:>8.1f} {raw.get(PEAK, 0) / 2**20:>6.1f} MB"
            f" {framework[TIME] / raw[TIME]:>6.2f}x"
        )
    print()
    for (pair, operation), sizes in sorted(by_operation.items()):
        if SCALING_REFERENCE not in sizes or len(sizes) < 2:
            continue
        largest = max(sizes)
        steps = sorted(sizes)
        step_text = ", ".join(
            f"{a}->{b} {sizes[b][0] / sizes[a][0]:.2f}x" for a, b in zip(steps, steps[1:])
        )
        ratio = sizes[largest][0] / sizes[SCALING_REFERENCE][0]
        raw_ratio = sizes[largest][1] / sizes[SCALING_REFERENCE][1]
        met = ratio <= SCALING_TARGET
        if not met:
            misses.append(f"{pair} {operation}: per info at n={largest} is {ratio:.2f}x n={SCALING_REFERENCE}")
        relative = (sizes[largest][0] / sizes[largest][1]) / (sizes[SCALING_REFERENCE][0] / sizes[SCALING_REFERENCE][1])
        print(
            f"{pair} {operation}: per info n={largest} / n={SCALING_REFERENCE} = {ratio:.2f}x (raw {raw_ratio:.2f}x),"
            f" target <= {SCALING_TARGET:.2f}x {'met' if met else 'MISSED'}; steps: {step_text};"
            f" framework/raw at n={largest} / at n={SCALING_REFERENCE} = {relative:.2f}x"
        )
    print_loaded(benchmarks)


def print_loaded(benchmarks):
    """6c and 6d against pairs 4 and 5: the same 20-info operation on a loaded center and on an empty one."""
    alone = {"6c": "4 appear+disappear 20 visible", "6d": "5 create+appear+disappear+release 10+10"}
    for name, metrics in sorted(benchmarks.items()):
        match = NAME.match(name)
        if not match or match["pair"] not in alone:
            continue
        reference = benchmarks.get(f"{alone[match['pair']]} [{match['side']}]")
        if reference is None:
            continue
        print(
            f"{match['pair']} {match['operation']} [{match['side']}]: {metrics[TIME] / reference[TIME]:.2f}x"
            f" the time on an empty center (pair {alone[match['pair']][0]})"
        )


def main():
    arguments = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
    if not arguments:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    benchmarks = read_medians(arguments)
    if len(arguments) > 1:
        print(f"Medians over {len(arguments)} runs of the suite.")
    misses = []
    print_pairs(benchmarks, misses)
    print_scaling(benchmarks, misses)
    print()
    if misses:
        print(f"Targets missed: {len(misses)}")
        for miss in misses:
            print(f"  {miss}")
    else:
        print("Every target measured here is met.")
    return 1 if misses and "--strict" in sys.argv else 0


if __name__ == "__main__":
    sys.exit(main())
