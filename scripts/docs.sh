#!/usr/bin/env bash
# Builds the DocC documentation of NotificationLifecycle and NotificationLifecycleTesting with the toolchain alone
# (docc ships with Swift), so the root manifest needs no swift-docc-plugin. Warnings are errors.
#
#   scripts/docs.sh                          builds .build/docs/<Module>.doccarchive for both modules
#   scripts/docs.sh --preview [Module]       previews one module (NotificationLifecycle by default) in a browser
#   scripts/docs.sh --preview [Module] --port N   the same on port N (default 8080)
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
    sed -n 's/^#   //p' "$0" >&2
    exit 2
}
fail() {
    printf 'docs.sh: %s\n' "$*" >&2
    exit 1
}

preview=""
port=8080
while [ "$#" -gt 0 ]; do
    case "$1" in
    --preview)
        preview="NotificationLifecycle"
        if [ "$#" -gt 1 ] && [ "${2#-}" = "$2" ]; then
            preview="$2"
            shift
        fi
        ;;
    --port)
        [ "$#" -gt 1 ] || fail "expected a port number after --port, but none was given. Write --port 8081."
        port="$2"
        [[ "$port" =~ ^[0-9]+$ ]] || fail "expected a port number after --port, but got \"$port\". Write --port 8081."
        shift
        ;;
    -h | --help) usage ;;
    *)
        printf 'docs.sh: unknown argument "%s". Expected no argument, or --preview [Module] [--port N].\n' "$1" >&2
        usage
        ;;
    esac
    shift
done

shopt -s nullglob
catalogs=(Sources/*/Documentation.docc)
shopt -u nullglob
[ "${#catalogs[@]}" -gt 0 ] || fail "no Sources/*/Documentation.docc catalog found; run it from the repository."
if [ -n "$preview" ] && [ ! -d "Sources/$preview/Documentation.docc" ]; then
    known=$(for catalog in "${catalogs[@]}"; do basename "$(dirname "$catalog")"; done | paste -sd, - | sed 's/,/, /g')
    fail "expected a module with a DocC catalog after --preview, but \"$preview\" has none. Choose one of: $known."
fi

docc=$(command -v docc || true)
if [ -z "$docc" ]; then
    docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
fi
[ -x "$docc" ] || fail "docc not found on PATH nor next to swift ($docc). Install a Swift toolchain that has docc."

# The symbol graphs of every module; each archive gets its own module's graph and its extension graphs.
# dump-symbol-graph exits non-zero on a fresh clone, where the test modules are not built yet ("Failed to emit symbol
# graph for 'NotificationLifecyclePackageTests'"); the archives do not need those, so only a missing graph of a
# documented module fails the script (below, with the log).
log=.build/docs/symbol-graph.log
mkdir -p .build/docs
swift package dump-symbol-graph --skip-inherited-docs >"$log" 2>&1 || true
symbolgraphs=$(sed -n 's/^Files written to //p' "$log")
[ -d "$symbolgraphs" ] || {
    cat "$log" >&2
    fail "swift package dump-symbol-graph did not say where it wrote the symbol graphs (its output is above)."
}

# Copies one module's graphs into .build/docs/symbol-graphs/<Module> and prints that folder.
graphs_of() {
    local module=$1 graphs=.build/docs/symbol-graphs/$1
    rm -rf "$graphs"
    mkdir -p "$graphs"
    [ -f "$symbolgraphs/$module.symbols.json" ] || {
        grep -i 'error' "$log" >&2 || true
        fail "no symbol graph for $module in $symbolgraphs; the errors of dump-symbol-graph ($log) are above."
    }
    cp "$symbolgraphs/$module.symbols.json" "$graphs/"
    for extension in "$symbolgraphs/$module"@*.symbols.json; do
        if [ -f "$extension" ]; then cp "$extension" "$graphs/"; fi
    done
    printf '%s\n' "$graphs"
}

if [ -n "$preview" ]; then
    graphs=$(graphs_of "$preview")
    mkdir -p .build/docs/preview
    echo "Previewing $preview at http://localhost:$port/documentation/$(tr '[:upper:]' '[:lower:]' <<<"$preview") (Ctrl-C stops)"
    exec "$docc" preview "Sources/$preview/Documentation.docc" \
        --additional-symbol-graph-dir "$graphs" \
        --fallback-display-name "$preview" \
        --fallback-bundle-identifier "$preview" \
        --output-path ".build/docs/preview/$preview.doccarchive" \
        --port "$port"
fi

archives=()
for catalog in "${catalogs[@]}"; do
    module=$(basename "$(dirname "$catalog")")
    graphs=$(graphs_of "$module")
    archive=.build/docs/$module.doccarchive
    rm -rf "$archive"
    echo "docc convert $catalog"
    "$docc" convert "$catalog" \
        --additional-symbol-graph-dir "$graphs" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "$module" \
        --output-path "$archive" \
        --warnings-as-errors
    archives+=("$archive")
done

echo ""
echo "Documentation archives:"
for archive in "${archives[@]}"; do echo "  $PWD/$archive"; done
echo "Open one in Xcode, or preview it with: scripts/docs.sh --preview [Module]"
