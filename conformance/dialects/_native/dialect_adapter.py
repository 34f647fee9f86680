"""What every dialect native bridge of conformance/dialects/ shares: the stdio adapter loop.

bridgecheck's Python adapter (conformance/adapters/python/adapter.py) is a complete classic WVJB
native side; the dialect bridges reuse its helpers (escaping, URL parsing, JSON, the event output)
and, where the dialect is WVJB-shaped, its Bridge class with the dialect's own hooks.

A dialect's native.py defines its bridge class and calls `serve(BridgeClass, hello)`.

Commands of adapter protocol version 1 are handled by the base adapter. The mechanisms version 1
lacks are handled here under the names in protocol_v2.py (see there: they are assumptions until
the dialect-core branch defines them).
"""

import os
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "adapters", "python"))
sys.path.insert(0, HERE)

import adapter as base  # noqa: E402  (bridgecheck's own Python adapter)
import protocol_v2 as v2  # noqa: E402

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
        handler = v2.COMMANDS.get(kind)
        if handler is not None and self.bridge is not None:
            handler(self.bridge, command, self.out)
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


def hello(name, transports=(), injections=(), features=(), needs=()):
    """The answer to `hello`: the version-1 lists (only the mechanisms of version 1 that the dialect
    really uses), the dialect's name, and the mechanisms of protocol_v2.py it needs (members a
    version-1 harness ignores)."""
    return {"protocol": base.PROTOCOL_VERSION, "name": name, "version": "1.0.0", "dialect": name,
            "transports": list(transports), "injections": list(injections), "features": list(features),
            "needs": list(needs)}
