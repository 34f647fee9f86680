package android.content.res;

import bridgecheck.kit.internal.AssetSource;
import java.io.IOException;
import java.io.InputStream;

/**
 * The app's assets. The kit's assets are the files of the folder named by {@code -Dbridgecheck.assets=DIR}, and
 * the asset named in {@code NativeKit.serve(pageScriptAsset, …)} is bridgecheck's page script for the scenario.
 */
public final class AssetManager implements AutoCloseable {
    public static final int ACCESS_UNKNOWN = 0;
    public static final int ACCESS_RANDOM = 1;
    public static final int ACCESS_STREAMING = 2;
    public static final int ACCESS_BUFFER = 3;

    private final AssetSource source;

    /** Made by the kit's {@code Context}. */
    public AssetManager(AssetSource source) {
        this.source = source;
    }

    /** The asset {@code fileName}; {@link java.io.FileNotFoundException} when there is none. */
    public InputStream open(String fileName) throws IOException {
        return open(fileName, ACCESS_STREAMING);
    }

    /** The asset {@code fileName} (the access mode changes nothing here). */
    public InputStream open(String fileName, int accessMode) throws IOException {
        if (fileName == null) {
            throw new NullPointerException("fileName");
        }
        return source.open(fileName);
    }

    /** The names of the assets in the folder {@code path} ("" for the top). */
    public String[] list(String path) throws IOException {
        return source.list(path);
    }

    /** Nothing to release. */
    @Override
    public void close() {
    }
}
