#!/usr/bin/env bash
# Validates .github/workflows/*.yml against GitHub's workflow schema (check-jsonschema's vendored copy, so the check
# itself needs no network), and shows that the validation has teeth: a copy of ci.yml with a step misspelt must fail.
#
# check-jsonschema is installed from PyPI, pinned, into .build-ci-venv/ (ignored by git as a .build-* folder) on the
# first run; later runs reuse it. Nothing here can run the workflow: its macOS and simulator jobs need GitHub's runners.
set -euo pipefail
cd "$(dirname "$0")/.."

version=0.39.0
venv=.build-ci-venv
tool=$venv/bin/check-jsonschema

fail() {
    printf 'FAILED: %s\n' "$*" >&2
    exit 1
}

if ! { [ -x "$tool" ] && "$tool" --version 2>/dev/null | grep -qF "$version"; }; then
    echo "installing check-jsonschema==$version into $venv"
    rm -rf "$venv"
    python3 -m venv "$venv" || fail "python3 -m venv failed (on Debian: apt-get install python3-venv)"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "check-jsonschema==$version"
fi
"$tool" --version

workflows=(.github/workflows/*.yml)
[ -e "${workflows[0]}" ] || fail "no workflow under .github/workflows"
"$tool" --builtin-schema vendor.github-workflows "${workflows[@]}"

# The same check on a broken copy must fail: "step:" for "steps:" (a job with an unknown key and no steps).
broken=$(mktemp -d)
trap 'rm -rf "$broken"' EXIT
sed 's/^    steps:$/    step:/' .github/workflows/ci.yml >"$broken/ci.yml"
cmp -s .github/workflows/ci.yml "$broken/ci.yml" && fail "could not plant the mistake in a copy of ci.yml"
if "$tool" --builtin-schema vendor.github-workflows "$broken/ci.yml" >"$broken/out.txt" 2>&1; then
    fail "check-jsonschema accepted a workflow whose job has 'step:' instead of 'steps:'"
fi
echo "ok: a copy of ci.yml with 'step:' for 'steps:' is rejected:"
sed -n '1,4p' "$broken/out.txt"
