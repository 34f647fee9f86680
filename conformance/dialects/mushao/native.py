#!/usr/bin/env python3
"""bridgecheck dialect bridge: the home-made mushao:// URL bridge (see FACTS.md), native side,
behind the bridgecheck adapter protocol.

Adapter protocol 1.1: after-load injection (`observeLoads`, `loadFinished`); the page script is
evaluated in didFinishNavigation.

Dialect: each page call is one navigation to mushao://<URI-encoded methodName>://<URI-encoded JSON
params> (which the native side receives as mushao://<methodName>//<params>: the web view's URL parser
drops the empty port's ':'); the method name is the handler's, the params (any JSON value; nothing after the method name
for none) are its data, without callBackId when they are an object. A call with a callBackId is
answered by evaluating window.MSF_JsBridge.nativeCallBackToJs('<id>', <result>).
Every mushao:// URL is the bridge's and is cancelled. The native side cannot call the page: a
harness call is an error.
"""

import os
import sys
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_native"))
import dialect_adapter as dialect  # noqa: E402

PREFIX = "mushao://"
LINE_SEPARATORS = {0x2028: "\\u2028", 0x2029: "\\u2029"}


class MushaoBridge(dialect.PlainNative):
    def __init__(self, configuration, page_script, out):
        super().__init__(configuration, page_script, out)
        dialect.v11.observe_loads(out)

    def page_finished(self, url):
        self.evaluate(self.page_script, "inject", "injecting the page bridge")
        self.log("info", "injected", "the page bridge was evaluated")

    def navigation(self, url):
        if url[:len(PREFIX)].lower() != PREFIX:
            return "allow"
        # The page writes mushao://<method>://<params>, but a web view hands over the URL parsed and
        # serialized: <method> is the host and its ':' an empty port, which the parser drops
        # (mushao://<method>//<params>, measured in WebKitGTK). Split at the first '//' and drop a
        # ':' left before it (an encoded method name has none of its own).
        encoded_method, separator, encoded = url[len(PREFIX):].partition("//")
        if encoded_method.endswith(":"):
            encoded_method = encoded_method[:-1]
        method = urllib.parse.unquote(encoded_method, errors="surrogatepass")
        params = dialect.ABSENT
        try:
            if encoded:
                params = dialect.parse_json(urllib.parse.unquote(encoded, errors="surrogatepass"))
        except (ValueError, RecursionError):
            separator = ""
        if not separator:
            self.log("warning", "malformed-queue", "a mushao URL without a method and JSON params: %s"
                     % dialect.describe(url))
            return "cancel"
        callback_id = params.pop("callBackId", None) if isinstance(params, dict) else None
        reply = None
        if isinstance(callback_id, str):
            def reply(result, callback_id=callback_id):
                literal = "null" if result is dialect.ABSENT else dialect.to_json(result).translate(LINE_SEPARATORS)
                self.evaluate("window.MSF_JsBridge.nativeCallBackToJs('%s', %s);"
                              % (dialect.js_literal_body(callback_id), literal), "deliver")
        self.log("debug", "received", "call %s" % dialect.describe(method))
        self.invoke(method, params, reply)
        return "cancel"

    def call_handler(self, name, data, callback):
        raise RuntimeError("the mushao bridge cannot call the page: it only answers the page's calls")


if __name__ == "__main__":
    dialect.serve(MushaoBridge, dialect.hello("mushao", ["iframe"], ["after-load"], ["answer-missing-handler"], minor=1))
