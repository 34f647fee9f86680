package bridgecheck.kit.internal;

import android.content.Context;
import android.content.res.AssetManager;
import android.os.Looper;
import java.io.File;

/** The {@link Context} a scenario's factory is given: its assets, and folders of the kit's process. */
final class KitContext extends Context {
    private static final String PACKAGE = System.getProperty("bridgecheck.packageName", "bridgecheck.android.kit");
    private final AssetManager assets;

    KitContext(AssetSource assets) {
        this.assets = new AssetManager(assets);
    }

    @Override
    public AssetManager getAssets() {
        return assets;
    }

    @Override
    public Context getApplicationContext() {
        return this;
    }

    @Override
    public String getPackageName() {
        return PACKAGE;
    }

    @Override
    public File getFilesDir() {
        return ProcessFolders.folder("files");
    }

    @Override
    public File getCacheDir() {
        return ProcessFolders.folder("cache");
    }

    @Override
    public Looper getMainLooper() {
        return Looper.getMainLooper();
    }
}
