package bridgecheck.kit.internal;

import android.os.Looper;
import android.util.Log;
import android.webkit.JavascriptInterface;
import android.webkit.ValueCallback;
import android.webkit.WebChromeClient;
import android.webkit.WebSettings;
import android.webkit.WebView;
import android.webkit.WebViewClient;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The state and behaviour behind one {@link WebView}: its settings, clients and JavaScript interfaces, and the
 * session (scenario) whose page it shows. A web view made outside the factory of a scenario has no page.
 */
public final class WebViewCore {
    private final WebView view;
    private final KitSession session;
    private final Looper looper;
    private final KitWebSettings settings;
    private volatile WebViewClient client;
    private volatile WebChromeClient chrome;
    private final Map<String, Object> interfaces = new LinkedHashMap<>();
    private final Set<String> removed = new LinkedHashSet<>();
    private volatile boolean destroyed;
    private volatile int progress;

    private WebViewCore(WebView view, KitSession session, Looper looper) {
        this.view = view;
        this.session = session;
        this.looper = looper;
        this.settings = new KitWebSettings(session);
    }

    /** The core of a web view being constructed, in the current scenario. */
    public static WebViewCore attach(WebView view) {
        Looper looper = Looper.myLooper();
        if (looper == null) {
            throw new RuntimeException("WebView cannot be initialized on a thread that has no Looper.");
        }
        KitSession session = KitSession.current();
        WebViewCore core = new WebViewCore(view, session, looper);
        if (session != null) {
            session.webViewCreated(core);
        }
        return core;
    }

    WebView view() {
        return view;
    }

    private KitSession session() {
        if (session == null) {
            throw new IllegalStateException("bridgecheck android kit: this WebView (" + view.getClass().getName()
                + ") was created outside the factory given to NativeKit.serve, so no page is attached to it; create "
                + "the bridge's WebView in the factory, from the Context it is given");
        }
        return session;
    }

    /** Throws, as Android does, when a WebView method is called on another thread than the one that made it. */
    public void checkThread() {
        if (Looper.myLooper() != looper) {
            Throwable throwable = new Throwable("A WebView method was called on thread '" + Thread.currentThread().getName()
                + "'. All WebView methods must be called on the same thread. (Expected Looper " + looper
                + " called on " + Looper.myLooper() + ", FYI main Looper is " + Looper.getMainLooper() + ")");
            Log.w("WebView", Log.getStackTraceString(throwable));
            throw new RuntimeException(throwable);
        }
    }

    public WebSettings settings() {
        return settings;
    }

    public WebViewClient webViewClient() {
        return client;
    }

    public WebChromeClient webChromeClient() {
        return chrome;
    }

    public void setWebViewClient(WebViewClient client) {
        this.client = client;
        if (session != null) {
            session.webViewClientSet(this, client);
        }
    }

    public void setWebChromeClient(WebChromeClient client) {
        this.chrome = client;
        if (session != null) {
            session.webChromeClientSet(this, client);
        }
    }

    public void loadUrl(String url) {
        if (url == null || destroyed) {
            return;
        }
        session().loadUrl(this, url);
    }

    public void evaluateJavascript(String script, ValueCallback<String> callback) {
        Objects.requireNonNull(script, "script");
        if (destroyed) {
            return;
        }
        session().evaluateJavascript(this, script, callback);
    }

    /** Adds {@code object} for the pages loaded from now on; its {@link JavascriptInterface} methods are callable. */
    public void addJavascriptInterface(Object object, String name) {
        if (object == null || name == null || destroyed) {
            return;
        }
        KitSession s = session();
        List<String> methods = new ArrayList<>(exposedMethodNames(object.getClass()));
        synchronized (this) {
            interfaces.put(name, object);
            removed.remove(name);
        }
        s.javascriptInterfaceAdded(name, methods);
    }

    /** Removes the object added as {@code name} from the pages loaded from now on. */
    public void removeJavascriptInterface(String name) {
        synchronized (this) {
            if (interfaces.containsKey(name)) {
                removed.add(name);
            }
        }
    }

    /** The public methods of {@code type} that carry {@link JavascriptInterface}, by name. */
    static Set<String> exposedMethodNames(Class<?> type) {
        Set<String> names = new TreeSet<>();
        for (Method method : type.getMethods()) {
            if (method.isAnnotationPresent(JavascriptInterface.class) && !Modifier.isStatic(method.getModifiers())) {
                names.add(method.getName());
            }
        }
        return names;
    }

    /** The object the page knows as {@code name} (one removed stays in the page that had it). */
    synchronized Object javascriptInterface(String name) {
        return interfaces.get(name);
    }

    synchronized boolean hasJavascriptInterfaces() {
        return !interfaces.isEmpty();
    }

    synchronized Set<String> removedInterfaces() {
        return new LinkedHashSet<>(removed);
    }

    public String url() {
        return session == null ? null : session.pageUrl();
    }

    public int progress() {
        return progress;
    }

    void setProgress(int value) {
        progress = value;
    }

    public void destroy() {
        destroyed = true;
    }

    boolean destroyed() {
        return destroyed;
    }
}
