package android.webkit;

import android.graphics.Bitmap;
import android.net.Uri;
import android.os.Message;
import android.view.View;

/**
 * The app's side of a {@link WebView}'s user interface. The kit calls, on the main thread:
 * <ul>
 * <li>{@link #onJsAlert}, {@link #onJsConfirm} and {@link #onJsPrompt} for the page's {@code alert},
 * {@code confirm} and {@code prompt}. Returning true takes the dialog over: confirm or cancel the result (the page
 * waits until then; bridgecheck reports a result never answered). Returning false lets the web view show its own
 * dialog, which nobody answers here: the kit dismisses it, as a user pressing Cancel.</li>
 * <li>{@link #onProgressChanged} with 100 once each page has finished loading, before
 * {@code WebViewClient.onPageFinished}.</li>
 * </ul>
 * Without a {@code WebChromeClient}, Android's WebView answers the page's dialogs at once, as cancelled
 * ({@code alert} returns, {@code confirm} false, {@code prompt} null), and so does the kit. The other callbacks are
 * about windows, media and permissions, none of which bridgecheck's page has: the kit never calls them, and
 * their defaults do what Android's do.
 */
public class WebChromeClient {
    /** Tells the web view a custom view was hidden. */
    public interface CustomViewCallback {
        void onCustomViewHidden();
    }

    /** The parameters of a file chooser, as a type in {@link #onShowFileChooser}'s signature. */
    public abstract static class FileChooserParams {
        public static final int MODE_OPEN = 0;
        public static final int MODE_OPEN_MULTIPLE = 1;
        public static final int MODE_SAVE = 3;

        public abstract int getMode();

        public abstract String[] getAcceptTypes();

        public abstract boolean isCaptureEnabled();

        public abstract CharSequence getTitle();

        public abstract String getFilenameHint();
    }

    public void onProgressChanged(WebView view, int newProgress) {
    }

    public void onReceivedTitle(WebView view, String title) {
    }

    public void onReceivedIcon(WebView view, Bitmap icon) {
    }

    public void onReceivedTouchIconUrl(WebView view, String url, boolean precomposed) {
    }

    public void onShowCustomView(View view, CustomViewCallback callback) {
    }

    @Deprecated
    public void onShowCustomView(View view, int requestedOrientation, CustomViewCallback callback) {
    }

    public void onHideCustomView() {
    }

    public boolean onCreateWindow(WebView view, boolean isDialog, boolean isUserGesture, Message resultMsg) {
        return false;
    }

    public void onRequestFocus(WebView view) {
    }

    public void onCloseWindow(WebView window) {
    }

    /** The page's {@code alert(message)}; true takes it over ({@code result} must then be answered). */
    public boolean onJsAlert(WebView view, String url, String message, JsResult result) {
        return false;
    }

    /** The page's {@code confirm(message)}; true takes it over ({@code result} must then be answered). */
    public boolean onJsConfirm(WebView view, String url, String message, JsResult result) {
        return false;
    }

    /** The page's {@code prompt(message, defaultValue)}; true takes it over ({@code result} must then be answered). */
    public boolean onJsPrompt(WebView view, String url, String message, String defaultValue, JsPromptResult result) {
        return false;
    }

    public boolean onJsBeforeUnload(WebView view, String url, String message, JsResult result) {
        return false;
    }

    public void onGeolocationPermissionsShowPrompt(String origin, GeolocationPermissions.Callback callback) {
    }

    public void onGeolocationPermissionsHidePrompt() {
    }

    public void onPermissionRequest(PermissionRequest request) {
        request.deny();
    }

    public void onPermissionRequestCanceled(PermissionRequest request) {
    }

    @Deprecated
    public boolean onJsTimeout() {
        return true;
    }

    @Deprecated
    public void onConsoleMessage(String message, int lineNumber, String sourceID) {
    }

    public boolean onConsoleMessage(ConsoleMessage consoleMessage) {
        onConsoleMessage(consoleMessage.message(), consoleMessage.lineNumber(), consoleMessage.sourceId());
        return false;
    }

    public Bitmap getDefaultVideoPoster() {
        return null;
    }

    public View getVideoLoadingProgressView() {
        return null;
    }

    public void getVisitedHistory(ValueCallback<String[]> callback) {
    }

    public boolean onShowFileChooser(WebView webView, ValueCallback<Uri[]> filePathCallback,
                                     FileChooserParams fileChooserParams) {
        return false;
    }
}
