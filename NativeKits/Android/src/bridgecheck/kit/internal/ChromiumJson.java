package bridgecheck.kit.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import org.json.JSONArray;
import org.json.JSONObject;

/**
 * The string Android's WebView gives an {@code evaluateJavascript} callback: the script's value converted as
 * Chromium's {@code V8ValueConverter} and written by its {@code base::JSONWriter}. Object members come sorted by
 * name (Chromium's dictionaries are sorted maps); a number that is a 32-bit integer is written as one, any other
 * number as a double with {@code .0} when it has no fraction ({@code 2147483648.0}); strings escape {@code <},
 * U+2028, U+2029 and controls, and a lone surrogate becomes U+FFFD; {@code undefined} (and anything the script
 * failed to produce) is {@code "null"}.
 */
public final class ChromiumJson {
    private ChromiumJson() {
    }

    /** The callback's string for a result ({@code null}: undefined, or the script failed). */
    public static String of(Object value) {
        StringBuilder out = new StringBuilder();
        write(out, value);
        return out.toString();
    }

    private static void write(StringBuilder out, Object value) {
        if (value == null || value == JSONObject.NULL) {
            out.append("null");
        } else if (value instanceof Boolean) {
            out.append(value.toString());
        } else if (value instanceof Number) {
            double d = ((Number) value).doubleValue();
            if (d == (int) d && !(d == 0 && 1 / d < 0)) {
                out.append((int) d);
            } else {
                String text = JsNumber.format(d);
                if (text.indexOf('.') < 0 && text.indexOf('e') < 0 && text.indexOf('E') < 0) {
                    text += ".0";
                }
                out.append(text);
            }
        } else if (value instanceof String) {
            string(out, (String) value);
        } else if (value instanceof JSONArray) {
            JSONArray array = (JSONArray) value;
            out.append('[');
            for (int i = 0; i < array.length(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                write(out, array.opt(i));
            }
            out.append(']');
        } else if (value instanceof JSONObject) {
            JSONObject object = (JSONObject) value;
            List<String> keys = new ArrayList<>();
            for (Iterator<String> it = object.keys(); it.hasNext(); ) {
                keys.add(it.next());
            }
            Collections.sort(keys, ChromiumJson::compareUtf8);
            out.append('{');
            boolean first = true;
            for (String key : keys) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                string(out, key);
                out.append(':');
                write(out, object.opt(key));
            }
            out.append('}');
        } else {
            string(out, value.toString());
        }
    }

    /** Byte order of the UTF-8 forms, which is code point order. */
    private static int compareUtf8(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int x = a.codePointAt(i);
            int y = b.codePointAt(j);
            if (x != y) {
                return Integer.compare(x, y);
            }
            i += Character.charCount(x);
            j += Character.charCount(y);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    private static void string(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\b': out.append("\\b"); break;
                case '\f': out.append("\\f"); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                case '\t': out.append("\\t"); break;
                case '\\': out.append("\\\\"); break;
                case '"': out.append("\\\""); break;
                case '<': out.append("\\u003C"); break;
                case '\u2028': out.append("\\u2028"); break;
                case '\u2029': out.append("\\u2029"); break;
                default:
                    if (c < 0x20) {
                        out.append(String.format("\\u%04X", (int) c));
                    } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                        out.append(c).append(s.charAt(++i));
                    } else if (Character.isSurrogate(c)) {
                        out.append('\ufffd');
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }
}
