import android.content.Context;
import android.net.Uri;
import android.util.AttributeSet;
import android.util.Log;
import android.webkit.ValueCallback;
import android.webkit.WebResourceRequest;
import android.webkit.WebView;
import android.webkit.WebViewClient;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.json.JSONArray;
import org.json.JSONException;
import org.json.JSONObject;
import org.json.JSONTokener;

/**
 * bridgecheck's own native side of the Android JsBridge 1.0.x dialect ({@code jsbridge-1}), written against
 * Android's WebView API as JsBridge is: a {@code WebView} subclass. The page signals by navigating an iframe to
 * {@code yy://__QUEUE_MESSAGE__/}; the bridge then evaluates {@code WebViewJavascriptBridge._fetchQueue();}, which
 * on Android answers by navigating to {@code yy://return/_fetchQueue/} followed by the URI-encoded JSON queue
 * (with an iPhone user agent it returns the text instead, which is read too). Every {@code yy:} URL is the
 * bridge's and is cancelled. Messages reach the page through
 * {@code WebViewJavascriptBridge._handleMessageFromNative('…')}; native callback ids are {@code JAVA_CB_N}. The
 * page script is the asset {@code WebViewJavascriptBridge.js}, evaluated when a page has finished loading;
 * messages sent before that wait, and follow it.
 *
 * <p>Correct where JsBridge 1.0.4 is not: data keeps its JSON type; scripts go through
 * {@code evaluateJavascript}, never {@code loadUrl("javascript:…")} (which percent-decodes them and loses line
 * breaks); the literal escapes quotes, controls and U+2028/U+2029; a response with an unknown id is ignored; a
 * handler's second answer is dropped; a malformed queue is logged, not thrown.
 */
public class JsBridgeOneWebView extends WebView {
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

    static final String TAG = "JsBridgeOne";
    static final String PAGE_SCRIPT_ASSET = "WebViewJavascriptBridge.js";
    private static final String SCHEME = "yy";
    private static final String QUEUE_HOST = "__queue_message__";
    private static final String RETURN_PREFIX = "//return/_fetchQueue/";
    private static final String FETCH = "WebViewJavascriptBridge._fetchQueue();";
    private static final String DELIVER = "WebViewJavascriptBridge._handleMessageFromNative('%s');";

    private final Map<String, BridgeHandler> handlers = new HashMap<>();
    private final Map<String, ResponseCallback> pending = new HashMap<>();
    private List<JSONObject> startupQueue = new ArrayList<>();
    private long counter;

    public JsBridgeOneWebView(Context context) {
        this(context, null);
    }

    public JsBridgeOneWebView(Context context, AttributeSet attrs) {
        super(context, attrs);
        getSettings().setJavaScriptEnabled(true);
        setWebViewClient(new BridgeClient());
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
            String id = "JAVA_CB_" + (++counter);
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

    private final class BridgeClient extends WebViewClient {
        @Override
        public boolean shouldOverrideUrlLoading(WebView view, WebResourceRequest request) {
            return handleUrl(request.getUrl());
        }

        @Override
        public void onPageFinished(WebView view, String url) {
            inject();
        }
    }

    private boolean handleUrl(Uri url) {
        String scheme = url.getScheme();
        if (scheme == null || !scheme.equalsIgnoreCase(SCHEME)) {
            return false;
        }
        String rest = url.toString().substring(scheme.length() + 1);
        String host = url.getHost();
        if (rest.startsWith(RETURN_PREFIX)) {
            processQueue(Uri.decode(rest.substring(RETURN_PREFIX.length())));
        } else if (host != null && host.toLowerCase(Locale.ROOT).equals(QUEUE_HOST)) {
            fetchQueue();
        } else {
            Log.w(TAG, "cancelled an unknown bridge URL " + url);
        }
        return true;
    }

    private void inject() {
        String script;
        try (InputStream in = getContext().getAssets().open(PAGE_SCRIPT_ASSET)) {
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
        evaluateJavascript(script, null);
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

    private void fetchQueue() {
        evaluateJavascript(FETCH, new ValueCallback<String>() {
            @Override
            public void onReceiveValue(String value) {
                // On Android the queue comes back through a yy://return/ URL; a JSON string is the iPhone form.
                Object result;
                try {
                    result = new JSONTokener(value).nextValue();
                } catch (JSONException e) {
                    return;
                }
                if (result instanceof String) {
                    processQueue((String) result);
                }
            }
        });
    }

    private void processQueue(String text) {
        Object batch;
        try {
            batch = new JSONTokener(text).nextValue();
        } catch (JSONException e) {
            Log.w(TAG, "the page queue is not valid JSON: " + e.getMessage());
            return;
        }
        if (!(batch instanceof JSONArray)) {
            Log.w(TAG, "the page queue is not an array; dropped");
            return;
        }
        JSONArray messages = (JSONArray) batch;
        if (messages.length() > 0) {
            Log.d(TAG, messages.length() + " message(s) fetched");
        }
        for (int i = 0; i < messages.length(); i++) {
            Object entry = messages.opt(i);
            if (!(entry instanceof JSONObject)) {
                Log.w(TAG, "queue entry " + i + " is not an object; skipped");
                continue;
            }
            receive((JSONObject) entry);
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
        evaluateJavascript(String.format(DELIVER, literalBody(message.toString())), null);
    }

    /** The body of a single-quoted JavaScript string literal whose value is {@code text}. */
    static String literalBody(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\': out.append("\\\\"); break;
                case '\'': out.append("\\'"); break;
                case '"': out.append("\\\""); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                case '\f': out.append("\\f"); break;
                default:
                    boolean control = c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == '\u2028' || c == '\u2029';
                    boolean lone = Character.isSurrogate(c) && !(Character.isHighSurrogate(c) && i + 1 < text.length()
                        && Character.isLowSurrogate(text.charAt(i + 1)));
                    if (control || lone) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                        if (Character.isHighSurrogate(c) && i + 1 < text.length()) {
                            out.append(text.charAt(++i));
                        }
                    }
            }
        }
        return out.toString();
    }

    private static void put(JSONObject object, String name, Object value) {
        try {
            object.put(name, value);
        } catch (JSONException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
