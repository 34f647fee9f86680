package bridgecheck.kit.internal;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * What Android's WebView runs for {@code loadUrl("javascript:…")} (apps targeting API 19 and later: the URL is
 * navigated to, as Chrome does). Chromium parses it as a URL first, which removes every tab, line feed and
 * carriage return and trims leading and trailing controls and spaces; Blink then percent-decodes the text after
 * {@code javascript:} ({@code %41} becomes {@code A}, {@code %0A} a line feed) as UTF-8, or, when the decoded bytes
 * are not UTF-8, byte by byte as Latin-1 (the whole text). A bridge that puts JSON into such a URL without escaping
 * {@code %} has its data changed on the way, and a line comment swallows the rest of a script whose line breaks
 * were removed.
 */
public final class JavascriptUrl {
    private static final String SCHEME = "javascript:";

    private JavascriptUrl() {
    }

    /** {@code url} as Chromium parses it: no tabs or line breaks, no leading or trailing controls and spaces. */
    public static String parsed(String url) {
        StringBuilder out = new StringBuilder(url.length());
        for (int i = 0; i < url.length(); i++) {
            char c = url.charAt(i);
            if (c != '\t' && c != '\n' && c != '\r') {
                out.append(c);
            }
        }
        int start = 0;
        int end = out.length();
        while (start < end && out.charAt(start) <= ' ') {
            start++;
        }
        while (end > start && out.charAt(end - 1) <= ' ') {
            end--;
        }
        return out.substring(start, end);
    }

    /** Whether {@code url} is a {@code javascript:} URL (the scheme in any case). */
    public static boolean isJavascript(String url) {
        String parsed = parsed(url);
        return parsed.regionMatches(true, 0, SCHEME, 0, SCHEME.length());
    }

    /** The script {@code url} runs. */
    public static String script(String url) {
        String parsed = parsed(url);
        String body = parsed.substring(SCHEME.length());
        // Characters are UTF-8 in a URL (a lone surrogate becomes U+FFFD); escapes are bytes.
        byte[] utf8 = body.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(utf8.length);
        for (int i = 0; i < utf8.length; i++) {
            byte b = utf8[i];
            if (b == '%' && i + 2 < utf8.length && hex(utf8[i + 1]) >= 0 && hex(utf8[i + 2]) >= 0) {
                bytes.write(hex(utf8[i + 1]) * 16 + hex(utf8[i + 2]));
                i += 2;
            } else {
                bytes.write(b);
            }
        }
        byte[] decoded = bytes.toByteArray();
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(decoded)).toString();
        } catch (CharacterCodingException notUtf8) {
            return new String(decoded, StandardCharsets.ISO_8859_1);
        }
    }

    private static int hex(byte b) {
        if (b >= '0' && b <= '9') {
            return b - '0';
        }
        if (b >= 'a' && b <= 'f') {
            return b - 'a' + 10;
        }
        if (b >= 'A' && b <= 'F') {
            return b - 'A' + 10;
        }
        return -1;
    }
}
