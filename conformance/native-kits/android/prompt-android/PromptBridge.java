import android.util.Log;
import android.webkit.JsPromptResult;
import android.webkit.WebChromeClient;
import android.webkit.WebView;
import android.webkit.WebViewClient;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.json.JSONArray;
import org.json.JSONException;
import org.json.JSONObject;
import org.json.JSONTokener;

/**
 * bridgecheck's own native side of the prompt-based Android dialect ({@code prompt-android}, the lineage of
 * wendux/WebViewJavascriptBridge), written against Android's WebView API: a helper that takes the app's
 * {@code WebView} over. Each page message arrives alone as {@code prompt("_wvjbxx", json)}, which the bridge's
 * {@code WebChromeClient.onJsPrompt} takes, handles and confirms with an empty string; every other dialog is left
 * to the web view. Messages reach the page as an object literal:
 * {@code WebViewJavascriptBridge._handleMessageFromJava({…});}, dispatched inside the evaluation. The page script is
 * the asset {@code WebViewJavascriptBridge.js}, evaluated when a page has finished loading; messages sent before
 * that wait, and follow it.
 *
 * <p>Correct where wendux's bridge is not: the object literal escapes U+2028 and U+2029 (which
 * {@code JSONObject.toString()} leaves raw, a SyntaxError in engines before ES2019) and keeps a {@code __proto__}
 * key a property; a nil answer is {@code responseData: null}, not a missing member; a second answer is dropped.
 */
public final class PromptBridge {
    /** A native handler: {@code respond} is null when the page's call wants no answer. */
    public interface BridgeHandler {
        void handle(Object data, Responder respond);
    }

    /** Takes a handler's answer (null: none). */
    public interface Responder {
        void respond(Object data);
    }

    /** Takes the page's answer to a native call (null: none). */
    public interface ResponseCallback {
        void onResponse(Object data);
    }

    static final String TAG = "PromptBridge";
    static final String PAGE_SCRIPT_ASSET = "WebViewJavascriptBridge.js";
    private static final String MARKER = "_wvjbxx";

    private final WebView webView;
    private final Map<String, BridgeHandler> handlers = new HashMap<>();
    private final Map<String, ResponseCallback> pending = new HashMap<>();
    private List<JSONObject> startupQueue = new ArrayList<>();
    private long counter;

    /** Takes {@code webView} over: JavaScript on, the bridge's clients set. */
    public PromptBridge(WebView webView) {
        this.webView = webView;
        webView.getSettings().setJavaScriptEnabled(true);
        webView.setWebViewClient(new WebViewClient() {
            @Override
            public void onPageFinished(WebView view, String url) {
                inject();
            }
        });
        webView.setWebChromeClient(new WebChromeClient() {
            @Override
            public boolean onJsPrompt(WebView view, String url, String message, String defaultValue, JsPromptResult result) {
                if (!MARKER.equals(message)) {
                    return super.onJsPrompt(view, url, message, defaultValue, result);
                }
                receiveText(defaultValue);
                result.confirm("");
                return true;
            }
        });
    }

    public void registerHandler(String name, BridgeHandler handler) {
        handlers.put(name, handler);
    }

    public void removeHandler(String name) {
        handlers.remove(name);
    }

    /** Calls the page handler {@code name} with {@code data} (null: none). */
    public void callHandler(String name, Object data, ResponseCallback callback) {
        JSONObject message = new JSONObject();
        put(message, "handlerName", name);
        put(message, "data", data);
        if (callback != null) {
            String id = "objc_cb_" + (++counter);
            pending.put(id, callback);
            put(message, "callbackId", id);
        }
        send(message);
    }

    /** Drops the callbacks still waiting, counts ids from 1 again, and holds messages until the next injection. */
    public void reset() {
        Log.i(TAG, "reset: dropped " + pending.size() + " pending callback(s)");
        pending.clear();
        counter = 0;
        startupQueue = new ArrayList<>();
    }

    private void inject() {
        String script;
        try (InputStream in = webView.getContext().getAssets().open(PAGE_SCRIPT_ASSET)) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            for (int n; (n = in.read(buffer)) > 0; ) {
                bytes.write(buffer, 0, n);
            }
            script = new String(bytes.toByteArray(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            Log.e(TAG, "the page script asset " + PAGE_SCRIPT_ASSET + " cannot be read", e);
            return;
        }
        webView.evaluateJavascript(script, null);
        Log.i(TAG, "injected the page bridge");
        if (startupQueue != null) {
            List<JSONObject> queue = startupQueue;
            startupQueue = null;
            for (JSONObject message : queue) {
                deliver(message);
            }
            Log.i(TAG, "sent " + queue.size() + " start-up message(s)");
        }
    }

    private void receiveText(String text) {
        Object message;
        try {
            message = text == null ? null : new JSONTokener(text).nextValue();
        } catch (JSONException e) {
            message = null;
        }
        if (message == null) {
            Log.w(TAG, "a bridge prompt without a JSON message: " + text);
        } else if (!(message instanceof JSONObject)) {
            Log.w(TAG, "a bridge prompt whose message is not an object; skipped");
        } else {
            receive((JSONObject) message);
        }
    }

    private void receive(JSONObject message) {
        if (message.has("responseId")) {
            Object id = message.opt("responseId");
            ResponseCallback callback = id instanceof String ? pending.remove(id) : null;
            if (callback == null) {
                Log.w(TAG, "ignored a response with the unknown responseId " + id);
                return;
            }
            callback.onResponse(message.has("responseData") ? message.opt("responseData") : null);
            return;
        }
        Object name = message.opt("handlerName");
        BridgeHandler handler = name instanceof String ? handlers.get(name) : null;
        if (handler == null) {
            Log.w(TAG, "no native handler for " + name);
            return;
        }
        Responder respond = null;
        if (message.has("callbackId")) {
            final Object callbackId = message.opt("callbackId");
            respond = new Responder() {
                private boolean answered;

                @Override
                public void respond(Object data) {
                    if (answered) {
                        Log.w(TAG, "the handler for " + name + " answered a second time; not sent");
                        return;
                    }
                    answered = true;
                    JSONObject response = new JSONObject();
                    put(response, "responseId", callbackId);
                    put(response, "responseData", data == null ? JSONObject.NULL : data);
                    send(response);
                }
            };
        }
        handler.handle(message.has("data") ? message.opt("data") : null, respond);
    }

    private void send(JSONObject message) {
        if (startupQueue != null) {
            startupQueue.add(message);
            return;
        }
        deliver(message);
    }

    private void deliver(JSONObject message) {
        StringBuilder script = new StringBuilder("WebViewJavascriptBridge._handleMessageFromJava(");
        literal(script, message);
        webView.evaluateJavascript(script.append(");").toString(), null);
    }

    /** {@code value} as a JavaScript expression that evaluates to the same JSON value. */
    static void literal(StringBuilder out, Object value) {
        if (value instanceof JSONObject) {
            JSONObject object = (JSONObject) value;
            out.append('{');
            boolean first = true;
            for (Iterator<String> keys = object.keys(); keys.hasNext(); ) {
                String key = keys.next();
                if (!first) {
                    out.append(',');
                }
                first = false;
                if (key.equals("__proto__")) {
                    out.append("[\"__proto__\"]");
                } else {
                    string(out, key);
                }
                out.append(':');
                literal(out, object.opt(key));
            }
            out.append('}');
        } else if (value instanceof JSONArray) {
            JSONArray array = (JSONArray) value;
            out.append('[');
            for (int i = 0; i < array.length(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                literal(out, array.opt(i));
            }
            out.append(']');
        } else if (value instanceof String) {
            string(out, (String) value);
        } else if (value instanceof Number) {
            try {
                out.append(JSONObject.numberToString((Number) value));
            } catch (JSONException e) {
                out.append("null");
            }
        } else if (value instanceof Boolean) {
            out.append(value);
        } else {
            out.append("null");
        }
    }

    private static void string(StringBuilder out, String text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"': out.append("\\\""); break;
                case '\\': out.append("\\\\"); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                case '\t': out.append("\\t"); break;
                case '\b': out.append("\\b"); break;
                case '\f': out.append("\\f"); break;
                case '\u2028': out.append("\\u2028"); break;
                case '\u2029': out.append("\\u2029"); break;
                default:
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }

    private static void put(JSONObject object, String name, Object value) {
        try {
            object.put(name, value);
        } catch (JSONException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
