#!/usr/bin/env python3
"""Fails when Swift code uses an API newer than its package's Apple deployment targets without covering it.

On Linux an `@available` attribute is not enforced, so a declaration that mentions `NotificationCenter.MainActorMessage`
without one compiles here and breaks every Apple build. This check reads the Swift sources as tokens (comments and
string literals are skipped, string interpolations are code) and, for every use of an API listed in
.ci/apple-availability.tsv (signatures and bodies alike), asks whether an enclosing `@available(…)` (on the declaration,
an enclosing type or extension), an `if #available(…)`/`while #available(…)` block, the rest of a scope after a
`guard #available(…)`, or an `#if` branch that Apple platforms do not compile covers it on every Apple platform that
the package's manifest lists in `platforms:`.

It also derives rules from the scanned code itself: a type that conforms to a listed protocol (a message type), and
a type or function whose declaration is gated above the deployment target (the testing module's `waitForDeliveries`),
need the same versions wherever they are used.

Usage: .ci/check-availability.py [--table FILE] [PACKAGE_DIR...]
  Without PACKAGE_DIR: the repository root and every package under Examples/ and Benchmarks/.
  A package's sources are its .swift files minus nested packages and .build* folders; the sources of the package at the
  repository root are also read (not checked) for derived rules, since the nested packages depend on it.

What it does not see (the compiler on an Apple platform does): the type of an unannotated expression, so
`center.post(message)` of a message held in a variable is found through the variable's type or the generic
constraint that names the message protocol, not through `post`; overloads that differ only in argument types; an
implicit `.seconds(…)` on a line that names a Dispatch time (taken for DispatchTimeInterval). Choices: an `import` is
not a use (the compiler accepts `import Observation` at any deployment target); a platform the manifest does not
list (visionOS in Examples/GRDBStore) is not checked, the simulator builds in .github/workflows/ci.yml are; `--rules` prints the rules
derived from each package's code.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from dataclasses import dataclass, field

APPLE = ["macOS", "iOS", "tvOS", "watchOS", "visionOS"]

Version = tuple  # (major, minor, patch)


def parse_version(text: str) -> Version:
    parts = [int(p) for p in text.split(".") if p != ""]
    while len(parts) < 3:
        parts.append(0)
    return tuple(parts[:3])


def show_version(version: Version) -> str:
    parts = list(version)
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return ".".join(str(p) for p in parts)


# ---------------------------------------------------------------------------------------------------------------------
# Tokens


@dataclass
class Token:
    kind: str  # "id", "num", "punct", "pound" (#available, #if…), "directive" (#if/#elseif/#else/#endif line)
    text: str
    line: int
    col: int
    newline_before: bool = False
    condition: str = ""  # for directives: the condition text


class LexError(Exception):
    pass


IDENT_START = re.compile(r"[A-Za-z_\u00c0-\uffff]")
IDENT_CHAR = re.compile(r"[A-Za-z0-9_\u00c0-\uffff]")
OPERATOR_CHARS = set("/=-+!*%<>&|^~?.")


class Lexer:
    """Turns Swift source into tokens; comments and string literal text are dropped, interpolations kept as code."""

    def __init__(self, source: str):
        self.s = source
        self.i = 0
        self.line = 1
        self.col = 1
        self.tokens: list[Token] = []
        self.pending_newline = True

    def peek(self, k: int = 0) -> str:
        j = self.i + k
        return self.s[j] if j < len(self.s) else ""

    def advance(self, n: int = 1) -> None:
        for _ in range(n):
            if self.i >= len(self.s):
                return
            if self.s[self.i] == "\n":
                self.line += 1
                self.col = 1
                self.pending_newline = True
            else:
                self.col += 1
            self.i += 1

    def emit(self, kind: str, text: str, line: int, col: int, condition: str = "") -> None:
        self.tokens.append(Token(kind, text, line, col, self.pending_newline, condition))
        self.pending_newline = False

    def run(self) -> list[Token]:
        self.lex_code(stop_at_paren=False)
        return self.tokens

    def skip_block_comment(self) -> None:
        depth = 0
        while self.i < len(self.s):
            if self.s.startswith("/*", self.i):
                depth += 1
                self.advance(2)
            elif self.s.startswith("*/", self.i):
                depth -= 1
                self.advance(2)
                if depth == 0:
                    return
            else:
                self.advance()
        raise LexError("unterminated block comment")

    def lex_code(self, stop_at_paren: bool) -> None:
        """Lexes code; with stop_at_paren, stops after the ')' that closes an interpolation."""
        depth = 0
        while self.i < len(self.s):
            c = self.peek()
            if c == "\n" or c in " \t\r\f\v":
                self.advance()
                continue
            if self.s.startswith("//", self.i):
                while self.i < len(self.s) and self.peek() != "\n":
                    self.advance()
                continue
            if self.s.startswith("/*", self.i):
                self.skip_block_comment()
                continue
            line, col = self.line, self.col
            # Raw strings: #"…"#, ##"""…"""##
            if c == "#":
                j = self.i
                while j < len(self.s) and self.s[j] == "#":
                    j += 1
                if j < len(self.s) and self.s[j] == '"':
                    self.lex_string(hashes=j - self.i)
                    continue
                # A compiler directive or #available, #selector…
                m = re.compile(r"#([A-Za-z_][A-Za-z0-9_]*)").match(self.s, self.i)
                if m:
                    name = m.group(1)
                    if name in ("if", "elseif", "else", "endif") and self.pending_newline_or_start():
                        end = self.s.find("\n", self.i)
                        end = len(self.s) if end == -1 else end
                        rest = self.s[m.end() : end]
                        rest = re.sub(r"//.*", "", rest).strip()
                        self.advance(end - self.i)
                        self.emit("directive", name, line, col, condition=rest)
                        continue
                    self.advance(m.end() - self.i)
                    self.emit("pound", "#" + name, line, col)
                    continue
                self.advance()
                self.emit("punct", "#", line, col)
                continue
            if c == '"':
                self.lex_string(hashes=0)
                continue
            if c == "`":
                end = self.s.find("`", self.i + 1)
                if end == -1:
                    raise LexError(f"{line}:{col}: unterminated backtick identifier")
                text = self.s[self.i + 1 : end]
                self.advance(end + 1 - self.i)
                self.emit("id", text, line, col)
                continue
            if IDENT_START.match(c) or (c == "$" and IDENT_CHAR.match(self.peek(1) or " ")):
                j = self.i + 1
                while j < len(self.s) and IDENT_CHAR.match(self.s[j]):
                    j += 1
                text = self.s[self.i : j]
                self.advance(j - self.i)
                self.emit("id", text, line, col)
                continue
            if c.isdigit():
                m = re.compile(r"[0-9][0-9A-Za-z_.]*").match(self.s, self.i)
                text = m.group(0)
                # "1.0" is one literal, "x.0.1" tuple access is rare enough; stop at a dot not followed by a digit.
                text = re.match(r"[0-9][0-9A-Za-z_]*(\.[0-9][0-9A-Za-z_]*)?", text).group(0)
                self.advance(len(text))
                self.emit("num", text, line, col)
                continue
            if c in "()[]{},:;@\\":
                if stop_at_paren:
                    if c == "(":
                        depth += 1
                    elif c == ")":
                        if depth == 0:
                            self.advance()
                            self.emit("punct", ")", line, col)
                            return
                        depth -= 1
                self.advance()
                self.emit("punct", c, line, col)
                continue
            if c in OPERATOR_CHARS:
                # "." alone is its own token (member access); other operators are read whole.
                if c == ".":
                    if self.s.startswith("...", self.i) or self.s.startswith("..<", self.i):
                        self.advance(3)
                        self.emit("punct", "...", line, col)
                    else:
                        self.advance()
                        self.emit("punct", ".", line, col)
                    continue
                j = self.i
                while j < len(self.s) and self.s[j] in OPERATOR_CHARS and self.s[j] != "." and not (
                    self.s.startswith("//", j) or self.s.startswith("/*", j)
                ):
                    j += 1
                if j == self.i:
                    j += 1
                text = self.s[self.i : j]
                self.advance(j - self.i)
                self.emit("punct", text, line, col)
                continue
            self.advance()
            self.emit("punct", c, line, col)
        if stop_at_paren:
            raise LexError("unterminated string interpolation")

    def pending_newline_or_start(self) -> bool:
        k = self.i - 1
        while k >= 0 and self.s[k] in " \t":
            k -= 1
        return k < 0 or self.s[k] == "\n"

    def lex_string(self, hashes: int) -> None:
        """Skips a string literal (single- or multi-line, raw or not); lexes its interpolations as code."""
        line, col = self.line, self.col
        self.advance(hashes)
        multiline = self.s.startswith('"""', self.i)
        quote = '"""' if multiline else '"'
        self.advance(len(quote))
        closing = quote + "#" * hashes
        escape = "\\" + "#" * hashes
        self.emit("str", '""', line, col)
        while True:
            if self.i >= len(self.s):
                raise LexError(f"{line}:{col}: unterminated string literal")
            if self.s.startswith(closing, self.i):
                self.advance(len(closing))
                return
            if not multiline and self.peek() == "\n":
                raise LexError(f"{line}:{col}: unterminated string literal")
            if self.s.startswith(escape, self.i):
                self.advance(len(escape))
                if self.peek() == "(":
                    line2, col2 = self.line, self.col
                    self.advance()
                    self.emit("punct", "(", line2, col2)
                    self.lex_code(stop_at_paren=True)
                else:
                    self.advance()
                continue
            self.advance()


def tokenize(source: str) -> list[Token]:
    return Lexer(source).run()


# ---------------------------------------------------------------------------------------------------------------------
# #if conditions, evaluated per Apple platform: True, False or None (unknown: both branches count as compiled)

APPLE_MODULES = {
    "Darwin", "ObjectiveC", "os", "Dispatch", "Foundation", "XCTest", "Testing", "Combine", "SwiftUI",
    "Observation", "Synchronization", "CoreFoundation",
}
NON_APPLE_MODULES = {
    "Glibc", "Musl", "Bionic", "WinSDK", "WASILibc", "Android", "CRT", "FoundationEssentials",
    "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
}


def evaluate_condition(text: str, platform: str):
    tokens = re.findall(r"&&|\|\||!|\(|\)|,|[A-Za-z_][A-Za-z0-9_.]*|[<>=]+|[0-9.]+", text)
    pos = 0

    def parse_or():
        nonlocal pos
        value = parse_and()
        while pos < len(tokens) and tokens[pos] == "||":
            pos += 1
            right = parse_and()
            value = True if (value is True or right is True) else (False if value is False and right is False else None)
        return value

    def parse_and():
        nonlocal pos
        value = parse_not()
        while pos < len(tokens) and tokens[pos] == "&&":
            pos += 1
            right = parse_not()
            value = False if (value is False or right is False) else (True if value is True and right is True else None)
        return value

    def parse_not():
        nonlocal pos
        if pos < len(tokens) and tokens[pos] == "!":
            pos += 1
            value = parse_not()
            return None if value is None else not value
        return parse_atom()

    def parse_atom():
        nonlocal pos
        if pos >= len(tokens):
            return None
        token = tokens[pos]
        pos += 1
        if token == "(":
            value = parse_or()
            if pos < len(tokens) and tokens[pos] == ")":
                pos += 1
            return value
        if token in ("true", "false"):
            return token == "true"
        argument = None
        if pos < len(tokens) and tokens[pos] == "(":
            depth, start = 0, pos
            while pos < len(tokens):
                if tokens[pos] == "(":
                    depth += 1
                elif tokens[pos] == ")":
                    depth -= 1
                    if depth == 0:
                        break
                pos += 1
            argument = tokens[start + 1 : pos]
            pos += 1
        if token == "os" and argument:
            return argument[0] == platform
        if token == "canImport" and argument:
            module = argument[0]
            if module in APPLE_MODULES:
                return True
            if module in NON_APPLE_MODULES:
                return False
            return None
        if token == "targetEnvironment" and argument:
            return None if argument[0] in ("simulator", "macCatalyst") else False
        return None

    try:
        return parse_or()
    except Exception:  # A condition this reader does not understand is treated as possibly true.
        return None


# ---------------------------------------------------------------------------------------------------------------------
# Availability specifications


@dataclass
class Spec:
    """Per platform: a version (available from) or "unavailable"; platforms not named follow `*` (no narrowing)."""

    versions: dict = field(default_factory=dict)


def parse_spec(tokens: list[Token], start: int, end: int) -> Spec:
    """Reads `macOS 26, iOS 26.0, *` or `iOS, unavailable` or `macOS, introduced: 13` between parentheses."""
    spec = Spec()
    groups: list[list[Token]] = [[]]
    for t in tokens[start:end]:
        if t.text == "," and t.kind == "punct":
            groups.append([])
        else:
            groups[-1].append(t)
    # The long form: first group is a lone platform name, then labelled arguments.
    first = groups[0]
    if len(first) == 1 and first[0].kind == "id" and first[0].text in APPLE:
        platform = first[0].text
        for group in groups[1:]:
            texts = [t.text for t in group]
            if texts[:1] == ["unavailable"]:
                spec.versions[platform] = "unavailable"
            elif texts[:2] == ["introduced", ":"] and len(group) >= 3:
                spec.versions[platform] = parse_version("".join(texts[2:]))
        return spec
    if len(first) == 1 and first[0].text == "*":
        if any([t.text for t in g][:1] == ["unavailable"] for g in groups[1:]):
            for platform in APPLE:
                spec.versions[platform] = "unavailable"
        return spec
    for group in groups:
        if len(group) >= 2 and group[0].kind == "id" and group[0].text in APPLE:
            spec.versions[group[0].text] = parse_version("".join(t.text for t in group[1:]))
    return spec


# ---------------------------------------------------------------------------------------------------------------------
# Rules

KIND_IDENT, KIND_CALL_FIRST, KIND_CALL_ANY, KIND_ATTRIBUTE, KIND_IMPLICIT_MEMBER = range(5)
DISPATCH_WORDS = {"DispatchTime", "DispatchWallTime", "DispatchTimeInterval", "deadline", "wallDeadline", "asyncAfter"}


@dataclass
class Rule:
    pattern: str
    versions: dict  # platform -> Version or None
    source: str
    scope: str = ""  # for a derived rule: the target folder whose files see it ("" for everywhere)
    derived: bool = False
    kind: int = KIND_IDENT
    name: str = ""
    label: str = ""

    def __post_init__(self):
        p = self.pattern
        if p.startswith("@"):
            self.kind, self.name = KIND_ATTRIBUTE, p[1:]
        elif p.startswith("."):
            self.kind, self.name = KIND_IMPLICIT_MEMBER, p[1:].rstrip("(")
        elif "(…" in p:
            self.kind = KIND_CALL_ANY
            self.name, self.label = p.split("(…")
            self.label = self.label.rstrip(":")
        elif "(" in p:
            self.kind = KIND_CALL_FIRST
            self.name, self.label = p.split("(")
            self.label = self.label.rstrip(":")
        else:
            self.kind, self.name = KIND_IDENT, p

    @property
    def display(self) -> str:
        if self.kind == KIND_CALL_FIRST:
            return f"{self.name}({self.label}:)"
        if self.kind == KIND_CALL_ANY:
            return f"{self.name}(…{self.label}:)"
        return self.pattern.rstrip("(") + ("(_:)" if self.kind == KIND_IMPLICIT_MEMBER else "")


def load_table(path: str) -> list[Rule]:
    rules = []
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            cells = line.split("\t")
            if len(cells) != 7:
                raise SystemExit(f"{path}:{number}: error: expected 7 tab-separated columns, found {len(cells)}")
            versions = {p: (None if v.strip() == "-" else parse_version(v.strip())) for p, v in zip(APPLE, cells[1:6])}
            rules.append(Rule(cells[0].strip(), versions, cells[6].strip()))
    return rules


def read_platforms(manifest: str) -> dict:
    """The Apple deployment targets in a manifest's `platforms:` argument: {"macOS": (10, 15, 0), …}."""
    with open(manifest, encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"//[^\n]*", "", text)
    m = re.search(r"platforms\s*:\s*\[", text)
    if not m:
        return {}
    depth, j = 1, m.end()
    while j < len(text) and depth:
        depth += {"[": 1, "]": -1}.get(text[j], 0)
        j += 1
    body = text[m.end() : j - 1]
    platforms = {}
    for name, argument in re.findall(r"\.(macOS|iOS|tvOS|watchOS|visionOS)\s*\(\s*([^)]*)\)", body):
        argument = argument.strip()
        if argument.startswith(".v"):
            platforms[name] = parse_version(argument[2:].replace("_", "."))
        elif argument.startswith('"'):
            platforms[name] = parse_version(argument.strip('"'))
    return platforms


# ---------------------------------------------------------------------------------------------------------------------
# Analysis of one file

MODIFIERS = {
    "public", "private", "fileprivate", "internal", "package", "open", "final", "static", "class", "override",
    "nonisolated", "mutating", "nonmutating", "convenience", "required", "dynamic", "lazy", "weak", "unowned",
    "indirect", "prefix", "postfix", "infix", "optional", "isolated", "consuming", "borrowing", "distributed",
    "sending", "async",
}
DECL_KEYWORDS = {
    "func", "init", "deinit", "subscript", "var", "let", "struct", "class", "enum", "protocol", "extension", "actor",
    "typealias", "case", "associatedtype", "macro", "operator", "precedencegroup", "import",
}
TYPE_KEYWORDS = {"struct", "class", "enum", "protocol", "actor"}


@dataclass
class Range:
    start: int
    end: int  # inclusive
    spec: Spec


class SwiftFile:
    def __init__(self, path: str, display_path: str):
        self.path = path
        self.display = display_path
        with open(path, encoding="utf-8") as f:
            raw = tokenize(f.read())
        self.excluded: list[set] = []  # per token: Apple platforms that do not compile it
        self.tokens = self.strip_directives(raw)
        self.match: dict[int, int] = {}
        self.enclosing: list[int] = []  # per token: index of the innermost enclosing "{", or -1
        self.balance()
        self.ranges: list[Range] = []
        self.find_attribute_ranges()
        self.find_condition_ranges()

    def strip_directives(self, raw: list[Token]) -> list[Token]:
        tokens = []
        # Each frame: [values of the conditions seen so far per platform, current branch's compiled-per-platform]
        stack: list[dict] = []

        def current_excluded() -> set:
            excluded = set()
            for frame in stack:
                excluded |= {p for p in APPLE if frame["compiled"][p] is False}
            return excluded

        for t in raw:
            if t.kind == "directive":
                if t.text == "if":
                    values = {p: evaluate_condition(t.condition, p) for p in APPLE}
                    stack.append({"seen": {p: [values[p]] for p in APPLE}, "compiled": dict(values)})
                elif t.text == "elseif" and stack:
                    frame = stack[-1]
                    for p in APPLE:
                        value = evaluate_condition(t.condition, p)
                        earlier = frame["seen"][p]
                        if any(v is True for v in earlier):
                            frame["compiled"][p] = False
                        elif all(v is False for v in earlier):
                            frame["compiled"][p] = value
                        else:
                            frame["compiled"][p] = None if value is not False else False
                        earlier.append(value)
                elif t.text == "else" and stack:
                    frame = stack[-1]
                    for p in APPLE:
                        earlier = frame["seen"][p]
                        if any(v is True for v in earlier):
                            frame["compiled"][p] = False
                        elif all(v is False for v in earlier):
                            frame["compiled"][p] = True
                        else:
                            frame["compiled"][p] = None
                elif t.text == "endif" and stack:
                    stack.pop()
                continue
            tokens.append(t)
            self.excluded.append(current_excluded())
        return tokens

    def balance(self) -> None:
        pairs = {")": "(", "]": "[", "}": "{"}
        stack: list[int] = []
        braces: list[int] = []
        for i, t in enumerate(self.tokens):
            self.enclosing.append(braces[-1] if braces else -1)
            if t.kind != "punct":
                continue
            if t.text in "([{":
                stack.append(i)
                if t.text == "{":
                    braces.append(i)
            elif t.text in ")]}":
                if stack and self.tokens[stack[-1]].text == pairs[t.text]:
                    opening = stack.pop()
                    self.match[opening] = i
                    self.match[i] = opening
                    if t.text == "}" and braces:
                        braces.pop()
                        self.enclosing[i] = braces[-1] if braces else -1

    def is_punct(self, i: int, text: str) -> bool:
        return 0 <= i < len(self.tokens) and self.tokens[i].kind == "punct" and self.tokens[i].text == text

    def is_id(self, i: int, text: str | None = None) -> bool:
        return 0 <= i < len(self.tokens) and self.tokens[i].kind == "id" and (text is None or self.tokens[i].text == text)

    def scope_end(self, i: int) -> int:
        opening = self.enclosing[i] if i < len(self.enclosing) else -1
        return self.match.get(opening, len(self.tokens) - 1) if opening >= 0 else len(self.tokens) - 1

    def declaration_after(self, i: int) -> tuple[int, int]:
        """From index i (just after an attribute), skips attributes and modifiers; returns (keyword index, end)."""
        n = len(self.tokens)
        while i < n:
            t = self.tokens[i]
            if self.is_punct(i, "@") and self.is_id(i + 1):
                i += 2
                if self.is_punct(i, "(") and not self.tokens[i].newline_before:
                    i = self.match.get(i, i) + 1
                continue
            if t.kind == "id" and t.text in MODIFIERS and not (t.text == "class" and self.is_id(i + 1) and
                                                               self.tokens[i + 1].text not in MODIFIERS | DECL_KEYWORDS):
                i += 1
                if self.is_punct(i, "(") and self.is_id(i + 1) and self.tokens[i + 1].text in ("set", "unsafe"):
                    i = self.match.get(i, i) + 1
                continue
            break
        if i >= n or self.tokens[i].kind != "id" or self.tokens[i].text not in DECL_KEYWORDS:
            return -1, i - 1
        keyword = i
        j = keyword + 1
        while j < n:
            t = self.tokens[j]
            if t.kind == "punct" and t.text in "([":
                j = self.match.get(j, j) + 1
                continue
            if self.is_punct(j, "{"):
                return keyword, self.match.get(j, n - 1)
            if self.is_punct(j, "}") or self.is_punct(j, ";"):
                return keyword, j - 1
            if t.newline_before and (
                self.is_punct(j, "@")
                or (t.kind == "id" and (t.text in MODIFIERS or t.text in DECL_KEYWORDS))
            ):
                return keyword, j - 1
            j += 1
        return keyword, n - 1

    def find_attribute_ranges(self) -> None:
        for i, t in enumerate(self.tokens):
            if self.is_punct(i, "@") and self.is_id(i + 1, "available") and self.is_punct(i + 2, "("):
                close = self.match.get(i + 2)
                if close is None:
                    continue
                spec = parse_spec(self.tokens, i + 3, close)
                _, end = self.declaration_after(close + 1)
                self.ranges.append(Range(i, max(end, close), spec))

    def find_condition_ranges(self) -> None:
        n = len(self.tokens)
        for i, t in enumerate(self.tokens):
            if t.kind != "pound" or t.text not in ("#available", "#unavailable") or not self.is_punct(i + 1, "("):
                continue
            close = self.match.get(i + 1)
            if close is None:
                continue
            spec = parse_spec(self.tokens, i + 2, close)
            # The statement: walk back over the condition list to if / guard / while.
            k = i - 1
            while k >= 0 and not (self.is_id(k) and self.tokens[k].text in ("if", "guard", "while")):
                if self.is_punct(k, "{") or self.is_punct(k, "}") or self.is_punct(k, ";"):
                    k = -1
                    break
                if self.is_punct(k, ")") or self.is_punct(k, "]"):
                    k = self.match.get(k, k)
                k -= 1
            if k < 0:
                continue
            statement = self.tokens[k].text
            # The body's "{" (or the guard's "else"): the first at depth 0 after the condition.
            j = close + 1
            while j < n:
                if self.tokens[j].kind == "punct" and self.tokens[j].text in "([":
                    j = self.match.get(j, j) + 1
                    continue
                if self.is_punct(j, "{") or (statement == "guard" and self.is_id(j, "else")):
                    break
                j += 1
            if j >= n:
                continue
            if statement in ("if", "while"):
                body_end = self.match.get(j, n - 1)
                if t.text == "#available":
                    self.ranges.append(Range(i, body_end, spec))
                elif self.is_id(body_end + 1, "else"):
                    self.ranges.append(Range(body_end + 1, self.chain_end(body_end + 1), spec))
            else:  # guard … else { … }
                brace = j + 1
                if not self.is_punct(brace, "{"):
                    continue
                else_end = self.match.get(brace, n - 1)
                if t.text == "#available":
                    self.ranges.append(Range(else_end + 1, self.scope_end(k), spec))
                else:
                    self.ranges.append(Range(brace, else_end, spec))

    def chain_end(self, else_index: int) -> int:
        """The last token of an else branch: `else { … }` or `else if … { … } else …`."""
        n = len(self.tokens)
        j = else_index + 1
        while j < n:
            if self.tokens[j].kind == "punct" and self.tokens[j].text in "([":
                j = self.match.get(j, j) + 1
                continue
            if self.is_punct(j, "{"):
                end = self.match.get(j, n - 1)
                if self.is_id(end + 1, "else"):
                    j = end + 2
                    continue
                return end
            j += 1
        return n - 1

    def coverage(self, i: int, platform: str):
        """The best availability that covers token i on platform: a Version, "unavailable", or None (nothing)."""
        if platform in self.excluded[i]:
            return "unavailable"
        best = None
        for r in self.ranges:
            if r.start <= i <= r.end and platform in r.spec.versions:
                value = r.spec.versions[platform]
                if value == "unavailable":
                    return "unavailable"
                if best is None or value > best:
                    best = value
        return best

    # -- uses of rules ------------------------------------------------------------------------------------------------

    def call_labels(self, open_paren: int) -> list[str]:
        """The labels of the top-level arguments of the call whose "(" is at open_paren."""
        close = self.match.get(open_paren)
        if close is None:
            return []
        labels, j, at_argument_start = [], open_paren + 1, True
        while j < close:
            t = self.tokens[j]
            if at_argument_start and t.kind == "id" and self.is_punct(j + 1, ":"):
                labels.append(t.text)
            at_argument_start = False
            if t.kind == "punct" and t.text in "([{":
                j = self.match.get(j, j) + 1
                continue
            if self.is_punct(j, ","):
                at_argument_start = True
            j += 1
        return labels

    def first_label(self, open_paren: int):
        if self.is_id(open_paren + 1) and self.is_punct(open_paren + 2, ":"):
            return self.tokens[open_paren + 1].text
        return None

    def line_words(self, i: int) -> set:
        if not hasattr(self, "_words"):
            self._words: dict[int, set] = {}
            for t in self.tokens:
                if t.kind == "id":
                    self._words.setdefault(t.line, set()).add(t.text)
        return self._words.get(self.tokens[i].line, set())

    def matches(self, rule: Rule, i: int) -> bool:
        t = self.tokens[i]
        if rule.kind == KIND_IDENT:
            if t.kind != "id" or t.text != rule.name:
                return False
            # The name being declared is not a use of it (struct Ping: …), nor an argument label (name: value).
            if self.is_id(i - 1) and self.tokens[i - 1].text in TYPE_KEYWORDS | {"typealias", "func"}:
                return False
            if self.is_punct(i + 1, ":") and (self.is_punct(i - 1, "(") or self.is_punct(i - 1, ",")):
                return False
            # A derived name after a dot is another type's member (Message.Subject), not the declared type.
            return not (rule.derived and self.is_punct(i - 1, "."))
        if rule.kind == KIND_ATTRIBUTE:
            return self.is_punct(i, "@") and self.is_id(i + 1, rule.name)
        if rule.kind == KIND_CALL_FIRST:
            return (t.kind == "id" and t.text == rule.name and self.is_punct(i + 1, "(")
                    and self.first_label(i + 1) == rule.label and not self.is_id(i - 1, "func"))
        if rule.kind == KIND_CALL_ANY:
            return (t.kind == "id" and t.text == rule.name and self.is_punct(i + 1, "(")
                    and rule.label in self.call_labels(i + 1) and not self.is_id(i - 1, "func"))
        if rule.kind == KIND_IMPLICIT_MEMBER:
            if not (self.is_punct(i, ".") and self.is_id(i + 1, rule.name) and self.is_punct(i + 2, "(")):
                return False
            before = self.tokens[i - 1] if i > 0 else None
            if before is not None and (before.kind in ("id", "num", "str") or before.text in (")", "]", "?", "!", ">")):
                return False  # member access on a value, not an implicit member
            return not (self.line_words(i) & DISPATCH_WORDS)
        return False

    def use_position(self, rule: Rule, i: int) -> int:
        """The token that names the use (the identifier after "@" or "."), for the reported column."""
        return i + 1 if rule.kind in (KIND_ATTRIBUTE, KIND_IMPLICIT_MEMBER) else i

    def access(self, name_index: int) -> str:
        """The access modifier written before the declaration whose name is at name_index ("" when none)."""
        k = name_index - 2
        while k >= 0 and self.is_id(k) and self.tokens[k].text in MODIFIERS:
            if self.tokens[k].text in ("public", "open", "package", "internal", "fileprivate", "private"):
                return self.tokens[k].text
            k -= 1
        return ""

    def after_generics(self, j: int) -> int:
        """The index after a generic parameter clause starting at j (`<T: P, U>`), or j when there is none."""
        if not (j < len(self.tokens) and self.tokens[j].kind == "punct" and self.tokens[j].text.startswith("<")):
            return j
        depth = 0
        while j < len(self.tokens):
            token = self.tokens[j]
            if token.kind == "punct":
                depth += token.text.count("<") - token.text.count(">")
            j += 1
            if depth <= 0:
                break
        return j

    def declared_types(self):
        """(name, keyword index, inheritance identifiers) for each type declaration and typealias."""
        for i, t in enumerate(self.tokens):
            if not (t.kind == "id" and t.text in TYPE_KEYWORDS | {"typealias"} and self.is_id(i + 1)):
                continue
            if t.text == "class" and self.tokens[i + 1].text in MODIFIERS | DECL_KEYWORDS:
                continue
            j, inherited = self.after_generics(i + 2), []
            if self.is_punct(j, ":") or self.is_punct(j, "="):
                j += 1
                while j < len(self.tokens) and not self.is_punct(j, "{") and not self.is_id(j, "where"):
                    if self.tokens[j].newline_before and self.tokens[j].kind == "id" and (
                        self.tokens[j].text in MODIFIERS | DECL_KEYWORDS):
                        break
                    if self.tokens[j].kind == "id":
                        inherited.append(self.tokens[j].text)
                    j += 1
            yield self.tokens[i + 1].text, i + 1, inherited

    def declared_functions(self):
        """(name and first label, name index) for each func declaration."""
        for i, t in enumerate(self.tokens):
            if t.kind == "id" and t.text == "func" and self.is_id(i + 1):
                j = self.after_generics(i + 2)
                if not self.is_punct(j, "("):
                    continue
                label = None
                if self.is_id(j + 1):
                    label = self.tokens[j + 1].text
                    if label == "_":
                        label = None
                yield self.tokens[i + 1].text, label, i + 1


# ---------------------------------------------------------------------------------------------------------------------
# Packages


def swift_files(root: str) -> list[str]:
    """The .swift files of the package at root, without nested packages, build folders and manifests."""
    found = []
    for directory, subdirectories, files in os.walk(root):
        subdirectories[:] = sorted(
            d for d in subdirectories
            if not d.startswith(".") and not os.path.exists(os.path.join(directory, d, "Package.swift"))
        )
        for name in sorted(files):
            if name.endswith(".swift") and not (directory == root and name.startswith("Package")):
                found.append(os.path.join(directory, name))
    return found


def discover_packages(repository: str) -> list[str]:
    packages = [repository]
    for top in ("Examples", "Benchmarks"):
        base = os.path.join(repository, top)
        for directory, subdirectories, files in os.walk(base):
            subdirectories[:] = sorted(d for d in subdirectories if not d.startswith("."))
            if "Package.swift" in files:
                packages.append(directory)
                subdirectories[:] = []
    return packages


def target_scope(file: SwiftFile, package: str, index: int) -> str:
    """Where the declaration named at index is visible: "" (everywhere) for a public or package declaration of a
    library under Sources/ (or of the root package, seen from a nested one), else its own target's folder."""
    parts = os.path.relpath(file.path, package).split(os.sep)
    if parts[0].startswith(".."):  # the root package, seen from a nested one: its public API only
        return "" if file.access(index) in ("public", "open") else NOWHERE
    if parts[0] == "Sources" and file.access(index) in ("public", "open", "package"):
        return ""
    return os.sep.join(parts[:2])


NOWHERE = "\0"  # the scope of a declaration that the checked package cannot see


def in_scope(rule: "Rule", file: SwiftFile, package: str) -> bool:
    if not rule.scope:
        return True
    return os.path.relpath(file.path, package).startswith(rule.scope + os.sep)


def derive_rules(files: list[SwiftFile], rules: list[Rule], deployment: dict, package: str) -> list[Rule]:
    """Rules for the scanned code's own declarations that need more than the deployment targets.

    A type conforming to a listed protocol (or to a derived type) needs what the protocol needs; a type or a function
    whose declaration is gated above the deployment target needs what its gate says. A name declared more than once
    in one scope needs the least of its declarations. A declaration under Sources/ is seen everywhere, one in a test
    or example target only in that target.
    """
    derived: dict[tuple, Rule] = {}
    protocol_rules = {r.name: r for r in rules if r.kind == KIND_IDENT}

    def gated(file: SwiftFile, index: int) -> dict:
        versions = {}
        for p in APPLE:
            value = file.coverage(index, p)
            versions[p] = value if isinstance(value, tuple) else None
        return versions

    def needs_more(versions: dict) -> bool:
        return any(v is not None and p in deployment and v > deployment[p] for p, v in versions.items())

    def least(declarations: list) -> dict:
        versions = {}
        for p in APPLE:
            values = [d[0][p] for d in declarations]
            versions[p] = None if any(v is None for v in values) else min(values)
        return versions

    def visible(name: str, scope: str):
        return derived.get((scope, name)) or derived.get(("", name))

    # A typealias inside a type (a message's `Subject`) is named through its type, never alone.
    type_decls = [(f, target_scope(f, package, index), name, index, inherited)
                  for f in files for name, index, inherited in f.declared_types()
                  if not (f.tokens[index - 1].text == "typealias" and f.enclosing[index] >= 0)]
    type_decls = [d for d in type_decls if d[1] != NOWHERE]
    changed = True
    while changed:
        changed = False
        by_name: dict[tuple, list] = {}
        for f, scope, name, index, inherited in type_decls:
            versions = gated(f, index)
            reasons = []
            for parent in inherited:
                rule = protocol_rules.get(parent) or visible(parent, scope)
                if rule is not None and rule.name != name:
                    reasons.append(parent)
                    for p in APPLE:
                        if rule.versions.get(p) is not None and (versions[p] is None or rule.versions[p] > versions[p]):
                            versions[p] = rule.versions[p]
            by_name.setdefault((scope, name), []).append((versions, f, index, reasons))
        for key, declarations in by_name.items():
            scope, name = key
            if name in protocol_rules:
                continue
            versions = least(declarations)
            if not needs_more(versions):
                if key in derived:
                    del derived[key]
                    changed = True
                continue
            _, f, index, reasons = declarations[0]
            why = f"conforms to {', '.join(reasons)}" if reasons else "declared with @available"
            rule = Rule(name, versions, f"{f.display}:{f.tokens[index].line}: {why}", scope=scope, derived=True)
            if key not in derived or derived[key].versions != versions:
                derived[key] = rule
                changed = True

    by_function: dict[tuple, list] = {}
    for f in files:
        for name, label, index in f.declared_functions():
            scope = target_scope(f, package, index)
            if scope == NOWHERE:
                continue
            by_function.setdefault((scope, name, label), []).append((gated(f, index), f, index))
    for (scope, name, label), declarations in by_function.items():
        versions = least(declarations)
        if label is None or not needs_more(versions):
            continue
        pattern = f"{name}({label}:"
        if any(r.pattern == pattern for r in rules):
            continue
        _, f, index = declarations[0]
        derived[(scope, pattern)] = Rule(pattern, versions, f"{f.display}:{f.tokens[index].line}: declared with "
                                         "@available", scope=scope, derived=True)
    return list(derived.values())


@dataclass
class Finding:
    file: SwiftFile
    index: int
    rule: Rule
    missing: list  # platforms not covered


def load_package(package: str, repository: str, rules: list[Rule]):
    """The package's deployment targets, its files, and the table's rules plus those derived from its code."""
    manifest = os.path.join(package, "Package.swift")
    deployment = read_platforms(manifest) if os.path.exists(manifest) else {}
    files = [SwiftFile(p, os.path.relpath(p, repository)) for p in swift_files(package)]
    index_files = list(files)
    root_sources = os.path.join(repository, "Sources")
    if os.path.abspath(package) != os.path.abspath(repository) and os.path.isdir(root_sources):
        index_files += [SwiftFile(p, os.path.relpath(p, repository)) for p in swift_files(root_sources)]
    return deployment, files, rules + derive_rules(index_files, rules, deployment, package)


def check_package(package: str, repository: str, rules: list[Rule]) -> tuple[list[Finding], dict, int, int]:
    deployment, files, all_rules = load_package(package, repository, rules)
    triggers: dict[str, list[Rule]] = {}
    for rule in all_rules:
        key = {KIND_ATTRIBUTE: "@", KIND_IMPLICIT_MEMBER: "."}.get(rule.kind, rule.name)
        triggers.setdefault(key, []).append(rule)
    findings, uses = [], 0
    for f in files:
        seen = set()
        for i, token in enumerate(f.tokens):
            for rule in triggers.get(token.text, ()):
                if not in_scope(rule, f, package) or not f.matches(rule, i):
                    continue
                position = f.use_position(rule, i)
                if position in seen:
                    continue
                required = {p: rule.versions.get(p) for p in deployment}
                required = {p: v for p, v in required.items() if v is not None and v > deployment[p]}
                if not required:
                    continue
                uses += 1
                seen.add(position)
                missing = []
                for p, version in required.items():
                    covered = f.coverage(position, p)
                    if covered == "unavailable" or (covered is not None and covered >= version):
                        continue
                    missing.append(p)
                if missing:
                    findings.append(Finding(f, position, rule, missing))
    return findings, deployment, len(files), uses


def describe(platforms: list, versions: dict) -> str:
    return "/".join(f"{p} {show_version(versions[p])}" for p in platforms)


def message(finding: Finding, deployment: dict) -> str:
    t = finding.file.tokens[finding.index]
    rule = finding.rule
    ordered = [p for p in APPLE if p in finding.missing]
    needs = describe(ordered, rule.versions)
    targets = describe(ordered, deployment)
    # visionOS 1 is every visionOS: naming it would add nothing.
    suggestion = ", ".join(f"{p} {show_version(v)}" for p, v in ((p, rule.versions[p]) for p in APPLE)
                           if v is not None and not (p == "visionOS" and v <= (1, 0, 0))) + ", *"
    return (f"{finding.file.display}:{t.line}:{t.col}: error: [availability] {rule.display} needs {needs}; "
            f"deployment target is {targets}; add @available({suggestion}) or if #available({suggestion}) "
            f"(source: {rule.source})")


def main(argv: list[str]) -> int:
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--table", default=os.path.join(here, "apple-availability.tsv"))
    parser.add_argument("--repository", default=os.path.dirname(here))
    parser.add_argument("--rules", action="store_true", help="print each package's derived rules and exit")
    parser.add_argument("packages", nargs="*")
    args = parser.parse_args(argv)
    rules = load_table(args.table)
    repository = os.path.abspath(args.repository)
    packages = [os.path.abspath(p) for p in args.packages] or discover_packages(repository)
    errors = 0
    for package in packages:
        name = os.path.relpath(package, repository)
        if args.rules:
            for rule in load_package(package, repository, rules)[2]:
                if rule.derived:
                    versions = ", ".join(f"{p} {show_version(v)}" for p, v in rule.versions.items() if v)
                    print(f"{name}: {rule.display} [{rule.scope or 'everywhere'}]: {versions} ({rule.source})")
            continue
        try:
            findings, deployment, count, uses = check_package(package, repository, rules)
        except LexError as error:
            print(f"{name}: error: [availability] could not read the sources: {error}")
            return 2
        for finding in findings:
            print(message(finding, deployment))
        errors += len(findings)
        targets = ", ".join(f"{p} {show_version(v)}" for p, v in deployment.items()) or "none listed: nothing to check"
        print(f"availability: {name}: {count} files, {uses} uses of APIs newer than its targets ({targets}), "
              f"{len(findings)} not covered")
    if errors:
        print(f"FAILED: {errors} use(s) not covered by @available or #available on every Apple platform of the package")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
