package bridgecheck.kit;

/** Takes an answer: a native handler's (to the page) or the page's (to a native call). */
@FunctionalInterface
public interface Callback {
    /** The answer: an org.json value, or null for none. */
    void answer(Object data);
}
