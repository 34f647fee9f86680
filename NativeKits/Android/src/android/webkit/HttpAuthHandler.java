package android.webkit;

import android.os.Handler;

/**
 * Answers an HTTP authentication request, as the argument of {@code WebViewClient.onReceivedHttpAuthRequest}; the
 * kit never calls it (bridgecheck's page makes no connections).
 */
public abstract class HttpAuthHandler extends Handler {
    HttpAuthHandler() {
        super(android.os.Looper.getMainLooper());
    }

    public abstract boolean useHttpAuthUsernamePassword();

    public abstract void cancel();

    public abstract void proceed(String username, String password);
}
