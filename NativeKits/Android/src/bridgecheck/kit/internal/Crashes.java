package bridgecheck.kit.internal;

/** Words for what went wrong in bridge code: the exception and the first frame of the bridge's own code. */
final class Crashes {
    private static final String[] PLATFORM = {
        "java.", "javax.", "jdk.", "sun.", "com.sun.", "bridgecheck.kit.", "android.", "androidx.", "org.json.",
        "com.google.gson.",
    };

    private Crashes() {
    }

    /**
     * "the bridge threw X: message at Frame(File.java:12) (where: …); on Android …", with the whole stack trace
     * written to standard error (bridgecheck quotes its last lines).
     */
    static String describe(Throwable t, String what) {
        System.err.println("bridgecheck android kit: an exception in the bridge while " + what + ":");
        t.printStackTrace(System.err);
        StackTraceElement frame = bridgeFrame(t);
        StringBuilder text = new StringBuilder("the bridge threw ").append(t.getClass().getName());
        if (t.getMessage() != null) {
            text.append(": ").append(shorten(t.getMessage(), 300));
        }
        if (frame != null) {
            text.append(" at ").append(frame(frame));
        }
        text.append(" (while ").append(what).append("); on Android an uncaught exception on the main thread ends the app");
        return text.toString();
    }

    /** The first frame of {@code t}'s stack (or its causes') in code that is neither Java's nor the kit's. */
    static StackTraceElement bridgeFrame(Throwable t) {
        for (Throwable cause = t; cause != null; cause = cause.getCause()) {
            for (StackTraceElement element : cause.getStackTrace()) {
                if (!isPlatform(element.getClassName())) {
                    return element;
                }
            }
        }
        StackTraceElement[] frames = t.getStackTrace();
        return frames.length > 0 ? frames[0] : null;
    }

    /** {@code Class.method(File.java:12)}, without the module and class loader prefixes. */
    static String frame(StackTraceElement frame) {
        String where = frame.getFileName() == null ? "Unknown Source"
            : frame.getLineNumber() >= 0 ? frame.getFileName() + ":" + frame.getLineNumber() : frame.getFileName();
        return frame.getClassName() + "." + frame.getMethodName() + "(" + where + ")";
    }

    static boolean isPlatform(String className) {
        for (String prefix : PLATFORM) {
            if (className.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** {@code text} quoted, shortened to {@code limit} characters. */
    static String quote(String text, int limit) {
        if (text == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder();
        Json.quote(out, shorten(text, limit));
        return out.toString();
    }

    static String shorten(String text, int limit) {
        return text.length() <= limit ? text : text.substring(0, limit) + "…";
    }
}
