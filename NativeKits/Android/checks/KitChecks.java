import android.net.Uri;
import android.os.Handler;
import android.os.Looper;
import android.text.TextUtils;
import android.util.Base64;
import androidx.collection.ArrayMap;
import bridgecheck.kit.internal.ChromiumJson;
import bridgecheck.kit.internal.JavascriptUrl;
import bridgecheck.kit.internal.JsNumber;
import bridgecheck.kit.internal.Json;
import bridgecheck.kit.internal.KitProblem;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.json.JSONObject;

/**
 * Checks of the Android kit's own behaviour where it follows Android and Chromium in detail: the
 * javascript: URL decoding, evaluateJavascript's JSON, JavaScript number text, the protocol's JSON
 * types, Uri parsing, Base64, ArrayMap's order, the main looper's order. Run by
 * Tests/BridgecheckCLITests/AndroidKit+EndToEnd.swift; exits 1 and names each check that fails.
 */
public final class KitChecks {
    private static final List<String> failures = new ArrayList<>();
    private static int count;

    private static void check(String what, Object expected, Object actual) {
        count++;
        if (!Objects.deepEquals(expected, actual)) {
            failures.add(what + ": expected " + show(expected) + ", got " + show(actual));
        }
    }

    private static String show(Object value) {
        if (value instanceof Object[]) {
            return Arrays.toString((Object[]) value);
        }
        if (value instanceof byte[]) {
            return Arrays.toString((byte[]) value);
        }
        return value == null ? "null" : value + " (" + value.getClass().getSimpleName() + ")";
    }

    public static void main(String[] args) throws Exception {
        javascriptUrls();
        chromiumJson();
        numbers();
        json();
        uris();
        base64();
        arrayMap();
        textUtils();
        looper();
        if (!failures.isEmpty()) {
            for (String failure : failures) {
                System.out.println("FAIL " + failure);
            }
            System.out.println(failures.size() + " of " + count + " checks failed");
            System.exit(1);
        }
        System.out.println("all " + count + " checks passed");
    }

    private static void javascriptUrls() {
        check("javascript: in any case", true, JavascriptUrl.isJavascript("  JavaScript:x()"));
        check("not javascript", false, JavascriptUrl.isJavascript("https://a/javascript:"));
        check("line breaks and tabs removed", "a()b()", JavascriptUrl.script("javascript:a()\n\tb()\r"));
        check("a line comment swallows the rest", "x();// y\ny();".replace("\n", ""),
            JavascriptUrl.script("javascript:x();// y\ny();"));
        check("%XX decoded", "f('A\n')", JavascriptUrl.script("javascript:f('%41%0A')"));
        check("an escape that is not one stays", "f('%zz%4')", JavascriptUrl.script("javascript:f('%zz%4')"));
        check("UTF-8 escapes decoded", "f('\u2028é')", JavascriptUrl.script("javascript:f('%E2%80%A8%C3%A9')"));
        check("bytes that are not UTF-8: every byte as Latin-1", "f('\u00ff\u00c3\u00a9')",
            JavascriptUrl.script("javascript:f('%FF%C3%A9')"));
        check("leading and trailing spaces trimmed", "x()", JavascriptUrl.script(" javascript:x() \u0001"));
    }

    private static void chromiumJson() throws KitProblem {
        check("undefined", "null", ChromiumJson.of(null));
        check("members sorted", "{\"a\":1,\"b\":[true,null]}", ChromiumJson.of(Json.parse("{\"b\":[true,null],\"a\":1}")));
        check("an int32", "2147483647", ChromiumJson.of(Json.parse("2147483647")));
        check("beyond int32: a double with .0", "2147483648.0", ChromiumJson.of(Json.parse("2147483648")));
        check("a fraction", "1.5", ChromiumJson.of(Json.parse("1.5")));
        check("an exponent", "1e+21", ChromiumJson.of(Json.parse("1e21")));
        check("strings escape < and line separators", "\"\\u003C/script>\\u2028\\n\\u0001\"",
            ChromiumJson.of("</script>\u2028\n\u0001"));
        check("a lone surrogate becomes U+FFFD", "\"a\ufffdb\"", ChromiumJson.of("a\ud800b"));
    }

    private static void numbers() {
        check("0.1", "0.1", JsNumber.format(0.1));
        check("0.1 + 0.2", "0.30000000000000004", JsNumber.format(0.1 + 0.2));
        check("1e21", "1e+21", JsNumber.format(1e21));
        check("1e20", "100000000000000000000", JsNumber.format(1e20));
        check("1e-7", "1e-7", JsNumber.format(1e-7));
        check("0.000001", "0.000001", JsNumber.format(1e-6));
        check("5e-324", "5e-324", JsNumber.format(Double.MIN_VALUE));
        check("123456789.125", "123456789.125", JsNumber.format(123456789.125));
        check("-1.5", "-1.5", JsNumber.format(-1.5));
        check("-0", "0", JsNumber.format(-0.0));
        check("1.7976931348623157e+308", "1.7976931348623157e+308", JsNumber.format(Double.MAX_VALUE));
    }

    private static void json() throws KitProblem {
        check("a small integer is an Integer", 1, Json.parse("1"));
        check("a 64-bit integer is a Long", 1099511627776L, Json.parse("1099511627776"));
        check("a fraction is a Double", 1.0, Json.parse("1.0"));
        check("beyond 64 bits, a Double", 1.2345678901234568E29, Json.parse("123456789012345678901234567890"));
        check("null is JSONObject.NULL", JSONObject.NULL, Json.parse("null"));
        boolean refused = false;
        try {
            Json.parse("1e400");
        } catch (KitProblem expected) {
            refused = true;
        }
        check("a number beyond a double is refused", true, refused);
        refused = false;
        try {
            Json.parse("[1,]");
        } catch (KitProblem expected) {
            refused = true;
        }
        check("a trailing comma is refused", true, refused);
        check("member order kept", "{\"z\":1,\"a\":[\"\\ud800\",null]}",
            Json.write(Json.parse("{\"z\":1,\"a\":[\"\\ud800\",null]}")));
        check("a non-finite double is written null", "[null]", "[" + Json.write(Double.NaN) + "]");
    }

    private static void uris() {
        Uri signal = Uri.parse("yy://__QUEUE_MESSAGE__/");
        check("scheme", "yy", signal.getScheme());
        check("host keeps its case", "__QUEUE_MESSAGE__", signal.getHost());
        check("path", "/", signal.getPath());
        check("toString is the text", "yy://__QUEUE_MESSAGE__/", signal.toString());
        Uri web = Uri.parse("https://user@example.com:8080/a%20b/c?x=1+2&y=%26#frag");
        check("port", 8080, web.getPort());
        check("host", "example.com", web.getHost());
        check("path decoded", "/a b/c", web.getPath());
        check("path segments", Arrays.asList("a b", "c"), web.getPathSegments());
        check("a query parameter turns + into a space", "1 2", web.getQueryParameter("x"));
        check("another is decoded", "&", web.getQueryParameter("y"));
        check("fragment", "frag", web.getFragment());
        check("an opaque URI", true, Uri.parse("mailto:a@b").isOpaque());
        check("decode keeps +", "a+b c", Uri.decode("a+b%20c"));
        check("a malformed escape decodes to U+FFFD", "\ufffdzz|\ufffd", Uri.decode("%zz|%4"));
        check("bytes that are not UTF-8 decode to U+FFFD", "a\ufffd", Uri.decode("a%E2%82"));
        check("multi-byte escapes", "\u2028é😀", Uri.decode("%E2%80%A8%C3%A9%F0%9F%98%80"));
        check("encode", "a%20b%2Fc", Uri.encode("a b/c"));
    }

    private static void base64() {
        check("default: padding and a final line break", "YQ==\n", Base64.encodeToString("a".getBytes(), Base64.DEFAULT));
        check("no wrap, no padding", "YQ", Base64.encodeToString("a".getBytes(), Base64.NO_WRAP | Base64.NO_PADDING));
        check("lines of 76 characters", 2, Base64.encodeToString(new byte[60], Base64.DEFAULT).split("\n").length);
        check("URL safe", "-_8=\n", Base64.encodeToString(new byte[] {(byte) 0xfb, (byte) 0xff}, Base64.URL_SAFE));
        check("decoding skips line breaks", "hello",
            new String(Base64.decode("aGVs\nbG8=", Base64.DEFAULT), StandardCharsets.UTF_8));
        boolean refused = false;
        try {
            Base64.decode("a", Base64.DEFAULT);
        } catch (IllegalArgumentException expected) {
            refused = true;
        }
        check("a dangling character is bad base-64", true, refused);
    }

    private static void arrayMap() {
        ArrayMap<Object, String> map = new ArrayMap<>();
        map.put(30, "thirty");
        map.put(10, "ten");
        map.put(20, "twenty");
        check("iteration by ascending hash code", Arrays.asList(10, 20, 30), new ArrayList<>(map.keySet()));
        map.remove(20);
        check("removal", Arrays.asList("ten", "thirty"), new ArrayList<>(map.values()));
        check("get", "thirty", map.get(30));
    }

    private static void textUtils() {
        check("split of empty text", 0, TextUtils.split("", ",").length);
        check("split keeps empty tokens", Arrays.asList("a", "", "b", ""), Arrays.asList(TextUtils.split("a,,b,", ",")));
        check("isEmpty", true, TextUtils.isEmpty(""));
    }

    private static void looper() throws InterruptedException {
        List<String> order = new ArrayList<>();
        Thread thread = new Thread(() -> {
            Looper.prepare();
            Handler handler = new Handler(Looper.myLooper());
            handler.postDelayed(() -> {
                order.add("late");
                Looper.myLooper().quit();
            }, 1000); // long enough that the three posts before it are run first, even on a loaded machine
            handler.post(() -> order.add("first"));
            handler.post(() -> {
                order.add("second");
                handler.post(() -> order.add("posted by second"));
            });
            handler.postAtFrontOfQueue(() -> order.add("front"));
            Looper.loop();
        });
        thread.start();
        thread.join(10000);
        check("messages in order of time, then of sending", Arrays.asList("front", "first", "second", "posted by second", "late"),
            order);
        boolean refused = false;
        try {
            new Handler();
        } catch (RuntimeException expected) {
            refused = expected.getMessage().contains("Looper.prepare()");
        }
        check("a handler on a thread without a looper", true, refused);
    }
}
