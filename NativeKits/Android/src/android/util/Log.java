package android.util;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.UnknownHostException;

/**
 * Android's logging API. Every line goes to standard error in logcat's brief format ({@code D/Tag: message}):
 * bridgecheck keeps the adapter's last stderr lines and quotes them when a scenario ends in an error. A line the
 * bridge writes while it handles one of bridgecheck's commands is also recorded as a native log of the scenario
 * (verbose and debug as debug, info, warn as warning, error and assert as error; the tag is its code).
 */
public final class Log {
    /** Priority of {@link #v}. */
    public static final int VERBOSE = 2;
    /** Priority of {@link #d}. */
    public static final int DEBUG = 3;
    /** Priority of {@link #i}. */
    public static final int INFO = 4;
    /** Priority of {@link #w}. */
    public static final int WARN = 5;
    /** Priority of {@link #e}. */
    public static final int ERROR = 6;
    /** Priority of {@link #wtf}. */
    public static final int ASSERT = 7;

    private Log() {
    }

    public static int v(String tag, String msg) {
        return println(VERBOSE, tag, msg);
    }

    public static int v(String tag, String msg, Throwable tr) {
        return println(VERBOSE, tag, msg + '\n' + getStackTraceString(tr));
    }

    public static int d(String tag, String msg) {
        return println(DEBUG, tag, msg);
    }

    public static int d(String tag, String msg, Throwable tr) {
        return println(DEBUG, tag, msg + '\n' + getStackTraceString(tr));
    }

    public static int i(String tag, String msg) {
        return println(INFO, tag, msg);
    }

    public static int i(String tag, String msg, Throwable tr) {
        return println(INFO, tag, msg + '\n' + getStackTraceString(tr));
    }

    public static int w(String tag, String msg) {
        return println(WARN, tag, msg);
    }

    public static int w(String tag, String msg, Throwable tr) {
        return println(WARN, tag, msg + '\n' + getStackTraceString(tr));
    }

    public static int w(String tag, Throwable tr) {
        return println(WARN, tag, getStackTraceString(tr));
    }

    public static int e(String tag, String msg) {
        return println(ERROR, tag, msg);
    }

    public static int e(String tag, String msg, Throwable tr) {
        return println(ERROR, tag, msg + '\n' + getStackTraceString(tr));
    }

    public static int wtf(String tag, String msg) {
        return println(ASSERT, tag, msg);
    }

    public static int wtf(String tag, Throwable tr) {
        return println(ASSERT, tag, getStackTraceString(tr));
    }

    public static int wtf(String tag, String msg, Throwable tr) {
        return println(ASSERT, tag, msg + '\n' + getStackTraceString(tr));
    }

    /** Whether {@code level} is logged for {@code tag}: INFO and above, Android's default. */
    public static boolean isLoggable(String tag, int level) {
        return level >= INFO;
    }

    /**
     * The stack trace of {@code tr} as text; empty for null and, as on Android, for a chain that contains an
     * {@link UnknownHostException} (to keep logs small when the network is down).
     */
    public static String getStackTraceString(Throwable tr) {
        if (tr == null) {
            return "";
        }
        for (Throwable t = tr; t != null; t = t.getCause()) {
            if (t instanceof UnknownHostException) {
                return "";
            }
        }
        StringWriter text = new StringWriter();
        PrintWriter writer = new PrintWriter(text);
        tr.printStackTrace(writer);
        writer.flush();
        return text.toString();
    }

    /** Writes {@code msg} at {@code priority}; returns the number of bytes written. */
    public static int println(int priority, String tag, String msg) {
        if (msg == null) {
            throw new NullPointerException("println needs a message");
        }
        String line = letter(priority) + "/" + tag + ": " + msg;
        synchronized (Log.class) {
            System.err.println(line);
        }
        bridgecheck.kit.internal.KitLog.logged(priority, tag, msg);
        return line.length() + 1;
    }

    private static String letter(int priority) {
        switch (priority) {
            case VERBOSE: return "V";
            case DEBUG: return "D";
            case INFO: return "I";
            case WARN: return "W";
            case ERROR: return "E";
            case ASSERT: return "A";
            default: return String.valueOf(priority);
        }
    }
}
