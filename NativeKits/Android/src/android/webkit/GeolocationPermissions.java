package android.webkit;

/** The page's geolocation permissions, as a type in {@code WebChromeClient}'s signatures (the kit never asks). */
public class GeolocationPermissions {
    /** Answers a permission request. */
    public interface Callback {
        void invoke(String origin, boolean allow, boolean retain);
    }

    GeolocationPermissions() {
    }
}
