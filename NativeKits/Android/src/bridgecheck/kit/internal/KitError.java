package bridgecheck.kit.internal;

/**
 * Thrown into bridge code when it does something bridgecheck's page cannot follow (the session has recorded the
 * reason, so a bridge that catches it is still reported). An {@link Error}, so that {@code catch (Exception e)}
 * in a bridge does not hide it.
 */
public final class KitError extends Error {
    private static final long serialVersionUID = 1L;

    public KitError(String message) {
        super(message);
    }
}
