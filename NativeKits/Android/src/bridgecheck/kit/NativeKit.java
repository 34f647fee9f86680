package bridgecheck.kit;

import android.content.Context;
import bridgecheck.kit.internal.KitServer;
import java.util.function.Function;

/**
 * Runs a native Android bridge under bridgecheck: {@code serve} speaks bridgecheck's adapter protocol on standard
 * input and output, makes a fresh bridge for each scenario with the factory, and drives the {@code WebView} that
 * bridge creates as Android's WebView would show bridgecheck's page.
 *
 * <pre>{@code
 * public final class Main implements NativeBridgeUnderTest {
 *     public static void main(String[] args) {
 *         NativeKit.serve("WebViewJavascriptBridge.js", context -> new Main(new BridgeWebView(context)));
 *     }
 *     …
 * }
 * }</pre>
 *
 * Run it as {@code bridgecheck run --native 'java -cp CLASSPATH Main' --profile P}. Options, as Java system
 * properties before the class name: {@code -Dbridgecheck.assets=DIR} (the folder {@code getAssets()} reads),
 * {@code -Dbridgecheck.name=NAME} (the name in reports), {@code -Dbridgecheck.commandLimit=SECONDS} (how long one
 * command may keep the bridge busy, 4 by default).
 */
public final class NativeKit {
    private NativeKit() {
    }

    /**
     * Serves bridges made by {@code factory} until bridgecheck is done, then ends the process. Call it from
     * {@code main}; it never returns.
     */
    public static void serve(Function<Context, NativeBridgeUnderTest> factory) {
        KitServer.serve(factory, null);
    }

    /**
     * As {@link #serve(Function)}, for a bridge that loads its page script from the asset
     * {@code pageScriptAsset}: that asset is bridgecheck's page script for the scenario (its reference page
     * bridge in the profile's dialect, or the file given with {@code --js}).
     */
    public static void serve(String pageScriptAsset, Function<Context, NativeBridgeUnderTest> factory) {
        KitServer.serve(factory, pageScriptAsset);
    }
}
