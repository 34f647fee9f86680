#!/usr/bin/env python3
"""bridgecheck dialect bridge: Android JsBridge 2.x (lzyzsd/JsBridge master), native side, behind the
bridgecheck adapter protocol.

Adapter protocol 1.1: a JavaScript interface (`addJavascriptInterface`, `interfaceCall`) and
after-load injection (`observeLoads`, `loadFinished`).

Dialect: the app adds the host object WebViewJavascriptBridge with a method per native handler
whose name is an identifier (called as name(dataJSON, callbackId); the page reaches native code in
no other way) and response(dataJSON, responseId) for the page's answers. A host method's
return value would answer at once; this bridge answers later, as a message, so that the harness's
handlers decide when. Messages reach the page through
WebViewJavascriptBridge._handleMessageFromNative("…") with the JSON as a double-quoted string;
native callback ids are JAVA_CB_N. The host object is re-added when the set of handlers changes.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_native"))
import dialect_adapter as dialect  # noqa: E402

HOST = "WebViewJavascriptBridge"
ANSWER = "response"
PROFILE = {"name": "jsbridge-2", "globalName": HOST, "handleMessageFunction": "_handleMessageFromNative"}


def parsed(text):
    """The JSON value a host-method argument carries (ABSENT when the page passed none)."""
    if not isinstance(text, str):
        return dialect.ABSENT
    return dialect.parse_json(text)


class JsBridge2(dialect.CallbackIds, dialect.base.Bridge):
    callback_prefix = "JAVA_CB_"

    def __init__(self, configuration, page_script, out):
        held = dict(configuration, transport="iframe", injection="bridge-loaded", profile=PROFILE)
        super().__init__(held, page_script, out)
        dialect.v11.observe_loads(out)
        self.add_host_object()

    def add_host_object(self):
        """The app's Java object: the answer method and one method per handler whose name a method can
        have (re-added when they change; the latest definition is the one the next page gets)."""
        methods = sorted(name for name in self.handlers if name.replace("$", "_").isidentifier() and name != ANSWER)
        dialect.v11.add_interface(self.out, HOST, [ANSWER] + methods)

    def register_handler(self, name):
        super().register_handler(name)
        self.add_host_object()

    def remove_handler(self, name):
        super().remove_handler(name)
        self.add_host_object()

    def page_finished(self, url):
        self.bridge_loaded()  # evaluates the page script, then sends the start-up queue

    def navigation(self, url):
        return "allow"

    def interface_call(self, obj, method, arguments):
        first = arguments[0] if arguments else None
        second = arguments[1] if len(arguments) > 1 else ""
        try:
            value = parsed(first)
        except (ValueError, RecursionError):
            self.log("warning", "malformed-queue", "%s(%s): not JSON" % (method, dialect.describe(first)))
            return dialect.ABSENT
        if method == ANSWER:
            message = {"responseId": second}
            if value is not dialect.ABSENT:
                message["responseData"] = value
        else:
            message = {"handlerName": method}
            if value is not dialect.ABSENT:
                message["data"] = value
        if method != ANSWER and isinstance(second, str) and second != "":
            message["callbackId"] = second
        self.receive(message)
        return dialect.ABSENT  # the answer comes later, as a message

    def deliver(self, message):
        script = '%s._handleMessageFromNative("%s");' % (HOST, dialect.js_literal_body(dialect.to_json(message)))
        self.evaluate(script, "deliver", self.summary(message))
        self.log("debug", "sent", self.summary(message))

    def disable_safety_timeout(self):
        raise RuntimeError("JsBridge has no safety-timeout switch")


if __name__ == "__main__":
    dialect.serve(JsBridge2, dialect.hello("jsbridge-2", ["host-object"], ["after-load"], ["answer-missing-handler"], minor=1))
