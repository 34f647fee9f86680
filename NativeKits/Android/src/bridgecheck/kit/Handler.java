package bridgecheck.kit;

/** A native handler, as bridgecheck's scenario scripts it: call it when the page calls the handler. */
@FunctionalInterface
public interface Handler {
    /**
     * The page called the handler with {@code data} (null: none); {@code answer} takes the handler's answer, and is
     * null when the page's call wants none.
     */
    void handle(Object data, Callback answer);
}
