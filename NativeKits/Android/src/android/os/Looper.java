package android.os;

import bridgecheck.kit.internal.LooperAccess;

/**
 * A thread's message loop. The kit's main thread (the thread {@code NativeKit.serve} runs the bridge on) has the
 * main looper; the kit runs its due messages after each command of the harness, in order. Other threads may
 * {@link #prepare()} and {@link #loop()} as on Android.
 */
public final class Looper {
    private static final ThreadLocal<Looper> CURRENT = new ThreadLocal<>();
    private static volatile Looper main;

    static {
        LooperAccess.install(new LooperAccess() {
            @Override
            public Looper prepareMainLooper() {
                Looper.prepareMainLooper();
                return main;
            }

            @Override
            public boolean runOneDue(Looper looper) {
                Message m = looper.queue.pollDue(SystemClock.uptimeMillis());
                if (m == null) {
                    return false;
                }
                m.target.dispatchMessage(m);
                return true;
            }

            @Override
            public long nextDue(Looper looper) {
                return looper.queue.nextWhen();
            }

            @Override
            public void clear(Looper looper) {
                looper.queue.clear();
            }
        });
    }

    final MessageQueue queue;
    private final Thread thread;

    private Looper(boolean quitAllowed) {
        queue = new MessageQueue(quitAllowed);
        thread = Thread.currentThread();
    }

    /** Gives the calling thread a looper. */
    public static void prepare() {
        prepare(true);
    }

    private static void prepare(boolean quitAllowed) {
        if (CURRENT.get() != null) {
            throw new RuntimeException("Only one Looper may be created per thread");
        }
        CURRENT.set(new Looper(quitAllowed));
    }

    /** Makes the calling thread's looper the main one; the kit does this, never a bridge. */
    @Deprecated
    public static void prepareMainLooper() {
        prepare(false);
        synchronized (Looper.class) {
            if (main != null) {
                throw new IllegalStateException("The main Looper has already been prepared.");
            }
            main = CURRENT.get();
        }
    }

    /** The main thread's looper. */
    public static Looper getMainLooper() {
        return main;
    }

    /** The calling thread's looper, or null. */
    public static Looper myLooper() {
        return CURRENT.get();
    }

    /** The calling thread's queue. */
    public static MessageQueue myQueue() {
        Looper me = myLooper();
        if (me == null) {
            throw new IllegalStateException("no Looper on this thread");
        }
        return me.queue;
    }

    /**
     * Runs the calling thread's messages until the looper quits. On the main thread the kit already runs the
     * queue between commands: a bridge that calls this there blocks the main thread (bridgecheck reports it).
     */
    public static void loop() {
        Looper me = myLooper();
        if (me == null) {
            throw new RuntimeException("No Looper; Looper.prepare() wasn't called on this thread.");
        }
        while (true) {
            Message m = me.queue.next();
            if (m == null) {
                return;
            }
            m.target.dispatchMessage(m);
        }
    }

    public Thread getThread() {
        return thread;
    }

    public boolean isCurrentThread() {
        return Thread.currentThread() == thread;
    }

    public MessageQueue getQueue() {
        return queue;
    }

    /** Stops {@link #loop()}, dropping every message (not allowed for the main looper). */
    public void quit() {
        queue.quit(false);
    }

    /** Stops {@link #loop()} once the messages due now have run (not allowed for the main looper). */
    public void quitSafely() {
        queue.quit(true);
    }

    @Override
    public String toString() {
        return "Looper (" + thread.getName() + ", tid " + thread.getId() + ") {" + Integer.toHexString(
            System.identityHashCode(this)) + "}";
    }
}
