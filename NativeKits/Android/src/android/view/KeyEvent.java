package android.view;

import android.os.SystemClock;

/**
 * A key event. The kit never delivers one (bridgecheck's page has no keyboard), so {@code WebViewClient}'s key
 * callbacks are never called; the class holds what a bridge may read or build.
 */
public class KeyEvent extends InputEvent {
    public static final int ACTION_DOWN = 0;
    public static final int ACTION_UP = 1;
    public static final int KEYCODE_UNKNOWN = 0;
    public static final int KEYCODE_BACK = 4;
    public static final int KEYCODE_ENTER = 66;

    private final int action;
    private final int code;
    private final long eventTime;

    /** A key event of {@code action} for {@code code}, now. */
    public KeyEvent(int action, int code) {
        this.action = action;
        this.code = code;
        this.eventTime = SystemClock.uptimeMillis();
    }

    public final int getAction() {
        return action;
    }

    public final int getKeyCode() {
        return code;
    }

    @Override
    public final int getDeviceId() {
        return -1;
    }

    @Override
    public final long getEventTime() {
        return eventTime;
    }

    @Override
    public String toString() {
        return "KeyEvent { action=" + action + ", keyCode=" + code + " }";
    }
}
