package android.webkit;

import android.content.Context;

/**
 * A {@link WebView}'s settings. JavaScript is off until {@link #setJavaScriptEnabled(boolean)} switches it on, as on
 * Android; bridgecheck reports a bridge that never does (its page could run no script). The user agent is the
 * one bridgecheck's page has (the profile's); the kit cannot change it, and reports a bridge that does. The other
 * settings are kept and read back: they are about caching, zoom, layout, files and the network, which change
 * nothing bridgecheck's page does.
 */
public abstract class WebSettings {
    public static final int LOAD_DEFAULT = -1;
    @Deprecated
    public static final int LOAD_NORMAL = 0;
    public static final int LOAD_CACHE_ELSE_NETWORK = 1;
    public static final int LOAD_NO_CACHE = 2;
    public static final int LOAD_CACHE_ONLY = 3;
    public static final int MIXED_CONTENT_ALWAYS_ALLOW = 0;
    public static final int MIXED_CONTENT_NEVER_ALLOW = 1;
    public static final int MIXED_CONTENT_COMPATIBILITY_MODE = 2;

    /** How text is laid out. */
    public enum LayoutAlgorithm { NORMAL, @Deprecated SINGLE_COLUMN, NARROW_COLUMNS, TEXT_AUTOSIZING }

    private boolean javaScriptEnabled = false;
    private boolean domStorageEnabled = false;
    private boolean databaseEnabled = false;
    private boolean allowFileAccess = false;
    private boolean allowContentAccess = true;
    private boolean allowFileAccessFromFileURLs = false;
    private boolean allowUniversalAccessFromFileURLs = false;
    private int cacheMode = LOAD_DEFAULT;
    private int mixedContentMode = MIXED_CONTENT_NEVER_ALLOW;
    private boolean javaScriptCanOpenWindowsAutomatically = false;
    private boolean supportMultipleWindows = false;
    private boolean useWideViewPort = false;
    private boolean loadWithOverviewMode = false;
    private boolean supportZoom = true;
    private boolean builtInZoomControls = false;
    private boolean displayZoomControls = true;
    private int textZoom = 100;
    private String defaultTextEncodingName = "UTF-8";
    private boolean mediaPlaybackRequiresUserGesture = true;
    private boolean loadsImagesAutomatically = true;
    private boolean blockNetworkImage = false;
    private boolean blockNetworkLoads = false;
    private LayoutAlgorithm layoutAlgorithm = LayoutAlgorithm.NARROW_COLUMNS;
    private int defaultFontSize = 16;
    private int minimumFontSize = 8;
    private boolean safeBrowsingEnabled = true;
    private boolean geolocationEnabled = true;

    /** Made by the kit for each web view. */
    protected WebSettings() {
    }

    /** The user agent of bridgecheck's page (the profile's). */
    public abstract String getUserAgentString();

    /**
     * Changes the user agent: null (the default again) and the page's own are accepted; any other is reported,
     * since bridgecheck's page keeps the profile's user agent and some page bridges read it.
     */
    public abstract void setUserAgentString(String ua);

    /** The default user agent: bridgecheck's page's. */
    public static String getDefaultUserAgent(Context context) {
        return bridgecheck.kit.internal.KitSession.defaultUserAgent();
    }

    /** Whether the page runs JavaScript (off by default, as on Android: a bridge must switch it on). */
    public synchronized void setJavaScriptEnabled(boolean value) {
        javaScriptEnabled = value;
    }

    public synchronized boolean getJavaScriptEnabled() {
        return javaScriptEnabled;
    }

    public synchronized void setDomStorageEnabled(boolean value) {
        domStorageEnabled = value;
    }

    public synchronized boolean getDomStorageEnabled() {
        return domStorageEnabled;
    }

    public synchronized void setDatabaseEnabled(boolean value) {
        databaseEnabled = value;
    }

    public synchronized boolean getDatabaseEnabled() {
        return databaseEnabled;
    }

    public synchronized void setAllowFileAccess(boolean value) {
        allowFileAccess = value;
    }

    public synchronized boolean getAllowFileAccess() {
        return allowFileAccess;
    }

    public synchronized void setAllowContentAccess(boolean value) {
        allowContentAccess = value;
    }

    public synchronized boolean getAllowContentAccess() {
        return allowContentAccess;
    }

    public synchronized void setAllowFileAccessFromFileURLs(boolean value) {
        allowFileAccessFromFileURLs = value;
    }

    public synchronized boolean getAllowFileAccessFromFileURLs() {
        return allowFileAccessFromFileURLs;
    }

    public synchronized void setAllowUniversalAccessFromFileURLs(boolean value) {
        allowUniversalAccessFromFileURLs = value;
    }

    public synchronized boolean getAllowUniversalAccessFromFileURLs() {
        return allowUniversalAccessFromFileURLs;
    }

    public synchronized void setCacheMode(int value) {
        cacheMode = value;
    }

    public synchronized int getCacheMode() {
        return cacheMode;
    }

    public synchronized void setMixedContentMode(int value) {
        mixedContentMode = value;
    }

    public synchronized int getMixedContentMode() {
        return mixedContentMode;
    }

    public synchronized void setJavaScriptCanOpenWindowsAutomatically(boolean value) {
        javaScriptCanOpenWindowsAutomatically = value;
    }

    public synchronized boolean getJavaScriptCanOpenWindowsAutomatically() {
        return javaScriptCanOpenWindowsAutomatically;
    }

    public synchronized void setSupportMultipleWindows(boolean value) {
        supportMultipleWindows = value;
    }

    public synchronized boolean supportMultipleWindows() {
        return supportMultipleWindows;
    }

    public synchronized void setUseWideViewPort(boolean value) {
        useWideViewPort = value;
    }

    public synchronized boolean getUseWideViewPort() {
        return useWideViewPort;
    }

    public synchronized void setLoadWithOverviewMode(boolean value) {
        loadWithOverviewMode = value;
    }

    public synchronized boolean getLoadWithOverviewMode() {
        return loadWithOverviewMode;
    }

    public synchronized void setSupportZoom(boolean value) {
        supportZoom = value;
    }

    public synchronized boolean supportZoom() {
        return supportZoom;
    }

    public synchronized void setBuiltInZoomControls(boolean value) {
        builtInZoomControls = value;
    }

    public synchronized boolean getBuiltInZoomControls() {
        return builtInZoomControls;
    }

    public synchronized void setDisplayZoomControls(boolean value) {
        displayZoomControls = value;
    }

    public synchronized boolean getDisplayZoomControls() {
        return displayZoomControls;
    }

    public synchronized void setTextZoom(int value) {
        textZoom = value;
    }

    public synchronized int getTextZoom() {
        return textZoom;
    }

    public synchronized void setDefaultTextEncodingName(String value) {
        defaultTextEncodingName = value;
    }

    public synchronized String getDefaultTextEncodingName() {
        return defaultTextEncodingName;
    }

    public synchronized void setMediaPlaybackRequiresUserGesture(boolean value) {
        mediaPlaybackRequiresUserGesture = value;
    }

    public synchronized boolean getMediaPlaybackRequiresUserGesture() {
        return mediaPlaybackRequiresUserGesture;
    }

    public synchronized void setLoadsImagesAutomatically(boolean value) {
        loadsImagesAutomatically = value;
    }

    public synchronized boolean getLoadsImagesAutomatically() {
        return loadsImagesAutomatically;
    }

    public synchronized void setBlockNetworkImage(boolean value) {
        blockNetworkImage = value;
    }

    public synchronized boolean getBlockNetworkImage() {
        return blockNetworkImage;
    }

    public synchronized void setBlockNetworkLoads(boolean value) {
        blockNetworkLoads = value;
    }

    public synchronized boolean getBlockNetworkLoads() {
        return blockNetworkLoads;
    }

    public synchronized void setLayoutAlgorithm(LayoutAlgorithm value) {
        layoutAlgorithm = value;
    }

    public synchronized LayoutAlgorithm getLayoutAlgorithm() {
        return layoutAlgorithm;
    }

    public synchronized void setDefaultFontSize(int value) {
        defaultFontSize = value;
    }

    public synchronized int getDefaultFontSize() {
        return defaultFontSize;
    }

    public synchronized void setMinimumFontSize(int value) {
        minimumFontSize = value;
    }

    public synchronized int getMinimumFontSize() {
        return minimumFontSize;
    }

    public synchronized void setSafeBrowsingEnabled(boolean value) {
        safeBrowsingEnabled = value;
    }

    public synchronized boolean getSafeBrowsingEnabled() {
        return safeBrowsingEnabled;
    }

    public synchronized void setGeolocationEnabled(boolean value) {
        geolocationEnabled = value;
    }
}
