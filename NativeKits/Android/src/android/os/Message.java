package android.os;

/**
 * A message for a {@link Handler}: {@code what}, two integer arguments and an object, or a {@link Runnable}.
 * Messages are not pooled here ({@code obtain} makes a new one; {@code recycle} forgets its contents).
 */
public final class Message {
    /** The code that says what the message is about. */
    public int what;
    /** An integer argument. */
    public int arg1;
    /** An integer argument. */
    public int arg2;
    /** An object argument. */
    public Object obj;

    long when;
    Handler target;
    Runnable callback;
    boolean inUse;

    /** Prefer {@link #obtain()}. */
    public Message() {
    }

    public static Message obtain() {
        return new Message();
    }

    public static Message obtain(Message orig) {
        Message m = new Message();
        m.what = orig.what;
        m.arg1 = orig.arg1;
        m.arg2 = orig.arg2;
        m.obj = orig.obj;
        m.target = orig.target;
        m.callback = orig.callback;
        return m;
    }

    public static Message obtain(Handler h) {
        Message m = new Message();
        m.target = h;
        return m;
    }

    public static Message obtain(Handler h, Runnable callback) {
        Message m = obtain(h);
        m.callback = callback;
        return m;
    }

    public static Message obtain(Handler h, int what) {
        Message m = obtain(h);
        m.what = what;
        return m;
    }

    public static Message obtain(Handler h, int what, Object obj) {
        Message m = obtain(h, what);
        m.obj = obj;
        return m;
    }

    public static Message obtain(Handler h, int what, int arg1, int arg2) {
        Message m = obtain(h, what);
        m.arg1 = arg1;
        m.arg2 = arg2;
        return m;
    }

    public static Message obtain(Handler h, int what, int arg1, int arg2, Object obj) {
        Message m = obtain(h, what, arg1, arg2);
        m.obj = obj;
        return m;
    }

    /** Forgets the message's contents. */
    public void recycle() {
        if (inUse) {
            throw new IllegalStateException("This message cannot be recycled because it is still in use.");
        }
        what = 0;
        arg1 = 0;
        arg2 = 0;
        obj = null;
        target = null;
        callback = null;
        when = 0;
    }

    /** The message's fields copied from {@code o} (not its target or callback). */
    public void copyFrom(Message o) {
        what = o.what;
        arg1 = o.arg1;
        arg2 = o.arg2;
        obj = o.obj;
    }

    /** When the message is due, in {@link SystemClock#uptimeMillis()} time. */
    public long getWhen() {
        return when;
    }

    public void setTarget(Handler target) {
        this.target = target;
    }

    public Handler getTarget() {
        return target;
    }

    public Runnable getCallback() {
        return callback;
    }

    /** Sends the message to its target handler. */
    public void sendToTarget() {
        target.sendMessage(this);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("{ when=").append(when - SystemClock.uptimeMillis()).append("ms");
        if (target != null) {
            if (callback != null) {
                b.append(" callback=").append(callback.getClass().getName());
            } else {
                b.append(" what=").append(what);
            }
            if (arg1 != 0) {
                b.append(" arg1=").append(arg1);
            }
            if (arg2 != 0) {
                b.append(" arg2=").append(arg2);
            }
            if (obj != null) {
                b.append(" obj=").append(obj);
            }
            b.append(" target=").append(target.getClass().getName());
        } else {
            b.append(" barrier=").append(arg1);
        }
        return b.append(" }").toString();
    }
}
