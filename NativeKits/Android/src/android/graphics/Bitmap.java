package android.graphics;

/**
 * A bitmap, as a type only: it appears in the signatures of {@code WebViewClient.onPageStarted} and
 * {@code WebChromeClient.onReceivedIcon}, and the kit always passes {@code null} (bridgecheck's page has no
 * favicon). No pixels are ever made here, so no bitmap API exists.
 */
public final class Bitmap {
    private Bitmap() {
    }
}
