#!/usr/bin/env bash
# Checks that every ```swift block of the README (and of the DocC articles of both catalogs) appears verbatim in a
# Swift file under Tests/ or Examples/, so that the build or the tests compile it and the documentation cannot rot.
#
# "Verbatim" ignores each line's leading whitespace, so a snippet may sit indented inside a test. The block's lines
# must appear in one file, consecutively and whole.
#
# Usage: .ci/check-readme-snippets.sh [markdown files...]   (default: README.md and both DocC catalogs)
#        .ci/check-readme-snippets.sh --owners [markdown files...]
# With --owners, only the blocks that declare or use an owner (a ControllerBase subclass, an engine owner, a
# controller's lifecycle) are checked, and only against what .ci/consumer-settings.sh compiles in the four module
# settings users write them in: Tests/ConsumerSettings and the testing article's screen.
set -euo pipefail
cd "$(dirname "$0")/.."

owners=0
if [ "${1:-}" = --owners ]; then
    owners=1
    shift
fi

if [ "$#" -gt 0 ]; then
    documents=("$@")
else
    documents=(README.md)
    for article in Sources/NotificationLifecycle/Documentation.docc/*.md \
        Sources/NotificationLifecycleTesting/Documentation.docc/*.md; do
        [ -e "$article" ] && documents+=("$article")
    done
fi

# A nested package's build folder (Examples/GRDBStore/.build) holds its dependencies' sources: not ours.
sources=()
roots=(Tests Examples)
[ "$owners" = 1 ] && roots=(Tests/ConsumerSettings Tests/NotificationLifecycleTestingTests/Docs/MailboxScreen.swift)
while IFS= read -r file; do sources+=("$file"); done < <(find "${roots[@]}" -name '.build*' -prune -o -name '*.swift' -print | sort)

awk -v owners="$owners" '
    function normalized(line) { sub(/^[ \t]+/, "", line); sub(/\r$/, "", line); return line }
    function check(document, startLine, block,    file, needle) {
        if (owners && block !~ /ControllerBase|NotificationEngineOwner|notificationEngine|notificationSelectors|\.appear\(\)|\.disappear\(\)|add(Lifetime|Visible)?NotificationInfo|addMessageInfo/) return
        blocks++
        needle = block "\n"
        for (file in text) {
            if (index(text[file] "\n", needle) > 0) {
                printf "ok       %s:%d  in %s\n", document, startLine, file
                return
            }
        }
        missing++
        printf "MISSING  %s:%d  no Swift file under %s contains this block:%s\n", document, startLine, (owners ? "Tests/ConsumerSettings or MailboxScreen.swift" : "Tests/ or Examples/"), block
    }
    FILENAME ~ /\.swift$/ { text[FILENAME] = text[FILENAME] "\n" normalized($0); next }
    FNR == 1 { inBlock = 0; documentBlocks[FILENAME] = 0 }
    !inBlock && /^[ \t]*```swift[ \t]*$/ { inBlock = 1; block = ""; startLine = FNR; documentBlocks[FILENAME]++; next }
    inBlock && /^[ \t]*```[ \t]*$/ { inBlock = 0; check(FILENAME, startLine, block); next }
    inBlock { block = block "\n" normalized($0); next }
    END {
        if (("README.md" in documentBlocks) && documentBlocks["README.md"] == 0) {
            print "README.md has no ```swift block: is the check reading the right file?"
            exit 1
        }
        printf "%d Swift block(s) checked, %d missing\n", blocks, missing
        exit missing > 0 ? 1 : 0
    }
' "${sources[@]}" "${documents[@]}"
