#!/usr/bin/env bash
# Calls per listener of swift_retain, swift_release, pthread_mutex_lock, swift_weak*, malloc (and free, and the
# dynamic exclusivity and isolation checks, which should be 0 in this package's own code) in the counted loop of the
# lifecycle and post scenarios, framework and by hand. Profiles them with callgrind through profile.sh (keeping the
# outputs in Benchmarks/.build/counts) and reads the outputs with counts.py.
#
#   Benchmarks/counts.sh              # profile, then print
#   Benchmarks/counts.sh --no-profile # print from the outputs of the last run
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
keep="$here/.build/counts"
# scenario:n:repetitions:listeners per operation
runs=(
    lifecycle-framework:20:500:20 lifecycle-raw:20:500:20
    busy-framework:20:500:20 busy-raw:20:500:20
    firstcontroller-framework:20:500:20 firstcontroller-raw:20:500:20
    post-framework:1:2000:1 post-raw:1:2000:1
    postcontroller-framework:1:2000:1 postcontroller-raw:1:2000:1
    post20-framework:20:1000:20 post20-raw:20:1000:20
    post20controllers-framework:20:1000:20 post20controllers-raw:20:1000:20
)
if [ "${1:-}" != "--no-profile" ]; then
    rm -rf "$keep"
    scenarios=()
    for run in "${runs[@]}"; do scenarios+=("${run%:*}"); done
    PROFILE_KEEP="$keep" "$here/profile.sh" "${scenarios[@]}"
    echo
fi
files=()
for run in "${runs[@]}"; do
    IFS=: read -r scenario size reps listeners <<<"$run"
    files+=("$keep/$scenario.$size.out:$reps:$listeners")
done
python3 "$here/counts.py" "${files[@]}"
