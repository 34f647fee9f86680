package bridgecheck.kit.internal;

import java.io.IOException;
import java.io.InputStream;

/** Where a {@link android.content.res.AssetManager} of the kit reads its files. */
public interface AssetSource {
    /** The asset at {@code path} (relative to the assets folder); FileNotFoundException when there is none. */
    InputStream open(String path) throws IOException;

    /** The names in the assets folder {@code path} ("" for the top). */
    String[] list(String path) throws IOException;
}
