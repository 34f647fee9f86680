package android.os;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Android's clocks. {@link #uptimeMillis()} and {@link #elapsedRealtime()} count real time from an arbitrary
 * origin (the kit's process has no deep sleep); {@link #currentThreadTimeMillis()} is the calling thread's CPU
 * time, as on Android.
 */
public final class SystemClock {
    private static final long ORIGIN = System.nanoTime() - 1_000_000_000L;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private SystemClock() {
    }

    /** Milliseconds since an arbitrary point (Android: since boot, not counting deep sleep). */
    public static long uptimeMillis() {
        return (System.nanoTime() - ORIGIN) / 1_000_000L;
    }

    /** Nanoseconds since the same point as {@link #uptimeMillis()}. */
    public static long uptimeNanos() {
        return System.nanoTime() - ORIGIN;
    }

    /** Milliseconds since an arbitrary point (Android: since boot, including deep sleep). */
    public static long elapsedRealtime() {
        return uptimeMillis();
    }

    public static long elapsedRealtimeNanos() {
        return uptimeNanos();
    }

    /** The calling thread's CPU time in milliseconds. */
    public static long currentThreadTimeMillis() {
        if (THREADS.isCurrentThreadCpuTimeSupported()) {
            return THREADS.getCurrentThreadCpuTime() / 1_000_000L;
        }
        return uptimeMillis();
    }

    /** Sleeps {@code ms} milliseconds, ignoring interrupts (the interrupt flag is set again afterwards). */
    public static void sleep(long ms) {
        long end = uptimeMillis() + ms;
        boolean interrupted = false;
        for (long left = ms; left > 0; left = end - uptimeMillis()) {
            try {
                Thread.sleep(left);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
