package bridgecheck.kit.internal;

import android.os.Looper;

/**
 * What the kit does to a {@link Looper}'s queue that Android's API has no call for: run the main looper's due
 * messages between the harness's commands. {@code android.os.Looper} installs the one implementation when it is
 * loaded (its package-private queue is out of reach from here otherwise).
 */
public abstract class LooperAccess {
    private static volatile LooperAccess installed;

    /** Called once, by {@code android.os.Looper}'s static initializer. */
    public static void install(LooperAccess access) {
        installed = access;
    }

    /** The implementation (loading {@code Looper} installs it). */
    static LooperAccess get() {
        if (installed == null) {
            Looper.myLooper();
        }
        return installed;
    }

    /** Makes the calling thread's looper the main looper (once per process). */
    public abstract Looper prepareMainLooper();

    /** Runs the first message of {@code looper} due by now; false when there is none. */
    public abstract boolean runOneDue(Looper looper);

    /** When the first message of {@code looper} is due (uptime milliseconds), or -1 when there is none. */
    public abstract long nextDue(Looper looper);

    /** Drops every message of {@code looper} (between scenarios). */
    public abstract void clear(Looper looper);
}
