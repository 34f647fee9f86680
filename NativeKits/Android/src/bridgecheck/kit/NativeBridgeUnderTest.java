package bridgecheck.kit;

/**
 * A native bridge as bridgecheck drives it: the four things an app does with a WVJB-family bridge. Write one class
 * that maps your bridge's API onto these (about twenty lines) and give {@link NativeKit#serve} a factory that
 * makes it.
 *
 * <p>Data is what Android's {@code org.json} parses JSON into: {@code JSONObject}, {@code JSONArray},
 * {@code String}, a {@code Number} ({@code Integer}, {@code Long} or {@code Double}), {@code Boolean} and
 * {@code JSONObject.NULL} for JSON null; Java {@code null} means no data (JavaScript {@code undefined}). Hand the
 * kit the same kinds of values back. A bridge whose API takes strings maps between the two, as an app would.
 *
 * <p>Every method runs on the main thread (the main looper's), as an app's calls would.
 */
public interface NativeBridgeUnderTest {
    /** Registers a native handler the page may call ({@code bridge.registerHandler(name, …)}). */
    void register(String name, Handler handler);

    /** Removes the native handler {@code name}; throw {@link UnsupportedOperationException} if the bridge cannot. */
    void remove(String name);

    /**
     * Calls the page handler {@code name} with {@code data} (null: none); {@code callback} gets the page's answer,
     * and is null for a call that wants none.
     */
    void call(String name, Object data, Callback callback);

    /** Resets the bridge (callbacks waiting are dropped); throw {@link UnsupportedOperationException} if it cannot. */
    void reset();
}
