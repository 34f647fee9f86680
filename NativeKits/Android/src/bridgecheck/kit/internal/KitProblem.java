package bridgecheck.kit.internal;

/**
 * Something the kit cannot carry out: a malformed command, or a bridge doing what bridgecheck's page cannot
 * follow. It ends the command with an {@code error} event whose message is this one.
 */
public final class KitProblem extends Exception {
    private static final long serialVersionUID = 1L;

    public KitProblem(String message) {
        super(message);
    }
}
