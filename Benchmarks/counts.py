#!/usr/bin/env python3
"""Prints, from callgrind output files, how many times the measured code called the runtime's reference counting,
locks, weak references and the allocator, per operation and per listener.

Usage: counts.py FILE:REPETITIONS:LISTENERS [...]

FILE is a `callgrind.out` of one scenario (profile.sh keeps them with PROFILE_KEEP=DIR, one per scenario, named
SCENARIO.N.out); REPETITIONS the operations counted; LISTENERS the listeners one operation handles (20 for a
controller of 10 + 10, 1 for a post to one listener, 20 for a post to 20). A count is the number of `calls=` lines'
calls into a function of that name, from anywhere inside the counted loop (callgrind records calls only while it
collects): every call is counted once, whoever makes it (the package, Foundation, the runtime itself).
"""

import re
import sys
from collections import defaultdict

# Column: functions counted in it (exact names, or prefixes ending in '*').
COLUMNS = [
    ("retain", ["swift_retain", "swift_retain_n", "swift_unknownObjectRetain", "swift_bridgeObjectRetain"]),
    ("release", ["swift_release", "swift_release_n", "swift_unknownObjectRelease", "swift_bridgeObjectRelease"]),
    ("mutex_lock", ["pthread_mutex_lock"]),
    ("weak", ["swift_weak*", "swift_unknownObjectWeak*"]),
    ("malloc", ["malloc"]),
    ("free", ["free", "__libc_free"]),
    ("beginAccess", ["swift_beginAccess"]),
    ("isCurrentExecutor", ["swift_task_isCurrentExecutor"]),
]

NAME = re.compile(r"^c?fn=\((\d+)\)(?: (.*))?$")


def calls_by_function(path):
    names = {}
    calls = defaultdict(int)
    callee = None
    with open(path, encoding="utf-8", errors="replace") as file:
        for line in file:
            if line.startswith("fn=") or line.startswith("cfn="):
                match = NAME.match(line.rstrip("\n"))
                if not match:
                    continue
                ident, name = match.groups()
                if name is not None:
                    names[ident] = name
                callee = names.get(ident) if line.startswith("cfn=") else None
            elif line.startswith("calls=") and callee is not None:
                calls[re.sub(r"(@@?[\w.]+)?('\d+)?$", "", callee)] += int(line[6:].split()[0])
    return calls


def column_count(calls, patterns):
    total = 0
    for name, count in calls.items():
        for pattern in patterns:
            if (pattern.endswith("*") and name.startswith(pattern[:-1])) or name == pattern:
                total += count
                break
    return total


def main():
    arguments = sys.argv[1:]
    if not arguments:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    header = f"{'scenario':<40} {'per':<9}" + "".join(f" {name:>17}" for name, _ in COLUMNS)
    print(header)
    for argument in arguments:
        path, repetitions, listeners = argument.rsplit(":", 2)
        repetitions, listeners = int(repetitions), int(listeners)
        calls = calls_by_function(path)
        label = re.sub(r"\.out$", "", path.rsplit("/", 1)[-1])
        per_listener = [column_count(calls, patterns) / repetitions / listeners for _, patterns in COLUMNS]
        print(f"{label:<40} {'listener':<9}" + "".join(f" {value:>17.2f}" for value in per_listener))
    return 0


if __name__ == "__main__":
    sys.exit(main())
