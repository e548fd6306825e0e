#!/usr/bin/env python3
"""Finds every NotificationCenter registration in an app's sources by text alone, without notification-lifecycle,
so that the list's denominator does not depend on what the tool recognises.

    scan.py --count REPO            number of addObserver( call sites in the app sources (the selection rule)
    scan.py --sites REPO            one line per site: file, line, kind, enclosing type, enclosing function
    scan.py --types REPO            one line per type with registrations: type, kind, files, sites

A site is a call `addObserver(` that is not key-value observing (`forKeyPath:`), in comments and string literals
skipped. Kinds: `selector` (`addObserver(x, selector:`), `block` (`addObserver(forName:`), `other` (any other
argument list: a wrapper or a center of another API). `publisher(for:)` is not counted: Tools/README.md says the
tool does not read Combine's publishers. A site's type is the innermost class, struct, enum, actor or extension
around it (extensions are named by the type they extend); sites outside any type are reported as `<top level>`.
"""

import os
import re
import sys

SKIP_DIRS = {
    "Pods", "Carthage", "vendor", "Vendor", "ThirdParty", "Third Party", "External", ".build", "DerivedData",
    "SourcePackages", "checkouts", "Tests", "Test", ".git",
}


def is_test_dir(name):
    return name in ("Tests", "Test") or name.endswith("Tests") or name.endswith("UITests")


def app_sources(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not is_test_dir(d) and not d.startswith("."))
        for f in sorted(filenames):
            if f.endswith(".swift"):
                yield os.path.join(dirpath, f)


def blank_comments_and_strings(text):
    """The text with comments and string literals' contents replaced by spaces (line breaks kept), so that braces
    and calls are found in code only. Interpolations inside strings are blanked too (rarely hold a registration)."""
    out = []
    i, n = 0, len(text)
    depth_block = 0
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth_block = 1
            j = i + 2
            while j < n and depth_block:
                if text.startswith("/*", j):
                    depth_block += 1
                    j += 2
                elif text.startswith("*/", j):
                    depth_block -= 1
                    j += 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            m = re.match(r'(#*)("""|")', text[i:])
            hashes, quote = m.group(1), m.group(2)
            close = quote + hashes
            j = i + len(m.group(0))
            while j < n:
                if text[j] == "\\" and not hashes:
                    j += 2
                    continue
                if text.startswith(close, j):
                    j += len(close)
                    break
                if quote == '"' and text[j] == "\n":
                    break
                j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


DECL = re.compile(
    r"\b(class|struct|enum|actor|extension|protocol)\s+([A-Za-z_][A-Za-z0-9_.]*)[^{};]*$", re.S
)
FUNC = re.compile(r"\b(func\s+[A-Za-z_][A-Za-z0-9_]*|init[?!]?|deinit)\b[^{};]*$", re.S)
CALL = re.compile(r"\baddObserver\s*\(")


def scopes(code):
    """Yields (offset, kind, name) at each `{` whose head is a type or function declaration, and the matching
    close offsets, as a list of (open, close, kind, name)."""
    result, stack = [], []
    last = 0
    for m in re.finditer(r"[{}]", code):
        if m.group() == "{":
            head = code[last:m.start()]
            # the head is what follows the previous brace, semicolon or end of statement
            head = re.split(r"[;]", head)[-1]
            d = DECL.search(head)
            f = FUNC.search(head)
            entry = [m.start(), None, None, None]
            if d and (not f or d.start() > f.start()) and "func " not in head[d.start():]:
                entry[2], entry[3] = d.group(1), d.group(2)
            elif f:
                entry[2], entry[3] = "func", re.sub(r"^func\s+", "", f.group(1))
            stack.append(entry)
        else:
            if stack:
                entry = stack.pop()
                entry[1] = m.start()
                if entry[2]:
                    result.append(tuple(entry))
        last = m.end()
    return result


def sites(root):
    for path in app_sources(root):
        try:
            text = open(path, encoding="utf-8", errors="replace").read()
        except OSError:
            continue
        code = blank_comments_and_strings(text)
        sc = scopes(code)
        for m in CALL.finditer(code):
            args = code[m.end():m.end() + 300]
            if re.match(r"[^)]*?forKeyPath\s*:", args, re.S):
                continue
            if re.match(r"\s*forName\s*:", args):
                kind = "block"
            elif re.match(r"[^,()]*(\([^()]*\))?[^,()]*,\s*selector\s*:", args, re.S):
                kind = "selector"
            else:
                kind = "other"
            line = code.count("\n", 0, m.start()) + 1
            enclosing = [s for s in sc if s[0] < m.start() < s[1]]
            enclosing.sort(key=lambda s: s[0])
            types = [s for s in enclosing if s[2] != "func"]
            funcs = [s for s in enclosing if s[2] == "func"]
            tname = types[-1][3] if types else "<top level>"
            tkind = types[-1][2] if types else "-"
            # a nested type is named by its chain, as the tool keys it (Outer.Inner); an extension by its name
            chain = [t[3] for t in types]
            if types and types[-1][2] != "extension":
                last_ext = max((k for k, t in enumerate(types) if t[2] == "extension"), default=-1)
                tname = ".".join(chain[last_ext:]) if last_ext >= 0 else ".".join(chain)
            yield {
                "file": os.path.relpath(path, root),
                "line": line,
                "kind": kind,
                "type": tname,
                "declkind": tkind,
                "func": funcs[-1][3] if funcs else "-",
            }


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("--count", "--sites", "--types"):
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    mode, root = sys.argv[1], sys.argv[2]
    found = list(sites(root))
    if mode == "--count":
        print(len(found))
    elif mode == "--sites":
        for s in found:
            print("\t".join(str(s[k]) for k in ("file", "line", "kind", "type", "declkind", "func")))
    else:
        by_type = {}
        for s in found:
            t = by_type.setdefault(s["type"], {"kinds": set(), "files": set(), "n": 0})
            t["kinds"].add(s["declkind"])
            t["files"].add(s["file"])
            t["n"] += 1
        for name in sorted(by_type):
            t = by_type[name]
            print("\t".join([name, ",".join(sorted(t["kinds"])), str(t["n"]), ";".join(sorted(t["files"]))]))


if __name__ == "__main__":
    main()
