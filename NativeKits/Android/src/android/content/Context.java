package android.content;

import android.content.res.AssetManager;
import android.os.Looper;
import java.io.File;

/**
 * The app's environment, as far as bridges use it. The kit gives the bridge's factory one (see
 * {@code bridgecheck.kit.NativeKit}); it is not an {@code Activity}, and the rest of Android's {@code Context}
 * (resources, services, preferences, intents) is not part of the kit.
 */
public abstract class Context {
    /** The app's assets. */
    public abstract AssetManager getAssets();

    /** The application's context (the kit's context is its own application context). */
    public abstract Context getApplicationContext();

    /** The app's package name. */
    public abstract String getPackageName();

    /** The app's private files folder (a temporary folder of the kit's process). */
    public abstract File getFilesDir();

    /** The app's cache folder (a temporary folder of the kit's process). */
    public abstract File getCacheDir();

    /** The main thread's looper. */
    public abstract Looper getMainLooper();
}
