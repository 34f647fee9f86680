package bridgecheck.kit.internal;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The app's private folders: made on first use under a temporary folder of this process, removed at exit. */
final class ProcessFolders {
    private static Path root;

    private ProcessFolders() {
    }

    static synchronized File folder(String name) {
        try {
            if (root == null) {
                root = Files.createTempDirectory("bridgecheck-android-kit-");
            }
            return Files.createDirectories(root.resolve(name)).toFile();
        } catch (IOException e) {
            throw new IllegalStateException("bridgecheck android kit: cannot make the app folder " + name + ": " + e, e);
        }
    }

    /** Removes the folders (at exit). */
    static synchronized void remove() {
        if (root == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // A folder left in the temporary directory is all that happens.
        }
        root = null;
    }
}
