#!/usr/bin/env python3
"""bridgecheck dialect bridge: a Kotlin port of the Swift WKWebView port for Android WebView, native
side, behind the bridgecheck adapter protocol.

    bridgecheck run --native 'python3 conformance/dialects/kotlin-port/native.py' --profile kotlin-port

Dialect: the Swift port's (two script message handlers: a post to iOS_Native_InjectJavascript asks
for the page script, evaluated then and followed by the start-up queue; a post to
iOS_Native_FlushMessageQueue means the queue has something), except that the value of
WKWebViewJavascriptBridge._fetchQueue() is the queue array itself, which Android's
evaluateJavascript serializes for the native side: a string there is no queue. Messages reach the
page through WKWebViewJavascriptBridge._handleMessageFromiOS('…') with ids spelled callbackID and
responseID. Navigations are never the bridge's. No safety-timeout switch.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_native"))
import dialect_adapter as dialect  # noqa: E402

INJECT = "iOS_Native_InjectJavascript"
FLUSH = "iOS_Native_FlushMessageQueue"
PROFILE = {"name": "kotlin-port", "globalName": "WKWebViewJavascriptBridge", "fetchQueueFunction": "_fetchQueue",
           "handleMessageFunction": "_handleMessageFromiOS", "messageHandlerName": FLUSH,
           "fields": {"callbackId": "callbackID", "responseId": "responseID"}}


class KotlinPortBridge(dialect.base.Bridge):
    def __init__(self, configuration, page_script, out):
        held = dict(configuration, transport="iframe", injection="bridge-loaded", profile=PROFILE)
        super().__init__(held, page_script, out)
        out.event("addScriptMessageHandler", name=INJECT)
        out.event("addScriptMessageHandler", name=FLUSH)

    def navigation(self, url):
        return "allow"

    def script_message(self, name, body):
        if name == INJECT:
            self.bridge_loaded()  # evaluates the page script, then sends the start-up queue
        elif name == FLUSH:
            self.fetch_queue()

    def evaluation_result(self, evaluation, ok, result, error):
        kind, _ = self.evaluations.get(evaluation, (None, None))
        if kind == "fetch" and ok and isinstance(result, list):
            self.evaluations.pop(evaluation, None)
            self.process_queue(dialect.to_json(result))
            return
        if kind == "fetch" and ok and isinstance(result, str) and result != "":
            self.evaluations.pop(evaluation, None)
            self.log("warning", "queue-not-array",
                     "the page queue fetch returned text, and this dialect returns the queue array itself; dropped: %s"
                     % dialect.describe(result))
            return
        super().evaluation_result(evaluation, ok, result, error)

    def disable_safety_timeout(self):
        raise RuntimeError("the port dispatches synchronously and has no safety-timeout switch")


if __name__ == "__main__":
    dialect.serve(KotlinPortBridge, dialect.hello("kotlin-port", ["message-handlers"], ["on-post"],
                                                  ["answer-missing-handler"], minor=1))
