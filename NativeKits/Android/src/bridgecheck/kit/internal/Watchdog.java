package bridgecheck.kit.internal;

/**
 * Ends a command the bridge never lets finish. When the main thread (or the JavaBridge thread, during a page's
 * call of an interface method) has been busy with one command for longer than the limit, it answers the command
 * with an error that says where that thread is, and ends the process: an app whose main thread blocks stops
 * responding (Android reports it as not responding), and so would bridgecheck's page.
 */
final class Watchdog {
    private final ProtocolOutput out;
    private final Thread main;
    private final JavaBridgeThread javaBridge;
    private long seq = -1;
    private String command;
    private long deadline;

    Watchdog(ProtocolOutput out, Thread main, JavaBridgeThread javaBridge) {
        this.out = out;
        this.main = main;
        this.javaBridge = javaBridge;
        Thread thread = new Thread(this::watch, "bridgecheck-watchdog");
        thread.setDaemon(true);
        thread.start();
    }

    /** Command {@code seq} ({@code type}) starts; it must be answered within {@code limitMillis}. */
    synchronized void begin(long seq, String type, long limitMillis) {
        this.seq = seq;
        this.command = type;
        this.deadline = System.nanoTime() + limitMillis * 1_000_000L;
        notifyAll();
    }

    /** The command has been carried out. */
    synchronized void end() {
        command = null;
        notifyAll();
    }

    private void watch() {
        while (true) {
            String type;
            long number;
            synchronized (this) {
                try {
                    while (command == null) {
                        wait();
                    }
                    long left = deadline - System.nanoTime();
                    if (left > 0) {
                        wait(Math.max(1, left / 1_000_000L), (int) (left % 1_000_000L));
                        continue;
                    }
                } catch (InterruptedException e) {
                    return;
                }
                type = command;
                number = seq;
            }
            String message = describe(type);
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

    private String describe(String type) {
        Thread bridgeThread = javaBridge.thread();
        boolean inInterfaceCall = "interfaceCall".equals(type) && bridgeThread != null
            && bridgeThread.getState() != Thread.State.WAITING;
        Thread stuck = inInterfaceCall ? bridgeThread : main;
        StackTraceElement[] frames = stuck.getStackTrace();
        StackTraceElement where = null;
        for (StackTraceElement frame : frames) {
            if (!Crashes.isPlatform(frame.getClassName())) {
                where = frame;
                break;
            }
        }
        StringBuilder text = new StringBuilder();
        if (inInterfaceCall) {
            text.append("a JavaScript interface method called by the page has not returned within the kit's limit (")
                .append(NativeKitLimits.describe()).append("; the page waits for it)");
        } else {
            text.append("the bridge blocked the main thread while handling `").append(type).append("` for longer than the ")
                .append("kit's limit (").append(NativeKitLimits.describe())
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
