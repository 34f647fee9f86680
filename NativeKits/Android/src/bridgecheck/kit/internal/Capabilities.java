package bridgecheck.kit.internal;

import android.graphics.Bitmap;
import android.webkit.JsPromptResult;
import android.webkit.WebChromeClient;
import android.webkit.WebResourceRequest;
import android.webkit.WebView;
import android.webkit.WebViewClient;
import java.util.ArrayList;
import java.util.List;

/**
 * What a bridge registers with its web view, as {@code hello} declares it: navigation interception (a
 * {@code WebViewClient} that overrides {@code shouldOverrideUrlLoading}: the iframe and location transports),
 * JavaScript interfaces (host-object), a {@code WebChromeClient} that overrides {@code onJsPrompt} (prompt); and
 * injection after load when a client overrides {@code onPageStarted}, {@code onPageFinished} or
 * {@code onProgressChanged}, else by the page itself.
 */
final class Capabilities {
    final List<String> transports = new ArrayList<>();
    final List<String> injections = new ArrayList<>();
    final String name;
    /** Why the bridge could not be made (then everything Android can do is declared, and each scenario says why). */
    final Throwable failure;

    private Capabilities(String name, Throwable failure) {
        this.name = name;
        this.failure = failure;
    }

    static Capabilities of(WebViewCore view, Object bridge, Throwable failure) {
        String name = System.getProperty("bridgecheck.name");
        if (name == null || name.isEmpty()) {
            if (view != null && view.view().getClass() != WebView.class) {
                name = view.view().getClass().getSimpleName();
            } else if (bridge != null) {
                name = bridge.getClass().getSimpleName();
            } else {
                name = "android-kit-bridge";
            }
        }
        Capabilities found = new Capabilities(name, failure);
        if (failure != null || view == null || !hearsThePage(view)) {
            // Scenarios run, and each says why the bridge cannot take part (start reports it).
            found.transports.addAll(java.util.Arrays.asList("iframe", "location", "host-object", "prompt"));
            found.injections.addAll(java.util.Arrays.asList("after-load", "page"));
            return found;
        }
        if (interceptsNavigations(view)) {
            found.transports.add("iframe");
            found.transports.add("location");
        }
        if (view.hasJavascriptInterfaces()) {
            found.transports.add("host-object");
        }
        if (takesPrompts(view)) {
            found.transports.add("prompt");
        }
        WebViewClient client = view.webViewClient();
        WebChromeClient chrome = view.webChromeClient();
        boolean loads = overrides(client, WebViewClient.class, "onPageFinished", WebView.class, String.class)
            || overrides(client, WebViewClient.class, "onPageStarted", WebView.class, String.class, Bitmap.class)
            || overrides(chrome, WebChromeClient.class, "onProgressChanged", WebView.class, int.class);
        found.injections.add(loads ? "after-load" : "page");
        return found;
    }

    /** Whether the page can reach the bridge at all: a navigation it intercepts, an interface, or a prompt. */
    static boolean hearsThePage(WebViewCore view) {
        return interceptsNavigations(view) || view.hasJavascriptInterfaces() || takesPrompts(view);
    }

    private static boolean interceptsNavigations(WebViewCore view) {
        WebViewClient client = view.webViewClient();
        return overrides(client, WebViewClient.class, "shouldOverrideUrlLoading", WebView.class, String.class)
            || overrides(client, WebViewClient.class, "shouldOverrideUrlLoading", WebView.class, WebResourceRequest.class);
    }

    private static boolean takesPrompts(WebViewCore view) {
        return overrides(view.webChromeClient(), WebChromeClient.class, "onJsPrompt", WebView.class, String.class,
            String.class, String.class, JsPromptResult.class);
    }

    private static boolean overrides(Object client, Class<?> base, String method, Class<?>... parameters) {
        if (client == null) {
            return false;
        }
        try {
            return client.getClass().getMethod(method, parameters).getDeclaringClass() != base;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }
}
