package bridgecheck.kit.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Iterator;
import org.json.JSONArray;
import org.json.JSONException;
import org.json.JSONObject;

/**
 * JSON text to and from the values Android's {@code org.json} works with: {@link JSONObject}, {@link JSONArray},
 * {@link String}, {@link Integer}, {@link Long} and {@link Double} (Android's parser gives an {@code Integer}
 * when an integer literal fits, a {@code Long} when it fits in 64 bits, a {@code Double} otherwise),
 * {@link Boolean} and {@link JSONObject#NULL}. Java {@code null} stands for a value that is absent (JavaScript
 * {@code undefined}).
 *
 * <p>Parsing is strict RFC 8259, unlike {@code JSONTokener}, so that what the harness sends arrives exactly; writing
 * escapes lone surrogates as {@code \\uXXXX} (UTF-8 cannot carry them) and writes a non-finite number as
 * {@code null}, as {@code JSON.stringify} does.
 */
public final class Json {
    private final String text;
    private int at;
    /** Where the next backslash at or after {@code at} is (MAX_VALUE: none); found once per stretch of text. */
    private int nextBackslash = -1;

    private Json(String text) {
        this.text = text;
    }

    /** The value {@code text} holds. */
    public static Object parse(String text) throws KitProblem {
        Json parser = new Json(text);
        parser.skipSpace();
        Object value = parser.value(0);
        parser.skipSpace();
        if (parser.at != text.length()) {
            throw parser.problem("unexpected text after the value");
        }
        return value;
    }

    private KitProblem problem(String what) {
        return new KitProblem("not valid JSON at character " + at + ": " + what);
    }

    private void skipSpace() {
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            at++;
        }
    }

    private Object value(int depth) throws KitProblem {
        if (depth > 100_000) {
            throw problem("nested too deeply");
        }
        if (at >= text.length()) {
            throw problem("a value is missing");
        }
        char c = text.charAt(at);
        switch (c) {
            case '{':
                return object(depth);
            case '[':
                return array(depth);
            case '"':
                return string();
            case 't':
                return literal("true", Boolean.TRUE);
            case 'f':
                return literal("false", Boolean.FALSE);
            case 'n':
                return literal("null", JSONObject.NULL);
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return number();
                }
                throw problem("unexpected character '" + c + "'");
        }
    }

    private Object literal(String word, Object value) throws KitProblem {
        if (!text.startsWith(word, at)) {
            throw problem("expected " + word);
        }
        at += word.length();
        return value;
    }

    private JSONObject object(int depth) throws KitProblem {
        JSONObject object = new JSONObject();
        at++;
        skipSpace();
        if (at < text.length() && text.charAt(at) == '}') {
            at++;
            return object;
        }
        while (true) {
            skipSpace();
            if (at >= text.length() || text.charAt(at) != '"') {
                throw problem("expected a member name");
            }
            String key = string();
            skipSpace();
            if (at >= text.length() || text.charAt(at) != ':') {
                throw problem("expected ':'");
            }
            at++;
            skipSpace();
            Object value = value(depth + 1);
            try {
                object.put(key, value);
            } catch (JSONException e) {
                throw problem(e.getMessage());
            }
            skipSpace();
            if (at < text.length() && text.charAt(at) == ',') {
                at++;
                continue;
            }
            if (at < text.length() && text.charAt(at) == '}') {
                at++;
                return object;
            }
            throw problem("expected ',' or '}'");
        }
    }

    private JSONArray array(int depth) throws KitProblem {
        JSONArray array = new JSONArray();
        at++;
        skipSpace();
        if (at < text.length() && text.charAt(at) == ']') {
            at++;
            return array;
        }
        while (true) {
            skipSpace();
            array.put(value(depth + 1));
            skipSpace();
            if (at < text.length() && text.charAt(at) == ',') {
                at++;
                continue;
            }
            if (at < text.length() && text.charAt(at) == ']') {
                at++;
                return array;
            }
            throw problem("expected ',' or ']'");
        }
    }

    private String string() throws KitProblem {
        at++;
        int close = text.indexOf('"', at);
        if (close < 0) {
            throw problem("unterminated string");
        }
        if (nextBackslash < at) {
            nextBackslash = text.indexOf('\\', at);
            if (nextBackslash < 0) {
                nextBackslash = Integer.MAX_VALUE;
            }
        }
        if (nextBackslash > close) {
            // No escape: the text as it is (the harness escapes every control character).
            String value = text.substring(at, close);
            at = close + 1;
            return value;
        }
        StringBuilder out = new StringBuilder(close - at + 16);
        int start = at;
        while (true) {
            if (at >= text.length()) {
                throw problem("unterminated string");
            }
            char c = text.charAt(at);
            if (c == '"') {
                out.append(text, start, at);
                at++;
                return out.toString();
            }
            if (c != '\\') {
                at++;
                continue;
            }
            out.append(text, start, at);
            at++;
            if (at >= text.length()) {
                throw problem("unterminated escape");
            }
            char e = text.charAt(at++);
            switch (e) {
                case '"': out.append('"'); break;
                case '\\': out.append('\\'); break;
                case '/': out.append('/'); break;
                case 'b': out.append('\b'); break;
                case 'f': out.append('\f'); break;
                case 'n': out.append('\n'); break;
                case 'r': out.append('\r'); break;
                case 't': out.append('\t'); break;
                case 'u':
                    if (at + 4 > text.length()) {
                        throw problem("a short \\u escape");
                    }
                    int code = 0;
                    for (int i = 0; i < 4; i++) {
                        int digit = Character.digit(text.charAt(at + i), 16);
                        if (digit < 0) {
                            throw problem("a \\u escape that is not hexadecimal");
                        }
                        code = code * 16 + digit;
                    }
                    at += 4;
                    out.append((char) code);
                    break;
                default:
                    throw problem("an unknown escape \\" + e);
            }
            start = at;
        }
    }

    private Object number() throws KitProblem {
        int start = at;
        if (text.charAt(at) == '-') {
            at++;
        }
        if (at >= text.length()) {
            throw problem("a number without digits");
        }
        if (text.charAt(at) == '0') {
            at++;
        } else if (text.charAt(at) >= '1' && text.charAt(at) <= '9') {
            while (at < text.length() && Character.isDigit(text.charAt(at)) && text.charAt(at) < 128) {
                at++;
            }
        } else {
            throw problem("a number without digits");
        }
        boolean integral = true;
        if (at < text.length() && text.charAt(at) == '.') {
            integral = false;
            at++;
            int digits = at;
            while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
                at++;
            }
            if (at == digits) {
                throw problem("no digits after the decimal point");
            }
        }
        if (at < text.length() && (text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
            integral = false;
            at++;
            if (at < text.length() && (text.charAt(at) == '+' || text.charAt(at) == '-')) {
                at++;
            }
            int digits = at;
            while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
                at++;
            }
            if (at == digits) {
                throw problem("no digits in the exponent");
            }
        }
        String literal = text.substring(start, at);
        if (integral) {
            try {
                long value = Long.parseLong(literal);
                if (value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE) {
                    return (int) value;
                }
                return value;
            } catch (NumberFormatException tooLarge) {
                // Beyond 64 bits: a double, as in Android's JSONTokener.
            }
        }
        double value = Double.parseDouble(literal);
        if (Double.isInfinite(value)) {
            throw problem("a number beyond the range of a double: " + literal);
        }
        return value;
    }

    /** {@code value} as JSON text; Java {@code null} inside an array is {@code null}. */
    public static String write(Object value) throws KitProblem {
        StringBuilder out = new StringBuilder();
        write(out, value);
        return out.toString();
    }

    /** Appends {@code value} as JSON text. */
    public static void write(StringBuilder out, Object value) throws KitProblem {
        if (value == null || value == JSONObject.NULL) {
            out.append("null");
        } else if (value instanceof String) {
            quote(out, (String) value);
        } else if (value instanceof Boolean) {
            out.append(value.toString());
        } else if (value instanceof Number) {
            number(out, (Number) value);
        } else if (value instanceof JSONObject) {
            JSONObject object = (JSONObject) value;
            out.append('{');
            boolean first = true;
            for (Iterator<String> keys = object.keys(); keys.hasNext(); ) {
                String key = keys.next();
                if (!first) {
                    out.append(',');
                }
                first = false;
                quote(out, key);
                out.append(':');
                write(out, object.opt(key));
            }
            out.append('}');
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
        } else {
            throw new KitProblem("a " + value.getClass().getName() + " is not a JSON value: pass org.json values "
                + "(JSONObject, JSONArray, String, Number, Boolean, JSONObject.NULL) or null for none");
        }
    }

    private static void number(StringBuilder out, Number number) {
        if (number instanceof Integer || number instanceof Long || number instanceof Short || number instanceof Byte
            || number instanceof BigInteger) {
            out.append(number.toString());
            return;
        }
        if (number instanceof BigDecimal) {
            out.append(((BigDecimal) number).toString());
            return;
        }
        double d = number.doubleValue();
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            out.append("null");
        } else if (d == Math.rint(d) && Math.abs(d) < 9.007199254740992E15 && !(d == 0 && 1 / d < 0)) {
            out.append((long) d);
        } else {
            out.append(Double.toString(d));
        }
    }

    /** Appends {@code s} as a JSON string (runs of plain characters in one append each). */
    public static void quote(StringBuilder out, String s) {
        out.append('"');
        int length = s.length();
        int run = 0;
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c != '"' && c != '\\' && (c < Character.MIN_SURROGATE || c > Character.MAX_SURROGATE)) {
                continue;
            }
            if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
                continue;
            }
            out.append(s, run, i);
            switch (c) {
                case '"': out.append("\\\""); break;
                case '\\': out.append("\\\\"); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                case '\t': out.append("\\t"); break;
                case '\b': out.append("\\b"); break;
                case '\f': out.append("\\f"); break;
                default: unicodeEscape(out, c);
            }
            run = i + 1;
        }
        out.append(s, run, length);
        out.append('"');
    }

    private static void unicodeEscape(StringBuilder out, char c) {
        out.append("\\u");
        String hex = Integer.toHexString(c);
        for (int i = hex.length(); i < 4; i++) {
            out.append('0');
        }
        out.append(hex);
    }

    /** Whether {@code s} holds a lone surrogate (which UTF-8 cannot carry). */
    public static boolean hasLoneSurrogate(String s) {
        int length = s.length();
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }
}
