import android.content.Context;
import android.webkit.WebView;
import android.webkit.WebViewClient;
import bridgecheck.kit.Callback;
import bridgecheck.kit.Handler;
import bridgecheck.kit.NativeBridgeUnderTest;
import bridgecheck.kit.NativeKit;
import java.util.concurrent.CountDownLatch;

/**
 * A faulty bridge: it takes its own yy: navigations, and when the page has loaded it waits on the main thread for
 * something that never happens (a scenario must end in an error that names where the main thread waits).
 */
public final class BlocksMainThread implements NativeBridgeUnderTest {
    private final CountDownLatch neverOpened = new CountDownLatch(1);

    private BlocksMainThread(Context context) {
        WebView webView = new WebView(context);
        webView.getSettings().setJavaScriptEnabled(true);
        webView.setWebViewClient(new WebViewClient() {
            @Override
            public boolean shouldOverrideUrlLoading(WebView view, String url) {
                return url.startsWith("yy:");
            }

            @Override
            public void onPageFinished(WebView view, String url) {
                waitForConfiguration();
            }
        });
    }

    private void waitForConfiguration() {
        try {
            neverOpened.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public static void main(String[] args) {
        NativeKit.serve(BlocksMainThread::new);
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
