package bridgecheck.kit.internal;

import android.webkit.WebSettings;

/** The settings of a kit web view: the user agent is the page's, and stays so. */
final class KitWebSettings extends WebSettings {
    private final KitSession session;

    KitWebSettings(KitSession session) {
        this.session = session;
    }

    @Override
    public String getUserAgentString() {
        return session == null ? KitSession.SIMULATED_USER_AGENT : session.conversation().userAgent();
    }

    @Override
    public void setUserAgentString(String ua) {
        if (ua == null || ua.isEmpty() || ua.equals(getUserAgentString()) || session == null) {
            return;
        }
        session.fail("the bridge changed the user agent to " + Crashes.quote(ua, 120) + "; bridgecheck's page keeps the "
            + "profile's (" + Crashes.quote(getUserAgentString(), 120) + "), and a page bridge may read it: set the "
            + "profile's \"userAgent\" instead");
    }
}
