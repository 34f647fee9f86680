package android.webkit;

/**
 * The answer to a JavaScript {@code prompt} that a {@link WebChromeClient} took over: {@link #confirm(String)}
 * with the text {@code prompt()} returns (null counts as the empty string), or {@link #cancel()} ({@code prompt()}
 * returns null).
 */
public class JsPromptResult extends JsResult {
    private String stringResult;

    /** A result for the kit's prompt (Android's system API). */
    public JsPromptResult(ResultReceiver receiver) {
        super(receiver);
    }

    /** Confirms with {@code result} as the prompt's value. */
    public void confirm(String result) {
        stringResult = result;
        confirm();
    }

    /** The text confirmed (Android's system API). */
    public String getStringResult() {
        return stringResult;
    }
}
