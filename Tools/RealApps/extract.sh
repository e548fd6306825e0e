#!/usr/bin/env bash
# Copies the .swift files of one fetched snapshot's commit into a folder outside this repository, keeping their paths:
#   Tools/RealApps/extract.sh /work/.mirror/OWNER+NAME/repo COMMIT /work/ext/NAME
# (`git archive` stops at the first blob a snapshot lacks, so the files are read one by one.)
set -euo pipefail
gitdir=$1 commit=$2 dest=$3
[ -d "$gitdir/.git" ] && gitdir=$gitdir/.git
mkdir -p "$dest"
git --git-dir="$gitdir" ls-tree -r -z "$commit" | python3 -c '
import os, subprocess, sys
gitdir, dest = sys.argv[1], sys.argv[2]
for rec in sys.stdin.buffer.read().split(b"\0"):
    if not rec:
        continue
    meta, path = rec.split(b"\t", 1)
    _, kind, obj = meta.split()
    if kind != b"blob" or not path.endswith(b".swift"):
        continue
    out = os.path.join(dest.encode(), path)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    blob = subprocess.run(["git", "--git-dir=" + gitdir, "cat-file", "blob", obj.decode()], capture_output=True)
    if blob.returncode == 0:
        with open(out, "wb") as f:
            f.write(blob.stdout)
' "$gitdir" "$dest"
echo "$commit" >"$dest/.commit"
