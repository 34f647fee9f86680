"""The adapter-protocol 1.1 mechanisms the dialect bridges use (beyond classic WVJB).

As the dialect-core branch (issue #10) defines them in Sources/BridgeImplementations/Adapter/
AdapterProtocol.swift: the adapter says `"minor": 1` in its hello and may then

  emit  observeLoads                               ask for `loadFinished` commands
        handleDialogs                              ask for `dialog` commands
        addJavascriptInterface {name, methods,     a global object whose methods call the adapter
                                asynchronous}      (a JavaScriptChannel when asynchronous)
  get   loadFinished                               a page finished loading (after-load injection)
        dialog {kind, message, defaultText?}       answered by one `dialogAnswer` event:
                                                   {answer: "dismiss" | "confirm" | "text", text?}
        interfaceCall {name, method, arguments}    answered by one `interfaceResult` event {value?}

A bridge answers these through `page_finished(url)`, `dialog(kind, message, default)` (a string
for a prompt's text, True/False for confirm, None to dismiss) and `interface_call(name, method,
arguments)` (the value, or ABSENT for undefined).
"""

MINOR = 1


def observe_loads(out):
    out.event("observeLoads")


def handle_dialogs(out):
    out.event("handleDialogs")


def add_interface(out, name, methods, asynchronous=False):
    out.event("addJavascriptInterface", name=name, methods=list(methods), asynchronous=asynchronous)


def _load_finished(bridge, command, out, absent):
    bridge.page_finished(command.get("url", ""))


def _dialog(bridge, command, out, absent):
    answer = bridge.dialog(command.get("kind", "alert"), command.get("message", ""), command.get("defaultText"))
    if isinstance(answer, str):
        out.event("dialogAnswer", answer="text", text=answer)
    else:
        out.event("dialogAnswer", answer="confirm" if answer is True else "dismiss")


def _interface_call(bridge, command, out, absent):
    value = bridge.interface_call(command.get("name", ""), command.get("method", ""), command.get("arguments") or [])
    out.event("interfaceResult", **({} if value is absent else {"value": value}))


COMMANDS = {
    "loadFinished": _load_finished,
    "dialog": _dialog,
    "interfaceCall": _interface_call,
}
