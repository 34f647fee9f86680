#!/usr/bin/env python3
"""bridgecheck dialect bridge: the Swift WKWebView port (Lision/WKWebViewJavascriptBridge), native
side, behind the bridgecheck adapter protocol.

    bridgecheck run --native 'python3 conformance/dialects/wkwebview-port/native.py' --profile wkwebview-port

Dialect: two script message handlers. A post to iOS_Native_InjectJavascript asks for the page
script (evaluated then; the start-up queue is sent from the evaluation's completion, as the port's
injectJavascriptFile() does, and kept when the evaluation failed); a post to iOS_Native_FlushMessageQueue
means the queue has something, and the native side evaluates WKWebViewJavascriptBridge._fetchQueue().
Messages reach the page through WKWebViewJavascriptBridge._handleMessageFromiOS('…') with ids
spelled callbackID and responseID. Navigations are never the bridge's. No safety-timeout switch.

Injection on a post to a named handler is the `on-post` injection of adapter protocol 1.1.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_native"))
import dialect_adapter as dialect  # noqa: E402

INJECT = "iOS_Native_InjectJavascript"
FLUSH = "iOS_Native_FlushMessageQueue"
PROFILE = {"name": "wkwebview-port", "globalName": "WKWebViewJavascriptBridge", "fetchQueueFunction": "_fetchQueue",
           "handleMessageFunction": "_handleMessageFromiOS", "messageHandlerName": FLUSH,
           "fields": {"callbackId": "callbackID", "responseId": "responseID"}}


class PortBridge(dialect.base.Bridge):
    def __init__(self, configuration, page_script, out):
        held = dict(configuration, transport="iframe", injection="bridge-loaded", profile=PROFILE)
        super().__init__(held, page_script, out)
        out.event("addScriptMessageHandler", name=INJECT)
        out.event("addScriptMessageHandler", name=FLUSH)

    def navigation(self, url):
        return "allow"

    def script_message(self, name, body):
        if name == INJECT:
            self.bridge_loaded()  # evaluates the page script; its completion sends the start-up queue
        elif name == FLUSH:
            self.fetch_queue()

    def bridge_loaded(self):
        self.injections += 1
        self.evaluate(self.page_script, "inject", self.injections)

    def evaluation_result(self, evaluation, ok, result, error):
        kind, _ = self.evaluations.get(evaluation, (None, None))
        super().evaluation_result(evaluation, ok, result, error)
        if kind == "inject" and ok:
            self.flush_startup_queue()

    def disable_safety_timeout(self):
        raise RuntimeError("the WKWebView port dispatches synchronously and has no safety-timeout switch")


if __name__ == "__main__":
    dialect.serve(PortBridge, dialect.hello("wkwebview-port", ["message-handlers"], ["on-post"],
                                            ["answer-missing-handler"], minor=1))
