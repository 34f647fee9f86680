package bridgecheck.kit.internal;

import org.json.JSONObject;

/**
 * What one adapter process keeps from command to command: the protocol version both sides speak, and the page
 * script and configuration of the last {@code start} (1.2 and 1.3 send them only when they change).
 */
final class Conversation {
    /** The minor version of the conversation (the lower of the harness's and the kit's). */
    int minor;
    /** The page script of the last {@code start}. */
    String pageScript;
    /** The configuration of the last {@code start}. */
    JSONObject configuration;

    boolean pipelines() {
        return minor >= 2;
    }

    boolean answersInHandlers() {
        return minor >= 3;
    }

    boolean textBlocks() {
        return minor >= 4;
    }

    /** The {@code profile.dialect} object of the configuration, or an empty one. */
    JSONObject dialect() {
        JSONObject profile = configuration == null ? null : configuration.optJSONObject("profile");
        JSONObject dialect = profile == null ? null : profile.optJSONObject("dialect");
        return dialect == null ? new JSONObject() : dialect;
    }

    /** The user agent of the scenario's page: the profile's, else the simulated page's default. */
    String userAgent() {
        String ua = dialect().optString("userAgent", "");
        return ua.isEmpty() ? KitSession.SIMULATED_USER_AGENT : ua;
    }

    /** The page handler a native {@code disableSafetyTimeout} calls (the dialect's switch, else classic WVJB's). */
    String safetyTimeoutHandler() {
        JSONObject dispatch = dialect().optJSONObject("dispatch");
        Object name = dispatch == null ? null : dispatch.opt("switch");
        return name instanceof String ? (String) name : "_disableJavascriptAlertBoxSafetyTimeout";
    }
}
