#!/usr/bin/env python3
"""The compile oracle on the real apps (issue 37, item 2): no file `migrate` rewrites adds a compile error to its
original.

    Tools/RealApps/oracle.py [--tools PATH] [--root DIR] [--set scored|aside|all] [--repos A,B] [--keep DIR]

score.py calls `compare(...)` for each repository after `migrate --write` (its "Oracle failures" column); run alone,
this script migrates the same way and prints each failure.

How a repository's rewritten files are compiled (Linux, swiftc of the toolchain):

- Two modules, one `swiftc -typecheck -wmo` each: the originals of every file `migrate` changed, and the same files
  as migrated, each with the same stubs file, in the module's own setting (repos.tsv: `-swift-version` 5 or 6, and
  `-default-isolation MainActor` where the app's target has it: the setting `migrate` was told). The other files of
  the app are not compiled; the root package (`NotificationLifecycle`) and the Apple stand-ins the fixture oracle
  uses (`Tools/Tests/StandIns`: UIKit, AppKit, WatchKit, Combine) are found in `Tools/.build/debug/Modules`, so
  `swift build --build-tests --package-path Tools` must have run.
- Both texts get the same Linux transcript first: `@objc`, `@objcMembers`, `@IB…`, `@NSManaged` and `dynamic` go,
  `#selector(x)` becomes `Selector("x")` (a stub `Selector` and Apple's `addObserver(_:selector:name:object:)` are in
  the stubs: Objective-C interop is Apple's), `import Cocoa` reads `import AppKit`, and imports of modules there is
  no stand-in for (SwiftUI, third-party packages) read `import Foundation` (Apple's frameworks re-export it; the
  line stays, so lines keep their numbers).
- Stubs, made in rounds from the errors of both compiles (at most 6 rounds): a type the compiler cannot find
  ("cannot find type 'X' in scope", or "cannot find 'X' in scope" for a capitalised X) gets a declaration: the
  app's own, when some file of the app declares it (kind, generic parameters, the superclass and protocols of a
  class, `@MainActor`; members are not copied), else Apple's known main-actor class or protocol (from the tool's
  table, with its usual superclass), else a protocol when it is used after the first inherited name, else an empty
  `open class` with an `init()`. A notification name the compiler cannot find (`type 'Notification.Name' has no
  member 'x'`, `type 'UIApplication' has no member 'xNotification'`), or an app's global name constant
  (`let BOOKMARK_CHANGED_NOTIFICATION`, read at column 0 of its files), gets a `let`. A name is stubbed only
  if it occurs in an original: a name only the migrated file uses (a local it lost, a type it invented) stays an
  error. Other global functions and constants of the app and members of types are never stubbed: their errors are
  the same in both files.
- Compared: each error of the migrated module, keyed by file, enclosing type chain (`Outer.Inner`, by braces in the
  text) and message (module prefixes dropped), counted; an oracle failure is a key the migrated files have more often
  than their originals. Keyed by type, not line or method, because `migrate` moves statements within a type (a
  visible listener declared in `viewDidLoad`). And every type an original declares must still be declared in its
  migrated file (fewer errors must not come from less code).

What it catches: what `migrate` writes that the compiler rejects where the original's code was accepted within the
same type: an isolation mismatch (a main-actor owner over a nonisolated base, a main-actor method called from a
nonisolated closure), a `Sendable` error in Swift 6 mode, a wrong label or a name of the package's API, an
`override` or `init` written wrong, definite initialisation, a member or local a moved closure reads that is not in
its new scope, a missing `import NotificationLifecycle`, a syntax error. What it cannot catch: an error hidden in
both by one the stubs leave (a member missing from a stand-in or a stub makes the expression around it fail in both;
the compiler then checks less of that expression: the count of errors left in the originals is printed, the smaller
the better); errors whose message is the same in original and migrated within one type but at different places
(one removed, one added: they cancel); anything only the app's other files would show (another type calling a
method the migration removed: the tool keeps methods, and it never changes another type); behaviour (that is the
behaviour tests' job, on fixtures).
"""

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import scan  # noqa: E402

# Modules the oracle can import: the toolchain's and the stand-ins built with the Tools package.
AVAILABLE = {
    "Foundation", "Dispatch", "Swift", "Glibc", "UIKit", "AppKit", "WatchKit", "Combine", "NotificationLifecycle",
    "FoundationEssentials", "Synchronization",
}

ATTRIBUTES = re.compile(
    r"@(?:objc(?:\s*\([^)]*\))?|objcMembers|IBOutlet|IBAction|IBInspectable|IBDesignable|IBSegueAction|NSManaged|"
    r"GKInspectable)\b"
)

PRELUDE = """\
// The oracle's stubs (Tools/RealApps/oracle.py): Objective-C selectors as Apple declares them, then the app's
// types and names this compile needs but no compiled file declares.
import Foundation

public struct Selector: @unchecked Sendable { public init(_ name: String) {} }
extension NotificationCenter {
    public func addObserver(_ observer: Any, selector: Selector, name: NSNotification.Name?, object: Any?) {}
}
"""


def transcript(text):
    """The Linux transcript both texts get (same transform, line numbers kept)."""
    out = ATTRIBUTES.sub("", text)
    out = re.sub(r"(?m)^(\s*(?:@\w+\s+)*(?:(?:public|private|fileprivate|internal|open|final|override)\s+)*)dynamic\s+",
                 r"\1", out)
    out = re.sub(r"(?m)^(\s*)import\s+Cocoa\s*$", r"\1import AppKit", out)

    def imp(m):
        module = m.group(3).split(".")[0]
        # A framework or package the oracle lacks: Foundation in its place (Apple's frameworks re-export it).
        return m.group(0) if module in AVAILABLE else f"{m.group(1)}import Foundation"

    out = re.sub(r"(?m)^([ \t]*)((?:@\w+[ \t]+)*)import[ \t]+(?:(?:class|struct|enum|protocol|func|var|let|typealias)"
                 r"[ \t]+)?([A-Za-z_][\w.]*)[ \t]*$", imp, out)
    result, i = [], 0
    for m in re.finditer(r"#selector\s*\(", out):
        if m.start() < i:
            continue
        depth, j = 1, m.end()
        while j < len(out) and depth:
            depth += {"(": 1, ")": -1}.get(out[j], 0)
            j += 1
        inner = out[m.end():j - 1]
        name = re.sub(r"\s+", " ", inner).replace('"', "'")
        result.append(out[i:m.start()])
        result.append(f'Selector("{name}")' + "\n" * inner.count("\n"))
        i = j
    result.append(out[i:])
    return "".join(result)


# Apple's main-actor classes the stand-ins lack get their usual superclass (the stand-ins have UIView,
# UIViewController, NSView, NSViewController, NSWindowController, WKInterfaceController and their supers).
def apple_stub(name, tables):
    main_actor, view_controllers, protocols = tables
    if name in protocols:
        return f"@MainActor public protocol {name} {{}}"
    if name in view_controllers:
        base = "NSViewController" if name.startswith("NS") else "UIViewController"
        return f"@MainActor open class {name}: {base} {{}}"
    if name in main_actor:
        if name.startswith("NS"):
            base = "NSView" if name not in ("NSMenu", "NSMenuItem", "NSStatusItem", "NSPopover") else "NSObject"
        elif name.startswith("UI"):
            base = "UIView" if not name.endswith(("Recognizer", "Item", "Scene", "Application", "Controller",
                                                   "Configuration")) else "NSObject"
        else:
            base = "NSObject"
        return f"@MainActor open class {name}: {base} {{}}"
    return None


def read_tables(tools):
    """The tool's table of Apple's main-actor classes and protocols (AppleClasses.swift), read as text."""
    path = os.path.join(tools, "Sources/NotificationLifecycleToolsCore/Analysis/AppleClasses.swift")
    text = open(path, encoding="utf-8").read()

    def names(var):
        m = re.search(rf"static let {var}: Set<String> = (?:viewControllers\.union\()?\[(.*?)\]", text, re.S)
        return set(re.findall(r'"(\w+)"', m.group(1))) if m else set()

    return names("mainActor"), names("viewControllers"), names("mainActorProtocols")


TYPE_DECL = re.compile(
    r"(?m)^[ \t]*((?:@\w+(?:\([^)]*\))?\s+)*)((?:(?:public|private|fileprivate|internal|open|final|indirect)\s+)*)"
    r"(class|struct|enum|protocol|actor|typealias)\s+([A-Za-z_]\w*)\s*(<[^>{]*>)?([^{=\n]*)(=[^\n]*)?"
)


def declarations(paths):
    """Type name → (kind, attributes, generic parameters, inheritance, typealias value) from the app's files."""
    found = {}
    for path in paths:
        try:
            code = scan.blank_comments_and_strings(open(path, encoding="utf-8", errors="replace").read())
        except OSError:
            continue
        for m in TYPE_DECL.finditer(code):
            attrs, _, kind, name, generics, rest, alias = m.groups()
            if kind == "class" and re.match(r"\s*(func|var|let)\b", rest or ""):
                continue
            inherits = ""
            if rest and rest.strip().startswith(":"):
                inherits = re.split(r"\bwhere\b", rest.strip()[1:])[0].strip()
            found.setdefault(name, (kind, "@MainActor" if "@MainActor" in (attrs or "") else "", generics or "",
                                    inherits, (alias or "")[1:].strip()))
    return found


def global_constants(paths):
    """Names of the app's top-level `let`s and `var`s (at column 0)."""
    found = set()
    for path in paths:
        try:
            text = open(path, encoding="utf-8", errors="replace").read()
        except OSError:
            continue
        found.update(re.findall(r"(?m)^(?:(?:public|internal|fileprivate|private)\s+)?(?:let|var)\s+([A-Za-z_]\w*)", text))
    return found


def generic_names(generics):
    if not generics:
        return ""
    inner = generics.strip()[1:-1]
    names = [p.split(":")[0].strip() for p in re.split(r",(?![^<]*>)", inner)]
    return "<" + ", ".join(n for n in names if n) + ">"


def stub_for(name, app, tables, protocol_uses):
    if name in app:
        kind, attr, generics, inherits, alias = app[name]
        head = f"{attr} " if attr else ""
        if kind == "typealias":
            return f"typealias {name}{generics or ''} = {alias}" if alias else f"typealias {name} = Any"
        if kind == "protocol":
            parents = f": {inherits}" if inherits else ""
            return f"{head}protocol {name}{parents} {{}}"
        if kind in ("class", "actor"):
            parents = f": {inherits}" if inherits else ""
            init = "" if inherits else " public init() {}"
            keyword = "open class" if kind == "class" else "actor"
            return f"{head}{keyword} {name}{generic_names(generics)}{parents} {{{init} }}"
        return f"{head}{kind} {name}{generic_names(generics)} {{}}"
    made = apple_stub(name, tables)
    if made:
        return made
    if name in protocol_uses or re.search(r"(Delegate|DataSource|Protocol|Type|able|ing)$", name):
        return f"protocol {name} {{}}"
    return f"open class {name} {{ public init() {{}} }}"


def protocol_positions(texts):
    """Names used after the first inherited name of a type or in an extension's list: protocols, not classes."""
    found = set()
    for text in texts:
        code = scan.blank_comments_and_strings(text)
        for m in re.finditer(r"\b(class|struct|enum|extension|actor)\s+[\w.]+\s*(<[^>{]*>)?\s*:([^{]*)\{", code):
            items = [i.strip() for i in re.split(r"\bwhere\b", m.group(3))[0].split(",")]
            start = 0 if m.group(1) in ("struct", "enum", "extension") else 1
            for item in items[start:]:
                found.add(item.split("<")[0].strip())
    return found


ERROR = re.compile(r"^(.*?\.swift):(\d+):(\d+): error: (.*)$")


def swiftc(modules, setting, files, module):
    flags = ["-swift-version", setting["language_mode"] or "5"]
    if setting["default_isolation"] == "MainActor":
        flags += ["-default-isolation", "MainActor"]
    cmd = ["swiftc", "-typecheck", "-wmo", "-continue-building-after-errors", "-module-name", module,
           "-I", modules] + flags + files
    run = subprocess.run(cmd, capture_output=True, text=True)
    errors = []
    for line in (run.stdout + run.stderr).splitlines():
        m = ERROR.match(line)
        if m:
            errors.append((m.group(1), int(m.group(2)), m.group(4)))
    return errors


def enclosing(code, line, scopes):
    """The chain of types around a line (`Outer.Inner`), or `<file>`."""
    offset = 0
    for _ in range(line - 1):
        offset = code.find("\n", offset) + 1
    chain = [s for s in scopes if s[2] != "func" and s[0] < offset <= s[1]]
    chain.sort(key=lambda s: s[0])
    return ".".join(s[3] for s in chain) or "<file>"


def normal(message, module):
    return re.sub(rf"\b{module}\.", "", message)


def compare(repo, original_root, migrated_root, changed, tools, log=None, keep=None):
    """Compiles the changed files original and migrated; returns a dict with the failures and counts."""
    modules = os.path.join(tools, ".build/debug/Modules")
    if not os.path.exists(os.path.join(modules, "NotificationLifecycle.swiftmodule")):
        sys.exit(f"oracle.py: no NotificationLifecycle.swiftmodule in {modules}: swift build --build-tests first")
    tables = read_tables(tools)
    app = declarations(scan.app_sources(original_root))
    work = keep or tempfile.mkdtemp(prefix="oracle-")
    os.makedirs(work, exist_ok=True)
    result = {"files": len(changed), "failures": [], "original_errors": 0, "stubs": 0, "rounds": 0}
    if not changed:
        return result
    try:
        texts = {}
        for side, root in (("original", original_root), ("migrated", migrated_root)):
            for k, f in enumerate(sorted(changed)):
                text = transcript(open(os.path.join(root, f), encoding="utf-8", errors="replace").read())
                dest = os.path.join(work, side, f"{k}_{os.path.basename(f)}")
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                open(dest, "w", encoding="utf-8").write(text)
                texts[dest] = (f, text)
        originals = {p: t for p, t in texts.items() if f"{os.sep}original{os.sep}" in p}
        original_text = "\n".join(t for _, t in originals.values())
        declared = set(declarations(originals.keys())) | set(
            declarations(p for p in texts if f"{os.sep}migrated{os.sep}" in p))
        uses = protocol_positions(t for _, t in texts.values())
        constants = global_constants(scan.app_sources(original_root))
        words = set(re.findall(r"\b[A-Za-z_]\w*\b", scan.blank_comments_and_strings(original_text)))
        stubs, members = {}, collections.defaultdict(set)
        stub_path = os.path.join(work, "Stubs.swift")

        # The stubs see what the originals import (UIKit's UIView as a stub's superclass).
        imported = sorted(set(re.findall(r"(?m)^[ \t]*(?:@\w+[ \t]+)*import[ \t]+(UIKit|AppKit|WatchKit|Combine)\b",
                                         original_text)))

        def write_stubs():
            parts = [PRELUDE] + [f"import {m}" for m in imported] + [stubs[n] for n in sorted(stubs)]
            for owner in sorted(members):
                body = "\n".join(f"    static let {m} = Notification.Name(\"{m}\")" for m in sorted(members[owner]))
                parts.append(f"extension {owner} {{\n{body}\n}}")
            open(stub_path, "w", encoding="utf-8").write("\n".join(parts) + "\n")

        def compile_both():
            out = {}
            for side in ("original", "migrated"):
                files = sorted(p for p in texts if f"{os.sep}{side}{os.sep}" in p)
                out[side] = swiftc(modules, repo, [stub_path] + files, "App")
            return out

        for round_ in range(1, 7):
            write_stubs()
            errors = compile_both()
            result["rounds"] = round_
            grew = False
            for side in errors:
                for path, _, message in errors[side]:
                    m = re.match(r"cannot find (?:type )?'([A-Za-z_]\w*)' in scope", message)
                    if m:
                        name = m.group(1)
                        if name not in words or name in declared or name in stubs:
                            continue
                        if "type" in message or name in app or (name[:1].isupper() and not name.isupper()):
                            stubs[name] = stub_for(name, app, tables, uses)
                            grew = True
                        elif re.search(r"notification$", name, re.I) and name in constants:
                            # A global name constant of the app (`let BOOKMARK_CHANGED_NOTIFICATION = …`).
                            stubs[name] = f'let {name} = Notification.Name("{name}")'
                            grew = True
                        continue
                    m = re.match(r"type '((?:NS)?Notification\.Name|\w+)\??'(?: \(aka '[^']*'\))? has no member '(\w+)'",
                                 message)
                    if m and path != stub_path and m.group(2) in words:
                        owner, member = m.group(1), m.group(2)
                        if owner.endswith("Notification.Name") or member.endswith("Notification"):
                            owner = "Notification.Name" if owner.endswith("Notification.Name") else owner
                            if member not in members[owner]:
                                members[owner].add(member)
                                grew = True
            if not grew:
                break
        result["stubs"] = len(stubs) + sum(len(v) for v in members.values())

        parsed = {}

        def keyed(side_errors):
            counts = collections.Counter()
            for path, line, message in side_errors:
                if path == stub_path:
                    counts[("<stubs>", "", normal(message, "App"))] += 1
                    continue
                name, text = texts.get(path, (path, ""))
                if path not in parsed:
                    code = scan.blank_comments_and_strings(text)
                    parsed[path] = (code, scan.scopes(code))
                code, scopes = parsed[path]
                counts[(name, enclosing(code, line, scopes), normal(message, "App"))] += 1
            return counts

        # Fewer errors must not come from less code: a type the original declares must still be declared.
        for path, (name, text) in sorted(texts.items()):
            if f"{os.sep}migrated{os.sep}" not in path:
                continue
            original = next(t for p, (n, t) in texts.items() if n == name and p != path)
            kinds = lambda t: {m.group(4) for m in TYPE_DECL.finditer(scan.blank_comments_and_strings(t))
                               if m.group(3) != "typealias"}
            for missing in sorted(kinds(original) - kinds(text)):
                result["failures"].append(f"{name}: the migrated file no longer declares {missing}")

        before, after = keyed(errors["original"]), keyed(errors["migrated"])
        result["original_errors"] = sum(before.values())
        result["migrated_errors"] = sum(after.values())
        for key, n in sorted(after.items()):
            if n > before.get(key, 0):
                where = [f"{line}" for path, line, msg in errors["migrated"]
                         if texts.get(path, ("",))[0] == key[0] and normal(msg, "App") == key[2]]
                result["failures"].append(f"{key[0]}:{','.join(where)} ({key[1]}): {key[2]}"
                                          + (f" [{n - before.get(key, 0)} more than the original]" if n > 1 else ""))
        if log:
            log.write(f"## {repo['name']}: oracle, {len(changed)} files, {result['rounds']} rounds, "
                      f"{result['stubs']} stubs, errors original {result['original_errors']}, "
                      f"migrated {result['migrated_errors']}\n")
            for fail in result["failures"]:
                log.write(f"ORACLE FAIL {fail}\n")
    finally:
        if not keep:
            shutil.rmtree(work, ignore_errors=True)
    return result


def main():
    import score
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tools", default=os.path.normpath(os.path.join(HERE, "..")))
    ap.add_argument("--root", default="/work/ext")
    ap.add_argument("--set", choices=["scored", "aside", "all"], default="all")
    ap.add_argument("--repos", default="")
    ap.add_argument("--keep", default="", help="keep the compiled files and stubs under this folder")
    args = ap.parse_args()
    args.tools = os.path.abspath(args.tools)
    repos = score.read_tsv("repos.tsv")
    if args.repos:
        repos = [r for r in repos if r["name"] in set(args.repos.split(","))]
    elif args.set != "all":
        repos = [r for r in repos if r["role"] == args.set]
    help_migrate = score.tool_options(args.tools, "migrate")
    total = 0
    for repo in repos:
        path = os.path.join(args.root, repo["name"])
        files = sorted(os.path.relpath(p, path) for p in scan.app_sources(path))
        work = tempfile.mkdtemp(prefix="realapps-")
        try:
            changed = score.migrate_copy(repo, args.tools, path, files, work, score.module_options(repo, help_migrate))[0]
            keep = os.path.join(args.keep, repo["name"]) if args.keep else None
            res = compare(repo, path, work, changed, args.tools, sys.stderr, keep)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        total += len(res["failures"])
        print(f"{repo['name']}: {res['files']} rewritten files, {len(res['failures'])} oracle failures "
              f"({res['stubs']} stubs, {res['rounds']} rounds; errors left in the originals "
              f"{res['original_errors']}, in the migrated {res.get('migrated_errors', 0)})")
        for fail in res["failures"]:
            print(f"  FAIL {fail}")
    print(f"oracle failures: {total}")


if __name__ == "__main__":
    main()
