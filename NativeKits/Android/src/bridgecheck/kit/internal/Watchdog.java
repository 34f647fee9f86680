package bridgecheck.kit.internal;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Ends a command the bridge never lets finish. The thread that carries the command out (the main thread, or the
 * JavaBridge thread during a page's call of an interface method) is stuck when, for longer than the limit, it
 * has been waiting (a lock, a latch, a sleep) or computing (its CPU time): the watchdog then answers the command
 * with an error that says where that thread is, and ends the process. An app whose main thread blocks stops
 * responding (Android reports it as not responding), and so would bridgecheck's page. A thread that is ready to
 * run but does not get a CPU (a machine busy with other work) is not stuck: its wall time counts for nothing here
 * (bridgecheck's own limit per command still applies).
 */
final class Watchdog {
    private static final long CHECK_NANOS = 50_000_000L;

    private final ProtocolOutput out;
    private final Thread main;
    private final JavaBridgeThread javaBridge;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private long seq = -1;
    private String command;
    private long limitNanos;
    private long generation;

    Watchdog(ProtocolOutput out, Thread main, JavaBridgeThread javaBridge) {
        this.out = out;
        this.main = main;
        this.javaBridge = javaBridge;
        Thread thread = new Thread(this::watch, "bridgecheck-watchdog");
        thread.setDaemon(true);
        thread.start();
    }

    /** Command {@code seq} ({@code type}) starts; it may keep a thread stuck for at most {@code limitMillis}. */
    synchronized void begin(long seq, String type, long limitMillis) {
        this.seq = seq;
        this.command = type;
        this.limitNanos = limitMillis * 1_000_000L;
        generation++;
        notifyAll();
    }

    /** The command has been carried out. */
    synchronized void end() {
        command = null;
        generation++;
        notifyAll();
    }

    /** The thread doing the command's work now: the JavaBridge thread while the main thread waits for it. */
    private Thread worker() {
        Thread bridge = javaBridge.thread();
        return javaBridge.calling() && bridge != null ? bridge : main;
    }

    private long cpu(Thread thread) {
        long nanos = threads.isThreadCpuTimeSupported() ? threads.getThreadCpuTime(thread.getId()) : -1;
        return nanos < 0 ? 0 : nanos;
    }

    private static boolean waiting(Thread thread) {
        Thread.State state = thread.getState();
        return state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING || state == Thread.State.BLOCKED;
    }

    private void watch() {
        while (true) {
            long watched;
            long limit;
            String type;
            long number;
            synchronized (this) {
                try {
                    while (command == null) {
                        wait();
                    }
                } catch (InterruptedException e) {
                    return;
                }
                watched = generation;
                limit = limitNanos;
                type = command;
                number = seq;
            }
            Thread stuck = null;
            Thread previous = null;
            long cpuAtStart = 0;
            long waitingSince = -1;
            while (stuck == null) {
                try {
                    Thread.sleep(CHECK_NANOS / 1_000_000L);
                } catch (InterruptedException e) {
                    return;
                }
                synchronized (this) {
                    if (generation != watched) {
                        break;
                    }
                }
                Thread thread = worker();
                long now = System.nanoTime();
                if (thread != previous) {
                    previous = thread;
                    cpuAtStart = cpu(thread);
                    waitingSince = -1;
                }
                if (waiting(thread)) {
                    if (waitingSince < 0) {
                        waitingSince = now;
                    }
                } else {
                    waitingSince = -1;
                }
                boolean waitedTooLong = waitingSince >= 0 && now - waitingSince > limit;
                boolean computedTooLong = cpu(thread) - cpuAtStart > limit;
                if (waitedTooLong || computedTooLong) {
                    stuck = thread;
                }
            }
            if (stuck == null) {
                continue;
            }
            String message = describe(type, stuck);
            try {
                out.sendFinalError(number, message);
            } catch (java.io.IOException ignored) {
                // The harness is gone; nothing to tell.
            }
            System.err.println("bridgecheck android kit: " + message);
            System.err.flush();
            ProcessFolders.remove();
            Runtime.getRuntime().halt(3);
        }
    }

    private String describe(String type, Thread stuck) {
        StackTraceElement[] frames = stuck.getStackTrace();
        StackTraceElement where = null;
        for (StackTraceElement frame : frames) {
            if (!Crashes.isPlatform(frame.getClassName())) {
                where = frame;
                break;
            }
        }
        String doing = waiting(stuck) ? "waited" : "computed";
        StringBuilder text = new StringBuilder();
        if (stuck != main) {
            text.append("a JavaScript interface method called by the page ").append(doing)
                .append(" for longer than the kit's limit (").append(NativeKitLimits.describe())
                .append("; the page waits for it)");
        } else {
            text.append("the bridge blocked the main thread while handling `").append(type).append("`: it ").append(doing)
                .append(" for longer than the kit's limit (").append(NativeKitLimits.describe())
                .append("; on Android the app stops responding)");
        }
        text.append(": the ").append(stuck.getName()).append(" thread is at ")
            .append(where != null ? Crashes.frame(where) : frames.length > 0 ? Crashes.frame(frames[0]) : "an unknown place");
        for (int i = 0; i < Math.min(6, frames.length); i++) {
            System.err.println("\tat " + frames[i]);
        }
        return text.toString();
    }
}
