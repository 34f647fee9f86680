package android.webkit;

/** Why the renderer went away, as the argument of {@code WebViewClient.onRenderProcessGone}; the kit never calls it. */
public abstract class RenderProcessGoneDetail {
    public abstract boolean didCrash();

    public abstract int rendererPriorityAtExit();
}
