#!/usr/bin/env python3
"""bridgecheck dialect bridge: upstream WebViewJavascriptBridge 6.x, native side, behind the
bridgecheck adapter protocol.

    bridgecheck run --native 'python3 conformance/dialects/wvjb-6/native.py'

6.x is the dialect bridgecheck's Python adapter was written for, so this bridge is that adapter's
Bridge held to 6.x's choices whatever the harness offers: hidden-iframe signals to
https://__wvjb_queue_message__ (wvjbscheme:// recognised too), injection when the page navigates
to https://__bridge_loaded__, objc_cb_N ids, _fetchQueue() / _handleMessageFromObjC('…').
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_native"))
import dialect_adapter as dialect  # noqa: E402

CLASSIC = {"name": "wvjb-6", "globalName": "WebViewJavascriptBridge", "fetchQueueFunction": "_fetchQueue",
           "handleMessageFunction": "_handleMessageFromObjC", "queueMessageURL": "https://__wvjb_queue_message__",
           "bridgeLoadedURL": "https://__bridge_loaded__", "messageHandlerName": "WebViewJavascriptBridge"}


class Wvjb6Bridge(dialect.base.Bridge):
    def __init__(self, configuration, page_script, out):
        held = dict(configuration, transport="iframe", injection="bridge-loaded", profile=CLASSIC)
        super().__init__(held, page_script, out)


if __name__ == "__main__":
    dialect.serve(Wvjb6Bridge, dialect.hello("wvjb-6", ["iframe"], ["bridge-loaded"], ["answer-missing-handler"]))
