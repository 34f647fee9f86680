#!/usr/bin/env python3
"""A native-side WebViewJavascriptBridge (WVJB) in Python, behind the bridgecheck adapter protocol.

    bridgecheck run --native 'python3 conformance/adapters/python/adapter.py'

This file is two things at once:

* a complete native side of the WVJB protocol (docs/protocol.md), written from the protocol:
  start-up queue, injection on __bridge_loaded__ or at document start, bridge URL recognition,
  queue fetching, robust batch processing, escaping of the single-quoted script literal,
  objc_cb_N callback ids, at-most-once responses, missing-handler handling, reset, the safety
  timeout switch, and both transports (iframe navigations and messageHandlers posts);
* an example of a thin adapter (docs/adapter-protocol.md, version 1.2): it reads one JSON command
  per line on stdin and answers with the events the command caused, then {"type":"done","seq":N},
  flushing stdout after every command. Diagnostics go to stderr.
  From 1.2 on it keeps the page script of the last `start` (`samePageScript`), names it instead of
  sending it back (`pageScript: true`), and asks for the outcome of a message delivery only when
  it fails (`report: "failure"`). From 1.3 on, a handler registered with its `answer` is answered
  here, inside the handler (`answered: true`), without a `respond` round trip, and a `start` may
  say `sameConfiguration` instead of repeating the configuration. From 1.4 on, a long script
  crosses as a block of raw UTF-8 after its `evaluate` line (`scriptBytes`), and a long
  evaluation result comes the same way (`resultBytes`), instead of as escaped JSON strings.

The bridge never touches a web view itself. Where an app's bridge would call WKWebView, it emits
an event (`evaluate`, `addUserScript`, `addScriptMessageHandler`), and the harness performs the
call on its simulated web view and reports back (`navigation`, `scriptMessage`,
`evaluationResult`). Handlers and callbacks belong to the harness too: the bridge reports
`handlerInvoked` / `callbackInvoked` and receives `respond`.

Standard library only; Python 3.8 or later.
"""

import json
import math
import re
import sys
import threading

PROTOCOL_VERSION = 1
PROTOCOL_MINOR = 4
ADAPTER_NAME = "python-wvjb"
ADAPTER_VERSION = "1.4.0"

# The page handler that switches the page to synchronous dispatch (spelled correctly, unlike the
# page API disableJavscriptAlertBoxSafetyTimeout).
SAFETY_TIMEOUT_HANDLER = "_disableJavascriptAlertBoxSafetyTimeout"
# The script message body that announces an injection in the messageHandlers transport (any other
# body only means "the queue has something").
BRIDGE_LOADED_SIGNAL = "__bridge_loaded__"
CLASSIC_FIELDS = ("handlerName", "data", "callbackId", "responseId", "responseData")
LEGACY_SCHEME = "wvjbscheme"
# 1.4: the shortest script sent as a text block (any length may be).
TEXT_BLOCK_MINIMUM = 16384


# -------------------------------------------------------------------------------------------------
# Text helpers
# -------------------------------------------------------------------------------------------------

def _literal_escapes():
    """The replacement of every character that may not appear raw in a single-quoted JS literal.

    Backslash and both quotes get a backslash; LF, CR and FF their short escapes; U+2028 and U+2029
    (line terminators before ES2019) and every other C0 and C1 control a \\uXXXX escape (never \\0,
    which a following digit would turn into a legacy octal escape). Lone surrogates, which a Python
    string can hold but UTF-8 cannot carry, are written as \\uXXXX escapes too."""
    table = {
        ord("\\"): "\\\\",
        ord("'"): "\\'",
        ord('"'): '\\"',
        0x0A: "\\n",
        0x0D: "\\r",
        0x0C: "\\f",
        0x2028: "\\u2028",
        0x2029: "\\u2029",
    }
    for code in list(range(0x00, 0x20)) + list(range(0x7F, 0xA0)) + list(range(0xD800, 0xE000)):
        table.setdefault(code, "\\u%04x" % code)
    return table


LITERAL_ESCAPES = _literal_escapes()
# The common special characters, replaced one after another by str.replace (a C loop each; the
# backslash first, so that no later replacement's backslash is doubled). A match callback per
# character was most of this adapter's time on megabyte payloads full of quotes and newlines.
_COMMON_ESCAPES = [(chr(code), LITERAL_ESCAPES[code]) for code in (0x5C, 0x27, 0x22, 0x0A, 0x0D, 0x0C, 0x2028, 0x2029)]
# The rest (other controls, lone surrogates) are rare: found by the regular expression engine.
_RARE_SPECIAL = re.compile(r"[\x00-\x09\x0b\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def js_literal_body(text):
    """The body of a single-quoted JavaScript string literal whose value is `text`."""
    for character, escape in _COMMON_ESCAPES:
        if character in text:
            text = text.replace(character, escape)
    # Every rare special character is a control (Cc) or a surrogate (Cs), which isprintable()
    # rejects; it scans a megabyte in a fraction of the time the regular expression takes.
    if text.isprintable() or _RARE_SPECIAL.search(text) is None:
        return text
    return _RARE_SPECIAL.sub(lambda match: LITERAL_ESCAPES[ord(match.group())], text)


_ASCII_LOWER = {code: code + 32 for code in range(ord("A"), ord("Z") + 1)}
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
_URL_TRIM = "".join(chr(code) for code in range(0x21))


def scheme_and_host(url):
    """The ASCII-lower-cased scheme and host of `url`, or None when it has no scheme.

    Follows what URL parsers do with the parts that matter here: surrounding spaces and controls
    are dropped, `https` also accepts backslashes as slashes, user info and port are not part of
    the host, and a URL without `//` has an empty host."""
    text = url.strip(_URL_TRIM)
    match = _SCHEME.match(text)
    if not match:
        return None
    scheme = match.group(0)[:-1].translate(_ASCII_LOWER)
    rest = text[match.end():]
    slashes = "/\\" if scheme == "https" else "/"
    if len(rest) < 2 or rest[0] not in slashes or rest[1] not in slashes:
        return scheme, ""
    rest = rest[2:]
    end = len(rest)
    for index, char in enumerate(rest):
        if char in slashes or char in "?#":
            end = index
            break
    authority = rest[:end]
    host = authority[authority.rfind("@") + 1:]
    if host.startswith("["):
        close = host.find("]")
        if close >= 0:
            host = host[:close + 1]
    else:
        colon = host.find(":")
        if colon >= 0:
            host = host[:colon]
    return scheme, host.translate(_ASCII_LOWER)


def describe(value, limit=200):
    """A short JSON rendering of a value for log messages."""
    if value is _ABSENT:
        return "undefined"
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[:limit] + "\u2026"


class _Absent:
    """Marks a JSON key that is not there (JavaScript undefined), as opposed to null."""

    def __repr__(self):
        return "<absent>"


_ABSENT = _Absent()


def _reject_constant(name):
    raise ValueError("%s is not JSON" % name)


# Made once: json.loads and json.dumps with options build a new decoder or encoder at every call,
# a few microseconds each, several times per command.
_DECODER = json.JSONDecoder(parse_constant=_reject_constant)
_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def parse_json(text):
    """JSON.parse: exactly RFC 8259 (Python would otherwise accept NaN and Infinity)."""
    return _DECODER.decode(text)


def finite(value):
    """`value` with every non-finite number replaced by None (what JSON.stringify writes)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {key: finite(item) for key, item in value.items()}
    if isinstance(value, list):
        return [finite(item) for item in value]
    return value


def to_json(value):
    """Compact JSON, UTF-8 characters kept as they are, non-finite numbers as null."""
    try:
        return _COMPACT.encode(value)
    except ValueError:
        return _COMPACT.encode(finite(value))


# -------------------------------------------------------------------------------------------------
# The native bridge
# -------------------------------------------------------------------------------------------------

class Bridge:
    """One native WVJB bridge for one scenario. `out` collects the events to send."""

    def __init__(self, configuration, page_script, out):
        self.out = out
        self.speaks_1_2 = out.speaks_1_2
        self.answers_at_once = out.speaks_1_3
        self.transport = configuration.get("transport", "iframe")
        self.injection = configuration.get("injection", "bridge-loaded")
        options = configuration.get("options") or {}
        self.answer_missing_handler = options.get("answerMissingHandler") is True
        profile = configuration.get("profile") or {}
        self.global_name = profile.get("globalName", "WebViewJavascriptBridge")
        self.fetch_function = profile.get("fetchQueueFunction", "_fetchQueue")
        self.handle_function = profile.get("handleMessageFunction", "_handleMessageFromObjC")
        self.bridge_loaded_url = profile.get("bridgeLoadedURL", "https://__bridge_loaded__")
        self.message_handler_name = profile.get("messageHandlerName", "WebViewJavascriptBridge")
        self.queue_host = (scheme_and_host(profile.get("queueMessageURL", "https://__wvjb_queue_message__"))
                           or ("https", "__wvjb_queue_message__"))[1]
        self.loaded_host = (scheme_and_host(self.bridge_loaded_url) or ("https", "__bridge_loaded__"))[1]
        # Message field names: this bridge works with the classic ones and renames at the wire.
        names = profile.get("fields") or {}
        self.to_wire = {classic: names[classic] for classic in CLASSIC_FIELDS
                        if isinstance(names.get(classic), str) and names[classic] != classic}
        self.from_wire = {renamed: classic for classic, renamed in self.to_wire.items()}
        self.page_script = page_script

        self.handlers = {}             # names registered by the harness -> their 1.3 answer or None
        self.pending = {}              # our callback id -> the harness's callback number
        self.counter = 0               # objc_cb_N
        self.startup_queue = []        # messages held until the next injection; None once flushed
        self.resets = 0
        self.injections = 0
        self.invocations = {}          # invocation -> [callbackId, handlerName, answered]
        self.next_invocation = 0
        self.evaluations = {}          # evaluation id -> (kind, detail)

        if self.transport == "message-handlers":
            out.event("addScriptMessageHandler", name=self.message_handler_name)
        if self.injection == "document-start":
            out.event("addUserScript", **self.page_script_fields("source"), injectionTime="document-start",
                      name="python-wvjb-page-bridge.js")
            out.event("addUserScript", source=self.announce_script(), injectionTime="document-end",
                      name="python-wvjb-announce.js")

    # -- logging ----------------------------------------------------------------------------------

    def log(self, level, code, message):
        self.out.event("log", level=level, code=code, message=message)

    # -- web view calls ---------------------------------------------------------------------------

    def page_script_fields(self, member):
        """The page script as an event member: from 1.2 on, named rather than sent back."""
        return {"pageScript": True} if self.speaks_1_2 else {member: self.page_script}

    def evaluate(self, script, kind, detail=None, only_failure=False):
        """Asks the harness to evaluate `script`; `only_failure`: the outcome matters only if it fails."""
        evaluation = self.out.next_evaluation_id()
        self.evaluations[evaluation] = (kind, detail)
        fields = {"script": script}
        if self.speaks_1_2:
            if script is self.page_script:  # the very text of start, not just an equal one
                fields = {"pageScript": True}
            if only_failure:
                fields["report"] = "failure"
        self.out.event("evaluate", id=evaluation, **fields)

    def announce_script(self):
        """The document-end user script that tells the native side the page bridge is in the page:
        the same signal as a page asking for injection, over the configured transport."""
        if self.transport == "message-handlers":
            return ("(function () { try { window.webkit.messageHandlers['%s'].postMessage('%s'); }"
                    " catch (error) {} })();"
                    % (js_literal_body(self.message_handler_name), BRIDGE_LOADED_SIGNAL))
        return ("(function () { try { var frame = document.createElement('iframe');"
                " frame.style.display = 'none'; frame.src = '%s';"
                " document.documentElement.appendChild(frame);"
                " document.documentElement.removeChild(frame); } catch (error) {} })();"
                % js_literal_body(self.bridge_loaded_url))

    # -- the harness's calls ----------------------------------------------------------------------

    def register_handler(self, name, answer=None):
        """`answer` (1.3): {"times": n, "echo": true} or {"times": n, "data": value?}, given at once."""
        self.handlers[name] = answer if self.answers_at_once and isinstance(answer, dict) else None

    def remove_handler(self, name):
        self.handlers.pop(name, None)

    def call_handler(self, name, data, callback):
        message = {"handlerName": name}
        if data is not _ABSENT:
            message["data"] = data
        if callback is not _ABSENT and callback is not None:
            self.counter += 1
            callback_id = "objc_cb_%d" % self.counter
            self.pending[callback_id] = callback
            message["callbackId"] = callback_id
        self.send(message)

    def respond(self, invocation, data):
        entry = self.invocations.get(invocation)
        if entry is None:
            return
        callback_id, handler_name, answered = entry
        if answered:
            self.log("warning", "duplicate-response",
                     "the handler for %s answered %s again; the second answer was not sent"
                     % (describe(handler_name), describe(callback_id)))
            return
        entry[2] = True
        self.send({"responseId": callback_id, "responseData": None if data is _ABSENT else data})

    def reset(self):
        dropped = len(self.pending)
        unsent = len(self.startup_queue or [])
        self.pending.clear()
        self.counter = 0
        self.startup_queue = []
        self.resets += 1
        self.log("info", "reset", "reset: dropped %d pending callback(s) and %d unsent start-up message(s)"
                 % (dropped, unsent))

    def disable_safety_timeout(self):
        self.call_handler(SAFETY_TIMEOUT_HANDLER, _ABSENT, _ABSENT)

    # -- native -> page ---------------------------------------------------------------------------

    def send(self, message):
        if self.startup_queue is not None:
            self.startup_queue.append(message)
            self.log("debug", "startup-queued", "held until injection: %s" % self.summary(message))
            return
        self.deliver(message)

    def deliver(self, message):
        wire = {self.to_wire.get(key, key): value for key, value in message.items()} if self.to_wire else message
        script = "%s.%s('%s');" % (self.global_name, self.handle_function, js_literal_body(to_json(wire)))
        self.evaluate(script, "deliver", self.summary(message), only_failure=True)
        self.log("debug", "sent", "%s, %d characters of script" % (self.summary(message), len(script)))

    @staticmethod
    def summary(message):
        if "responseId" in message:
            return "response to %s" % describe(message["responseId"])
        text = "request %s" % describe(message.get("handlerName", _ABSENT))
        if "callbackId" in message:
            text += " with callbackId %s" % describe(message["callbackId"])
        if "data" not in message:
            text += " (no data)"
        return text

    def flush_startup_queue(self):
        if self.startup_queue is None:
            return
        queue, self.startup_queue = self.startup_queue, None
        for message in queue:
            self.deliver(message)
        self.log("info", "startup-flushed", "sent %d start-up message(s)" % len(queue))

    # -- page -> native ---------------------------------------------------------------------------

    def navigation(self, url):
        """The navigation policy: bridge URLs are handled and cancelled, the rest is the app's."""
        parts = scheme_and_host(url)
        if parts is None or parts[0] not in ("https", LEGACY_SCHEME):
            return "allow"
        scheme, host = parts
        if host == self.queue_host:
            self.fetch_queue()
            return "cancel"
        if host == self.loaded_host:
            self.bridge_loaded()
            return "cancel"
        if scheme == LEGACY_SCHEME:
            # A legacy-scheme URL with another host is a bridge command we do not know;
            # any other https host is an ordinary navigation, the app's to decide.
            self.log("warning", "unknown-bridge-url", "cancelled an unknown bridge URL %s" % describe(url))
            return "cancel"
        return "allow"

    def script_message(self, name, body):
        if name != self.message_handler_name or self.transport != "message-handlers":
            return
        if body == BRIDGE_LOADED_SIGNAL and isinstance(body, str):
            self.bridge_loaded()
        else:
            # Any other body is only a signal; the messages are in the page's queue.
            self.fetch_queue()

    def bridge_loaded(self):
        self.injections += 1
        if self.injection == "bridge-loaded":
            self.evaluate(self.page_script, "inject", self.injections)
        else:
            self.log("info", "injected", "the document-start page bridge announced itself (load %d)"
                     % self.injections)
        self.flush_startup_queue()

    def fetch_queue(self):
        self.evaluate("%s.%s();" % (self.global_name, self.fetch_function), "fetch")

    def evaluation_result(self, evaluation, ok, result, error):
        kind, detail = self.evaluations.pop(evaluation, (None, None))
        if kind == "fetch":
            if not ok:
                self.log("warning", "fetch-failed", "fetching the page queue failed: %s" % describe(error))
            elif isinstance(result, str) and result != "":
                self.process_queue(result)
            else:
                what = "undefined" if result is _ABSENT else (
                    "an empty string" if isinstance(result, str) else "a non-string value %s" % describe(result))
                self.log("warning", "empty-queue", "the page queue fetch returned %s" % what)
        elif kind == "inject":
            if ok:
                self.log("info", "injected", "the page bridge was evaluated (injection %d)" % detail)
            else:
                self.log("error", "injection-failed", "evaluating the page bridge failed: %s" % describe(error))
        elif kind == "deliver":
            if not ok:
                self.log("warning", "send-failed", "delivering %s failed: %s" % (detail, describe(error)))

    def process_queue(self, text):
        """One fetched batch: never fails; bad text and non-arrays are dropped, non-objects skipped."""
        try:
            batch = parse_json(text)
        except (ValueError, RecursionError) as error:
            self.log("warning", "malformed-queue", "the page queue is not valid JSON (%s): %s"
                     % (error, describe(text)))
            return
        if not isinstance(batch, list):
            self.log("warning", "queue-not-array", "the page queue is %s, not an array; dropped" % describe(batch))
            return
        if batch:
            self.log("debug", "fetched", "%d message(s) fetched" % len(batch))
        for index, entry in enumerate(batch):
            if not isinstance(entry, dict):
                self.log("warning", "non-object-message", "queue entry %d is %s, not an object; skipped"
                         % (index, describe(entry)))
                continue
            if self.to_wire:
                # A classic name this dialect renames is not one of its fields: dropped.
                entry = {self.from_wire.get(key, key): value for key, value in entry.items()
                         if key in self.from_wire or key not in self.to_wire}
            self.receive(entry)

    def receive(self, message):
        if "responseId" in message:
            # A response by the presence of the key: "" and 0 are ids too. Only strings can be ours.
            response_id = message["responseId"]
            callback = self.pending.pop(response_id, None) if isinstance(response_id, str) else None
            if callback is None:
                self.log("warning", "unknown-response-id", "ignored a response with the unknown responseId %s"
                         % describe(response_id))
                return
            self.log("debug", "received", "response to %s" % describe(response_id))
            fields = {"callback": callback}
            if "responseData" in message:
                fields["data"] = message["responseData"]
            self.out.event("callbackInvoked", **fields)
            return

        name = message.get("handlerName", _ABSENT)
        has_callback = "callbackId" in message
        self.log("debug", "received", "request %s%s" % (
            describe(name), " with callbackId %s" % describe(message["callbackId"]) if has_callback else ""))
        if not isinstance(name, str) or name not in self.handlers:
            self.log("warning", "no-handler", "no native handler for %s" % describe(name))
            if self.answer_missing_handler and has_callback:
                answer = {"error": "no-handler"}
                if name is not _ABSENT:
                    answer["handlerName"] = name
                self.send({"responseId": message["callbackId"], "responseData": answer})
            return
        self.next_invocation += 1
        invocation = self.next_invocation
        if has_callback:
            self.invocations[invocation] = [message["callbackId"], name, False]
        fields = {"handler": name}
        if "data" in message:
            fields["data"] = message["data"]
        fields["invocation"] = invocation
        fields["canRespond"] = has_callback
        answer = self.handlers[name] if has_callback else None
        if answer is not None:
            fields["answered"] = True
        self.out.event("handlerInvoked", **fields)
        if answer is not None:
            # The answer the harness gave in advance, inside the handler (as an app's handler that
            # calls its response callback before returning).
            data = message.get("data", _ABSENT) if answer.get("echo") is True else answer.get("data", _ABSENT)
            times = answer.get("times", 1)
            for _ in range(times if isinstance(times, int) and times > 0 else 1):
                self.respond(invocation, data)


# -------------------------------------------------------------------------------------------------
# The adapter protocol
# -------------------------------------------------------------------------------------------------

class Output:
    """Collects the events of one command; written out, with done, in one go."""

    def __init__(self, stream):
        self.stream = stream
        self.lines = []
        self.evaluation_counter = 0
        self.speaks_1_2 = False  # both sides said minor 2 or more in hello
        self.speaks_1_3 = False  # ... 3 or more
        self.speaks_1_4 = False  # ... 4 or more: text blocks

    def event(self, type_, **fields):
        if self.speaks_1_4 and type_ == "evaluate" and len(fields.get("script", "")) >= TEXT_BLOCK_MINIMUM:
            try:
                block = fields["script"].encode("utf-8")
            except UnicodeEncodeError:
                block = None  # a lone surrogate: only a JSON string (with its \u escape) can carry it
            if block is not None:
                # 1.4: the script as a block of raw text after the line, not escaped a second time.
                del fields["script"]
                fields["scriptBytes"] = len(block)
                self.event(type_, **fields)
                self.lines.append(block + b"\n")
                return
        event = {"type": type_}
        event.update(fields)
        try:
            text = _COMPACT.encode(event)
        except ValueError:
            # A number too large for a double (1e400 in page JSON) has no JSON form: like
            # JSON.stringify, send null rather than an invalid Infinity token.
            event = finite(event)
            text = _COMPACT.encode(event)
        try:
            line = text.encode("utf-8")
        except UnicodeEncodeError:
            # A lone surrogate (from page data) has no UTF-8 form: ASCII output, where it
            # survives as a \\u escape.
            line = json.dumps(event, ensure_ascii=True, separators=(",", ":"), allow_nan=False).encode("ascii")
        self.lines.append(line + b"\n")

    def next_evaluation_id(self):
        self.evaluation_counter += 1
        return self.evaluation_counter

    def flush(self):
        self.stream.write(b"".join(self.lines))
        self.stream.flush()
        self.lines = []


class Adapter:
    def __init__(self, stream, read_block=None):
        self.out = Output(stream)
        # Reads the n bytes of a text block and its newline (1.4); set by serve().
        self.read_block = read_block
        self.bridge = None
        self.page_script = None  # of the last start (1.2: samePageScript)
        self.configuration = None  # of the last start (1.3: sameConfiguration)

    def handle(self, line):
        """Handles one command line; returns False after `exit`."""
        try:
            command = parse_json(line)
        except (ValueError, RecursionError) as error:
            self.out.event("error", message="a command is not valid JSON: %s" % error)
            self.out.flush()
            return True
        if not isinstance(command, dict):
            self.out.event("error", message="a command must be a JSON object")
            self.out.flush()
            return True
        keep_going = True
        try:
            if self.out.speaks_1_4 and "resultBytes" in command:
                command = self.with_result_block(command)
            keep_going = self.perform(command)
        except Exception as error:  # report, never die: the harness ends the scenario
            self.out.event("error", message="%s failed: %s: %s" % (command.get("type"), type(error).__name__, error))
        self.out.event("done", seq=command.get("seq"))
        self.out.flush()
        return keep_going

    def with_result_block(self, command):
        """The command with the text block its `resultBytes` announces read into `result` (1.4)."""
        count = command.get("resultBytes")
        if not isinstance(count, int) or isinstance(count, bool) or count < 0 or self.read_block is None:
            raise ValueError("resultBytes must be a byte count (a non-negative integer)")
        block = self.read_block(count)
        if len(block) != count + 1 or block[-1:] != b"\n":
            raise ValueError("the result block does not end with a newline after its %d bytes" % count)
        command = dict(command)
        del command["resultBytes"]
        command["result"] = block[:-1].decode("utf-8")
        return command

    def perform(self, command):
        kind = command.get("type")
        bridge = self.bridge
        if kind == "hello":
            minor = command.get("minor")
            self.out.speaks_1_2 = isinstance(minor, int) and min(minor, PROTOCOL_MINOR) >= 2
            self.out.speaks_1_3 = isinstance(minor, int) and min(minor, PROTOCOL_MINOR) >= 3
            self.out.speaks_1_4 = isinstance(minor, int) and min(minor, PROTOCOL_MINOR) >= 4
            self.out.event("hello", protocol=PROTOCOL_VERSION, minor=PROTOCOL_MINOR, name=ADAPTER_NAME,
                           version=ADAPTER_VERSION, transports=["iframe", "message-handlers"],
                           injections=["bridge-loaded", "document-start"],
                           features=["answer-missing-handler"])
        elif kind == "start":
            if command.get("samePageScript") is True and self.out.speaks_1_2:
                if self.page_script is None:
                    raise ValueError("samePageScript in the first start (there is no previous page script)")
            else:
                self.page_script = command.get("pageScript", "")
            if command.get("sameConfiguration") is True and self.out.speaks_1_3:
                if self.configuration is None:
                    raise ValueError("sameConfiguration in the first start (there is no previous configuration)")
            else:
                self.configuration = command.get("configuration") or {}
            self.bridge = Bridge(self.configuration, self.page_script, self.out)
        elif kind == "stop":
            self.bridge = None
        elif kind == "exit":
            self.bridge = None
            return False
        elif bridge is None:
            self.out.event("error", message="%s before start" % kind)
        elif kind == "registerHandler":
            if self.out.speaks_1_3 and "answer" in command:
                bridge.register_handler(command["name"], command["answer"])
            else:
                bridge.register_handler(command["name"])  # (a bridge of 1.2 or older takes the name only)
        elif kind == "removeHandler":
            bridge.remove_handler(command["name"])
        elif kind == "callHandler":
            bridge.call_handler(command["name"], command.get("data", _ABSENT), command.get("callback", _ABSENT))
        elif kind == "respond":
            bridge.respond(command["invocation"], command.get("data", _ABSENT))
        elif kind == "reset":
            bridge.reset()
        elif kind == "disableSafetyTimeout":
            bridge.disable_safety_timeout()
        elif kind == "navigation":
            policy = bridge.navigation(command["url"])
            self.out.event("policy", id=command["id"], policy=policy)
        elif kind == "scriptMessage":
            bridge.script_message(command["name"], command.get("body", _ABSENT))
        elif kind == "evaluationResult":
            bridge.evaluation_result(command["id"], command.get("ok") is True,
                                     command.get("result", _ABSENT), command.get("error", _ABSENT))
        else:
            self.out.event("error", message="unknown command %s" % describe(kind))
        return True


def serve():
    stdin = sys.stdin.buffer
    adapter = Adapter(sys.stdout.buffer, read_block=lambda count: stdin.read(count + 1))
    while True:
        line = stdin.readline()
        if not line:
            return  # end of file: the harness is gone
        if not line.strip():
            continue
        if not adapter.handle(line.decode("utf-8", errors="surrogateescape")):
            return


def main():
    # Deeply nested data (thousands of levels) must survive json.loads and json.dumps, which
    # recurse: raise the recursion limit and run on a thread with a large stack.
    sys.setrecursionlimit(200000)
    for size in (512, 64):
        try:
            threading.stack_size(size * 1024 * 1024)
            break
        except (ValueError, RuntimeError):
            continue
    worker = threading.Thread(target=serve, name="adapter")
    worker.start()
    worker.join()


if __name__ == "__main__":
    main()
