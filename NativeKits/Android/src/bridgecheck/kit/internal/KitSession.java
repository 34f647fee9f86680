package bridgecheck.kit.internal;

import android.content.Context;
import android.os.Looper;
import android.os.SystemClock;
import android.webkit.JsPromptResult;
import android.webkit.JsResult;
import android.webkit.ValueCallback;
import android.webkit.WebChromeClient;
import android.webkit.WebViewClient;
import bridgecheck.kit.Callback;
import bridgecheck.kit.Handler;
import bridgecheck.kit.NativeBridgeUnderTest;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.json.JSONArray;
import org.json.JSONObject;

/**
 * One scenario: the bridge the factory made for it, the web view it drives, and the translation between the
 * harness's commands and the Android API the bridge sees. Everything runs on the kit's main thread (the main
 * looper's), except a page's call of a JavaScript interface method, which runs on the "JavaBridge" thread while
 * the main thread waits for it (and runs the main looper's messages if that method waits for them).
 */
public final class KitSession {
    /** The URL of bridgecheck's simulated page (its default: scenarios load no other). */
    static final String PAGE_URL = "https://app.bridgecheck.test/index.html";
    /** The user agent of bridgecheck's simulated page when the profile names none. */
    static final String SIMULATED_USER_AGENT = "Mozilla/5.0 (bridgecheck simulated WebKit)";
    /** The shortest script sent as a text block (protocol 1.4). */
    private static final int TEXT_BLOCK_MINIMUM = 16_384;

    private static volatile KitSession current;

    private final Conversation conversation;
    private final boolean probe;
    private final KitContext context;
    private Answer answer;
    private WebViewCore view;
    private NativeBridgeUnderTest bridge;
    private String failure;
    private boolean observingLoads;
    private boolean handlingDialogs;
    private final Map<Integer, Callback> invocations = new HashMap<>();
    private int nextInvocation;
    private final Map<String, JSONObject> answersGivenInHandlers = new HashMap<>();
    private final Map<Long, ValueCallback<String>> evaluations = new HashMap<>();
    private final Map<Long, Boolean> javascriptUrls = new HashMap<>();
    private long nextEvaluation;
    private String pageUrl = PAGE_URL;
    private String nextPageUrl;
    private final JavaBridgeThread javaBridge;

    private KitSession(Conversation conversation, KitAssets assets, JavaBridgeThread javaBridge, boolean probe) {
        this.conversation = conversation;
        this.probe = probe;
        this.javaBridge = javaBridge;
        this.context = new KitContext(assets.forSession(() -> probe ? "" : conversation.pageScript));
        this.answer = new Answer();
    }

    /** The session the web views created now belong to (null outside a scenario). */
    static KitSession current() {
        return current;
    }

    /** The user agent of the current scenario's page (what {@code WebSettings.getDefaultUserAgent} gives). */
    public static String defaultUserAgent() {
        KitSession session = current;
        return session == null ? SIMULATED_USER_AGENT : session.conversation.userAgent();
    }

    /** Opens a scenario's session: the factory makes the bridge, which creates (or is) the web view. */
    static KitSession start(Conversation conversation, KitAssets assets, JavaBridgeThread javaBridge,
                            Function<Context, NativeBridgeUnderTest> factory, Answer answer) throws KitProblem {
        KitSession session = new KitSession(conversation, assets, javaBridge, false);
        session.answer = answer;
        current = session;
        session.bridge = session.guard("the factory made the bridge", () -> factory.apply(session.context));
        if (session.bridge == null) {
            throw new KitProblem("the factory given to NativeKit.serve returned null: return the bridge's "
                + "NativeBridgeUnderTest mapping");
        }
        if (session.view == null) {
            throw new KitProblem("the factory created no WebView: create the bridge's WebView (or the bridge, when it is "
                + "a WebView subclass) from the Context the factory is given, so that the kit can drive it");
        }
        if (!Capabilities.hearsThePage(session.view)) {
            throw new KitProblem("the bridge cannot hear the page: its WebView (" + session.view.view().getClass().getName()
                + ") has no WebViewClient that overrides shouldOverrideUrlLoading (navigations), no JavaScript interface "
                + "(addJavascriptInterface) and no WebChromeClient that overrides onJsPrompt (prompt) once the factory "
                + "has made the bridge");
        }
        session.runMainLooper();
        return session;
    }

    /** Runs the factory once to see what the bridge registers (for {@code hello}); never reports anything. */
    static Capabilities probe(Conversation conversation, KitAssets assets, JavaBridgeThread javaBridge,
                              Function<Context, NativeBridgeUnderTest> factory) {
        KitSession session = new KitSession(conversation, assets, javaBridge, true);
        current = session;
        Object bridge = null;
        Throwable failed = null;
        try {
            bridge = factory.apply(session.context);
        } catch (Throwable t) {
            failed = t;
        } finally {
            current = null;
            LooperAccess.get().clear(Looper.getMainLooper());
        }
        return Capabilities.of(session.view, bridge, failed);
    }

    /** Ends the session: nothing of it may reach the next scenario. */
    void close() {
        if (current == this) {
            current = null;
        }
        LooperAccess.get().clear(Looper.getMainLooper());
        evaluations.clear();
        javascriptUrls.clear();
        invocations.clear();
    }

    /** The answer events of the command being carried out go to {@code answer}. */
    void answerInto(Answer answer) {
        synchronized (this) {
            this.answer = answer;
        }
    }

    private Answer answer() {
        synchronized (this) {
            return answer;
        }
    }

    private void emit(Event event) {
        if (!probe) {
            answer().add(event);
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Failures

    /**
     * Records what the kit cannot follow and throws it into the bridge code that caused it; the command then
     * ends with this message even if the bridge catches the error.
     */
    KitError fail(String message) {
        synchronized (this) {
            if (failure == null) {
                failure = message;
            }
        }
        throw new KitError(message);
    }

    private void throwIfFailed() throws KitProblem {
        String message;
        synchronized (this) {
            message = failure;
        }
        if (message != null && !probe) {
            throw new KitProblem(message);
        }
    }

    /** Runs bridge code; what it throws ends the command with a message that names the bridge's frame. */
    <T> T guard(String what, Callable<T> work) throws KitProblem {
        T value;
        try {
            value = work.call();
        } catch (KitError e) {
            throwIfFailed();
            throw new KitProblem(e.getMessage());
        } catch (Throwable t) {
            throwIfFailed();
            throw new KitProblem(Crashes.describe(t, what));
        }
        throwIfFailed();
        return value;
    }

    void guardRun(String what, Runnable work) throws KitProblem {
        guard(what, () -> {
            work.run();
            return null;
        });
    }

    // ---------------------------------------------------------------------------------------------------------
    // The main looper

    /** Runs the main looper's messages that are due, in order, including those they post. */
    void runMainLooper() throws KitProblem {
        LooperAccess access = LooperAccess.get();
        Looper main = Looper.getMainLooper();
        while (guard("a message posted to the main looper (Handler, View.post) ran", () -> access.runOneDue(main))) {
            // one message per round, so that a crash names the message's code
        }
    }

    /**
     * Runs the main looper until {@code done} says so: its due messages, then, while it has messages due later,
     * those at their time (the main thread of an app keeps running while the page waits). False when the looper
     * ran out of messages first.
     */
    private boolean runMainLooperUntil(java.util.function.BooleanSupplier done) throws KitProblem {
        LooperAccess access = LooperAccess.get();
        Looper main = Looper.getMainLooper();
        while (!done.getAsBoolean()) {
            if (guard("a message posted to the main looper (Handler, View.post) ran", () -> access.runOneDue(main))) {
                continue;
            }
            long next = access.nextDue(main);
            if (next < 0) {
                return false;
            }
            SystemClock.sleep(Math.max(1, next - SystemClock.uptimeMillis()));
        }
        return true;
    }

    // ---------------------------------------------------------------------------------------------------------
    // Web views (called by WebViewCore)

    void webViewCreated(WebViewCore core) {
        if (view == null) {
            view = core;
            return;
        }
        fail("the bridge created a second WebView (" + core.view().getClass().getName() + "); the kit drives the one "
            + "page of a scenario through the first (" + view.view().getClass().getName() + ")");
    }

    void webViewClientSet(WebViewCore core, WebViewClient client) {
        if (client != null && !observingLoads) {
            observingLoads = true;
            emit(new Event("observeLoads"));
        }
    }

    void webChromeClientSet(WebViewCore core, WebChromeClient client) {
        if (client != null && !observingLoads) {
            observingLoads = true;
            emit(new Event("observeLoads"));
        }
        if (client != null && !handlingDialogs) {
            handlingDialogs = true;
            emit(new Event("handleDialogs"));
        }
    }

    void javascriptInterfaceAdded(String name, java.util.List<String> methods) {
        Event event = new Event("addJavascriptInterface").put("name", name);
        StringBuilder list = new StringBuilder("[");
        for (int i = 0; i < methods.size(); i++) {
            if (i > 0) {
                list.append(',');
            }
            Json.quote(list, methods.get(i));
        }
        emit(event.putJson("methods", list.append(']').toString()));
    }

    /** A line of {@code android.util.Log} as a native log of the scenario. */
    void log(String level, String code, String message) {
        emit(new Event("log").put("level", level).put("code", code).put("message", message));
    }

    String pageUrl() {
        return pageUrl;
    }

    /** {@code loadUrl(url)}: a {@code javascript:} URL runs in the page; any other would replace it. */
    void loadUrl(WebViewCore core, String url) {
        if (!JavascriptUrl.isJavascript(url)) {
            fail("the bridge called loadUrl(" + Crashes.quote(url, 120) + "), which loads another page into the "
                + "WebView; bridgecheck's page is the one the scenario scripts, so the kit cannot follow (a bridge "
                + "loads only javascript: URLs)");
        }
        evaluate(core, JavascriptUrl.script(url), null, true);
    }

    /** {@code evaluateJavascript(script, callback)}. */
    void evaluateJavascript(WebViewCore core, String script, ValueCallback<String> callback) {
        evaluate(core, script, callback, false);
    }

    private void evaluate(WebViewCore core, String script, ValueCallback<String> callback, boolean javascriptUrl) {
        requireJavascript(core);
        long id;
        boolean reported = callback != null || javascriptUrl;
        synchronized (this) {
            id = ++nextEvaluation;
            if (callback != null) {
                evaluations.put(id, callback);
            }
            if (javascriptUrl) {
                javascriptUrls.put(id, Boolean.TRUE);
            }
        }
        Event event = new Event("evaluate").put("id", id);
        byte[] block = null;
        if (conversation.pipelines() && script.equals(conversation.pageScript)) {
            event.put("pageScript", true);
        } else if (conversation.textBlocks() && script.length() >= TEXT_BLOCK_MINIMUM / 3 && !Json.hasLoneSurrogate(script)) {
            byte[] utf8 = script.getBytes(StandardCharsets.UTF_8);
            if (utf8.length >= TEXT_BLOCK_MINIMUM) {
                event.put("scriptBytes", utf8.length);
                block = utf8;
            } else {
                event.put("script", script);
            }
        } else {
            event.put("script", script);
        }
        if (conversation.pipelines()) {
            event.put("report", reported ? "always" : "never");
        }
        if (probe) {
            return;
        }
        if (block != null) {
            answer().add(event, block);
        } else {
            answer().add(event);
        }
    }

    private void requireJavascript(WebViewCore core) {
        if (!core.settings().getJavaScriptEnabled()) {
            fail("JavaScript is off in the WebView's settings (WebSettings.setJavaScriptEnabled(true) was never called): "
                + "on Android its page runs no script at all, and so no page bridge");
        }
        if (core.destroyed()) {
            fail("the bridge destroyed its WebView (WebView.destroy()), and the page went with it");
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // The harness's commands

    void registerHandler(String name, JSONObject answerGivenInHandler) throws KitProblem {
        synchronized (this) {
            if (answerGivenInHandler != null) {
                answersGivenInHandlers.put(name, answerGivenInHandler);
            } else {
                answersGivenInHandlers.remove(name);
            }
        }
        Handler handler = (data, respond) -> handlerCalled(name, data, respond);
        guardRun("register(" + Crashes.quote(name, 60) + ") ran", () -> bridge.register(name, handler));
        runMainLooper();
    }

    void removeHandler(String name) throws KitProblem {
        synchronized (this) {
            answersGivenInHandlers.remove(name);
        }
        guardRun("remove(" + Crashes.quote(name, 60) + ") ran", () -> bridge.remove(name));
        runMainLooper();
    }

    void callHandler(String name, Object data, Integer callback) throws KitProblem {
        Callback answer = callback == null ? null : value -> callbackAnswered(callback, value);
        guardRun("call(" + Crashes.quote(name, 60) + ", …) ran", () -> bridge.call(name, data, answer));
        runMainLooper();
    }

    void respond(int invocation, Object data) throws KitProblem {
        Callback callback;
        synchronized (this) {
            callback = invocations.get(invocation);
        }
        if (callback == null) {
            return;
        }
        guardRun("the answer callback of a native handler ran", () -> callback.answer(data));
        runMainLooper();
    }

    void reset() throws KitProblem {
        guardRun("reset() ran", () -> bridge.reset());
        runMainLooper();
    }

    void disableSafetyTimeout() throws KitProblem {
        callHandler(conversation.safetyTimeoutHandler(), null, null);
    }

    private void handlerCalled(String name, Object data, Callback respond) {
        JSONObject given;
        int invocation;
        synchronized (this) {
            invocation = ++nextInvocation;
            if (respond != null) {
                invocations.put(invocation, respond);
            }
            given = respond != null && conversation.answersInHandlers() ? answersGivenInHandlers.get(name) : null;
        }
        Event event = new Event("handlerInvoked").put("handler", name);
        try {
            event.putValue("data", data);
        } catch (KitProblem p) {
            throw fail("the bridge called the native handler " + Crashes.quote(name, 60) + " with data that is not JSON: "
                + p.getMessage());
        }
        event.put("invocation", invocation).put("canRespond", respond != null);
        if (given != null) {
            event.put("answered", true);
        }
        emit(event);
        if (given != null) {
            Object value = given.optBoolean("echo") ? data : given.opt("data");
            int times = Math.max(1, given.optInt("times", 1));
            for (int i = 0; i < times; i++) {
                respond.answer(value);
            }
        }
    }

    private void callbackAnswered(int callback, Object data) {
        Event event = new Event("callbackInvoked").put("callback", callback);
        try {
            event.putValue("data", data);
        } catch (KitProblem p) {
            throw fail("the bridge answered a native call with data that is not JSON: " + p.getMessage());
        }
        emit(event);
    }

    /** A navigation the page started; the answer is its policy. */
    void navigation(long id, String url, String frame) throws KitProblem {
        requireJavascriptForPageEvent();
        boolean mainFrame = "main".equals(frame);
        WebViewClient client = view.webViewClient();
        boolean cancel = false;
        if (client != null && (mainFrame || !loadsWithoutAsking(url))) {
            KitRequest request = new KitRequest(url, mainFrame);
            cancel = guard("WebViewClient.shouldOverrideUrlLoading(" + Crashes.quote(url, 80) + ") ran",
                () -> client.shouldOverrideUrlLoading(view.view(), request));
        }
        runMainLooper();
        if (!cancel && mainFrame) {
            nextPageUrl = url;
        }
        emit(new Event("policy").put("id", id).put("policy", cancel ? "cancel" : "allow"));
    }

    /** Chromium lets an iframe load http, https and about URLs without asking the app. */
    private static boolean loadsWithoutAsking(String url) {
        int colon = url.indexOf(':');
        String scheme = colon < 0 ? "" : url.substring(0, colon).toLowerCase(Locale.ROOT);
        return scheme.equals("http") || scheme.equals("https") || scheme.equals("about");
    }

    /** A page finished loading: onPageStarted, onProgressChanged(100), onPageFinished. */
    void loadFinished() throws KitProblem {
        if (!view.removedInterfaces().isEmpty()) {
            throw new KitProblem("the bridge removed the JavaScript interface " + view.removedInterfaces()
                + " and a page loaded afterwards: on Android it is gone from that page, and bridgecheck's page "
                + "cannot take an interface away");
        }
        pageUrl = nextPageUrl != null ? nextPageUrl : pageUrl;
        nextPageUrl = null;
        view.setProgress(100);
        String url = pageUrl;
        WebViewClient client = view.webViewClient();
        if (client != null) {
            guardRun("WebViewClient.onPageStarted ran", () -> client.onPageStarted(view.view(), url, null));
        }
        WebChromeClient chrome = view.webChromeClient();
        if (chrome != null) {
            guardRun("WebChromeClient.onProgressChanged(100) ran", () -> chrome.onProgressChanged(view.view(), 100));
        }
        WebViewClient after = view.webViewClient();
        if (after != null) {
            guardRun("WebViewClient.onPageFinished ran", () -> after.onPageFinished(view.view(), url));
        }
        runMainLooper();
    }

    /** The page's alert, confirm or prompt; the answer is a dialogAnswer. */
    void dialog(String kind, String message, String defaultText) throws KitProblem {
        requireJavascriptForPageEvent();
        WebChromeClient chrome = view.webChromeClient();
        Event dismiss = new Event("dialogAnswer").put("answer", "dismiss");
        if (chrome == null) {
            emit(dismiss);
            return;
        }
        boolean[] complete = {false};
        JsResult.ResultReceiver receiver = result -> complete[0] = true;
        String url = pageUrl;
        boolean tookOver;
        JsResult result;
        String callbackName;
        switch (kind) {
            case "alert": {
                JsResult alert = new JsResult(receiver);
                result = alert;
                callbackName = "onJsAlert";
                tookOver = guard("WebChromeClient.onJsAlert ran", () -> chrome.onJsAlert(view.view(), url, message, alert));
                break;
            }
            case "confirm": {
                JsResult confirm = new JsResult(receiver);
                result = confirm;
                callbackName = "onJsConfirm";
                tookOver = guard("WebChromeClient.onJsConfirm ran",
                    () -> chrome.onJsConfirm(view.view(), url, message, confirm));
                break;
            }
            case "prompt": {
                JsPromptResult prompt = new JsPromptResult(receiver);
                result = prompt;
                callbackName = "onJsPrompt";
                String defaultValue = defaultText == null ? "" : defaultText;
                tookOver = guard("WebChromeClient.onJsPrompt ran",
                    () -> chrome.onJsPrompt(view.view(), url, message, defaultValue, prompt));
                break;
            }
            default:
                throw new KitProblem("dialog: unknown kind " + Crashes.quote(kind, 40));
        }
        if (!tookOver) {
            // The web view's own dialog: nobody is there to answer it but the kit, which cancels it.
            runMainLooper();
            emit(dismiss);
            return;
        }
        if (!runMainLooperUntil(() -> complete[0])) {
            throw new KitProblem("WebChromeClient." + callbackName + " returned true (it takes the dialog over) and then "
                + "neither confirmed nor cancelled its " + (kind.equals("prompt") ? "JsPromptResult" : "JsResult")
                + ": on Android the page's " + kind + "() waits for it forever");
        }
        runMainLooper();
        if (!result.getResult()) {
            emit(dismiss);
        } else if (result instanceof JsPromptResult) {
            String text = ((JsPromptResult) result).getStringResult();
            emit(new Event("dialogAnswer").put("answer", "text").put("text", text == null ? "" : text));
        } else {
            emit(new Event("dialogAnswer").put("answer", "confirm"));
        }
    }

    /** The page called a method of a JavaScript interface; the answer is its value. */
    void interfaceCall(String name, String method, JSONArray arguments, JSONArray undefined) throws KitProblem {
        requireJavascriptForPageEvent();
        Object target = view.javascriptInterface(name);
        if (target == null) {
            throw new KitProblem("the page called " + name + "." + method + ", and the bridge added no object as "
                + Crashes.quote(name, 60));
        }
        InterfaceCall call = InterfaceCall.prepare(target, name, method, arguments, undefined);
        Object value = call.run(javaBridge, this);
        runMainLooper();
        Event event = new Event("interfaceResult");
        event.putValue("value", value);
        emit(event);
    }

    /** Runs a main looper message while the JavaBridge thread waits (see {@link InterfaceCall}). */
    boolean runOneMainLooperMessage() throws KitProblem {
        LooperAccess access = LooperAccess.get();
        return guard("a message posted to the main looper (Handler, View.post) ran",
            () -> access.runOneDue(Looper.getMainLooper()));
    }

    /** The outcome of an evaluation the kit asked for. */
    void evaluationResult(long id, boolean ok, Object result) throws KitProblem {
        ValueCallback<String> callback;
        boolean javascriptUrl;
        synchronized (this) {
            callback = evaluations.remove(id);
            javascriptUrl = javascriptUrls.remove(id) != null;
        }
        if (javascriptUrl && ok && result instanceof String) {
            throw new KitProblem("a script the bridge ran with loadUrl(\"javascript:…\") evaluated to a string ("
                + Crashes.quote((String) result, 60) + "): Android's WebView then replaces the page with that text, "
                + "and the page bridge is gone (end such a script with undefined, or use evaluateJavascript)");
        }
        if (callback != null) {
            String text = ok ? ChromiumJson.of(result) : "null";
            guardRun("the ValueCallback of evaluateJavascript ran", () -> callback.onReceiveValue(text));
        }
        runMainLooper();
    }

    private void requireJavascriptForPageEvent() throws KitProblem {
        if (!view.settings().getJavaScriptEnabled()) {
            throw new KitProblem("JavaScript is off in the WebView's settings (WebSettings.setJavaScriptEnabled(true) "
                + "was never called): on Android its page runs no script, so the page could not have done this");
        }
        if (view.destroyed()) {
            throw new KitProblem("the bridge destroyed its WebView (WebView.destroy()), and the page went with it");
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Environment

    Conversation conversation() {
        return conversation;
    }

    boolean isProbe() {
        return probe;
    }
}
