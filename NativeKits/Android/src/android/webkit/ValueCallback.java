package android.webkit;

/** Receives a value later, on the main thread. */
public interface ValueCallback<T> {
    void onReceiveValue(T value);
}
