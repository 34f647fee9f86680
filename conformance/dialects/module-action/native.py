#!/usr/bin/env python3
"""bridgecheck dialect bridge: the home-made module/action bridge over messageHandlers
(see FACTS.md), native side, behind the bridgecheck adapter protocol.

The page ships its bridge itself: this side injects nothing; its hello lists the injection `page`
(adapter protocol 1.2).

Dialect: the page posts {module, type, action, version, params, callbackId?, callbackFunction?} to
the script message handler IDLJSBridge; the handler's name is "<module>.<action>" ("<action>" for a
record without a module) and params are its data. With a callbackId the answer is evaluated as <callbackFunction>('<callbackId>', <result>).
Native to page: window.nativeCallDispatcher('<handlerName>', '<data as JSON text>'), and the value
the evaluation returns is the page's answer.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_native"))
import dialect_adapter as dialect  # noqa: E402

CHANNEL = "IDLJSBridge"
LINE_SEPARATORS = {0x2028: "\\u2028", 0x2029: "\\u2029"}


def callable_path(text):
    """True for a dotted path of identifiers (window.HybridBridge.callbackDispatcher): the only
    callbackFunction this bridge evaluates, so a page cannot make it run arbitrary code."""
    parts = text.split(".") if isinstance(text, str) else []
    return bool(parts) and all(part.isidentifier() for part in parts)


class ModuleActionBridge(dialect.PlainNative):
    def __init__(self, configuration, page_script, out):
        super().__init__(configuration, page_script, out)
        out.event("addScriptMessageHandler", name=CHANNEL)
        # The page ships the bridge: calls wait until the page has finished loading (and again after
        # a reset, until the next load), as a start-up queue.
        dialect.v11.observe_loads(out)
        self.loaded = False
        self.held = []

    def page_finished(self, url):
        self.loaded = True
        held, self.held = self.held, []
        for script, callback in held:
            self.evaluate(script, "call", callback)
        self.log("info", "startup-flushed", "sent %d start-up call(s)" % len(held))

    def reset(self):
        super().reset()
        self.loaded = False
        self.held = []

    def script_message(self, name, body):
        if name != CHANNEL:
            return super().script_message(name, body)
        if not isinstance(body, dict) or not isinstance(body.get("module", ""), str) \
                or not isinstance(body.get("action"), str):
            self.log("warning", "malformed-queue", "a post without module and action: %s" % dialect.describe(body))
            return
        # A handler name without a dot has no module (the profile's split at the first dot).
        handler = "%s.%s" % (body["module"], body["action"]) if "module" in body else body["action"]
        reply = None
        callback_id, function = body.get("callbackId"), body.get("callbackFunction")
        if isinstance(callback_id, str) and callable_path(function):
            def reply(result, callback_id=callback_id, function=function):
                # A nil answer is null, as in every dialect of the family.
                literal = "null" if result is dialect.ABSENT else dialect.to_json(result).translate(LINE_SEPARATORS)
                self.evaluate("%s('%s', %s);" % (function, dialect.js_literal_body(callback_id), literal), "deliver")
        self.log("debug", "received", "call %s" % dialect.describe(handler))
        self.invoke(handler, body.get("params", dialect.ABSENT), reply)

    def call_handler(self, name, data, callback):
        argument = "" if data is dialect.ABSENT else ", '%s'" % dialect.js_literal_body(dialect.to_json(data))
        script = "window.nativeCallDispatcher('%s'%s);" % (dialect.js_literal_body(name), argument)
        if not self.loaded:
            self.held.append((script, callback))
            self.log("debug", "startup-queued", "held until the page has loaded: a call of %s" % dialect.describe(name))
            return
        self.evaluate(script, "call", callback)

    def evaluation_result(self, evaluation, ok, result, error):
        kind, callback = self.evaluations.get(evaluation, (None, None))
        if kind == "call" and ok and callback is not dialect.ABSENT and callback is not None:
            self.evaluations.pop(evaluation)
            fields = {} if result is dialect.ABSENT else {"data": result}
            self.out.event("callbackInvoked", callback=callback, **fields)
            return
        super().evaluation_result(evaluation, ok, result, error)


if __name__ == "__main__":
    dialect.serve(ModuleActionBridge, dialect.hello("module-action", ["message-handlers"], ["page"],
                                                    ["answer-missing-handler"], minor=2))
