#!/usr/bin/env python3
"""Scores `notification-lifecycle migrate` and `check` on the real apps of types.tsv and bugs.tsv (issue 37).

    Tools/RealApps/score.py [--tools PATH] [--root DIR] [--set scored|aside|all] [--repos A,B] [--markdown FILE]

Each repository is read from DIR/NAME (default /work/ext/NAME; see README.md for fetching), at the commit repos.tsv
records (DIR/NAME/.commit). The tool runs as a user runs it, `swift run --package-path PATH --skip-build
notification-lifecycle …` (PATH defaults to this checkout's Tools/), once per repository with the repository's app
sources (scan.py's set) as its paths:

- `migrate --write` on a copy of those files (in a temporary folder), with `--default-isolation MainActor` where the
  app's target says so, and `--language-mode N` when the tool has that option. A type counts as migrated when none of
  its registrations (scan.py's sites: selector and block `addObserver` calls) is left in the written files; when some
  but not all are gone it is reported as partial (a type is migrated whole or not at all, Tools/README.md).
- `check --format json --exit-zero` on the files as fetched. A finding matches an expected bug of bugs.tsv with the
  same file and rule within two lines (as CorpusTests match); every other finding is a false one, for the list holds
  every bug a reviewer would report in the app sources.

Reported per repository and in all: types migrated as expected / types with registrations (a type migrated where
the list says "left" is a failure, never a success), outcomes as expected (moved or left as the list says), and per
rule precision and recall; a rule with no expected bug is "not exercised", not 100 %.
"""

import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import lint  # noqa: E402
import oracle  # noqa: E402
import scan  # noqa: E402

RULES = [
    "nuclear-unregister", "unbalanced-visible", "discarded-token", "token-never-removed", "strong-self-capture",
    "mismatched-removal",
]


def read_tsv(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        lines = [line.rstrip("\n").split("\t") for line in f if line.strip() and not line.startswith("#")]
    head = lines[0]
    return [dict(zip(head, row)) for row in lines[1:]]


def tool_command(tools):
    return ["swift", "run", "--package-path", tools, "--skip-build", "notification-lifecycle"]


def tool_options(tools, subcommand):
    out = subprocess.run(tool_command(tools) + [subcommand, "--help"], capture_output=True, text=True)
    return out.stdout + out.stderr


def registrations(root, files):
    """(file, type) → number of registration sites, by the text scan."""
    counts = collections.Counter()
    for site in scan.sites(root):
        if site["kind"] == "other" or site["file"] not in files:
            continue
        counts[(site["file"], site["type"])] += 1
    return counts


def migrate_copy(repo, tools, path, files, work, options):
    """`migrate --write` on a copy of the files in `work`: the files it changed, its standard error, its status."""
    for f in files:
        os.makedirs(os.path.dirname(os.path.join(work, f)) or work, exist_ok=True)
        shutil.copyfile(os.path.join(path, f), os.path.join(work, f))
    cmd = tool_command(tools) + ["migrate", "--write"] + options + files
    run = subprocess.run(cmd, cwd=work, capture_output=True, text=True)
    changed = [f for f in files if open(os.path.join(path, f), "rb").read() != open(os.path.join(work, f), "rb").read()]
    return changed, run.stderr, run.returncode


def score_repo(repo, tools, root, types, bugs, help_migrate, help_check, log, with_oracle=True):
    path = os.path.join(root, repo["name"])
    commit_file = os.path.join(path, ".commit")
    have = open(commit_file).read().strip() if os.path.exists(commit_file) else "?"
    if have != repo["commit"]:
        sys.exit(f"score.py: {path} holds commit {have}, repos.tsv says {repo['commit']}: extract it again (README.md)")
    files = sorted(os.path.relpath(p, path) for p in scan.app_sources(path))
    options = module_options(repo, help_migrate)
    check_options = module_options(repo, help_check)

    # migrate --write on a copy; the compile oracle (oracle.py) on the files it changed, before the copy goes
    work = tempfile.mkdtemp(prefix="realapps-")
    try:
        changed, stderr, code = migrate_copy(repo, tools, path, files, work, options)
        log.write(f"## {repo['name']}: migrate --write {' '.join(options)} ({len(files)} files), exit {code}\n")
        log.write(stderr)
        said = collections.defaultdict(list)
        for line in stderr.splitlines():
            m = re.match(r"^(.*?):(\d+):\d+: note: left (\S+) untouched: (.*)$", line)
            if m:
                said[m.group(3)].append((m.group(1), m.group(4)))
        before = registrations(path, set(files))
        after = registrations(work, set(files))
        compiled = oracle.compare(repo, path, work, changed, tools, log) if with_oracle else None
        linted = lint.compare(path, work, changed) if with_oracle else None
    finally:
        shutil.rmtree(work, ignore_errors=True)

    rows = []
    for t in (t for t in types if t["repo"] == repo["name"]):
        keys = [k for k in before if k[1] == t["type"]]
        n_before = sum(before[k] for k in keys)
        n_after = sum(after.get(k, 0) for k in keys)
        if n_before == 0:
            outcome = "not found by the scan"
        elif n_after == 0:
            outcome = "migrated"
        elif n_after < n_before:
            outcome = "partial"
        else:
            outcome = "left"
        expected = "migrated" if t["expected"] == "migrated" else "left"
        files_of_type = {k[0] for k in keys}
        reason = "; ".join(r for f, r in said.get(t["type"].split(".")[-1], []) if f in files_of_type)
        rows.append({**t, "outcome": outcome, "as_expected": outcome == expected, "tool_said": reason})
    listed_types = {t["type"] for t in types if t["repo"] == repo["name"]}
    unlisted = sorted(k for k in before if k[1] not in listed_types and k[1] != "<top level>")

    # check
    cmd = tool_command(tools) + ["check", "--format", "json", "--exit-zero"] + check_options + files
    run = subprocess.run(cmd, cwd=path, capture_output=True, text=True)
    log.write(f"## {repo['name']}: check {' '.join(check_options)}, exit {run.returncode}\n{run.stderr}")
    try:
        findings = json.loads(run.stdout)["findings"]
    except (ValueError, KeyError):
        findings = []
        log.write(f"check printed no JSON: {run.stdout[:500]}\n")
    expected_bugs = [b for b in bugs if b["repo"] == repo["name"]]
    matched_bug = set()
    per_rule = {r: {"expected": 0, "found": 0, "tp": 0} for r in RULES}
    for b in expected_bugs:
        per_rule.setdefault(b["rule"], {"expected": 0, "found": 0, "tp": 0})["expected"] += 1
    false_findings = []
    for f in findings:
        rule = f.get("rule", "?")
        per_rule.setdefault(rule, {"expected": 0, "found": 0, "tp": 0})["found"] += 1
        fpath = os.path.normpath(f.get("file", ""))
        hit = None
        for i, b in enumerate(expected_bugs):
            if i in matched_bug or b["rule"] != rule or os.path.normpath(b["file"]) != fpath:
                continue
            if abs(int(b["line"]) - int(f.get("line", 0))) <= 2:
                hit = i
                break
        if hit is None:
            false_findings.append(f)
        else:
            matched_bug.add(hit)
            per_rule[rule]["tp"] += 1
    missed = [b for i, b in enumerate(expected_bugs) if i not in matched_bug]
    return {
        "repo": repo, "rows": rows, "unlisted": unlisted, "per_rule": per_rule, "false": false_findings,
        "missed": missed, "changed": len(changed), "files": len(files), "oracle": compiled,
        "lint": linted,
    }


def module_options(repo, help_text):
    """The module's settings (repos.tsv), passed where the subcommand has the option."""
    options = []
    if repo["default_isolation"] == "MainActor" and "--default-isolation" in help_text:
        options += ["--default-isolation", "MainActor"]
    if "--language-mode" in help_text and repo["language_mode"] not in ("", "?"):
        options += ["--language-mode", repo["language_mode"]]
    return options


def pct(a, b):
    return f"{a}/{b} ({100 * a / b:.0f} %)" if b else "—"


def rule_cell(r):
    if r["expected"] == 0:
        return f"not exercised ({r['found']} found, all false)" if r["found"] else "not exercised"
    precision = f"{r['tp'] / r['found']:.2f}" if r["found"] else "— (none found)"
    return f"precision {precision}, recall {r['tp'] / r['expected']:.2f} ({r['tp']} of {r['expected']}; {r['found']} found)"


def report(results, out):
    w = out.write
    w("| Repository | Types with registrations | Migrated as expected | Of those the list expects to move | Outcomes as "
      "expected | Migrated where the list says left | Partial | Rewritten files | Oracle failures |\n")
    w("| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
    total = collections.Counter()
    for res in results:
        rows = res["rows"]
        n = len(rows)
        good = sum(1 for r in rows if r["expected"] == "migrated" and r["outcome"] == "migrated")
        same = sum(1 for r in rows if r["as_expected"])
        wrong = sum(1 for r in rows if r["expected"] != "migrated" and r["outcome"] == "migrated")
        partial = sum(1 for r in rows if r["outcome"] == "partial")
        expected_moves = sum(1 for r in rows if r["expected"] == "migrated")
        compiled = res["oracle"]
        failures = len(compiled["failures"]) if compiled else 0
        total.update(n=n, good=good, same=same, wrong=wrong, partial=partial, moves=expected_moves,
                     rewritten=res["changed"], failures=failures)
        cell = str(failures) if compiled else "not run"
        # A repository where the list expects no type to move scores 0 % migrated by construction.
        good_cell = pct(good, n) + (" (none expected to move)" if expected_moves == 0 else "")
        w(f"| {res['repo']['name']} | {n} ({expected_moves} to migrate) | {good_cell} | {pct(good, expected_moves)} "
          f"| {pct(same, n)} | {wrong} | {partial} | {res['changed']} | {cell} |\n")
    w(f"| **all** | {total['n']} ({total['moves']} to migrate) | **{pct(total['good'], total['n'])}** | "
      f"{pct(total['good'], total['moves'])} | {pct(total['same'], total['n'])} | {total['wrong']} | {total['partial']} "
      f"| {total['rewritten']} | **{total['failures']}** |\n\n")
    w("A repository whose types the list expects to stay scores 0 % migrated by construction, and one where some must\n"
      "stay cannot reach 100 %: \"of those the list expects to move\" and \"outcomes as expected\" are the fair\n"
      "per-repository figures there.\n\n")
    failed = [(res["repo"]["name"], f) for res in results if res["oracle"] for f in res["oracle"]["failures"]]
    if any(res["oracle"] for res in results):
        w("Compile oracle (oracle.py: each repository's rewritten files compiled as migrated and as originals, same "
          "stubs, module's own setting; an error the migrated files have more often than their originals, by file, "
          "enclosing type and message, is a failure):\n\n| Repository | Files | Stubs | Errors left in the "
          "originals (masking) | Errors in the migrated |\n| --- | --- | --- | --- | --- |\n")
        for res in results:
            o = res["oracle"]
            if o and o["files"]:
                w(f"| {res['repo']['name']} | {o['files']} | {o['stubs']} | {o['original_errors']} | "
                  f"{o.get('migrated_errors', 0)} |\n")
        w("\n")
        for name, f in failed:
            w(f"- oracle failure: {name} {f}\n")
        if failed:
            w("\n")
        above = [(res["repo"]["name"], a) for res in results if res["lint"] for a in res["lint"]["above"]]
        trailing = sum(res["lint"]["trailing"] for res in results if res["lint"])
        w(f"`swift format lint` (the project's .swift-format, lint.py) on the {total['rewritten']} rewritten files: "
          f"{len(above)} rule counts above the original's, {trailing} new lines ending in whitespace.\n\n")
        for name, a in above:
            w(f"- {name} {a}\n")
        if above:
            w("\n")

    w("`check`, per rule (a finding matches an expected bug with the same file and rule within two lines):\n\n")
    w("| Rule | All repositories |\n| --- | --- |\n")
    rules = collections.defaultdict(lambda: {"expected": 0, "found": 0, "tp": 0})
    for res in results:
        for rule, r in res["per_rule"].items():
            for k in r:
                rules[rule][k] += r[k]
    for rule in sorted(rules, key=lambda r: (r not in RULES, RULES.index(r) if r in RULES else 0, r)):
        w(f"| {rule} | {rule_cell(rules[rule])} |\n")
    exp = sum(r["expected"] for r in rules.values())
    tp = sum(r["tp"] for r in rules.values())
    found = sum(r["found"] for r in rules.values())
    w(f"| **all rules** | recall {pct(tp, exp)}, precision {pct(tp, found)} |\n\n")

    w("Per repository:\n\n| Repository | Expected bugs | Found | Matched | False findings | Missed |\n| --- | --- | --- | --- | --- | --- |\n")
    for res in results:
        e = sum(r["expected"] for r in res["per_rule"].values())
        f = sum(r["found"] for r in res["per_rule"].values())
        t = sum(r["tp"] for r in res["per_rule"].values())
        w(f"| {res['repo']['name']} | {e} | {f} | {t} | {len(res['false'])} | {len(res['missed'])} |\n")
    w("\n")

    w("Types whose outcome differs from the list, with what `migrate` said of them (nothing: it did not see their\n"
      "registrations as observer calls):\n\n| Repository | Type | File:line | Expected | Outcome | What migrate said |\n"
      "| --- | --- | --- | --- | --- | --- |\n")
    reasons = collections.Counter()
    for res in results:
        for r in res["rows"]:
            if not r["as_expected"]:
                said = r["tool_said"].replace("|", "\\|")
                w(f"| {r['repo']} | {r['type']} | {r['file']}:{r['line']} | {r['expected']} | {r['outcome']} | {said} |\n")
                if r["expected"] == "migrated":
                    first = re.split(r"[:;(]", r["tool_said"])[0].strip() or "(nothing said)"
                    first = re.sub(r"line \d+", "line N", re.sub(r"`[^`]*`", "`…`", first))
                    first = re.sub(r"superclass \S+ is", "superclass … is", first)
                    reasons[first] += 1
    if reasons:
        w("\nWhy the types the list expects to move were left (first reason, as migrate words it):\n\n| Reason | Types |\n| --- | --- |\n")
        for reason, n in reasons.most_common():
            w(f"| {reason} | {n} |\n")
    w("\nFalse findings and missed bugs:\n\n")
    for res in results:
        for f in res["false"]:
            w(f"- false: {res['repo']['name']} {f.get('file')}:{f.get('line')} [{f.get('rule')}] ({f.get('type', '')})\n")
        for b in res["missed"]:
            w(f"- missed: {res['repo']['name']} {b['file']}:{b['line']} [{b['rule']}]\n")
    unlisted = [(res["repo"]["name"], k) for res in results for k in res["unlisted"]]
    if unlisted:
        w("\nTypes with registrations the scan finds but the list does not hold (the list is out of date):\n\n")
        for name, (f, t) in unlisted:
            w(f"- {name} {t} ({f})\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tools", default=os.path.normpath(os.path.join(HERE, "..")))
    ap.add_argument("--root", default="/work/ext")
    ap.add_argument("--set", choices=["scored", "aside", "all"], default="scored")
    ap.add_argument("--repos", default="")
    ap.add_argument("--markdown", default="")
    ap.add_argument("--log", default="", help="where migrate's notes and check's standard error go")
    ap.add_argument("--no-oracle", action="store_true", help="skip the compile oracle (oracle.py) and lint.py")
    args = ap.parse_args()
    args.tools = os.path.abspath(args.tools)

    repos = read_tsv("repos.tsv")
    if args.repos:
        wanted = set(args.repos.split(","))
        repos = [r for r in repos if r["name"] in wanted]
    elif args.set != "all":
        repos = [r for r in repos if r["role"] == args.set]
    types = read_tsv("types.tsv")
    bugs = read_tsv("bugs.tsv")
    help_migrate = tool_options(args.tools, "migrate")
    help_check = tool_options(args.tools, "check")
    if "USAGE" not in help_migrate.upper():
        sys.exit(f"score.py: the tool did not run: {help_migrate[:400]}")
    log = open(args.log, "w") if args.log else open(os.devnull, "w")
    results = [score_repo(r, args.tools, args.root, types, bugs, help_migrate, help_check, log, not args.no_oracle)
               for r in repos]
    out = open(args.markdown, "w") if args.markdown else sys.stdout
    report(results, out)


if __name__ == "__main__":
    main()
