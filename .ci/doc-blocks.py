#!/usr/bin/env python3
"""Compiles every page's Swift blocks as a user pastes them, in the four module settings of .ci/consumer-settings.sh.

A page is the README, an article of either DocC catalog, or a source file's doc comments. Its ```swift blocks go, in
order and unchanged, into one file, main.swift (so that a page may show top-level code, as a `main.swift` or a
playground runs it); nothing is added around or inside a block. What the page's prose gives the reader ("here `store`,
yours, posts ...") is declared apart, in the page's context file under Tests/DocContext (README.swift,
NotificationLifecycle/<Article>.swift, NotificationLifecycleTesting/<Article>.swift, DocComments/<Module>/<path of the
source file>), compiled beside main.swift, with
the repository's files it names on a line `// doc-blocks: also PATH...` (an example's helper the page points to), and importing the modules
it names on a line `// doc-blocks: import MODULE...` (one the prose tells the reader to import). The file your paste
goes into imports the package's modules: the compiler imports Foundation and NotificationLifecycle
into both files (and, for the testing catalog and the README, NotificationLifecycleTesting, Testing and XCTest), so
that no import line is added to a page either.

A block that is not a whole Swift file's code (a manifest excerpt, a member shown outside its type) starts with a
comment line that says so, `// Excerpt ...` (for example `// Excerpt of Package.swift: the arguments of Package(...)`),
and is not compiled here; .ci/check-readme-snippets.sh still finds it verbatim in a file under Tests/ or Examples/.

Each page's file is compiled in S1-S4 with warnings as errors (`swiftc -c`, so that the isolation checks that run
after type-checking run too), against the modules of the package .ci/consumer-settings.sh builds, and
.ci/check-availability.py checks it (with its context) against the package's Apple deployment targets.

Pages listed in PENDING are not compiled yet; the script names them, with their block counts, every run.

Usage: .ci/doc-blocks.py --list                                   the pages, their blocks, and what is not covered
       .ci/doc-blocks.py --modules DIR [--out DIR] [--settings S1,S3] [PAGE...]
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONTEXT = os.path.join(ROOT, "Tests", "DocContext")

APPROACHABLE = ["-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
                "-enable-upcoming-feature", "InferIsolatedConformances"]
SETTINGS = {
    # The same settings as the generated manifest of .ci/consumer-settings.sh.
    "S1": ["-swift-version", "6", "-default-isolation", "MainActor"] + APPROACHABLE,
    "S2": ["-swift-version", "5", "-default-isolation", "MainActor"] + APPROACHABLE + [
        "-enable-upcoming-feature", "DisableOutwardActorInference",
        "-enable-upcoming-feature", "GlobalActorIsolatedTypesUsability",
        "-enable-upcoming-feature", "InferSendableFromCaptures"],
    "S3": ["-swift-version", "6"],
    "S4": ["-swift-version", "5"],
}

# Pages whose blocks do not compile as one file yet. Each is named in every run's output, never skipped silently.
PENDING: dict[str, str] = {}

# A source file whose doc comments gained an example and is not in DOC_COMMENTS_COVERED below.
UNLISTED = "not in DOC_COMMENTS_COVERED of .ci/doc-blocks.py: give it a context file if it needs one, and list it"

EXCERPT = re.compile(r"^\s*// Excerpt\b")
FENCE_OPEN = re.compile(r"^[ \t]*```swift[ \t]*$")
FENCE_CLOSE = re.compile(r"^[ \t]*```[ \t]*$")


class Page:
    def __init__(self, name: str, path: str, context: str, testing: bool):
        self.name = name  # README, NotificationLifecycle/Lifespans, doc comments of Sources/...
        self.path = path
        self.context = context  # the context file's path, which may not exist
        self.testing = testing  # imports the testing module, Testing and XCTest
        self.blocks: list[tuple[int, str]] = []  # (line of the fence, code)
        self.excerpts: list[int] = []

    @property
    def slug(self) -> str:
        return re.sub(r"[^A-Za-z0-9]+", "_", self.name).strip("_")


def read_blocks(page: Page, doc_comment: bool = False) -> None:
    lines = open(page.path, encoding="utf-8").read().split("\n")
    block, start = None, 0
    for number, line in enumerate(lines, 1):
        if doc_comment:
            match = re.match(r"^\s*/// ?(.*)$", line)
            if not match:
                block = None
                continue
            line = match.group(1)
        if block is None:
            if FENCE_OPEN.match(line):
                block, start = [], number
        elif FENCE_CLOSE.match(line):
            code = "\n".join(block)
            if block and EXCERPT.match(block[0]):
                page.excerpts.append(start)
            else:
                page.blocks.append((start, code))
            block = None
        else:
            block.append(line)


def discover() -> list[Page]:
    pages = [Page("README", os.path.join(ROOT, "README.md"), os.path.join(CONTEXT, "README.swift"), True)]
    for module in ("NotificationLifecycle", "NotificationLifecycleTesting"):
        catalog = os.path.join(ROOT, "Sources", module, "Documentation.docc")
        for path in sorted(glob.glob(os.path.join(catalog, "*.md"))):
            article = os.path.splitext(os.path.basename(path))[0]
            pages.append(Page(f"{module}/{article}", path, os.path.join(CONTEXT, module, article + ".swift"),
                              module == "NotificationLifecycleTesting"))
    for page in pages:
        read_blocks(page)
    for path in sorted(glob.glob(os.path.join(ROOT, "Sources", "**", "*.swift"), recursive=True)):
        relative = os.path.relpath(path, ROOT)
        context = os.path.join(CONTEXT, "DocComments", os.path.relpath(path, os.path.join(ROOT, "Sources")))
        page = Page("doc comments of " + relative, path, context, True)
        read_blocks(page, doc_comment=True)
        if page.blocks or page.excerpts:
            pages.append(page)
    return pages


# The source files whose doc-comment examples compile as one file each (the others are pending, and named).
DOC_COMMENTS_COVERED = {
    "Sources/NotificationLifecycle/Lifecycle/Lifespan.swift",
    "Sources/NotificationLifecycle/Lifecycle/ControllerBase.swift",
    "Sources/NotificationLifecycle/Lifecycle/MainActorNotificationEngineOwner.swift",
    "Sources/NotificationLifecycle/Lifecycle/NotificationEngine.swift",
    "Sources/NotificationLifecycle/Lifecycle/NotificationEngineOwner.swift",
    "Sources/NotificationLifecycle/Lifecycle/NotificationEngineOwner+Messages.swift",
    "Sources/NotificationLifecycle/Lifecycle/MessageSubject.swift",
    "Sources/NotificationLifecycle/Diagnostics/NotificationDiagnostic.swift",
    "Sources/NotificationLifecycle/Listener/NotificationInfo.swift",
    "Sources/NotificationLifecycle/Lifecycle/NotificationEngine+Sequences.swift",
    "Sources/NotificationLifecycle/Selectors/NotificationSelectorTable.swift",
    "Sources/NotificationLifecycle/Selectors/NotificationSelectorResponder.swift",
    "Sources/NotificationLifecycle/Listener/RunningHandlers.swift",
    "Sources/NotificationLifecycle/Listener/NotificationInfo+Messages.swift",
    "Sources/NotificationLifecycleTesting/DeallocationExpectations.swift",
    "Sources/NotificationLifecycleTesting/DeliveryCount.swift",
    "Sources/NotificationLifecycleTesting/DeliveryRecorder.swift",
    "Sources/NotificationLifecycleTesting/LifecycleExpectations.swift",
    "Sources/NotificationLifecycleTesting/LifecycleStep.swift",
    "Sources/NotificationLifecycleTesting/ListeningExpectations.swift",
    "Sources/NotificationLifecycleTesting/NotificationHandler.swift",
    "Sources/NotificationLifecycleTesting/RecordedDelivery.swift",
    "Sources/NotificationLifecycleTesting/SenderFilter.swift",
    "Sources/NotificationLifecycleTesting/UnexpectedDiagnosticsTrait.swift",
    "Sources/NotificationLifecycleTesting/NotificationRegistration.swift",
    "Sources/NotificationLifecycleTesting/DiagnosticExpectations.swift",
    "Sources/NotificationLifecycleTesting/DeliveryExpectations.swift",
    "Sources/NotificationLifecycleTesting/NotificationTopic.swift",
}


def pending_reason(page: Page) -> str | None:
    if page.name in PENDING:
        return PENDING[page.name]
    if page.name.startswith("doc comments of ") and page.name[len("doc comments of "):] not in DOC_COMMENTS_COVERED:
        return UNLISTED
    return None


def platforms_line() -> str:
    manifest = open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read()
    match = re.search(r"^\s*platforms:\s*\[[^\]]*\],?\s*$", manifest, re.M)
    if not match:
        sys.exit("doc-blocks: Package.swift has no one-line `platforms: [...]`; the availability check needs it")
    return match.group(0).strip().rstrip(",")


IMPORT = re.compile(r"^// doc-blocks: import (.+)$", re.M)


def imports(page: Page) -> list[str]:
    modules = ["Foundation", "NotificationLifecycle"]
    if page.testing:
        modules += ["NotificationLifecycleTesting", "Testing", "XCTest"]
    # A module the page's prose tells the reader to import ("`import Observation`").
    if os.path.exists(page.context):
        for match in IMPORT.finditer(open(page.context, encoding="utf-8").read()):
            modules += match.group(1).split()
    flags = []
    for module in modules:
        flags += ["-Xfrontend", "-import-module", "-Xfrontend", module]
    return flags


ALSO = re.compile(r"^// doc-blocks: also (.+)$", re.M)


def write_page(page: Page, directory: str) -> list[str]:
    """Writes the page's file and its context; returns the files to compile (the page's file first)."""
    os.makedirs(directory, exist_ok=True)
    files = [os.path.join(directory, "main.swift")]
    with open(files[0], "w", encoding="utf-8") as out:
        out.write("\n\n".join(code for _, code in page.blocks) + "\n")
    if os.path.exists(page.context):
        files.append(os.path.join(directory, "Context.swift"))
        shutil.copyfile(page.context, files[1])
        # Files of the repository that the page points the reader to (an example's helper), compiled as they are.
        for match in ALSO.finditer(open(page.context, encoding="utf-8").read()):
            for path in match.group(1).split():
                if not os.path.exists(os.path.join(ROOT, path)):
                    sys.exit(f"doc-blocks: {page.context} names {path}, which does not exist")
                files.append(os.path.join(directory, os.path.basename(path)))
                shutil.copyfile(os.path.join(ROOT, path), files[-1])
    return files


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--modules", help="the Modules folder of the build of .ci/consumer-settings.sh")
    parser.add_argument("--out", default=os.path.join(ROOT, ".build-consumer", "doc-blocks"))
    parser.add_argument("--settings", default="S1,S2,S3,S4")
    parser.add_argument("pages", nargs="*", help="page names (README, NotificationLifecycle/Lifespans); default all")
    args = parser.parse_args(argv)

    pages = discover()
    if args.pages:
        pages = [p for p in pages if p.name in args.pages]
    covered = [p for p in pages if pending_reason(p) is None]
    pending = [p for p in pages if pending_reason(p) is not None]

    for page in covered:
        print(f"page     {page.name}: {len(page.blocks)} Swift block(s), {len(page.excerpts)} marked excerpt(s)"
              + ("" if os.path.exists(page.context) or not page.blocks else ", no context file"))
    for page in pending:
        print(f"PENDING  {page.name}: {len(page.blocks)} Swift block(s) not compiled yet ({pending_reason(page)})")
    if args.list:
        return 0
    if not args.modules:
        parser.error("--modules is required to compile")

    settings = args.settings.split(",")
    failures = 0
    platforms = platforms_line()
    for page in covered:
        if not page.blocks:
            continue
        # The availability check reads a package: the page's file and its context, under the root's platforms.
        package = os.path.join(args.out, "availability", page.slug)
        shutil.rmtree(package, ignore_errors=True)
        write_page(page, os.path.join(package, "Sources", page.slug))
        with open(os.path.join(package, "Package.swift"), "w", encoding="utf-8") as manifest:
            manifest.write("// swift-tools-version: 6.2\n// Generated by .ci/doc-blocks.py.\n"
                           "import PackageDescription\n\n"
                           f"let package = Package(name: \"{page.slug}\", {platforms}, targets: [])\n")
        check = subprocess.run([sys.executable, os.path.join(ROOT, ".ci", "check-availability.py"),
                                "--repository", ROOT, package], capture_output=True, text=True)
        if check.returncode != 0:
            failures += 1
            print(f"FAILED   {page.name}: .ci/check-availability.py\n{check.stdout}{check.stderr}")

        for setting in settings:
            directory = os.path.join(args.out, setting, page.slug)
            shutil.rmtree(directory, ignore_errors=True)
            files = write_page(page, directory)
            command = (["swiftc", "-c", "-wmo", "-module-name", "DocPage", "-warnings-as-errors",
                        "-I", args.modules, "-o", os.path.join(directory, "page.o")]
                       + SETTINGS[setting] + imports(page) + files)
            started = time.monotonic()
            result = subprocess.run(command, capture_output=True, text=True)
            took = time.monotonic() - started
            if result.returncode == 0:
                print(f"ok       {setting} {page.name}: {len(page.blocks)} block(s) ({took:.1f} s)")
            else:
                failures += 1
                print(f"FAILED   {setting} {page.name}: {len(page.blocks)} block(s), in {files[0]}"
                      f"{' and ' + page.context if len(files) > 1 else ''}:\n{result.stdout}{result.stderr}")
    print(f"{len(covered)} page(s) compiled in {', '.join(settings)}, {len(pending)} pending, {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
