#!/usr/bin/env python3
"""Issue 37's formatting rule on the real apps: `swift format lint` (the project's `.swift-format`) on a file
`migrate` rewrote reports no rule more often than on its original, and no line the rewrite wrote ends in whitespace.

score.py calls `compare(...)` for each repository after `migrate --write` (its "Lint rules above the original"
column). A file's own formatting (an app's 2-space indentation, its long lines) is in both counts and cancels; what
is left is what the rewrite wrote unlike the file around it. A file indented with tabs is linted, original and
rewritten alike, with the project's configuration set to tabs (`"indentation": {"tabs": 1}`): with the project's
spaces every indented line of such a file is an `Indentation` finding, so each line the rewrite adds, correctly in
tabs, would count as one more.
"""

import collections
import json
import os
import re
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CONFIG = os.path.normpath(os.path.join(HERE, "..", "..", ".swift-format"))


def uses_tabs(text):
    indents = re.findall(r"(?m)^([ \t])[ \t]*\S", text)
    return indents.count("\t") > indents.count(" ")


def tab_config():
    config = json.load(open(CONFIG, encoding="utf-8"))
    config["indentation"] = {"tabs": 1}
    handle, path = tempfile.mkstemp(prefix="swift-format-tabs-", suffix=".json")
    with os.fdopen(handle, "w") as f:
        json.dump(config, f)
    return path


def rules(path, config=CONFIG):
    run = subprocess.run(["swift", "format", "lint", "--configuration", config, path], capture_output=True, text=True)
    counts = collections.Counter()
    for line in (run.stdout + run.stderr).splitlines():
        if ": warning: [" in line:
            counts[line.split(": warning: [", 1)[1].split("]", 1)[0]] += 1
    return counts


def compare(original_root, migrated_root, changed):
    """Per rewritten file, the rules counted more often than in the original, and new lines ending in whitespace."""
    above, trailing = [], 0
    tabs = None
    for f in changed:
        config = CONFIG
        if uses_tabs(open(os.path.join(original_root, f), encoding="utf-8", errors="replace").read()):
            tabs = tabs or tab_config()
            config = tabs
        before = rules(os.path.join(original_root, f), config)
        after = rules(os.path.join(migrated_root, f), config)
        for rule, n in sorted(after.items()):
            if n > before.get(rule, 0):
                above.append(f"{f}: [{rule}] {before.get(rule, 0)} → {n}")
        read = lambda root: open(os.path.join(root, f), encoding="utf-8", errors="replace").read().split("\n")
        old = set(read(original_root))
        trailing += sum(1 for line in read(migrated_root)
                        if line not in old and line.rstrip("\r") != line.rstrip("\r").rstrip(" \t"))
    if tabs:
        os.remove(tabs)
    return {"above": above, "trailing": trailing}
