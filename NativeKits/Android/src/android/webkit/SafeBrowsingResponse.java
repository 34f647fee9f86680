package android.webkit;

/** The answer to a Safe Browsing hit, as the argument of {@code WebViewClient.onSafeBrowsingHit}; the kit never calls it. */
public abstract class SafeBrowsingResponse {
    public abstract void showInterstitial(boolean allowReporting);

    public abstract void proceed(boolean report);

    public abstract void backToSafety(boolean report);
}
