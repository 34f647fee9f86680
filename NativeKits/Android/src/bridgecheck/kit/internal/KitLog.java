package bridgecheck.kit.internal;

/**
 * {@code android.util.Log} lines written by the bridge while it handles a command, on the main thread or the
 * JavaBridge thread, become {@code log} events of that command (level from the priority, code from the tag), so
 * that bridgecheck records them as the native side's logs; every line also goes to standard error.
 */
public final class KitLog {
    private KitLog() {
    }

    /** Called by {@code android.util.Log} for each line. */
    public static void logged(int priority, String tag, String message) {
        KitSession session = KitSession.current();
        if (session == null || session.isProbe()) {
            return;
        }
        String thread = Thread.currentThread().getName();
        if (!thread.equals("main") && !thread.equals("JavaBridge")) {
            return;
        }
        String level = priority <= 3 ? "debug" : priority == 4 ? "info" : priority == 5 ? "warning" : "error";
        session.log(level, tag == null ? "" : tag, message);
    }
}
