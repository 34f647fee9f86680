"""Each dialect's native bridge driven over the adapter protocol, one exchange per dialect.

    python3 -m unittest discover -s conformance/dialects/_native -p 'test_*.py'

The harness cannot drive most dialects until the dialect-core branch lands; these exchanges check
each native side's own mechanism, the adapter-protocol 1.1 commands included (protocol_1_1.py).
"""

import json
import os
import subprocess
import sys
import unittest
import urllib.parse

DIALECTS = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
PAGE_SCRIPT = "/* the page bridge */"


class Native:
    """One adapter process; `send` returns the events of one command (without `done`)."""

    def __init__(self, dialect):
        self.process = subprocess.Popen([sys.executable, os.path.join(DIALECTS, dialect, "native.py")],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.seq = 0
        self.hello = self.send("hello", protocol=1)[0]
        self.start = self.send("start", configuration={"transport": "iframe", "injection": "bridge-loaded"},
                               pageScript=PAGE_SCRIPT)

    def send(self, command_type, **fields):
        self.seq += 1
        command = dict(fields, type=command_type, seq=self.seq)
        self.process.stdin.write((json.dumps(command) + "\n").encode())
        self.process.stdin.flush()
        events = []
        while True:
            event = json.loads(self.process.stdout.readline())
            if event["type"] == "done":
                assert event["seq"] == self.seq
                return events
            assert event["type"] != "error", event
            events.append(event)

    def close(self):
        self.send("exit")
        self.process.wait(5)
        self.process.stdin.close()
        self.process.stdout.close()


def only(events, kind):
    return [event for event in events if event["type"] == kind]


def scripts(events):
    return [event["script"] for event in only(events, "evaluate")]


class NativeTestCase(unittest.TestCase):
    dialect = None

    def setUp(self):
        self.native = Native(self.dialect)
        self.addCleanup(self.native.close)

    def invoked(self, events):
        found = only(events, "handlerInvoked")
        self.assertEqual(len(found), 1, events)
        return found[0]


class Wvjb6(NativeTestCase):
    dialect = "wvjb-6"

    def test_injects_on_bridge_loaded_and_fetches_on_the_queue_url(self):
        n = self.native
        n.send("registerHandler", name="h")
        events = n.send("navigation", id=1, url="https://__bridge_loaded__", frame="iframe")
        self.assertEqual(only(events, "policy")[0]["policy"], "cancel")
        self.assertEqual(scripts(events), [PAGE_SCRIPT])
        events = n.send("navigation", id=2, url="https://__wvjb_queue_message__", frame="iframe")
        fetch = only(events, "evaluate")[0]
        self.assertEqual(fetch["script"], "WebViewJavascriptBridge._fetchQueue();")
        events = n.send("evaluationResult", id=fetch["id"], ok=True,
                        result='[{"handlerName":"h","data":1,"callbackId":"cb_1"}]')
        call = self.invoked(events)
        self.assertEqual((call["data"], call["canRespond"]), (1, True))
        events = n.send("respond", invocation=call["invocation"], data=2)
        self.assertEqual(scripts(events), [r"""WebViewJavascriptBridge._handleMessageFromObjC('{\"responseId\":\"cb_1\",\"responseData\":2}');"""])


class Wvjb5(NativeTestCase):
    dialect = "wvjb-5"

    def test_only_the_legacy_scheme_is_the_bridges(self):
        n = self.native
        events = n.send("navigation", id=1, url="https://__wvjb_queue_message__", frame="iframe")
        self.assertEqual(only(events, "policy")[0]["policy"], "allow")
        events = n.send("navigation", id=2, url="wvjbscheme://__WVJB_QUEUE_MESSAGE__", frame="iframe")
        self.assertEqual(only(events, "policy")[0]["policy"], "cancel")
        self.assertEqual(scripts(events), ["WebViewJavascriptBridge._fetchQueue();"])


class Wvjb4(NativeTestCase):
    dialect = "wvjb-4"

    def test_holds_messages_until_the_page_has_loaded(self):
        n = self.native
        self.assertEqual(scripts(n.send("callHandler", name="h", data=1)), [])
        injected = scripts(n.send("loadFinished"))
        self.assertEqual(injected[0], PAGE_SCRIPT)
        self.assertEqual(injected[1], r"""WebViewJavascriptBridge._handleMessageFromObjC('{\"handlerName\":\"h\",\"data\":1}');""")


class WkWebViewPort(NativeTestCase):
    dialect = "wkwebview-port"

    def test_injects_on_a_post_and_speaks_callbackID(self):
        n = self.native
        self.assertEqual([e["name"] for e in only(n.start, "addScriptMessageHandler")],
                         ["iOS_Native_InjectJavascript", "iOS_Native_FlushMessageQueue"])
        n.send("registerHandler", name="h")
        inject = only(n.send("scriptMessage", name="iOS_Native_InjectJavascript", body=None), "evaluate")
        self.assertEqual([event["script"] for event in inject], [PAGE_SCRIPT])
        self.assertEqual(scripts(n.send("evaluationResult", id=inject[0]["id"], ok=True)), [])
        fetch = only(n.send("scriptMessage", name="iOS_Native_FlushMessageQueue", body=None), "evaluate")[0]
        self.assertEqual(fetch["script"], "WKWebViewJavascriptBridge._fetchQueue();")
        call = self.invoked(n.send("evaluationResult", id=fetch["id"], ok=True,
                                   result='[{"handlerName":"h","callbackID":"cb_1"}]'))
        events = n.send("respond", invocation=call["invocation"], data=None)
        self.assertIn('_handleMessageFromiOS(\'{\\"responseID\\":\\"cb_1\\",\\"responseData\\":null}\')',
                      scripts(events)[0])


    def test_sends_the_startup_queue_from_the_injection_completion(self):
        n = self.native
        self.assertEqual(scripts(n.send("callHandler", name="p", data=1)), [])
        inject = only(n.send("scriptMessage", name="iOS_Native_InjectJavascript", body=None), "evaluate")
        self.assertEqual([event["script"] for event in inject], [PAGE_SCRIPT], "nothing sent with the injection")
        self.assertEqual(scripts(n.send("callHandler", name="p", data=2)), [], "still held until the completion")
        sent = scripts(n.send("evaluationResult", id=inject[0]["id"], ok=True))
        self.assertEqual(len(sent), 2)
        self.assertIn('\\"data\\":1', sent[0])
        self.assertIn('\\"data\\":2', sent[1])


class KotlinPort(NativeTestCase):
    dialect = "kotlin-port"

    def test_the_fetch_returns_the_queue_array_itself(self):
        n = self.native
        n.send("registerHandler", name="h")
        self.assertEqual(scripts(n.send("scriptMessage", name="iOS_Native_InjectJavascript", body=None)), [PAGE_SCRIPT])
        fetch = only(n.send("scriptMessage", name="iOS_Native_FlushMessageQueue", body=None), "evaluate")[0]
        self.assertEqual(fetch["script"], "WKWebViewJavascriptBridge._fetchQueue();")
        call = self.invoked(n.send("evaluationResult", id=fetch["id"], ok=True,
                                   result=[{"handlerName": "h", "data": [1], "callbackID": "cb_1"}]))
        self.assertEqual(call["data"], [1])
        # Text is no queue in this dialect: Android would have handed over a JSON string literal.
        fetch = only(n.send("scriptMessage", name="iOS_Native_FlushMessageQueue", body=None), "evaluate")[0]
        events = n.send("evaluationResult", id=fetch["id"], ok=True, result='[{"handlerName":"h"}]')
        self.assertEqual(only(events, "handlerInvoked"), [])
        self.assertEqual([e["code"] for e in only(events, "log")], ["queue-not-array"])


class JsBridge1(NativeTestCase):
    dialect = "jsbridge-1"

    def test_reads_the_queue_from_the_return_url(self):
        n = self.native
        n.send("registerHandler", name="h")
        events = n.send("navigation", id=1, url="yy://__QUEUE_MESSAGE__/", frame="iframe")
        self.assertEqual(only(events, "policy")[0]["policy"], "cancel")
        fetch = only(events, "evaluate")[0]
        self.assertEqual(n.send("evaluationResult", id=fetch["id"], ok=True), [])
        queue = urllib.parse.quote('[{"handlerName":"h","data":"a+b %"}]', safe="")
        events = n.send("navigation", id=2, url="yy://return/_fetchQueue/" + queue, frame="iframe")
        self.assertEqual(self.invoked(events)["data"], "a+b %")
        n.send("loadFinished")
        self.assertIn('"callbackId\\":\\"JAVA_CB_1\\"', scripts(n.send("callHandler", name="p", callback=1))[0])


class JsBridge2(NativeTestCase):
    dialect = "jsbridge-2"

    def test_host_methods_are_the_handlers(self):
        n = self.native
        self.assertEqual(only(n.start, "addJavascriptInterface")[0]["methods"], ["response"])
        added = only(n.send("registerHandler", name="h"), "addJavascriptInterface")[0]["methods"]
        self.assertEqual(added, ["response", "h"])
        # No generic method, and no method for a name that is no identifier: the page cannot call it.
        n.send("registerHandler", name="it's")
        self.assertEqual(only(n.send("registerHandler", name="$x"), "addJavascriptInterface")[0]["methods"],
                         ["response", "$x", "h"])
        n.send("loadFinished")
        events = n.send("interfaceCall", name="WebViewJavascriptBridge", method="h", arguments=["[1]", "cb_1"])
        self.assertEqual(only(events, "interfaceResult"), [{"type": "interfaceResult"}])
        call = self.invoked(events)
        self.assertEqual(call["data"], [1])
        events = n.send("respond", invocation=call["invocation"], data="ok")
        self.assertEqual(scripts(events)[0],
                         'WebViewJavascriptBridge._handleMessageFromNative("{\\"responseId\\":\\"cb_1\\",'
                         '\\"responseData\\":\\"ok\\"}");')


class ReactNative(NativeTestCase):
    dialect = "react-native"

    def test_the_signal_carries_the_messages(self):
        n = self.native
        channel = only(n.start, "addJavascriptInterface")[0]
        self.assertEqual((channel["name"], channel["methods"], channel["asynchronous"]),
                         ("ReactNativeWebView", ["postMessage"], True))
        self.assertEqual(only(n.start, "addUserScript")[0]["injectionTime"], "document-end")
        n.send("registerHandler", name="h")
        self.assertEqual(scripts(n.send("callHandler", name="p")), [])
        loaded = json.dumps({"url": "https://__bridge_loaded__", "messages": []})
        self.assertEqual(len(scripts(self.post(loaded))), 1)
        carried = json.dumps({"url": "https://__wvjb_queue_message__", "messages": [{"handlerName": "h", "data": 0}]})
        self.assertEqual(self.invoked(self.post(carried))["data"], 0)

    def post(self, body):
        return self.native.send("interfaceCall", name="ReactNativeWebView", method="postMessage", arguments=[body])


class Flutter(NativeTestCase):
    dialect = "flutter"

    def test_envelopes_are_uri_encoded_and_answered_by_index(self):
        n = self.native
        n.send("registerHandler", name="h")
        n.send("loadFinished")
        request = urllib.parse.quote(json.dumps({"index": 7, "type": "request", "handlerName": "h", "data": False}))
        call = self.invoked(self.post(request))
        self.assertIs(call["data"], False)
        script = scripts(n.send("respond", invocation=call["invocation"], data=""))[0]
        encoded = script[len("WebViewJavascriptBridge.nativeCall('"):-len("');")]
        self.assertEqual(json.loads(urllib.parse.unquote(encoded)),
                         {"index": 7, "type": "response", "handlerName": "h", "data": ""})
        missing = urllib.parse.quote(json.dumps({"index": 8, "type": "request", "handlerName": "nope"}))
        script = scripts(self.post(missing))[0]
        self.assertIn(urllib.parse.quote('"type":"error"', safe=""), script.replace("%20", ""))

    def post(self, body):
        return self.native.send("interfaceCall", name="YGFlutterJSBridgeChannel", method="postMessage",
                                arguments=[body])


class PromptAndroid(NativeTestCase):
    dialect = "prompt-android"

    def test_prompts_carry_messages_and_objects_reach_the_page(self):
        n = self.native
        n.send("registerHandler", name="h")
        self.assertEqual([e["type"] for e in n.start], ["observeLoads", "handleDialogs"])
        events = n.send("dialog", kind="prompt", message="_wvjbxx", defaultText='{"handlerName":"h","data":"x"}')
        self.assertEqual(only(events, "dialogAnswer"), [{"type": "dialogAnswer", "answer": "text", "text": ""}])
        self.assertEqual(self.invoked(events)["data"], "x")
        self.assertEqual(only(n.send("dialog", kind="prompt", message="name?", defaultText=""), "dialogAnswer"),
                         [{"type": "dialogAnswer", "answer": "dismiss"}])
        n.send("loadFinished")
        script = scripts(n.send("callHandler", name="p", data="\u2028"))[0]
        self.assertEqual(script, 'WebViewJavascriptBridge._handleMessageFromJava({"handlerName":"p","data":"\\u2028"});')
        script = scripts(n.send("callHandler", name="p", data={"__proto__": [1], "a": {"__proto__": 2}}))[0]
        self.assertIn('"data":{["__proto__"]:[1],"a":{["__proto__"]:2}}', script)


class Mushao(NativeTestCase):
    dialect = "mushao"

    def test_one_message_per_url_answered_by_callback_id(self):
        n = self.native
        n.send("registerHandler", name="receiveNativeInfo")
        params = urllib.parse.quote(json.dumps({"device": "x #1", "callBackId": "callBackId_1_5"}))
        events = n.send("navigation", id=1, url="mushao://receiveNativeInfo://" + params, frame="iframe")
        self.assertEqual(only(events, "policy")[0]["policy"], "cancel")
        call = self.invoked(events)
        self.assertEqual(call["data"], {"device": "x #1"})
        self.assertEqual(scripts(n.send("respond", invocation=call["invocation"], data={"msg": "ok"})),
                         ["window.MSF_JsBridge.nativeCallBackToJs('callBackId_1_5', {\"msg\":\"ok\"});"])

    def test_method_names_are_decoded_and_params_need_not_be_objects(self):
        n = self.native
        n.send("registerHandler", name="a/b c")
        events = n.send("navigation", id=1, url="mushao://a%2Fb%20c://" + urllib.parse.quote('"text"'), frame="iframe")
        self.assertEqual(self.invoked(events)["data"], "text")
        events = n.send("navigation", id=2, url="mushao://a%2Fb%20c://", frame="iframe")
        self.assertNotIn("data", self.invoked(events))


class ModuleAction(NativeTestCase):
    dialect = "module-action"

    def test_records_in_answers_through_the_named_function_and_evaluation_results_out(self):
        n = self.native
        n.send("registerHandler", name="user.login")
        body = {"module": "user", "action": "login", "type": "action", "version": "1.0", "params": {"a": 1},
                "callbackId": "cb_1", "callbackFunction": "window.HybridBridge.callbackDispatcher"}
        call = self.invoked(n.send("scriptMessage", name="IDLJSBridge", body=body))
        self.assertEqual(scripts(n.send("respond", invocation=call["invocation"], data=True)),
                         ["window.HybridBridge.callbackDispatcher('cb_1', true);"])
        # The page ships the bridge: a call waits until the page has loaded.
        self.assertEqual(only(n.send("callHandler", name="ping", data=[1], callback=4), "evaluate"), [])
        evaluation = only(n.send("loadFinished"), "evaluate")[0]
        self.assertEqual(evaluation["script"], "window.nativeCallDispatcher('ping', '[1]');")
        events = n.send("evaluationResult", id=evaluation["id"], ok=True, result={"pong": [1]})
        self.assertEqual(only(events, "callbackInvoked"), [{"type": "callbackInvoked", "callback": 4,
                                                            "data": {"pong": [1]}}])


if __name__ == "__main__":
    unittest.main()
