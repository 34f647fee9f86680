package android.os;

import java.util.ArrayList;
import java.util.Iterator;

/**
 * The messages of one {@link Looper}, in the order they are due: by time, then in the order they were sent.
 * The main looper's queue is run by the kit between the harness's commands (see
 * {@code bridgecheck.kit.internal.MainThread}); another thread's queue runs in {@link Looper#loop()}.
 */
public final class MessageQueue {
    private final ArrayList<Message> messages = new ArrayList<>();
    private final boolean quitAllowed;
    private boolean quitting;

    MessageQueue(boolean quitAllowed) {
        this.quitAllowed = quitAllowed;
    }

    /** Whether no message is due now. */
    public boolean isIdle() {
        synchronized (this) {
            return messages.isEmpty() || SystemClock.uptimeMillis() < messages.get(0).when;
        }
    }

    boolean enqueueMessage(Message msg, long when) {
        if (msg.target == null) {
            throw new IllegalArgumentException("Message must have a target.");
        }
        synchronized (this) {
            if (msg.inUse) {
                throw new IllegalStateException(msg + " This message is already in use.");
            }
            if (quitting) {
                IllegalStateException e = new IllegalStateException(
                    msg.target + " sending message to a Handler on a dead thread");
                android.util.Log.w("MessageQueue", e.getMessage(), e);
                return false;
            }
            msg.inUse = true;
            msg.when = when;
            int index = messages.size();
            while (index > 0 && messages.get(index - 1).when > when) {
                index--;
            }
            messages.add(index, msg);
            notifyAll();
            return true;
        }
    }

    /** The next message, waiting until one is due; null once the looper quits. */
    Message next() {
        synchronized (this) {
            while (true) {
                if (quitting && messages.isEmpty()) {
                    return null;
                }
                long now = SystemClock.uptimeMillis();
                if (!messages.isEmpty() && messages.get(0).when <= now) {
                    Message m = messages.remove(0);
                    m.inUse = false;
                    return m;
                }
                if (quitting) {
                    return null;
                }
                try {
                    if (messages.isEmpty()) {
                        wait();
                    } else {
                        wait(Math.max(1, messages.get(0).when - now));
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return null;
                }
            }
        }
    }

    /** The first message due by {@code now}, or null. */
    Message pollDue(long now) {
        synchronized (this) {
            if (messages.isEmpty() || messages.get(0).when > now) {
                return null;
            }
            Message m = messages.remove(0);
            m.inUse = false;
            return m;
        }
    }

    /** When the first message is due, or -1 when there is none. */
    long nextWhen() {
        synchronized (this) {
            return messages.isEmpty() ? -1 : messages.get(0).when;
        }
    }

    /** Drops every message. */
    void clear() {
        synchronized (this) {
            for (Message m : messages) {
                m.inUse = false;
            }
            messages.clear();
        }
    }

    void quit(boolean safe) {
        if (!quitAllowed) {
            throw new IllegalStateException("Main thread not allowed to quit.");
        }
        synchronized (this) {
            quitting = true;
            if (safe) {
                long now = SystemClock.uptimeMillis();
                messages.removeIf(m -> m.when > now);
            } else {
                messages.clear();
            }
            notifyAll();
        }
    }

    boolean hasMessages(Handler h, int what, Object object, boolean anyObject) {
        synchronized (this) {
            for (Message m : messages) {
                if (m.target == h && m.callback == null && m.what == what && (anyObject || m.obj == object)) {
                    return true;
                }
            }
            return false;
        }
    }

    boolean hasCallbacks(Handler h, Runnable r) {
        synchronized (this) {
            for (Message m : messages) {
                if (m.target == h && m.callback == r) {
                    return true;
                }
            }
            return false;
        }
    }

    void removeMessages(Handler h, int what, Object object, boolean anyObject) {
        remove(m -> m.target == h && m.callback == null && m.what == what && (anyObject || m.obj == object));
    }

    void removeCallbacks(Handler h, Runnable r, Object token, boolean anyToken) {
        remove(m -> m.target == h && m.callback == r && (anyToken || m.obj == token));
    }

    void removeCallbacksAndMessages(Handler h, Object token) {
        remove(m -> m.target == h && (token == null || m.obj == token));
    }

    private void remove(java.util.function.Predicate<Message> which) {
        synchronized (this) {
            for (Iterator<Message> it = messages.iterator(); it.hasNext(); ) {
                Message m = it.next();
                if (which.test(m)) {
                    m.inUse = false;
                    it.remove();
                }
            }
        }
    }
}
