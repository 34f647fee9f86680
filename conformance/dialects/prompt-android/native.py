#!/usr/bin/env python3
"""bridgecheck dialect bridge: the prompt-based Android WebViewJavascriptBridge (wendux), native side,
behind the bridgecheck adapter protocol.

Adapter protocol 1.1: after-load injection (`observeLoads`, `loadFinished`) and dialogs
(`handleDialogs`, `dialog`): the page's messages arrive as prompt panels (WebChromeClient.onJsPrompt).

Dialect: a prompt whose message is _wvjbxx carries one message as JSON text in its default value;
the bridge takes it and confirms the panel with an empty string. Every other panel is dismissed.
Messages reach the page as an object literal: WebViewJavascriptBridge._handleMessageFromJava({…}),
dispatched inside the evaluation. Messages sent before injection wait and follow the page script.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_native"))
import dialect_adapter as dialect  # noqa: E402

MARKER = "_wvjbxx"
PROFILE = {"name": "prompt-android", "globalName": "WebViewJavascriptBridge",
           "handleMessageFunction": "_handleMessageFromJava"}
# JSON text is a JavaScript expression, except that engines before ES2019 end a line at a raw
# U+2028 or U+2029 inside a string, and that a "__proto__" key in an object literal sets the
# prototype instead of making a property (written as a computed key, it stays a property).
LINE_SEPARATORS = {0x2028: "\\u2028", 0x2029: "\\u2029"}


def object_literal(value):
    """`value` as a JavaScript expression that evaluates to the same JSON value."""
    if isinstance(value, dict):
        members = ("%s:%s" % ('["__proto__"]' if key == "__proto__" else dialect.to_json(key), object_literal(item))
                   for key, item in value.items())
        return "{" + ",".join(members) + "}"
    if isinstance(value, list):
        return "[" + ",".join(object_literal(item) for item in value) + "]"
    return dialect.to_json(value)


class PromptBridge(dialect.base.Bridge):
    def __init__(self, configuration, page_script, out):
        held = dict(configuration, transport="iframe", injection="bridge-loaded", profile=PROFILE)
        super().__init__(held, page_script, out)
        dialect.v11.observe_loads(out)
        dialect.v11.handle_dialogs(out)

    def page_finished(self, url):
        self.bridge_loaded()  # evaluates the page script, then sends the start-up queue

    def navigation(self, url):
        return "allow"

    def dialog(self, kind, message, default):
        if kind != "prompt" or message != MARKER:
            return None  # not the bridge's: dismissed
        try:
            message = dialect.parse_json(default) if isinstance(default, str) else dialect.ABSENT
        except (ValueError, RecursionError):
            message = dialect.ABSENT
        if message is dialect.ABSENT:
            self.log("warning", "malformed-queue", "a bridge prompt without a JSON message: %s" % dialect.describe(default))
        else:
            self.process_queue(dialect.to_json([message]))  # one entry: checked and received as a batch of one
        return ""

    def deliver(self, message):
        wire = {self.to_wire.get(key, key): value for key, value in message.items()}
        literal = object_literal(wire).translate(LINE_SEPARATORS)
        script = "%s.%s(%s);" % (self.global_name, self.handle_function, literal)
        self.evaluate(script, "deliver", self.summary(message))
        self.log("debug", "sent", "%s, %d characters of script" % (self.summary(message), len(script)))

    def disable_safety_timeout(self):
        raise RuntimeError("this bridge dispatches inside the evaluation by design; it has no safety timeout")


if __name__ == "__main__":
    dialect.serve(PromptBridge, dialect.hello("prompt-android", ["prompt"], ["after-load"], ["answer-missing-handler"],
                                              minor=1))
