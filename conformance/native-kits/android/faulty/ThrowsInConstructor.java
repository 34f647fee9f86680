import android.content.Context;
import android.webkit.WebView;
import bridgecheck.kit.Callback;
import bridgecheck.kit.Handler;
import bridgecheck.kit.NativeBridgeUnderTest;
import bridgecheck.kit.NativeKit;

/** A faulty bridge: its constructor throws (every scenario must end in an error that names this line). */
public final class ThrowsInConstructor extends WebView implements NativeBridgeUnderTest {
    public ThrowsInConstructor(Context context) {
        super(context);
        throw new IllegalStateException("no configuration file");
    }

    public static void main(String[] args) {
        NativeKit.serve(ThrowsInConstructor::new);
    }

    @Override
    public void register(String name, Handler handler) {
    }

    @Override
    public void remove(String name) {
    }

    @Override
    public void call(String name, Object data, Callback callback) {
    }

    @Override
    public void reset() {
    }
}
