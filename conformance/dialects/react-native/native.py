#!/usr/bin/env python3
"""bridgecheck dialect bridge: the WebViewJavascriptBridge style of React Native wrappers, native
side, behind the bridgecheck adapter protocol.

Adapter protocol 1.1: window.ReactNativeWebView is an asynchronous JavaScript interface
(`addJavascriptInterface`, `interfaceCall`).

Dialect: the app installs the page script as react-native-webview's injected JavaScript (a
document-end user script on iOS). The page posts JSON.stringify({url, messages}) to
window.ReactNativeWebView: url https://__bridge_loaded__ announces the page bridge (the start-up
queue then follows), url https://__wvjb_queue_message__ carries queued messages, which need no
fetch. The start-up queue follows the announcement, or the end of the load (onLoadEnd) when the
page bridge does not announce itself. Messages reach the page through
WebViewJavascriptBridge._handleMessageFromObjC('…') (injectJavaScript).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_native"))
import dialect_adapter as dialect  # noqa: E402

CHANNEL = "ReactNativeWebView"
PROFILE = {"name": "react-native", "globalName": "WebViewJavascriptBridge",
           "handleMessageFunction": "_handleMessageFromObjC"}


class ReactNativeBridge(dialect.base.Bridge):
    def __init__(self, configuration, page_script, out):
        held = dict(configuration, transport="iframe", injection="bridge-loaded", profile=PROFILE)
        super().__init__(held, page_script, out)
        dialect.v11.add_interface(out, CHANNEL, ["postMessage"], asynchronous=True)
        out.event("addUserScript", source=page_script, injectionTime="document-end", name="react-native-injected.js")
        dialect.v11.observe_loads(out)

    def page_finished(self, url):
        """onLoadEnd: the injected JavaScript has run, so the start-up queue can follow (a page bridge
        that announced itself earlier has had it already)."""
        if self.startup_queue is not None:
            self.log("info", "injected", "the page finished loading with the injected page bridge")
            self.flush_startup_queue()

    def navigation(self, url):
        return "allow"  # the bridge never navigates

    def interface_call(self, name, method, arguments):
        if name == CHANNEL and method == "postMessage":
            self.channel_message(arguments[0] if arguments else None)
        return dialect.ABSENT

    def channel_message(self, body):
        try:
            signal = dialect.parse_json(body) if isinstance(body, str) else None
        except (ValueError, RecursionError):
            signal = None
        if not isinstance(signal, dict) or not isinstance(signal.get("url"), str):
            self.log("warning", "malformed-queue", "a post that is not {url, messages}: %s" % dialect.describe(body))
            return
        host = (dialect.scheme_and_host(signal["url"]) or ("", ""))[1]
        if host == "__bridge_loaded__":
            self.log("info", "injected", "the page bridge announced itself")
            self.flush_startup_queue()
        if "messages" in signal:
            self.process_queue(dialect.to_json(signal["messages"]))



if __name__ == "__main__":
    dialect.serve(ReactNativeBridge, dialect.hello("react-native", ["channel"], ["document-end"], ["answer-missing-handler"],
                                                   minor=1))
