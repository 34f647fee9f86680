package android.view;

/**
 * An input event, as a type only: it appears in {@code WebViewClient.onUnhandledInputEvent}, which the kit never
 * calls (bridgecheck's page has no user input).
 */
public abstract class InputEvent {
    InputEvent() {
    }

    /** The id of the device the event came from. */
    public abstract int getDeviceId();

    /** When the event happened ({@code SystemClock.uptimeMillis} time base). */
    public abstract long getEventTime();
}
