#!/usr/bin/env python3
"""Fixture fuzzing for bridgecheck: fixtures cannot crash or hang the harness.

Takes the shipped fixtures, mutates them (seeded, deterministic), writes them
in batches to a temporary folder and runs the built `bridgecheck` on each
batch: `validate DIR` once per batch, then `run --format json` on the fixtures
that validated. A finding is:

- a crash: the process ended by a signal;
- a hang: an invocation outlived --timeout;
- an unexpected exit: a status outside the documented set (validate: 0 or 2;
  run: 0 or 1; 3 is an internal error; 130/143 only on interrupt);
- malformed output: validate's problem list or run's JSON report not of the
  documented shape (one problem per line with file, pointer, message, code and
  an optional hint line; a JSON report with one result per fixture).

Each offending fixture is isolated (by halving the batch) and written to the findings folder with a note saying how
to reproduce it. Python 3 standard library only.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field

# --------------------------------------------------------------------------
# JSON with duplicate keys: objects are lists of (key, value) pairs.


class Obj(list):
    """A JSON object as an ordered list of pairs (duplicates allowed)."""


def load_json(text: str):
    return json.loads(text, object_pairs_hook=lambda pairs: Obj(pairs))


def dump(value, indent: int | None, depth: int = 0) -> str:
    """Serialize, keeping duplicate keys; deep values are written iteratively enough."""
    pad = "" if indent is None else "\n" + " " * (indent * (depth + 1))
    end = "" if indent is None else "\n" + " " * (indent * depth)
    if isinstance(value, Obj):
        if not value:
            return "{}"
        items = [json.dumps(k) + ": " + dump(v, indent, depth + 1) for k, v in value]
        return "{" + pad + ("," + pad).join(items) + end + "}"
    if isinstance(value, list):
        if not value:
            return "[]"
        return "[" + pad + ("," + pad).join(dump(v, indent, depth + 1) for v in value) + end + "]"
    if isinstance(value, RawJSON):
        return value.text
    if isinstance(value, float) and value != value:
        return "NaN"
    return json.dumps(value)


class RawJSON:
    """Text written as is (huge numbers, deep nesting built as text)."""

    def __init__(self, text: str):
        self.text = text


# --------------------------------------------------------------------------
# Mutations

CATASTROPHIC_REGEXES = [
    "(a|aa)*$", "(a+)+$", "(x+x+)+y", "^(\\w+\\s?)*$", "(.*a){20}", "([a-zA-Z]+)*[0-9]$", "(a|a)*b",
    "((a{1000}){1000}){1000}", "(a)\\1", "(?<=a)b", "a(?=b)", "\\p{L}", "a{99999}", "[", "(", "a**",
    "(?i)(?s)(?m)^x", "\\", "[z-a]", "(" * 5000 + ")" * 5000, "a" * 20000, "[\\s\\S]{0,1000}x{1000}",
    "(?<n>a)\\k<n>", "\\uD800", "\\x{110000}", "^(?!a)(?!b)(?=c)", "(?:)*", "()+", "(|)*", "$^", "\\b\\B",
]
PAGE_SCRIPTS = [
    "while(true){}", "for(;;){}", "queueMicrotask(function f(){queueMicrotask(f)})",
    "setTimeout(function f(){setTimeout(f,0)},0)", "setInterval(function(){},0)",
    "Promise.resolve().then(function f(){return Promise.resolve().then(f)})", "throw new Error('fuzz')",
    "window.WebViewJavascriptBridge = null", "JSON.stringify = null", "JSON.parse = function(){throw 1}",
    "Object.prototype.toString = 1", "Array.prototype.push = null", "location.href = 'https://__bridge_loaded__'",
    "for (var i = 0; i < 1000; i++) { location.href = 'https://__wvjb_queue_message__/' }",
    "new Function('while(1);')()", "eval('{')", "}{", "\u0000\u2028\ud7ff", "debugger;",
    "var s = 'x'; for (var i = 0; i < 20; i++) s += s; console.log(s)", "console.log('\\u001b[2J\\n[fake] PASS')",
    "setTimeout = null", "Date.now = function(){return NaN}", "Math.random = function(){throw 0}",
    "window.webkit = {messageHandlers: {}}", "document.documentElement.appendChild(document.createElement('iframe'))",
    "alert(1); confirm(2); prompt(3)", "(function r(){r()})()",
    "var o = 1; for (var i = 0; i < 100000; i++) o = [o]; window.WebViewJavascriptBridge.callHandler('h', o)",
    "var o = {}; for (var i = 0; i < 100000; i++) o = {a: o}; console.log(o); JSON.stringify(o)",
]
JUNK_STRINGS = [
    "", " ", "\u0000", "\u2028\u2029", "\u202e\u200b", "\ud83d\ude00" * 50, "e\u0301" * 30, "\u001b[31mred\u001b[0m",
    "\n[fake] bridgecheck: ok", "\uffff\ufffe", "\\", "\"", "~0/~1", "NaN", "Infinity", "-Infinity", "null",
    "undefined", "1e309", "0x10", "true", "__proto__", "constructor", "$repeat", "$regex", "$literal",
    "a" * 70000, "\ud800", "\udfff", "%s%n%x", "../../etc/passwd", "é" * 1000,
]
HUGE_NUMBERS = [
    "1e308", "-1e308", "1e400", "-1e400", "1e-400", "9007199254740993", "18446744073709551616", "-0", "0.1",
    "123456789012345678901234567890", "4294967296", "2147483648", "-2147483649", "1E+2", "0e0",
]
REPEATS = [
    (1 << 30, "x"), (16 << 20, "x"), ((16 << 20) + 1, "x"), (1e300, "ab"), (-1, "x"), (1.5, "x"), ("3", "x"),
    (5 << 20, "\ud83d\ude00"), (0, "x"), (2 ** 53, "x"), (100, ""),
]


@dataclass
class Fuzzed:
    """One fuzzed fixture file."""

    name: str
    data: bytes
    base: str
    mutations: list[str] = field(default_factory=list)
    fixture_id: str | None = None


def nodes(value, path=()):
    """Every (container, key-or-index, path) in the document."""
    stack = [(value, path)]
    while stack:
        current, here = stack.pop()
        if isinstance(current, Obj):
            for index, (key, child) in enumerate(current):
                yield current, index, here + (key,)
                stack.append((child, here + (key,)))
        elif isinstance(current, list):
            for index, child in enumerate(current):
                yield current, index, here + (index,)
                stack.append((child, here + (index,)))


def get(container, index):
    return container[index][1] if isinstance(container, Obj) else container[index]


def put(container, index, value):
    if isinstance(container, Obj):
        container[index] = (container[index][0], value)
    else:
        container[index] = value


def random_value(rng: random.Random, others):
    kind = rng.randrange(12)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return RawJSON(rng.choice(HUGE_NUMBERS))
    if kind == 3:
        return rng.choice(JUNK_STRINGS)
    if kind == 4:
        return []
    if kind == 5:
        return Obj()
    if kind == 6:
        return rng.randrange(-3, 2000)
    if kind == 7 and others:
        # a subtree of another fixture
        other = rng.choice(others)
        candidates = list(nodes(other))
        if candidates:
            container, index, _ = rng.choice(candidates)
            return get(container, index)
    if kind == 8:
        return Obj([("$regex", rng.choice(CATASTROPHIC_REGEXES))])
    if kind == 9:
        times, text = rng.choice(REPEATS)
        return Obj([("$repeat", Obj([("text", text), ("times", times)]))])
    if kind == 10:
        return rng.choice(PAGE_SCRIPTS)
    return rng.choice(["echo", "silent", "must", "pair", "page", "native", "settle", "console", "x"])


def deep(rng: random.Random) -> RawJSON:
    depth = rng.choice([50, 200, 1000, 5000, 100000])
    if rng.random() < 0.5:
        return RawJSON("[" * depth + "1" + "]" * depth)
    return RawJSON('{"a":' * depth + "1" + "}" * depth)


def mutate_document(doc, rng: random.Random, others) -> tuple[object, list[str]]:
    """Applies 1-4 structural mutations; returns the document and their names."""
    applied = []
    for _ in range(rng.randint(1, 4)):
        everything = list(nodes(doc))
        choice = rng.randrange(16)
        if choice == 0 and everything:  # delete a key or element
            container, index, path = rng.choice(everything)
            del container[index]
            applied.append(f"delete {path}")
        elif choice == 1:  # duplicate a key
            objects = [c for c, _, _ in everything if isinstance(c, Obj) and c] + ([doc] if isinstance(doc, Obj) else [])
            if objects:
                target = rng.choice(objects)
                pair = rng.choice(list(target))
                target.insert(rng.randrange(len(target) + 1), (pair[0], random_value(rng, others)))
                applied.append(f"duplicate key {pair[0]!r}")
        elif choice in (2, 3) and everything:  # retype a value
            container, index, path = rng.choice(everything)
            put(container, index, random_value(rng, others))
            applied.append(f"retype {path}")
        elif choice == 4 and everything:  # huge number
            container, index, path = rng.choice(everything)
            put(container, index, RawJSON(rng.choice(HUGE_NUMBERS)))
            applied.append(f"huge number at {path}")
        elif choice == 5 and everything:  # deep nesting
            container, index, path = rng.choice(everything)
            put(container, index, deep(rng))
            applied.append(f"deep nesting at {path}")
        elif choice == 6 and isinstance(doc, Obj):  # giant or many $repeat
            steps = Obj([("action", "native.call"), ("handler", "h")])
            if rng.random() < 0.5:
                times, text = rng.choice(REPEATS)
                steps.append(("data", Obj([("$repeat", Obj([("text", text), ("times", times)]))])))
                generated = [steps]
            else:
                count = rng.choice([5, 257, 1000])
                times = rng.choice([1, 1 << 20, 16 << 20])
                generated = [Obj(list(steps) + [("data", Obj([("$repeat", Obj([("text", "x"), ("times", times)]))]))])
                             for _ in range(count)]
            doc.append(("steps", generated))
            applied.append("giant $repeat")
        elif choice == 7 and isinstance(doc, Obj):  # catastrophic $regex in expectations and app policy
            pattern = rng.choice(CATASTROPHIC_REGEXES)
            event = Obj([("event", "console"), ("text", Obj([("$regex", pattern)]))])
            doc.append(("expect", Obj([("events", [event]), ("ordered", False)])))
            if rng.random() < 0.5:
                doc.append(("setup", Obj([("appPolicy", Obj([("cancel", [rng.choice(CATASTROPHIC_REGEXES)])])),
                                          ("pageScripts", ["console.log('" + "a" * 30000 + "b')"])])))
            applied.append(f"regex {pattern[:40]!r}")
        elif choice == 8 and isinstance(doc, Obj):  # page scripts
            script = rng.choice(PAGE_SCRIPTS)
            where = rng.randrange(3)
            if where == 0:
                doc.append(("setup", Obj([("pageScripts", [script])])))
            elif where == 1:
                doc.append(("steps", [Obj([("action", "page.script"), ("script", script)]), Obj([("action", "settle")])]))
            else:
                doc.append(("setup", Obj([("onReady", [Obj([("action", "page.script"), ("script", script)])])])))
            applied.append(f"page script {script[:40]!r}")
        elif choice == 9 and everything:  # unicode junk key
            objects = [c for c, _, _ in everything if isinstance(c, Obj)]
            if objects:
                rng.choice(objects).append((rng.choice(JUNK_STRINGS), random_value(rng, others)))
                applied.append("junk key")
        elif choice == 10 and isinstance(doc, Obj):  # many steps
            count = rng.choice([100, 1000, 5000])
            step = rng.choice([
                Obj([("action", "advance"), ("ms", 86400000)]), Obj([("action", "settle")]),
                Obj([("action", "reload")]), Obj([("action", "native.call"), ("handler", "h"), ("data", 1)]),
                Obj([("action", "navigate"), ("url", "https://__wvjb_queue_message__/")]),
            ])
            doc.append(("steps", [step] * count))
            applied.append(f"{count} steps")
        elif choice == 11 and isinstance(doc, Obj):  # swap a section with another fixture's
            if others:
                other = rng.choice(others)
                if isinstance(other, Obj) and other:
                    doc.append(rng.choice(list(other)))
                    applied.append("crossover")
        elif choice == 12 and everything:  # typo in a key
            objects = [(c, i) for c, i, _ in everything if isinstance(c, Obj)]
            if objects:
                container, index = rng.choice(objects)
                key, value = container[index]
                if key:
                    position = rng.randrange(len(key))
                    container[index] = (key[:position] + key[position + 1:], value)
                    applied.append(f"typo {key!r}")
        elif choice == 13 and isinstance(doc, Obj):  # replace the document's root type
            doc = rng.choice([[], "fixture", 1, None, [doc], Obj()])
            applied.append("root type")
            break
        elif choice == 14 and everything:  # behaviour with extremes
            container, index, path = rng.choice(everything)
            put(container, index, Obj([("respond", "echo"), ("times", rng.choice([1000, 1001, -1, 1e9])),
                                       ("delay", rng.choice([3600000, 1e300, -5])), ("throw", "\u2028")]))
            applied.append(f"extreme behaviour at {path}")
        elif choice == 15 and everything:  # $literal and $-forms in odd places
            container, index, path = rng.choice(everything)
            put(container, index, Obj([(rng.choice(["$literal", "$any", "$undefined", "$type", "$contains", "$count", "$min",
                                                    "$max", "$nope"]), random_value(rng, others))]))
            applied.append(f"$ form at {path}")
    return doc, applied


VALID_CATASTROPHIC = ["(a|aa)*$", "(a+)+$", "(x+x+)+y", "^(\\w+\\s?)*$", "(.*a){20}", "([a-zA-Z]+)*[0-9]$",
                      "(a|a)*b", "[\\s\\S]{0,1000}x{1000}", "(?i)(ab|a)*c", "^(?!a)(?!b)(?=c)", "(?:)*", "(|)*"]


def field_of(obj: Obj, key: str):
    for k, v in obj:
        if k == key:
            return v
    return None


def ensure(obj: Obj, key: str, make):
    value = field_of(obj, key)
    if value is None:
        value = make()
        obj.append((key, value))
    return value


def gentle_data(rng: random.Random):
    kind = rng.randrange(6)
    if kind == 0:
        return rng.choice(JUNK_STRINGS)
    if kind == 1:
        return RawJSON(rng.choice(HUGE_NUMBERS))
    if kind == 2:
        depth = rng.choice([10, 300, 990])
        return RawJSON("[" * depth + '"deep"' + "]" * depth)
    if kind == 3:
        times = rng.choice([1000, 1 << 20, 4 << 20])
        return Obj([("$repeat", Obj([("text", rng.choice(["x", "\u2028", "\ud83d\ude00", "\\\"'"])), ("times", times)]))])
    if kind == 4:
        return Obj([(rng.choice(JUNK_STRINGS[:20]), rng.choice(JUNK_STRINGS[:20])) for _ in range(rng.randrange(1, 5))])
    return [None, True, 0, -0.0, "", [], Obj()]


def mutate_gently(doc, rng: random.Random) -> list[str]:
    """Mutations that usually keep the fixture valid, so that `run` sees it."""
    applied = []
    if not isinstance(doc, Obj):
        return applied
    for _ in range(rng.randint(1, 3)):
        choice = rng.randrange(6)
        if choice == 0:  # odd data in a call
            steps = ensure(doc, "steps", list)
            if isinstance(steps, list):
                action = rng.choice(["native.call", "page.call"])
                steps.append(Obj([("action", action), ("handler", rng.choice(["echo", "h", "missing"])),
                                  ("data", gentle_data(rng))]))
                applied.append(f"{action} with odd data")
        elif choice == 1:  # a page script
            setup = ensure(doc, "setup", Obj)
            script = rng.choice(PAGE_SCRIPTS)
            if isinstance(setup, Obj) and rng.random() < 0.5:
                scripts = ensure(setup, "pageScripts", list)
                if isinstance(scripts, list):
                    scripts.append(script)
            else:
                steps = ensure(doc, "steps", list)
                if isinstance(steps, list):
                    steps.append(Obj([("action", "page.script"), ("script", script)]))
                    steps.append(Obj([("action", "settle")]))
            applied.append(f"page script {script[:40]!r}")
        elif choice == 2:  # a catastrophic (but supported) pattern
            pattern = rng.choice(VALID_CATASTROPHIC)
            expect = ensure(doc, "expect", Obj)
            if isinstance(expect, Obj):
                absent = ensure(expect, "absent", list)
                if isinstance(absent, list):
                    absent.append(Obj([("event", "console"), ("text", Obj([("$regex", pattern)]))]))
            if rng.random() < 0.5:
                setup = ensure(doc, "setup", Obj)
                if isinstance(setup, Obj):
                    setup.append(("appPolicy", Obj([("cancel", [rng.choice(VALID_CATASTROPHIC)])])))
                    scripts = ensure(setup, "pageScripts", list)
                    if isinstance(scripts, list):
                        scripts.append("console.log('" + "a" * 30000 + "b'); location.href = 'https://x/" + "a" * 5000 + "'")
            applied.append(f"valid regex {pattern!r}")
        elif choice == 3:  # many steps
            steps = ensure(doc, "steps", list)
            if isinstance(steps, list):
                count = rng.choice([50, 500, 2000])
                step = rng.choice([Obj([("action", "advance"), ("ms", 86400000)]), Obj([("action", "settle")]),
                                   Obj([("action", "reload")]), Obj([("action", "native.call"), ("handler", "echo")]),
                                   Obj([("action", "navigate"), ("url", "https://__wvjb_queue_message__/")])])
                steps.extend([step] * count)
                applied.append(f"{count} more steps")
        elif choice == 4:  # a handler with extreme behaviour
            setup = ensure(doc, "setup", Obj)
            if isinstance(setup, Obj):
                handlers = ensure(setup, rng.choice(["nativeHandlers", "pageHandlers"]), Obj)
                if isinstance(handlers, Obj):
                    handlers.append((rng.choice(["echo", "h", "x\u2028"]), Obj([("respond", "echo"), ("times", 1000),
                                                                                ("delay", rng.choice([0, 3600000]))])))
                    applied.append("extreme handler")
        else:  # wire-level junk
            steps = ensure(doc, "steps", list)
            if isinstance(steps, list):
                steps.append(Obj([("action", "wire.toPage"), ("raw", rng.choice(JUNK_STRINGS))]))
                steps.append(Obj([("action", "wire.toNative"), ("raw", rng.choice(JUNK_STRINGS))]))
                applied.append("wire junk")
    return applied


def mutate_bytes(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    """Byte-level damage: truncation, invalid UTF-8, NULs, BOM, comments."""
    kind = rng.randrange(9)
    if kind == 0 and data:
        cut = rng.randrange(len(data))
        return data[:cut], f"truncated at byte {cut}"
    if kind == 1:
        position = rng.randrange(len(data) + 1)
        junk = rng.choice([b"\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x00", b"\xe2\x80"])
        return data[:position] + junk + data[position:], f"invalid bytes {junk!r} at {position}"
    if kind == 2:
        return b"\xef\xbb\xbf" + data, "BOM"
    if kind == 3:
        return data.replace(b"}", b"},", 1), "trailing comma"
    if kind == 4:
        return b"// comment\n" + data, "comment"
    if kind == 5:
        return b"", "empty file"
    if kind == 6:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))), "random bytes"
    if kind == 7:
        return data + b" " + data, "two documents"
    return data.replace(b'"', b"'", 1), "single quote"


def fuzz_one(index: int, rng: random.Random, bases: list[tuple[str, str]], parsed: list) -> Fuzzed:
    base_index = rng.randrange(len(bases))
    base_path, base_text = bases[base_index]
    doc = load_json(base_text)
    fixture_id = None
    if isinstance(doc, Obj):
        for position, (key, value) in enumerate(doc):
            if key == "id" and isinstance(value, str):
                fixture_id = f"{value}-fuzz-{index}"
                doc[position] = (key, fixture_id)
    if rng.random() < 0.5:
        applied = mutate_gently(doc, rng)
    else:
        doc, applied = mutate_document(doc, rng, parsed)
    text = dump(doc, rng.choice([None, 2]))
    data = text.encode("utf-8", "surrogatepass")
    if rng.random() < 0.06:
        data, damage = mutate_bytes(data, rng)
        applied.append(damage)
    return Fuzzed(name=f"f{index:06d}.json", data=data, base=base_path, mutations=applied, fixture_id=fixture_id)


# --------------------------------------------------------------------------
# Running bridgecheck


@dataclass
class Invocation:
    status: str  # "ok", "crash", "hang", "unexpected-exit", "bad-output"
    returncode: int | None
    stdout: str
    stderr: str
    detail: str = ""
    seconds: float = 0.0


LIVE: set[subprocess.Popen] = set()
STOPPING = threading.Event()


class Stopped(Exception):
    """The campaign is being interrupted: no new bridgecheck process."""
LIVE_LOCK = threading.Lock()


def invoke(command: list[str], timeout: float) -> tuple[int | None, str, str, float]:
    """Runs bridgecheck in its own process group (killed whole on a hang)."""
    started = time.monotonic()
    with LIVE_LOCK:
        if STOPPING.is_set():
            raise Stopped()
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        LIVE.add(process)
    try:
        stdout, stderr = process.communicate(timeout=timeout)
        code = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        stdout, stderr = process.communicate()
        code = None
    finally:
        with LIVE_LOCK:
            LIVE.discard(process)
    return code, stdout.decode("utf-8", "replace"), stderr.decode("utf-8", "replace"), time.monotonic() - started


def stop_children() -> None:
    """Kills the bridgecheck processes still running (on interrupt)."""
    with LIVE_LOCK:
        for process in list(LIVE):
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


HEADER = re.compile(r"^bridgecheck: (\d+) problems? in (\d+) fixture files?:$")
CODE = re.compile(r" \[[a-z0-9-]+\]$")
VALID = re.compile(r"^bridgecheck: (\d+) fixtures? in (\d+) areas? (is|are) valid$")


def classify_exit(code: int | None, allowed: set[int]) -> str | None:
    if code is None:
        return "hang"
    if code < 0:
        return "crash"
    if code not in allowed:
        return "unexpected-exit"
    return None


def validate(binary: str, folder: str, files: list[str], timeout: float) -> tuple[Invocation, set[str]]:
    """Runs validate on a folder; returns the outcome and the files with problems."""
    code, stdout, stderr, seconds = invoke([binary, "validate", folder], timeout)
    result = Invocation("ok", code, stdout, stderr, seconds=seconds)
    bad = classify_exit(code, {0, 2})
    if bad:
        result.status, result.detail = bad, f"validate exited with {code}"
        return result, set(files)
    names = {os.path.join(folder, name) for name in files}
    invalid: set[str] = set()
    if code == 0:
        match = VALID.match(stdout.strip())
        if not match or int(match.group(1)) != len(files):
            result.status, result.detail = "bad-output", f"validate said {stdout.strip()[:200]!r} for {len(files)} files"
        return result, invalid
    lines = stderr.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    expected = None
    problems = 0
    for line in lines:
        if line.startswith("bridgecheck: warning: ") or line.startswith("  hint: "):
            continue
        header = HEADER.match(line)
        if header and expected is None:
            expected = int(header.group(1))
            continue
        file = next((name for name in (line.split("#", 1)[0], line.split(".json:", 1)[0] + ".json") if name in names), None)
        if file and CODE.search(line):
            invalid.add(file)
            problems += 1
            continue
        result.status, result.detail = "bad-output", f"validate printed a line of no documented shape: {line[:300]!r}"
        return result, invalid
    if expected is None or expected != problems or not invalid:
        result.status = "bad-output"
        result.detail = f"validate announced {expected} problems and listed {problems} (files: {len(invalid)})"
    return result, {os.path.basename(name) for name in invalid}


STATUSES = {"pass", "fail", "error", "skip", "xfail", "xpass"}


def run(binary: str, folder: str, fixtures: list[Fuzzed], timeout: float) -> Invocation:
    code, stdout, stderr, seconds = invoke([binary, "run", folder, "--format", "json", "--jobs", "1"], timeout)
    result = Invocation("ok", code, stdout, stderr, seconds=seconds)
    bad = classify_exit(code, {0, 1})
    if bad:
        result.status, result.detail = bad, f"run exited with {code}"
        return result
    try:
        report = json.loads(stdout)
        results = report["results"]
        files = sorted(os.path.basename(entry["file"]) for entry in results)
        statuses = {entry["status"] for entry in results}
    except (ValueError, KeyError, TypeError, RecursionError) as error:
        result.status, result.detail = "bad-output", f"run --format json printed no report ({error})"
        return result
    wanted = sorted(fixture.name for fixture in fixtures)
    if files != wanted or not statuses <= STATUSES:
        missing = sorted(set(wanted) - set(files))[:5]
        result.status = "bad-output"
        result.detail = f"run reported {len(files)} results for {len(wanted)} fixtures (missing {missing}), statuses {statuses}"
    return result


# --------------------------------------------------------------------------
# The campaign


class Findings:
    def __init__(self, folder: str):
        self.folder = folder
        self.lock = threading.Lock()
        self.counts = {"crash": 0, "hang": 0, "unexpected-exit": 0, "bad-output": 0}
        self.notes: list[str] = []

    def record(self, kind: str, command: str, fixtures: list[Fuzzed], invocation: Invocation, seed: int) -> None:
        with self.lock:
            self.counts[kind] += 1
            os.makedirs(self.folder, exist_ok=True)
            stem = f"{kind}-seed{seed}-{fixtures[0].name[:-5]}" + ("" if len(fixtures) == 1 else f"-and-{len(fixtures) - 1}")
            target = os.path.join(self.folder, stem)
            os.makedirs(target, exist_ok=True)
            for fixture in fixtures:
                with open(os.path.join(target, fixture.name), "wb") as handle:
                    handle.write(fixture.data)
            with open(os.path.join(target, "FINDING.txt"), "w", encoding="utf-8") as handle:
                handle.write(f"{kind}: {invocation.detail}\n")
                handle.write(f"reproduce: {command} {target}\n")
                handle.write(f"exit status: {invocation.returncode}, {invocation.seconds:.1f} s\n")
                for fixture in fixtures:
                    handle.write(f"{fixture.name}: from {fixture.base}; mutations: {fixture.mutations}\n")
                handle.write("--- stderr (tail) ---\n" + invocation.stderr[-4000:] + "\n")
                handle.write("--- stdout (tail) ---\n" + invocation.stdout[-2000:] + "\n")
            self.notes.append(f"{kind}: {target}: {invocation.detail}")


def write_batch(folder: str, fixtures: list[Fuzzed]) -> None:
    os.makedirs(folder, exist_ok=True)
    for fixture in fixtures:
        with open(os.path.join(folder, fixture.name), "wb") as handle:
            handle.write(fixture.data)


# One scenario run may take 20 s of wall-clock time (bridgecheck's own limit),
# and the default gate runs a passing scenario under seven schedules, each a run
# of its own; a single fixture's invocation past this is a hang whatever the
# batch did.
SINGLE_TIMEOUT = 7 * 20 + 10


def check(args, scratch: str, fixtures: list[Fuzzed], command: str, timeout: float) -> Invocation:
    """One invocation of validate or run on just these fixtures."""
    folder = os.path.join(scratch, f"isolate-{fixtures[0].name[:-5]}-{len(fixtures)}")
    write_batch(folder, fixtures)
    if command == "validate":
        outcome, _ = validate(args.bridgecheck, folder, [f.name for f in fixtures], timeout)
    else:
        outcome = run(args.bridgecheck, folder, fixtures, timeout)
    shutil.rmtree(folder, ignore_errors=True)
    return outcome


def reproduce(args, command: str) -> str:
    return f"{args.bridgecheck} validate" if command == "validate" else f"{args.bridgecheck} run --format json"


def isolate(args, scratch: str, fixtures: list[Fuzzed], outcome: Invocation, findings: Findings, command: str) -> None:
    """Finds the fixtures that broke a batch. `validate` is fast: halving the
    batch takes about 2 log2(n) invocations. `run` may be legitimately slow
    (up to 20 s a scenario), so a batch that timed out is rerun one fixture at
    a time, with a timeout no healthy scenario reaches; a batch whose fixtures
    all pass alone was only slow, which is no finding."""
    if command == "run" and outcome.status == "hang":
        for fixture in fixtures:
            single = check(args, scratch, [fixture], command, SINGLE_TIMEOUT)
            if single.status != "ok":
                findings.record(single.status, reproduce(args, command), [fixture], single, args.seed)
        return
    if len(fixtures) == 1:
        findings.record(outcome.status, reproduce(args, command), fixtures, outcome, args.seed)
        return
    middle = len(fixtures) // 2
    for half in (fixtures[:middle], fixtures[middle:]):
        result = check(args, scratch, half, command, args.timeout)
        if result.status != "ok":
            isolate(args, scratch, half, result, findings, command)


@dataclass
class BatchResult:
    fixtures: int = 0
    valid: int = 0
    ran: int = 0


def process_batch(args, number: int, bases, parsed, scratch_root: str, findings: Findings) -> BatchResult:
    try:
        return fuzz_batch(args, number, bases, parsed, scratch_root, findings)
    except Stopped:
        return BatchResult()
    except Exception as error:  # a bug of the fuzzer itself: say so, go on with the other batches
        print(f"fuzz-fixtures: warning: batch {number} could not be checked: {error!r}", file=sys.stderr)
        return BatchResult()


def fuzz_batch(args, number: int, bases, parsed, scratch_root: str, findings: Findings) -> BatchResult:
    rng = random.Random(f"{args.seed}:{number}")
    first = number * args.batch_size
    count = min(args.batch_size, args.count - first)
    fixtures = [fuzz_one(first + offset, rng, bases, parsed) for offset in range(count)]
    scratch = os.path.join(scratch_root, f"batch-{number:05d}")
    folder = os.path.join(scratch, "fixtures")
    write_batch(folder, fixtures)
    outcome, invalid = validate(args.bridgecheck, folder, [f.name for f in fixtures], args.timeout)
    result = BatchResult(fixtures=len(fixtures))
    if outcome.status != "ok":
        isolate(args, scratch, fixtures, outcome, findings, "validate")
        shutil.rmtree(scratch, ignore_errors=True)
        return result
    valid = [fixture for fixture in fixtures if fixture.name not in invalid]
    result.valid = len(valid)
    if valid and not args.validate_only:
        runnable = os.path.join(scratch, "runnable")
        write_batch(runnable, valid)
        outcome = run(args.bridgecheck, runnable, valid, args.timeout)
        if outcome.status != "ok":
            isolate(args, scratch, valid, outcome, findings, "run")
        result.ran = len(valid)
    shutil.rmtree(scratch, ignore_errors=True)
    return result


def main() -> int:
    # Reports quote fixture data nested up to 1000 levels; json needs more than the default 1000 frames.
    sys.setrecursionlimit(20000)
    parser = argparse.ArgumentParser(description="Fuzz bridgecheck with mutated fixtures (crashes, hangs, bad output).")
    parser.add_argument("--bridgecheck", default=".build/debug/bridgecheck", help="the built executable")
    parser.add_argument("--fixtures", default="Fixtures", help="the fixtures to mutate")
    parser.add_argument("--count", type=int, default=None,
                        help="fuzzed fixtures to make (default 1000; with --time, as many as the time allows)")
    parser.add_argument("--time", type=float, default=None, help="stop starting batches after this many seconds")
    parser.add_argument("--seed", type=int, default=1, help="the seed: the same seed makes the same fixtures")
    parser.add_argument("--jobs", type=int, default=1, help="batches processed at once")
    parser.add_argument("--batch-size", type=int, default=250, help="fixtures per bridgecheck invocation")
    parser.add_argument("--timeout", type=float, default=120, help="seconds one invocation may take (a hang)")
    parser.add_argument("--findings", default="fuzz-findings", help="where offending fixtures are written")
    parser.add_argument("--avoid", action="append", default=[], metavar="TEXT",
                        help="leave out page scripts containing TEXT (repeatable), e.g. a known hang not fixed yet")
    parser.add_argument("--validate-only", action="store_true", help="only `validate`, no `run`")
    args = parser.parse_args()
    if args.count is None:
        args.count = 1000 if args.time is None else 10 ** 9

    if not os.access(args.bridgecheck, os.X_OK):
        print(f"fuzz-fixtures: {args.bridgecheck} is not an executable; build it first (swift build --product bridgecheck)",
              file=sys.stderr)
        return 2
    bases = []
    for root, _, files in os.walk(args.fixtures):
        for name in sorted(files):
            if name.endswith(".json") and name != "schema.json":
                path = os.path.join(root, name)
                with open(path, encoding="utf-8") as handle:
                    bases.append((path, handle.read()))
    bases.sort()
    if not bases:
        print(f"fuzz-fixtures: no fixtures under {args.fixtures}", file=sys.stderr)
        return 2
    parsed = [load_json(text) for _, text in bases]
    PAGE_SCRIPTS[:] = [script for script in PAGE_SCRIPTS if not any(text in script for text in args.avoid)]
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    findings = Findings(args.findings)
    started = time.monotonic()
    totals = BatchResult()
    batches = (args.count + args.batch_size - 1) // args.batch_size
    scratch_root = tempfile.mkdtemp(prefix="fuzz-fixtures-")
    interrupted = False
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs))
    try:
        pending: set[concurrent.futures.Future] = set()
        number = 0
        while number < batches or pending:
            while number < batches and len(pending) < max(1, args.jobs) and not (
                    args.time is not None and time.monotonic() - started > args.time):
                pending.add(pool.submit(process_batch, args, number, bases, parsed, scratch_root, findings))
                number += 1
            if not pending:
                break
            done, pending = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in done:
                batch = future.result()
                totals.fixtures += batch.fixtures
                totals.valid += batch.valid
                totals.ran += batch.ran
    except KeyboardInterrupt:
        interrupted = True
        STOPPING.set()
    finally:
        STOPPING.set()
        stop_children()
        pool.shutdown(wait=True, cancel_futures=True)
        shutil.rmtree(scratch_root, ignore_errors=True)
    elapsed = time.monotonic() - started
    counts = findings.counts
    for note in findings.notes:
        print(note)
    print(f"fuzz-fixtures: {totals.fixtures} fixtures, {counts['crash']} crashes, {counts['hang']} hangs, "
          f"{counts['unexpected-exit']} unexpected exits, {counts['bad-output']} malformed outputs "
          f"({totals.valid} valid and run, seed {args.seed}, {elapsed:.0f} s)")
    if interrupted:
        return 130
    return 1 if any(counts.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
