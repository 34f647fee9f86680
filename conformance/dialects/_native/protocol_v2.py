"""Adapter-protocol mechanisms that version 1 lacks, as the dialect bridges expect them.

NEEDS the dialect-core branch (issue #10): the adapter protocol there adds these mechanisms.
Until it lands, the names below are this branch's assumption, kept in this one file so that
aligning them with the final protocol is a change here only. Each entry maps a harness command
to the bridge method that answers it:

  pageFinished  {url}                         the page finished loading (WebView onPageFinished /
                                              didFinishNavigation): after-load injection
  dialog        {kind, message, default?}     a prompt/alert/confirm panel (WKUIDelegate,
                                              WebChromeClient.onJsPrompt); answered by one
                                              `dialogAnswer` event: {answer} (a string, true/false,
                                              or null to dismiss) for the bridge's own panels,
                                              {notMine: true} for the others, which the app (the
                                              fixture) answers
  hostCall      {object, method, arguments}   the page called a method of a host object that the
                                              bridge added with an `addHostObject` event
                                              {name, methods}; answered by one `hostReturn` event
                                              {value?} (absent: undefined), synchronously
  channelMessage {name, body}                 a post to a JavaScriptChannel-style global that the
                                              bridge added with an `addJavaScriptChannel` event
                                              {name} (Flutter, React Native's ReactNativeWebView)
"""


def _page_finished(bridge, command, out):
    bridge.page_finished(command.get("url", ""))


NOT_MINE = object()


def _dialog(bridge, command, out):
    answer = bridge.dialog(command.get("kind", "alert"), command.get("message", ""), command.get("default"))
    if answer is NOT_MINE:
        out.event("dialogAnswer", notMine=True)
    else:
        out.event("dialogAnswer", answer=answer)


def _host_call(bridge, command, out):
    value = bridge.host_call(command.get("object", ""), command.get("method", ""), command.get("arguments") or [])
    fields = {} if value is None else {"value": value}
    out.event("hostReturn", **fields)


def _channel_message(bridge, command, out):
    bridge.channel_message(command.get("name", ""), command.get("body"))


COMMANDS = {
    "pageFinished": _page_finished,
    "dialog": _dialog,
    "hostCall": _host_call,
    "channelMessage": _channel_message,
}
