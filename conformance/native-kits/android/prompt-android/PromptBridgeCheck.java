import android.webkit.WebView;
import bridgecheck.kit.Callback;
import bridgecheck.kit.Handler;
import bridgecheck.kit.NativeBridgeUnderTest;
import bridgecheck.kit.NativeKit;

/** {@link PromptBridge} under bridgecheck's Android kit, on a plain {@code WebView}. */
public final class PromptBridgeCheck implements NativeBridgeUnderTest {
    private final PromptBridge bridge;

    private PromptBridgeCheck(PromptBridge bridge) {
        this.bridge = bridge;
    }

    public static void main(String[] args) {
        NativeKit.serve(PromptBridge.PAGE_SCRIPT_ASSET, context -> new PromptBridgeCheck(new PromptBridge(new WebView(context))));
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
