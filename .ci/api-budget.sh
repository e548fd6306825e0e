#!/usr/bin/env bash
# Counts the public declarations each module exports and fails when one is above its limit.
#
# Usage: .ci/api-budget.sh MODULE=LIMIT [MODULE=LIMIT...]
#   e.g. .ci/api-budget.sh NotificationLifecycle=90 NotificationLifecycleTesting=50
#
# A declaration is a public or open symbol of the module's symbol graphs (MODULE.symbols.json and the
# MODULE@OTHER.symbols.json files of its extensions to other modules), as written by
# `swift package dump-symbol-graph --skip-inherited-docs`, counted once by its precise identifier. Symbols whose
# identifier contains ::SYNTHESIZED:: (members a protocol's extension gives a type) are not counted: the module did
# not write them. Set SYMBOL_GRAPH_DIR to a folder that command already wrote to skip running it again.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
    printf 'FAILED: %s\n' "$*" >&2
    exit 1
}

[ "$#" -gt 0 ] || fail "usage: .ci/api-budget.sh MODULE=LIMIT [MODULE=LIMIT...], e.g. NotificationLifecycleTesting=50"
for pair in "$@"; do
    [[ "$pair" =~ ^[A-Za-z_][A-Za-z0-9_]*=[0-9]+$ ]] ||
        fail "'$pair' is not MODULE=LIMIT (a module name, '=', a whole number), e.g. NotificationLifecycleTesting=50"
done

graphs=${SYMBOL_GRAPH_DIR:-}
if [ -z "$graphs" ]; then
    log=$(mktemp)
    trap 'rm -f "$log"' EXIT
    swift package dump-symbol-graph --skip-inherited-docs >"$log" 2>&1 || {
        cat "$log"
        fail "swift package dump-symbol-graph failed"
    }
    graphs=$(sed -n 's/^Files written to //p' "$log")
fi
[ -d "$graphs" ] || fail "no symbol graph folder at '$graphs'; run swift package dump-symbol-graph --skip-inherited-docs"

# The counting itself is a Swift script: the toolchain is all CI is guaranteed to have.
counter=$(mktemp -d)
cat >"$counter/count.swift" <<'SWIFT'
import Foundation

// Arguments: the symbol graph folder, then module names. Prints "MODULE COUNT" per module.
let folder = URL(fileURLWithPath: CommandLine.arguments[1])
let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
for module in CommandLine.arguments.dropFirst(2) {
    let graphs = files.filter { $0 == "\(module).symbols.json" || $0.hasPrefix("\(module)@") && $0.hasSuffix(".symbols.json") }
    var identifiers = Set<String>()
    for file in graphs {
        let data = try Data(contentsOf: folder.appendingPathComponent(file))
        let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        for symbol in graph["symbols"] as? [[String: Any]] ?? [] {
            let access = symbol["accessLevel"] as? String ?? ""
            let identifier = (symbol["identifier"] as? [String: Any])?["precise"] as? String ?? ""
            if (access == "public" || access == "open") && !identifier.contains("::SYNTHESIZED::") {
                identifiers.insert(identifier)
            }
        }
    }
    print(module, graphs.isEmpty ? -1 : identifiers.count)
}
SWIFT
modules=()
for pair in "$@"; do modules+=("${pair%%=*}"); done
counts=$(swift "$counter/count.swift" "$graphs" "${modules[@]}")
rm -rf "$counter"

status=0
for pair in "$@"; do
    module=${pair%%=*}
    limit=${pair#*=}
    count=$(awk -v m="$module" '$1 == m { print $2 }' <<<"$counts")
    if [ "$count" = "-1" ]; then
        printf 'FAILED: no symbol graph for %s in %s; check the module name\n' "$module" "$graphs" >&2
        status=1
    elif [ "$count" -gt "$limit" ]; then
        printf 'FAILED: %s exports %d public declarations, above its limit of %d. Make the extra ones internal or package, or fold overloads into one declaration with a parameter.\n' "$module" "$count" "$limit" >&2
        status=1
    else
        printf 'ok: %s exports %d public declarations (limit %d)\n' "$module" "$count" "$limit"
    fi
done
exit "$status"
