package android.webkit;

/**
 * The answer to a JavaScript {@code alert} or {@code confirm} that a {@link WebChromeClient} took over (returned
 * true): call {@link #confirm()} or {@link #cancel()} once, on the main thread; the page waits until then. The
 * first call counts.
 */
public class JsResult {
    /** Told when the dialog has its answer (Android's system API). */
    public interface ResultReceiver {
        void onJsResultComplete(JsResult result);
    }

    private final ResultReceiver receiver;
    private boolean result;

    /** A result for the kit's dialog (Android's system API). */
    public JsResult(ResultReceiver receiver) {
        this.receiver = receiver;
    }

    /** The user cancelled: {@code confirm()} returns false, {@code prompt()} null. */
    public final void cancel() {
        result = false;
        receiver.onJsResultComplete(this);
    }

    /** The user confirmed: {@code confirm()} returns true. */
    public final void confirm() {
        result = true;
        receiver.onJsResultComplete(this);
    }

    /** Whether the dialog was confirmed (Android's system API). */
    public final boolean getResult() {
        return result;
    }
}
