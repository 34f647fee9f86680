#!/usr/bin/env python3
"""bridgecheck dialect bridge: Android JsBridge 1.0.x (lzyzsd/JsBridge), native side, behind the
bridgecheck adapter protocol.

Adapter protocol 1.1: after-load injection (`observeLoads`, `loadFinished`); JsBridge evaluates the
page script in onPageFinished.

Dialect: the page signals with yy://__QUEUE_MESSAGE__/; the native side evaluates
WebViewJavascriptBridge._fetchQueue(), which on Android returns nothing and navigates to
yy://return/_fetchQueue/<URI-encoded JSON queue> (the batch is read from that URL; a string the
fetch returns, as on iPhone, is read too). Every yy:// URL is the bridge's and is cancelled.
Messages reach the page through WebViewJavascriptBridge._handleMessageFromNative('…'); native
callback ids are JAVA_CB_N. Messages sent before injection wait and follow the page script. No
safety-timeout switch.
"""

import os
import sys
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_native"))
import dialect_adapter as dialect  # noqa: E402

SCHEME = "yy"
QUEUE_HOST = "__queue_message__"
RETURN_PREFIX = "//return/_fetchQueue/"
PROFILE = {"name": "jsbridge-1", "globalName": "WebViewJavascriptBridge", "fetchQueueFunction": "_fetchQueue",
           "handleMessageFunction": "_handleMessageFromNative"}


class JsBridge1(dialect.CallbackIds, dialect.base.Bridge):
    callback_prefix = "JAVA_CB_"

    def __init__(self, configuration, page_script, out):
        held = dict(configuration, transport="iframe", injection="bridge-loaded", profile=PROFILE)
        super().__init__(held, page_script, out)
        dialect.v11.observe_loads(out)

    def page_finished(self, url):
        self.bridge_loaded()  # evaluates the page script, then sends the start-up queue

    def navigation(self, url):
        text = url.strip()
        colon = text.find(":")
        if colon < 0 or text[:colon].lower() != SCHEME:
            return "allow"
        rest = text[colon + 1:]
        if rest.startswith(RETURN_PREFIX):
            self.process_queue(urllib.parse.unquote(rest[len(RETURN_PREFIX):], errors="surrogatepass"))
        elif (dialect.scheme_and_host(text) or ("", ""))[1] == QUEUE_HOST:
            self.fetch_queue()
        else:
            self.log("warning", "unknown-bridge-url", "cancelled an unknown bridge URL %s" % dialect.describe(url))
        return "cancel"

    def evaluation_result(self, evaluation, ok, result, error):
        kind = self.evaluations.get(evaluation, (None, None))[0]
        if kind == "fetch" and ok and not isinstance(result, str):
            self.evaluations.pop(evaluation)  # Android: the batch comes back through a URL
            return
        super().evaluation_result(evaluation, ok, result, error)

    def disable_safety_timeout(self):
        raise RuntimeError("JsBridge has no safety-timeout switch")


if __name__ == "__main__":
    dialect.serve(JsBridge1, dialect.hello("jsbridge-1", ["iframe"], ["after-load"], ["answer-missing-handler"], minor=1))
