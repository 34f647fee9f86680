#!/usr/bin/env python3
"""bridgecheck dialect bridge: the home-made module/action bridge over messageHandlers
(../shared/seeds/003), native side, behind the bridgecheck adapter protocol.

The page ships its bridge itself: this side injects nothing, and its hello lists no injection
(neither protocol 1.0 nor 1.1 has a "shipped by the page" mode).

Dialect: the page posts {module, type, action, version, params, callbackId?, callbackFunction?} to
the script message handler IDLJSBridge; the handler's name is "<module>.<action>" and params are its
data. With a callbackId the answer is evaluated as <callbackFunction>('<callbackId>', <result>).
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

    def script_message(self, name, body):
        if name != CHANNEL:
            return super().script_message(name, body)
        if not isinstance(body, dict) or not isinstance(body.get("module"), str) \
                or not isinstance(body.get("action"), str):
            self.log("warning", "malformed-queue", "a post without module and action: %s" % dialect.describe(body))
            return
        handler = "%s.%s" % (body["module"], body["action"])
        reply = None
        callback_id, function = body.get("callbackId"), body.get("callbackFunction")
        if isinstance(callback_id, str) and callable_path(function):
            def reply(result, callback_id=callback_id, function=function):
                literal = "undefined" if result is dialect.ABSENT else dialect.to_json(result).translate(LINE_SEPARATORS)
                self.evaluate("%s('%s', %s);" % (function, dialect.js_literal_body(callback_id), literal), "deliver")
        self.log("debug", "received", "call %s" % dialect.describe(handler))
        self.invoke(handler, body.get("params", dialect.ABSENT), reply)

    def call_handler(self, name, data, callback):
        argument = "" if data is dialect.ABSENT else ", '%s'" % dialect.js_literal_body(dialect.to_json(data))
        self.evaluate("window.nativeCallDispatcher('%s'%s);" % (dialect.js_literal_body(name), argument), "call",
                      callback)

    def evaluation_result(self, evaluation, ok, result, error):
        kind, callback = self.evaluations.get(evaluation, (None, None))
        if kind == "call" and ok and callback is not dialect.ABSENT and callback is not None:
            self.evaluations.pop(evaluation)
            fields = {} if result is dialect.ABSENT else {"data": result}
            self.out.event("callbackInvoked", callback=callback, **fields)
            return
        super().evaluation_result(evaluation, ok, result, error)


if __name__ == "__main__":
    dialect.serve(ModuleActionBridge, dialect.hello("module-action", ["message-handlers"], [], ["answer-missing-handler"]))
