package android.webkit;

import android.content.Context;
import android.util.AttributeSet;
import android.widget.AbsoluteLayout;
import bridgecheck.kit.internal.WebViewCore;
import java.util.Map;

/**
 * Android's web view, standing in for one that shows bridgecheck's page. The kit drives the web view the bridge
 * creates in its factory (the bridge itself when it is a {@code WebView}): what the page does reaches the
 * {@link WebViewClient}, the {@link WebChromeClient} and the objects added with
 * {@link #addJavascriptInterface(Object, String)}, and what the bridge asks of the web view reaches the page, as
 * Android's WebView (Chromium, Android 13) does it:
 * <ul>
 * <li>{@link #loadUrl(String)} with a {@code javascript:} URL runs the script in the page later, after Chromium has
 * parsed it as a URL (line breaks removed, {@code %XX} escapes decoded); a script whose value is a string would
 * replace the page, which bridgecheck reports. Any other URL would load another page: bridgecheck reports that
 * too, since its page is the one the scenario scripts.</li>
 * <li>{@link #evaluateJavascript(String, ValueCallback)} runs the script later and gives its value as JSON text
 * on the main thread ("null" for {@code undefined} or a script that threw).</li>
 * <li>An object added with {@link #addJavascriptInterface(Object, String)} appears in pages loaded afterwards; the
 * page's calls of its {@link JavascriptInterface} methods run on a background thread named "JavaBridge", and the
 * page waits for their value.</li>
 * <li>The methods of this class must be called on the main thread; on another one they throw, as on Android.</li>
 * </ul>
 */
@SuppressWarnings("deprecation")
public class WebView extends AbsoluteLayout {
    private final WebViewCore core;

    public WebView(Context context) {
        this(context, null);
    }

    public WebView(Context context, AttributeSet attrs) {
        this(context, attrs, 0);
    }

    public WebView(Context context, AttributeSet attrs, int defStyleAttr) {
        this(context, attrs, defStyleAttr, 0);
    }

    public WebView(Context context, AttributeSet attrs, int defStyleAttr, int defStyleRes) {
        super(context, attrs, defStyleAttr, defStyleRes);
        if (context == null) {
            throw new IllegalArgumentException("Invalid context argument");
        }
        core = WebViewCore.attach(this);
    }

    /** Chrome's developer tools for web views: nothing to connect to here. */
    public static void setWebContentsDebuggingEnabled(boolean enabled) {
    }

    public WebSettings getSettings() {
        core.checkThread();
        return core.settings();
    }

    public void setWebViewClient(WebViewClient client) {
        core.checkThread();
        core.setWebViewClient(client);
    }

    public WebViewClient getWebViewClient() {
        core.checkThread();
        return core.webViewClient();
    }

    public void setWebChromeClient(WebChromeClient client) {
        core.checkThread();
        core.setWebChromeClient(client);
    }

    public WebChromeClient getWebChromeClient() {
        core.checkThread();
        return core.webChromeClient();
    }

    /** Runs a {@code javascript:} URL in the page (another URL would load another page: reported). */
    public void loadUrl(String url) {
        core.checkThread();
        core.loadUrl(url);
    }

    /** As {@link #loadUrl(String)}; a {@code javascript:} URL sends no request, so the headers change nothing. */
    public void loadUrl(String url, Map<String, String> additionalHttpHeaders) {
        core.checkThread();
        core.loadUrl(url);
    }

    /** Runs {@code script} in the page; {@code resultCallback} gets its value as JSON text, on the main thread. */
    public void evaluateJavascript(String script, ValueCallback<String> resultCallback) {
        core.checkThread();
        core.evaluateJavascript(script, resultCallback);
    }

    /** Adds {@code object} as the global {@code name} of the pages loaded from now on. */
    public void addJavascriptInterface(Object object, String name) {
        core.checkThread();
        core.addJavascriptInterface(object, name);
    }

    /** Removes the object added as {@code name}, from the next page on. */
    public void removeJavascriptInterface(String name) {
        core.checkThread();
        core.removeJavascriptInterface(name);
    }

    /** The URL of the page. */
    public String getUrl() {
        core.checkThread();
        return core.url();
    }

    /** The URL the page was first loaded from. */
    public String getOriginalUrl() {
        core.checkThread();
        return core.url();
    }

    /** The page's load progress: 100 once it has finished loading, else 0. */
    public int getProgress() {
        core.checkThread();
        return core.progress();
    }

    /** Nothing to clear: bridgecheck's page has no HTTP cache. */
    public void clearCache(boolean includeDiskFiles) {
        core.checkThread();
    }

    /** Ends the web view; the page it shows is gone (bridgecheck reports anything that reaches it afterwards). */
    public void destroy() {
        core.checkThread();
        core.destroy();
    }
}
