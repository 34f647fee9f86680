package android.view;

import android.content.Context;
import android.os.Handler;
import android.os.Looper;
import android.util.AttributeSet;

/**
 * A view, as far as a {@code WebView} is one to a bridge: its context, the main-thread message queue it posts
 * to, and state a bridge may set (scroll bars, visibility, a tag) that changes nothing bridgecheck judges. The
 * view counts as attached to a window: {@link #post(Runnable)} runs on the main looper.
 */
public class View {
    public static final int VISIBLE = 0x00000000;
    public static final int INVISIBLE = 0x00000004;
    public static final int GONE = 0x00000008;

    private final Context context;
    private Handler handler;
    private boolean verticalScrollBarEnabled = true;
    private boolean horizontalScrollBarEnabled = true;
    private int visibility = VISIBLE;
    private Object tag;

    public View(Context context) {
        this.context = context;
    }

    public View(Context context, AttributeSet attrs) {
        this(context);
    }

    public View(Context context, AttributeSet attrs, int defStyleAttr) {
        this(context);
    }

    public View(Context context, AttributeSet attrs, int defStyleAttr, int defStyleRes) {
        this(context);
    }

    public final Context getContext() {
        return context;
    }

    /** A handler of the main looper. */
    public Handler getHandler() {
        synchronized (this) {
            if (handler == null) {
                handler = new Handler(Looper.getMainLooper());
            }
            return handler;
        }
    }

    /** Runs {@code action} on the main thread, after what runs there now. */
    public boolean post(Runnable action) {
        return getHandler().post(action);
    }

    /** Runs {@code action} on the main thread once {@code delayMillis} have passed. */
    public boolean postDelayed(Runnable action, long delayMillis) {
        return getHandler().postDelayed(action, delayMillis);
    }

    /** Cancels {@code action} if it has not run yet. */
    public boolean removeCallbacks(Runnable action) {
        if (action != null) {
            getHandler().removeCallbacks(action);
        }
        return true;
    }

    public void setVerticalScrollBarEnabled(boolean enabled) {
        verticalScrollBarEnabled = enabled;
    }

    public boolean isVerticalScrollBarEnabled() {
        return verticalScrollBarEnabled;
    }

    public void setHorizontalScrollBarEnabled(boolean enabled) {
        horizontalScrollBarEnabled = enabled;
    }

    public boolean isHorizontalScrollBarEnabled() {
        return horizontalScrollBarEnabled;
    }

    public void setVisibility(int visibility) {
        this.visibility = visibility;
    }

    public int getVisibility() {
        return visibility;
    }

    public void setTag(Object tag) {
        this.tag = tag;
    }

    public Object getTag() {
        return tag;
    }
}
