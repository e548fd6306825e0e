#!/usr/bin/env bash
# Checks that the code blocks a reader sees in the documentation fit a code block of a DocC page at a 1280-pixel
# window: about 78 columns. Covers the DocC articles of both catalogs and the code blocks of doc comments.
#
# Usage: .ci/check-doc-code-width.sh [--limit N] [paths...]   (default limit 78; default paths: both modules)
set -euo pipefail
cd "$(dirname "$0")/.."

limit=78
if [ "${1:-}" = --limit ]; then
    limit=$2
    shift 2
fi
paths=("$@")
[ "${#paths[@]}" -gt 0 ] || paths=(Sources/NotificationLifecycle Sources/NotificationLifecycleTesting)

files=()
while IFS= read -r file; do files+=("$file"); done < <(find "${paths[@]}" \( -name '*.md' -o -name '*.swift' \) | sort)

awk -v limit="$limit" '
    FNR == 1 { inBlock = 0 }
    {
        line = $0
        if (FILENAME ~ /\.swift$/) {
            # Only doc comment lines; a quote marker ("> ") inside the comment is not part of the code.
            if (line !~ /^[ \t]*\/\/\/ ?/) { inBlock = 0; next }
            sub(/^[ \t]*\/\/\/ ?/, "", line)
            sub(/^> ?/, "", line)
        }
        if (line ~ /^[ \t]*```/) { inBlock = !inBlock; next }
        if (inBlock) {
            lines++
            if (length(line) > limit) {
                long++
                printf "%s:%d: %d columns: %s\n", FILENAME, FNR, length(line), line
            }
        }
    }
    END {
        printf "%d code line(s) checked, %d longer than %d columns\n", lines, long, limit
        exit long > 0
    }
' "${files[@]}"
