package android.os;

/**
 * The device's build: the kit stands in for Android 13 (API level 33, {@code TIRAMISU}), whose WebView is the
 * Chromium one bridgecheck's page follows.
 */
public class Build {
    public static final String UNKNOWN = "unknown";
    public static final String BRAND = "bridgecheck";
    public static final String MANUFACTURER = "bridgecheck";
    public static final String MODEL = "bridgecheck android kit";
    public static final String DEVICE = "bridgecheck";
    public static final String PRODUCT = "bridgecheck";
    public static final String HARDWARE = "jvm";
    public static final String ID = "TQ3A.230901.001";
    public static final String TYPE = "user";
    public static final String TAGS = "release-keys";
    public static final String FINGERPRINT = "bridgecheck/bridgecheck/bridgecheck:13/TQ3A.230901.001/1:user/release-keys";

    /** The Android version. */
    public static class VERSION {
        public static final int SDK_INT = 33;
        public static final String RELEASE = "13";
        public static final String CODENAME = "REL";
        public static final String INCREMENTAL = "1";
        public static final int PREVIEW_SDK_INT = 0;
    }

    /** The API levels by name. */
    public static class VERSION_CODES {
        public static final int BASE = 1;
        public static final int BASE_1_1 = 2;
        public static final int CUPCAKE = 3;
        public static final int DONUT = 4;
        public static final int ECLAIR = 5;
        public static final int ECLAIR_0_1 = 6;
        public static final int ECLAIR_MR1 = 7;
        public static final int FROYO = 8;
        public static final int GINGERBREAD = 9;
        public static final int GINGERBREAD_MR1 = 10;
        public static final int HONEYCOMB = 11;
        public static final int HONEYCOMB_MR1 = 12;
        public static final int HONEYCOMB_MR2 = 13;
        public static final int ICE_CREAM_SANDWICH = 14;
        public static final int ICE_CREAM_SANDWICH_MR1 = 15;
        public static final int JELLY_BEAN = 16;
        public static final int JELLY_BEAN_MR1 = 17;
        public static final int JELLY_BEAN_MR2 = 18;
        public static final int KITKAT = 19;
        public static final int KITKAT_WATCH = 20;
        public static final int LOLLIPOP = 21;
        public static final int LOLLIPOP_MR1 = 22;
        public static final int M = 23;
        public static final int N = 24;
        public static final int N_MR1 = 25;
        public static final int O = 26;
        public static final int O_MR1 = 27;
        public static final int P = 28;
        public static final int Q = 29;
        public static final int R = 30;
        public static final int S = 31;
        public static final int S_V2 = 32;
        public static final int TIRAMISU = 33;
        public static final int CUR_DEVELOPMENT = 10000;
    }
}
