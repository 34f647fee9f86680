#!/usr/bin/env python3
"""bridgecheck dialect bridge: the WebViewJavascriptBridge style of Flutter webview wrappers, native
side, behind the bridgecheck adapter protocol.

Adapter protocol 1.1: after-load injection (`observeLoads`, `loadFinished`) and the
JavaScriptChannel YGFlutterJSBridgeChannel as an asynchronous JavaScript interface.

Dialect: every message is an envelope {index, type, handlerName?, data?} sent as URI-encoded JSON,
page to native by postMessage on the channel, native to page by
WebViewJavascriptBridge.nativeCall('…'). A response or error carries the index of the request it
answers; each side numbers its own requests. Every request can be answered. Messages sent before
injection wait and follow the page script. No safety-timeout switch.
"""

import os
import sys
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_native"))
import dialect_adapter as dialect  # noqa: E402

CHANNEL = "YGFlutterJSBridgeChannel"


class FlutterBridge(dialect.PlainNative):
    def __init__(self, configuration, page_script, out):
        super().__init__(configuration, page_script, out)
        self.next_index = 0
        self.startup_queue = []
        dialect.v11.observe_loads(out)
        dialect.v11.add_interface(out, CHANNEL, ["postMessage"], asynchronous=True)

    def page_finished(self, url):
        self.evaluate(self.page_script, "inject", "injecting the page bridge")
        self.log("info", "injected", "the page bridge was evaluated")
        queued, self.startup_queue = self.startup_queue or [], None
        for envelope in queued:
            self.post(envelope)
        if queued:
            self.log("info", "startup-flushed", "sent %d start-up message(s)" % len(queued))

    def post(self, envelope):
        if self.startup_queue is not None:
            self.startup_queue.append(envelope)
            self.log("debug", "startup-queued", "held until injection: %s" % dialect.describe(envelope))
            return
        encoded = urllib.parse.quote(dialect.to_json(envelope), safe="-_.!~*'()")
        self.evaluate("WebViewJavascriptBridge.nativeCall('%s');" % dialect.js_literal_body(encoded), "deliver")
        self.log("debug", "sent", dialect.describe(envelope))

    def call_handler(self, name, data, callback):
        envelope = {"index": self.next_index, "type": "request", "handlerName": name}
        self.next_index += 1
        if data is not dialect.ABSENT:
            envelope["data"] = data
        if callback is not dialect.ABSENT and callback is not None:
            self.pending[envelope["index"]] = callback
        self.post(envelope)

    def reset(self):
        super().reset()
        self.startup_queue = []

    def interface_call(self, name, method, arguments):
        if name == CHANNEL and method == "postMessage":
            self.channel_message(arguments[0] if arguments else None)
        return dialect.ABSENT

    def channel_message(self, body):
        try:
            envelope = dialect.parse_json(urllib.parse.unquote(body, errors="surrogatepass"))
        except (TypeError, ValueError, RecursionError):
            envelope = None
        if not isinstance(envelope, dict) or "index" not in envelope:
            self.log("warning", "malformed-queue", "a post that is not an envelope: %s" % dialect.describe(body))
            return
        kind = envelope.get("type")
        self.log("debug", "received", dialect.describe(envelope))
        if kind == "response":
            self.callback_invoked(envelope["index"], envelope.get("data", dialect.ABSENT))
        elif kind == "error":
            self.log("warning", "page-error", "the page has no handler for request %s" % dialect.describe(envelope))
            self.pending.pop(envelope["index"], None)
        elif kind == "request":
            index, handler = envelope["index"], envelope.get("handlerName")

            def reply(data, index=index, handler=handler):
                answer = {"index": index, "type": "response"}
                if handler is not None:
                    answer["handlerName"] = handler
                answer["data"] = None if data is dialect.ABSENT else data  # Dart's null
                self.post(answer)

            if handler not in self.handlers:
                self.log("warning", "no-handler", "no native handler for %s" % dialect.describe(handler))
                if self.answer_missing_handler:  # configured: an answer the page's callback receives
                    reply({"error": "no-handler", "handlerName": handler})
                else:  # the dialect's own answer to a missing handler
                    self.post({"index": index, "type": "error", "handlerName": handler})
                return
            self.invoke(handler, envelope.get("data", dialect.ABSENT), reply)
        else:
            self.log("warning", "unknown-message", "an envelope of unknown type %s" % dialect.describe(kind))


if __name__ == "__main__":
    dialect.serve(FlutterBridge, dialect.hello("flutter", ["channel"], ["after-load"], ["answer-missing-handler"], minor=1))
