#!/usr/bin/env bash
# CI for Tools/ (issue 22): builds the checker and migrator with warnings as errors, runs their tests, and runs the
# tool on the fixtures as a user would, checking what it prints. Exits non-zero on the first failure.
# Cold (no Tools/.build): 5.5 to 8 minutes measured on 2 busy cores (about 4 minutes of CPU), mostly swift-syntax;
# at issue 31, 16m47s of wall time and 6m09s of user CPU in a fresh clone with the cores shared (load average 15).
# Warm: 51 seconds. Issue 31's steps (stand-ins, Wild fixtures, the compile oracle) add well under a minute.
set -euo pipefail
cd "$(dirname "$0")"

step() { printf '\n=== Tools: %s\n' "$*"; }
fail() {
    printf 'FAILED (Tools/ci.sh): %s\n' "$*" >&2
    exit 1
}
tool() { swift run --skip-build notification-lifecycle "$@"; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

step "build with warnings as errors (tool, plugin's tool, tests, stand-ins)"
swift build --build-tests -Xswiftc -warnings-as-errors

step "swift test (corpus precision and recall, goldens, migration behaviour)"
if ! swift test --skip-build >"$work/test.log" 2>&1; then
    cat "$work/test.log"
    fail "swift test failed"
fi
# The precision and recall tables CorpusTests and WildFixtureTests print, migrate's outcomes on Fixtures/Wild, the
# compile oracle's line (CompileOracleTests: one swiftc -typecheck per setting, a few seconds), and the closing line.
grep -E '^(rule  |nuclear-|unbalanced-|discarded-|token-|strong-|mismatched-)|^types with registrations|^compile oracle|Test run with' \
    "$work/test.log"
grep -q '^compile oracle: .*, 0 errors in migrated files$' "$work/test.log" || fail "the compile oracle did not run clean"

step "check: the corpus, compiler format, exit status 1"
set +e
output=$(tool check Fixtures/Corpus 2>/dev/null)
status=$?
set -e
[ "$status" -eq 1 ] || fail "check on the corpus exited $status, expected 1"
# One finding per expectation, but for those marked "(known miss)".
expected=$(grep -ho '// expect: .*' Fixtures/Corpus/*.swift | tr ',' '\n' | grep -v 'known miss' | grep -c '[a-z]-[a-z]')
found=$(grep -c ': warning: \[' <<<"$output")
[ "$found" -eq "$expected" ] || fail "check printed $found findings, the corpus expects $expected"
grep -qE '^Fixtures/Corpus/01_ProfileViewController.swift:19:[0-9]+: warning: \[nuclear-unregister\] ' <<<"$output" ||
    fail "no nuclear-unregister finding at 01_ProfileViewController.swift:19"
echo "ok: $found findings, one per expectation"
# The summary counts the files with findings, of those read.
with=$(grep -o '^Fixtures/Corpus/[^:]*' <<<"$output" | sort -u | wc -l)
read=$(find Fixtures/Corpus -name '*.swift' | wc -l)
tool check --exit-zero Fixtures/Corpus 2>&1 >/dev/null | grep -qx "$found findings in $with files of $read read" ||
    fail "check's summary is not \"$found findings in $with files of $read read\""

step "check: --exit-zero, a clean file, json, sarif"
tool check --exit-zero Fixtures/Corpus >/dev/null 2>&1 || fail "--exit-zero exited non-zero"
tool check Fixtures/Corpus/02_ThemedHeaderViewController.swift >/dev/null 2>&1 || fail "a correct file made check fail"
set +e
tool check --format json Fixtures/Corpus >"$work/check.json" 2>/dev/null
tool check --format sarif Fixtures/Corpus >"$work/check.sarif" 2>/dev/null
set -e
python3 - "$expected" "$work" <<'PY' || fail "json or sarif output is not as documented"
import json, sys
expected, work = int(sys.argv[1]), sys.argv[2]
findings = json.load(open(work + "/check.json"))["findings"]
assert len(findings) == expected, len(findings)
assert {"file", "line", "column", "rule", "type", "message", "remedy"} <= set(findings[0])
sarif = json.load(open(work + "/check.sarif"))
assert sarif["version"] == "2.1.0"
run = sarif["runs"][0]
rules = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
assert len(rules) == 6, rules
assert len(run["results"]) == expected
for result in run["results"]:
    assert result["ruleId"] in rules
    assert result["locations"][0]["physicalLocation"]["region"]["startLine"] > 0
print("ok: json", len(findings), "findings; sarif 2.1.0 with", len(run["results"]), "results and rules", ", ".join(rules))
PY

step "--help names the rules and the flags"
help=$(tool check --help)
for word in --exit-zero --format nuclear-unregister unbalanced-visible discarded-token token-never-removed \
    strong-self-capture mismatched-removal; do
    grep -qF -- "$word" <<<"$help" || fail "check --help does not mention $word"
done
tool migrate --help | grep -qF -- "--write" || fail "migrate --help does not mention --write"
echo "ok"

step "migrate: the diff applies with patch and gives the goldens; --write gives the same; the result checks clean"
mkdir -p "$work/diff" "$work/write"
cp -R Fixtures/Corpus "$work/diff/Corpus"
cp -R Fixtures/Corpus "$work/write/Corpus"
(cd "$work/diff" && swift run --package-path "$OLDPWD" --skip-build notification-lifecycle migrate Corpus \
    >../migrate.diff 2>../migrate.log)
grep -q '^--- a/Corpus/01_ProfileViewController.swift$' "$work/migrate.diff" || fail "migrate printed no unified diff"
(cd "$work/diff" && patch -s -p1 <../migrate.diff) || fail "the diff does not apply with patch -p1"
(cd "$work/write" && swift run --package-path "$OLDPWD" --skip-build notification-lifecycle migrate --write Corpus \
    2>/dev/null)
diff -r "$work/diff/Corpus" "$work/write/Corpus" >/dev/null || fail "--write and the diff disagree"
migrated=0
for golden in Fixtures/Migrated/*.swift; do
    cmp -s "$golden" "$work/write/Corpus/$(basename "$golden")" || fail "$(basename "$golden") differs from its golden"
    migrated=$((migrated + 1))
done
left=$(grep -c 'note: left' "$work/migrate.log")
[ "$left" -eq "$(wc -l <Fixtures/Migrated/LEFT-UNTOUCHED.txt)" ] || fail "migrate left $left types, expected otherwise"
grep -q "type(s) migrated, $left left untouched" "$work/migrate.log" || fail "migrate's summary line is missing"
echo "ok: $migrated files as their goldens, $left types left untouched with a reason"
# What migrate wrote has none of the bugs left: only the files it left untouched may still report.
untouched=$(cut -d: -f1 Fixtures/Migrated/LEFT-UNTOUCHED.txt | paste -sd'|' -)
tool check "$work/write/Corpus" 2>/dev/null | grep -vE "/($untouched):" | grep -F 'warning: [' &&
    fail "the migrated files still have findings"
set +e
again=$(cd "$work/write" && swift run --package-path "$OLDPWD" --skip-build notification-lifecycle migrate Corpus 2>/dev/null)
set -e
[ -z "$again" ] || fail "migrating the migrated files changed them again"
echo "ok: the migrated files check clean, and a second migrate changes nothing"

step "Fixtures/Wild as a user gives a project: one program, a folder named SQLite.swift, folders with spaces"
set +e
output=$(tool check Fixtures/Wild 2>/dev/null)
status=$?
set -e
[ "$status" -eq 1 ] || fail "check on Fixtures/Wild exited $status, expected 1"
expected=$(grep -rho '// expect: .*' Fixtures/Wild --include='*.swift' | tr ',' '\n' | grep -c '[a-z]-[a-z]')
found=$(grep -c ': warning: \[' <<<"$output")
[ "$found" -eq "$expected" ] || fail "check printed $found findings on Fixtures/Wild, its markers expect $expected"
grep -q '^Fixtures/Wild/Settings Screen/W34_AccountSettingsViewController.swift:20:' <<<"$output" ||
    fail "no finding in the folder with a space"
echo "ok: $found findings, one per expectation"
mkdir -p "$work/wild-git" "$work/wild-patch"
cp -R Fixtures/Wild "$work/wild-git/Wild"
cp -R Fixtures/Wild "$work/wild-patch/Wild"
(cd "$work/wild-git" && swift run --package-path "$OLDPWD" --skip-build notification-lifecycle migrate Wild \
    >../wild.diff 2>../wild.log)
grep -q '^--- "a/Wild/Settings Screen/' "$work/wild.diff" || fail "a path with a space is not quoted in the diff"
(cd "$work/wild-git" && git init -q . && git apply -p1 ../wild.diff) || fail "git apply does not apply the diff"
(cd "$work/wild-patch" && patch -s -p1 <../wild.diff) || fail "patch -p1 does not apply the diff"
diff -r "$work/wild-git/Wild" "$work/wild-patch/Wild" >/dev/null || fail "git apply and patch -p1 disagree"
wild=0
while IFS= read -r golden; do
    relative=${golden#Fixtures/WildMigrated/}
    cmp -s "$golden" "$work/wild-patch/Wild/$relative" || fail "Wild/$relative differs from its golden"
    wild=$((wild + 1))
done < <(find Fixtures/WildMigrated -type f -name '*.swift')
grep -q 'now runs in a main-actor closure' "$work/wild.log" || fail "migrate printed no note where behaviour moves"
echo "ok: the diff applies with git apply and patch -p1; $wild files as their goldens; $(tail -1 "$work/wild.log")"

step "the command plugin: swift package check-notification-observers"
# Last: the plugin builds the tool again without -warnings-as-errors (about 30 seconds).
swift package plugin check-notification-observers --target NotificationLifecycleToolsCore >"$work/plugin.log" 2>&1 ||
    { cat "$work/plugin.log"; fail "the plugin failed"; }
grep '^0 findings in 0 files of [0-9]* read$' "$work/plugin.log" || fail "the plugin did not run the checker"

step "done"
