package bridgecheck.kit.internal;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The background thread on which Android's WebView runs the page's calls of JavaScript interface methods (named
 * "JavaBridge", as on Android; it has no looper, so WebView methods called from it throw).
 */
final class JavaBridgeThread {
    private volatile Thread thread;
    private volatile boolean calling;
    private final ExecutorService executor = Executors.newSingleThreadExecutor(work -> {
        Thread t = new Thread(null, work, "JavaBridge", 256L << 20);
        t.setDaemon(true);
        thread = t;
        return t;
    });

    <T> Future<T> submit(Callable<T> work) {
        return executor.submit(work);
    }

    /** Whether the main thread waits for a call on this thread now. */
    boolean calling() {
        return calling;
    }

    void setCalling(boolean value) {
        calling = value;
    }

    /** The thread, once it exists. */
    Thread thread() {
        return thread;
    }
}
