#!/usr/bin/env python3
"""bridgecheck dialect bridge: upstream WebViewJavascriptBridge 4.1.x, native side, behind the
bridgecheck adapter protocol.

Adapter protocol 1.1: after-load injection (`observeLoads`, `loadFinished`); 4.x evaluates the page
script in webViewDidFinishLoad.

Dialect: the page signals with wvjbscheme://__WVJB_QUEUE_MESSAGE__ (no https URLs, no
bridge-loaded URL); the native side then evaluates WebViewJavascriptBridge._fetchQueue(). Messages
sent before injection wait in the start-up queue and follow the page script. There is no safety-timeout switch. Everything else is the classic bridge of
bridgecheck's Python adapter.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_native"))
import dialect_adapter as dialect  # noqa: E402

SCHEME = "wvjbscheme"
QUEUE_HOST = "__wvjb_queue_message__"
PROFILE = {"name": "wvjb-4", "globalName": "WebViewJavascriptBridge", "fetchQueueFunction": "_fetchQueue",
           "handleMessageFunction": "_handleMessageFromObjC", "queueMessageURL": SCHEME + "://" + QUEUE_HOST}


class Wvjb4Bridge(dialect.base.Bridge):
    def __init__(self, configuration, page_script, out):
        held = dict(configuration, transport="iframe", injection="bridge-loaded", profile=PROFILE)
        super().__init__(held, page_script, out)
        dialect.v11.observe_loads(out)

    def page_finished(self, url):
        self.bridge_loaded()  # evaluates the page script, then sends the start-up queue

    def navigation(self, url):
        parts = dialect.scheme_and_host(url)
        if parts is None or parts[0] != SCHEME:
            return "allow"
        if parts[1] == QUEUE_HOST:
            self.fetch_queue()
        else:
            self.log("warning", "unknown-bridge-url", "cancelled an unknown bridge URL %s" % dialect.describe(url))
        return "cancel"

    def disable_safety_timeout(self):
        raise RuntimeError("WebViewJavascriptBridge 4.x has no safety-timeout switch (it came with 6.0)")


if __name__ == "__main__":
    dialect.serve(Wvjb4Bridge, dialect.hello("wvjb-4", ["iframe"], ["after-load"], ["answer-missing-handler"], minor=1))
