package android.webkit;

/** An error loading a resource, as the argument of {@code WebViewClient.onReceivedError}; the kit never calls it (bridgecheck's page loads no resources). */
public abstract class WebResourceError {
    public abstract int getErrorCode();

    public abstract CharSequence getDescription();
}
