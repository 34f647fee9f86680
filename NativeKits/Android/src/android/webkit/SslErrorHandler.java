package android.webkit;

import android.os.Handler;

/**
 * Decides about a TLS error, as the argument of {@code WebViewClient.onReceivedSslError}; the kit never calls it
 * (bridgecheck's page makes no connections).
 */
public abstract class SslErrorHandler extends Handler {
    SslErrorHandler() {
        super(android.os.Looper.getMainLooper());
    }

    public abstract void proceed();

    public abstract void cancel();
}
