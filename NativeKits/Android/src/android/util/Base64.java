package android.util;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Android's Base64 (RFC 2045/3548), with its flags and its leniency: the encoder wraps lines at 76 characters
 * and ends with a line break unless {@link #NO_WRAP}; the decoder skips every character outside the alphabet
 * (line breaks, spaces, the other alphabet's {@code + / - _}) and throws {@link IllegalArgumentException}
 * ("bad base-64") for misplaced padding or a dangling character.
 */
public final class Base64 {
    /** Standard alphabet, padding, lines of 76 characters ending in {@code \n}. */
    public static final int DEFAULT = 0;
    /** No {@code =} padding. */
    public static final int NO_PADDING = 1;
    /** No line breaks at all. */
    public static final int NO_WRAP = 2;
    /** Lines end in {@code \r\n}. */
    public static final int CRLF = 4;
    /** The URL- and file-name-safe alphabet ({@code -} and {@code _} for {@code +} and {@code /}). */
    public static final int URL_SAFE = 8;
    /** For the stream classes Android has (absent here): leave the underlying stream open. */
    public static final int NO_CLOSE = 16;

    private static final byte[] STANDARD =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] WEB_SAFE =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".getBytes(StandardCharsets.US_ASCII);
    private static final int LINE_GROUPS = 19;
    private static final int SKIP = -1;
    private static final int EQUALS = -2;

    private Base64() {
    }

    public static byte[] decode(String str, int flags) {
        return decode(str.getBytes(StandardCharsets.ISO_8859_1), flags);
    }

    public static byte[] decode(byte[] input, int flags) {
        return decode(input, 0, input.length, flags);
    }

    /** Decodes {@code len} bytes of {@code input} from {@code offset}. */
    public static byte[] decode(byte[] input, int offset, int len, int flags) {
        int[] table = decodeTable((flags & URL_SAFE) != 0);
        ByteArrayOutputStream out = new ByteArrayOutputStream(len * 3 / 4);
        int state = 0;
        int value = 0;
        for (int p = offset; p < offset + len; p++) {
            int d = table[input[p] & 0xff];
            switch (state) {
                case 0:
                case 1:
                    if (d >= 0) {
                        value = (value << 6) | d;
                        state++;
                    } else if (d != SKIP) {
                        throw bad();
                    }
                    break;
                case 2:
                    if (d >= 0) {
                        value = (value << 6) | d;
                        state = 3;
                    } else if (d == EQUALS) {
                        out.write(value >> 4);
                        state = 4;
                    } else if (d != SKIP) {
                        throw bad();
                    }
                    break;
                case 3:
                    if (d >= 0) {
                        value = (value << 6) | d;
                        out.write(value >> 16);
                        out.write(value >> 8);
                        out.write(value);
                        value = 0;
                        state = 0;
                    } else if (d == EQUALS) {
                        out.write(value >> 10);
                        out.write(value >> 2);
                        state = 5;
                    } else if (d != SKIP) {
                        throw bad();
                    }
                    break;
                case 4:
                    if (d == EQUALS) {
                        state = 5;
                    } else if (d != SKIP) {
                        throw bad();
                    }
                    break;
                default:
                    if (d != SKIP) {
                        throw bad();
                    }
            }
        }
        switch (state) {
            case 1:
            case 4:
                throw bad();
            case 2:
                out.write(value >> 4);
                break;
            case 3:
                out.write(value >> 10);
                out.write(value >> 2);
                break;
            default:
                break;
        }
        return out.toByteArray();
    }

    public static String encodeToString(byte[] input, int flags) {
        return new String(encode(input, flags), StandardCharsets.US_ASCII);
    }

    public static String encodeToString(byte[] input, int offset, int len, int flags) {
        return new String(encode(input, offset, len, flags), StandardCharsets.US_ASCII);
    }

    public static byte[] encode(byte[] input, int flags) {
        return encode(input, 0, input.length, flags);
    }

    /** Encodes {@code len} bytes of {@code input} from {@code offset}. */
    public static byte[] encode(byte[] input, int offset, int len, int flags) {
        byte[] alphabet = (flags & URL_SAFE) != 0 ? WEB_SAFE : STANDARD;
        boolean padding = (flags & NO_PADDING) == 0;
        boolean wrap = (flags & NO_WRAP) == 0;
        boolean cr = (flags & CRLF) != 0;
        ByteArrayOutputStream out = new ByteArrayOutputStream(len * 4 / 3 + 4);
        int count = LINE_GROUPS;
        int p = offset;
        int end = offset + len;
        while (p + 3 <= end) {
            int v = ((input[p] & 0xff) << 16) | ((input[p + 1] & 0xff) << 8) | (input[p + 2] & 0xff);
            p += 3;
            out.write(alphabet[(v >> 18) & 0x3f]);
            out.write(alphabet[(v >> 12) & 0x3f]);
            out.write(alphabet[(v >> 6) & 0x3f]);
            out.write(alphabet[v & 0x3f]);
            if (wrap && --count == 0) {
                lineBreak(out, cr);
                count = LINE_GROUPS;
            }
        }
        int tail = end - p;
        if (tail > 0) {
            int v = (input[p] & 0xff) << 16;
            if (tail == 2) {
                v |= (input[p + 1] & 0xff) << 8;
            }
            out.write(alphabet[(v >> 18) & 0x3f]);
            out.write(alphabet[(v >> 12) & 0x3f]);
            if (tail == 2) {
                out.write(alphabet[(v >> 6) & 0x3f]);
            }
            if (padding) {
                out.write('=');
                if (tail == 1) {
                    out.write('=');
                }
            }
            if (wrap) {
                lineBreak(out, cr);
            }
        } else if (wrap && out.size() > 0 && count != LINE_GROUPS) {
            lineBreak(out, cr);
        }
        return out.toByteArray();
    }

    private static void lineBreak(ByteArrayOutputStream out, boolean cr) {
        if (cr) {
            out.write('\r');
        }
        out.write('\n');
    }

    private static int[] decodeTable(boolean webSafe) {
        int[] table = new int[256];
        java.util.Arrays.fill(table, SKIP);
        byte[] alphabet = webSafe ? WEB_SAFE : STANDARD;
        for (int i = 0; i < alphabet.length; i++) {
            table[alphabet[i]] = i;
        }
        table['='] = EQUALS;
        return table;
    }

    private static IllegalArgumentException bad() {
        return new IllegalArgumentException("bad base-64");
    }
}
