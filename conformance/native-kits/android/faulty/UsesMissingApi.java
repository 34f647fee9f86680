import android.content.Context;
import android.webkit.WebView;
import bridgecheck.kit.Callback;
import bridgecheck.kit.Handler;
import bridgecheck.kit.NativeBridgeUnderTest;
import bridgecheck.kit.NativeKit;

/**
 * A bridge that calls Android API the kit does not have (WebView.reload(), which would load the page again):
 * it must not compile, and javac must name the missing method.
 */
public final class UsesMissingApi implements NativeBridgeUnderTest {
    private final WebView webView;

    private UsesMissingApi(Context context) {
        webView = new WebView(context);
    }

    public static void main(String[] args) {
        NativeKit.serve(UsesMissingApi::new);
    }

    @Override
    public void register(String name, Handler handler) {
        webView.reload();
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
