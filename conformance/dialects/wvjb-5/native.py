#!/usr/bin/env python3
"""bridgecheck dialect bridge: upstream WebViewJavascriptBridge 5.x, native side, behind the
bridgecheck adapter protocol.

    bridgecheck run --native 'python3 conformance/dialects/wvjb-5/native.py' --profile wvjb-5

5.x differs from 6.x on the native side in two ways: its bridge URLs use only the wvjbscheme
scheme (wvjbscheme://__WVJB_QUEUE_MESSAGE__, wvjbscheme://__BRIDGE_LOADED__; https came with 6.0),
and it has no switch for the page's safety timeout (6.0 added disableJavscriptAlertBoxSafetyTimeout
and the _disableJavascriptAlertBoxSafetyTimeout page handler). Everything else is the classic
bridge of bridgecheck's Python adapter.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_native"))
import dialect_adapter as dialect  # noqa: E402

SCHEME = "wvjbscheme"
PROFILE = {"name": "wvjb-5", "globalName": "WebViewJavascriptBridge", "fetchQueueFunction": "_fetchQueue",
           "handleMessageFunction": "_handleMessageFromObjC",
           "queueMessageURL": SCHEME + "://__WVJB_QUEUE_MESSAGE__",
           "bridgeLoadedURL": SCHEME + "://__BRIDGE_LOADED__", "messageHandlerName": "WebViewJavascriptBridge"}


class Wvjb5Bridge(dialect.base.Bridge):
    def __init__(self, configuration, page_script, out):
        held = dict(configuration, transport="iframe", injection="bridge-loaded", profile=PROFILE)
        super().__init__(held, page_script, out)

    def navigation(self, url):
        parts = dialect.scheme_and_host(url)
        if parts is None or parts[0] != SCHEME:
            return "allow"  # 5.x knows no https bridge URLs: those are the app's
        return super().navigation(url)

    def disable_safety_timeout(self):
        raise RuntimeError("WebViewJavascriptBridge 5.x has no safety-timeout switch (it came with 6.0)")


if __name__ == "__main__":
    dialect.serve(Wvjb5Bridge, dialect.hello("wvjb-5", ["iframe"], ["bridge-loaded"], ["answer-missing-handler"]))
