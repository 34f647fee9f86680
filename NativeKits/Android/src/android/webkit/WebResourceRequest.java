package android.webkit;

import android.net.Uri;
import java.util.Map;

/** A request the page makes; the kit gives one for each navigation it offers to the {@link WebViewClient}. */
public interface WebResourceRequest {
    /** The URL, as Chromium serializes it. */
    Uri getUrl();

    /** Whether the request is the main frame's (false for an iframe's). */
    boolean isForMainFrame();

    /** Whether the request follows a server redirect (never, in bridgecheck's page). */
    boolean isRedirect();

    /** Whether a user gesture started it (never, in bridgecheck's page). */
    boolean hasGesture();

    /** The HTTP method ({@code GET} for every navigation). */
    String getMethod();

    /** The request's headers (none). */
    Map<String, String> getRequestHeaders();
}
