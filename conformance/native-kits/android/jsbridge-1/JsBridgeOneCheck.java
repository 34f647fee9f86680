import bridgecheck.kit.Callback;
import bridgecheck.kit.Handler;
import bridgecheck.kit.NativeBridgeUnderTest;
import bridgecheck.kit.NativeKit;

/** {@link JsBridgeOneWebView} under bridgecheck's Android kit: the mapping a user writes for their bridge. */
public final class JsBridgeOneCheck implements NativeBridgeUnderTest {
    private final JsBridgeOneWebView bridge;

    private JsBridgeOneCheck(JsBridgeOneWebView bridge) {
        this.bridge = bridge;
    }

    public static void main(String[] args) {
        NativeKit.serve(JsBridgeOneWebView.PAGE_SCRIPT_ASSET, context -> new JsBridgeOneCheck(new JsBridgeOneWebView(context)));
    }

    @Override
    public void register(String name, Handler handler) {
        bridge.registerHandler(name, (data, respond) -> handler.handle(data, respond == null ? null : respond::respond));
    }

    @Override
    public void remove(String name) {
        bridge.removeHandler(name);
    }

    @Override
    public void call(String name, Object data, Callback callback) {
        bridge.callHandler(name, data, callback == null ? null : callback::answer);
    }

    @Override
    public void reset() {
        bridge.reset();
    }
}
