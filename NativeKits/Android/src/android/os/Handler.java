package android.os;

/**
 * Sends messages and runnables to a {@link Looper}'s queue and handles them on the looper's thread. A handler of
 * the main looper runs its messages on the kit's main thread, after the command that sent them (or at a later
 * command, once a delayed message is due).
 */
public class Handler {
    /** Handles a message before {@link Handler#handleMessage(Message)}; true when it was handled. */
    public interface Callback {
        boolean handleMessage(Message msg);
    }

    private final Looper looper;
    private final Callback callback;

    /** A handler of the calling thread's looper. */
    @Deprecated
    public Handler() {
        this((Callback) null);
    }

    /** A handler of the calling thread's looper. */
    @Deprecated
    public Handler(Callback callback) {
        Looper current = Looper.myLooper();
        if (current == null) {
            throw new RuntimeException("Can't create handler inside thread " + Thread.currentThread()
                + " that has not called Looper.prepare()");
        }
        this.looper = current;
        this.callback = callback;
    }

    public Handler(Looper looper) {
        this(looper, null);
    }

    public Handler(Looper looper, Callback callback) {
        if (looper == null) {
            throw new NullPointerException("looper must not be null");
        }
        this.looper = looper;
        this.callback = callback;
    }

    /** Override to receive messages. */
    public void handleMessage(Message msg) {
    }

    /** Runs a message: its runnable, else the callback, else {@link #handleMessage(Message)}. */
    public void dispatchMessage(Message msg) {
        if (msg.callback != null) {
            msg.callback.run();
        } else {
            if (callback != null && callback.handleMessage(msg)) {
                return;
            }
            handleMessage(msg);
        }
    }

    public final Looper getLooper() {
        return looper;
    }

    public final Message obtainMessage() {
        return Message.obtain(this);
    }

    public final Message obtainMessage(int what) {
        return Message.obtain(this, what);
    }

    public final Message obtainMessage(int what, Object obj) {
        return Message.obtain(this, what, obj);
    }

    public final Message obtainMessage(int what, int arg1, int arg2) {
        return Message.obtain(this, what, arg1, arg2);
    }

    public final Message obtainMessage(int what, int arg1, int arg2, Object obj) {
        return Message.obtain(this, what, arg1, arg2, obj);
    }

    public final boolean post(Runnable r) {
        return sendMessageDelayed(Message.obtain(this, r), 0);
    }

    public final boolean postAtTime(Runnable r, long uptimeMillis) {
        return sendMessageAtTime(Message.obtain(this, r), uptimeMillis);
    }

    public final boolean postAtTime(Runnable r, Object token, long uptimeMillis) {
        Message m = Message.obtain(this, r);
        m.obj = token;
        return sendMessageAtTime(m, uptimeMillis);
    }

    public final boolean postDelayed(Runnable r, long delayMillis) {
        return sendMessageDelayed(Message.obtain(this, r), delayMillis);
    }

    public final boolean postDelayed(Runnable r, Object token, long delayMillis) {
        Message m = Message.obtain(this, r);
        m.obj = token;
        return sendMessageDelayed(m, delayMillis);
    }

    public final boolean postAtFrontOfQueue(Runnable r) {
        return sendMessageAtFrontOfQueue(Message.obtain(this, r));
    }

    public final boolean sendMessage(Message msg) {
        return sendMessageDelayed(msg, 0);
    }

    public final boolean sendEmptyMessage(int what) {
        return sendEmptyMessageDelayed(what, 0);
    }

    public final boolean sendEmptyMessageDelayed(int what, long delayMillis) {
        return sendMessageDelayed(Message.obtain(this, what), delayMillis);
    }

    public final boolean sendEmptyMessageAtTime(int what, long uptimeMillis) {
        return sendMessageAtTime(Message.obtain(this, what), uptimeMillis);
    }

    public final boolean sendMessageDelayed(Message msg, long delayMillis) {
        return sendMessageAtTime(msg, SystemClock.uptimeMillis() + Math.max(0, delayMillis));
    }

    public boolean sendMessageAtTime(Message msg, long uptimeMillis) {
        msg.target = this;
        return looper.queue.enqueueMessage(msg, uptimeMillis);
    }

    public final boolean sendMessageAtFrontOfQueue(Message msg) {
        msg.target = this;
        return looper.queue.enqueueMessage(msg, 0);
    }

    public final void removeCallbacks(Runnable r) {
        looper.queue.removeCallbacks(this, r, null, true);
    }

    public final void removeCallbacks(Runnable r, Object token) {
        looper.queue.removeCallbacks(this, r, token, token == null);
    }

    public final void removeMessages(int what) {
        looper.queue.removeMessages(this, what, null, true);
    }

    public final void removeMessages(int what, Object object) {
        looper.queue.removeMessages(this, what, object, object == null);
    }

    public final void removeCallbacksAndMessages(Object token) {
        looper.queue.removeCallbacksAndMessages(this, token);
    }

    public final boolean hasMessages(int what) {
        return looper.queue.hasMessages(this, what, null, true);
    }

    public final boolean hasMessages(int what, Object object) {
        return looper.queue.hasMessages(this, what, object, object == null);
    }

    public final boolean hasCallbacks(Runnable r) {
        return looper.queue.hasCallbacks(this, r);
    }

    @Override
    public String toString() {
        return "Handler (" + getClass().getName() + ") {" + Integer.toHexString(System.identityHashCode(this)) + "}";
    }
}
