package bridgecheck.kit.internal;

import android.net.Uri;
import android.webkit.WebResourceRequest;
import java.util.Collections;
import java.util.Map;

/** A navigation the page started, as {@code shouldOverrideUrlLoading} sees it: a GET without gesture or redirect. */
final class KitRequest implements WebResourceRequest {
    private final Uri url;
    private final boolean mainFrame;

    KitRequest(String url, boolean mainFrame) {
        this.url = Uri.parse(url);
        this.mainFrame = mainFrame;
    }

    @Override
    public Uri getUrl() {
        return url;
    }

    @Override
    public boolean isForMainFrame() {
        return mainFrame;
    }

    @Override
    public boolean isRedirect() {
        return false;
    }

    @Override
    public boolean hasGesture() {
        return false;
    }

    @Override
    public String getMethod() {
        return "GET";
    }

    @Override
    public Map<String, String> getRequestHeaders() {
        return Collections.emptyMap();
    }
}
