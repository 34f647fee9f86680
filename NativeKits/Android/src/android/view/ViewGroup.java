package android.view;

import android.content.Context;
import android.util.AttributeSet;

/** A view that holds views, as a type in {@code WebView}'s ancestry (the kit lays nothing out). */
public abstract class ViewGroup extends View {
    public ViewGroup(Context context) {
        super(context);
    }

    public ViewGroup(Context context, AttributeSet attrs) {
        super(context, attrs);
    }

    public ViewGroup(Context context, AttributeSet attrs, int defStyleAttr) {
        super(context, attrs, defStyleAttr);
    }

    public ViewGroup(Context context, AttributeSet attrs, int defStyleAttr, int defStyleRes) {
        super(context, attrs, defStyleAttr, defStyleRes);
    }
}
