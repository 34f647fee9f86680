"""What every dialect native bridge of conformance/dialects/ shares: the stdio adapter loop.

bridgecheck's Python adapter (conformance/adapters/python/adapter.py) is a complete classic WVJB
native side; the dialect bridges reuse its helpers (escaping, URL parsing, JSON, the event output)
and, where the dialect is WVJB-shaped, its Bridge class with the dialect's own hooks.

A dialect's native.py defines its bridge class and calls `serve(BridgeClass, hello)`.

Commands of adapter protocol 1.0 are handled by the base adapter; those of 1.1 (after-load
injection, dialogs, JavaScript interfaces) here, through protocol_1_1.py.
"""

import os
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "adapters", "python"))
sys.path.insert(0, HERE)

import adapter as base  # noqa: E402  (bridgecheck's own Python adapter)
import protocol_1_1 as v11  # noqa: E402

ABSENT = base._ABSENT
js_literal_body = base.js_literal_body
to_json = base.to_json
parse_json = base.parse_json
describe = base.describe
scheme_and_host = base.scheme_and_host


class CallbackIds:
    """Mixin for a base.Bridge whose native callback ids are `<callback_prefix>N`, not objc_cb_N."""

    callback_prefix = "objc_cb_"

    def call_handler(self, name, data, callback):
        message = {"handlerName": name}
        if data is not ABSENT:
            message["data"] = data
        if callback is not ABSENT and callback is not None:
            self.counter += 1
            callback_id = "%s%d" % (self.callback_prefix, self.counter)
            self.pending[callback_id] = callback
            message["callbackId"] = callback_id
        self.send(message)


class DialectAdapter(base.Adapter):
    """The base adapter with the dialect's bridge and the version-2 commands."""

    def __init__(self, stream, bridge_class, hello):
        super().__init__(stream)
        self.bridge_class = bridge_class
        self.hello = hello

    def perform(self, command):
        kind = command.get("type")
        if kind == "hello":
            self.out.event("hello", **self.hello)
            return True
        if kind == "start":
            self.bridge = self.bridge_class(command.get("configuration") or {}, command.get("pageScript", ""),
                                            self.out)
            return True
        handler = v11.COMMANDS.get(kind)
        if handler is not None and self.bridge is not None:
            handler(self.bridge, command, self.out, ABSENT)
            return True
        return super().perform(command)


def _serve(bridge_class, hello):
    adapter = DialectAdapter(sys.stdout.buffer, bridge_class, hello)
    stdin = sys.stdin.buffer
    while True:
        line = stdin.readline()
        if not line:
            return
        if line.strip() and not adapter.handle(line.decode("utf-8", errors="surrogateescape")):
            return


def serve(bridge_class, hello):
    """Runs the adapter on stdin/stdout (deep data needs a large stack, as in the base adapter)."""
    sys.setrecursionlimit(200000)
    for size in (512, 64):
        try:
            threading.stack_size(size * 1024 * 1024)
            break
        except (ValueError, RuntimeError):
            continue
    worker = threading.Thread(target=_serve, args=(bridge_class, hello), name="adapter")
    worker.start()
    worker.join()


def hello(name, transports=(), injections=(), features=(), minor=0):
    """The answer to `hello`: protocol 1.0 for the dialects that need nothing more, 1.1 (minor=1)
    for those that use its mechanisms; transports and injections as the dialect has them."""
    fields = {"protocol": base.PROTOCOL_VERSION, "name": name, "version": "1.0.0",
              "transports": list(transports), "injections": list(injections), "features": list(features)}
    if minor:
        fields["minor"] = minor
    return fields


class PlainNative:
    """The bookkeeping of a native bridge that is not WVJB-shaped (flutter, mushao, module-action):
    handlers, invocations, callbacks, evaluations and logs. Subclasses send and receive."""

    def __init__(self, configuration, page_script, out):
        self.out = out
        self.page_script = page_script
        options = configuration.get("options") or {}
        self.answer_missing_handler = options.get("answerMissingHandler") is True
        self.handlers = set()
        self.pending = {}          # our callback key -> the harness's callback number
        self.invocations = {}      # invocation -> [reply, answered]; reply(data) sends the answer
        self.next_invocation = 0
        self.evaluations = {}      # evaluation id -> (kind, detail)

    def log(self, level, code, message):
        self.out.event("log", level=level, code=code, message=message)

    def evaluate(self, script, kind, detail=None):
        evaluation = self.out.next_evaluation_id()
        self.evaluations[evaluation] = (kind, detail)
        self.out.event("evaluate", id=evaluation, script=script)

    def register_handler(self, name):
        self.handlers.add(name)

    def remove_handler(self, name):
        self.handlers.discard(name)

    def invoke(self, name, data, reply):
        """A page request for handler `name`; `reply(data)` sends an answer (data may be ABSENT), None
        when the request cannot be answered."""
        if name not in self.handlers:
            self.log("warning", "no-handler", "no native handler for %s" % describe(name))
            if self.answer_missing_handler and reply is not None:
                reply({"error": "no-handler", "handlerName": name})
            return
        self.next_invocation += 1
        if reply is not None:
            self.invocations[self.next_invocation] = [reply, False]
        fields = {"handler": name}
        if data is not ABSENT:
            fields["data"] = data
        self.out.event("handlerInvoked", invocation=self.next_invocation, canRespond=reply is not None, **fields)

    def respond(self, invocation, data):
        entry = self.invocations.get(invocation)
        if entry is None:
            return
        if entry[1]:
            self.log("warning", "duplicate-response", "a second answer to invocation %d was not sent" % invocation)
            return
        entry[1] = True
        entry[0](data)  # ABSENT for the harness's nil answer: each dialect spells it its own way

    def callback_invoked(self, key, data):
        callback = self.pending.pop(key, None)
        if callback is None:
            self.log("warning", "unknown-response-id", "ignored an answer for the unknown id %s" % describe(key))
            return
        fields = {} if data is ABSENT else {"data": data}
        self.out.event("callbackInvoked", callback=callback, **fields)

    def reset(self):
        self.log("info", "reset", "reset: dropped %d pending callback(s)" % len(self.pending))
        self.pending.clear()

    def disable_safety_timeout(self):
        raise RuntimeError("this dialect has no safety-timeout switch")

    def navigation(self, url):
        return "allow"

    def script_message(self, name, body):
        self.log("warning", "unknown-message", "a script message to %s was not the bridge's" % describe(name))

    def evaluation_result(self, evaluation, ok, result, error):
        kind, detail = self.evaluations.pop(evaluation, (None, None))
        if not ok and kind is not None:
            self.log("warning", "%s-failed" % kind, "%s failed: %s" % (detail or kind, describe(error)))
