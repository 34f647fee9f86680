package bridgecheck.kit.internal;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * The app's assets: the files of a folder the user names ({@code -Dbridgecheck.assets=DIR}), and bridgecheck's
 * page script under the name the bridge loads its page bridge from.
 */
final class KitAssets {
    private final File folder;
    private final String pageScriptAsset;

    KitAssets(File folder, String pageScriptAsset) {
        this.folder = folder;
        this.pageScriptAsset = pageScriptAsset == null ? null : normalized(pageScriptAsset);
    }

    /** The assets of one scenario, whose page script {@code pageScript} gives. */
    AssetSource forSession(Supplier<String> pageScript) {
        return new AssetSource() {
            @Override
            public InputStream open(String path) throws IOException {
                String name = normalized(path);
                if (name.equals(pageScriptAsset)) {
                    String script = pageScript.get();
                    return new ByteArrayInputStream((script == null ? "" : script).getBytes(StandardCharsets.UTF_8));
                }
                File file = folder == null ? null : new File(folder, name);
                if (file == null || !file.isFile()) {
                    String where = folder == null ? "no assets folder was named (-Dbridgecheck.assets=DIR)"
                        : "it is not in " + folder;
                    String page = pageScriptAsset == null ? "no page script asset was named in NativeKit.serve"
                        : "the page script asset is " + pageScriptAsset;
                    System.err.println("bridgecheck android kit: the bridge opened the asset " + path + ": " + where + "; "
                        + page);
                    throw new FileNotFoundException(path);
                }
                return new ByteArrayInputStream(Files.readAllBytes(file.toPath()));
            }

            @Override
            public String[] list(String path) throws IOException {
                File dir = folder == null ? null : new File(folder, normalized(path));
                String[] names = dir == null ? null : dir.list();
                if (names == null) {
                    names = new String[0];
                }
                if (pageScriptAsset != null && normalized(path).isEmpty() && !pageScriptAsset.contains("/")
                    && !Arrays.asList(names).contains(pageScriptAsset)) {
                    names = Arrays.copyOf(names, names.length + 1);
                    names[names.length - 1] = pageScriptAsset;
                }
                Arrays.sort(names);
                return names;
            }
        };
    }

    private static String normalized(String path) {
        String name = path;
        while (name.startsWith("/")) {
            name = name.substring(1);
        }
        return name;
    }
}
