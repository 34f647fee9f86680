package android.net;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * An immutable URI reference, parsed the way Android's {@code Uri.parse} does: leniently and lazily, without
 * validation. A scheme is whatever precedes the first {@code :}; a URI is hierarchical when nothing but a
 * {@code /} follows that colon; the authority follows {@code //} up to the first {@code /}, {@code \}, {@code ?}
 * or {@code #}. Getters without "Encoded" percent-decode (UTF-8; {@code +} stays {@code +}, except in
 * {@link #getQueryParameter(String)}). {@code Uri.Builder} and the other factories are not part of the kit.
 */
public abstract class Uri implements Comparable<Uri> {
    /** The empty URI. */
    public static final Uri EMPTY = new StringUri("");

    private static final int NOT_FOUND = -1;
    private static final String NOT_HIERARCHICAL = "This isn't a hierarchical URI.";
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private Uri() {
    }

    /** {@code uriString} as a URI, without checks. */
    public static Uri parse(String uriString) {
        if (uriString == null) {
            throw new NullPointerException("uriString");
        }
        return new StringUri(uriString);
    }

    public abstract boolean isHierarchical();

    public boolean isOpaque() {
        return !isHierarchical();
    }

    public abstract boolean isRelative();

    public boolean isAbsolute() {
        return !isRelative();
    }

    public abstract String getScheme();

    public abstract String getSchemeSpecificPart();

    public abstract String getEncodedSchemeSpecificPart();

    public abstract String getAuthority();

    public abstract String getEncodedAuthority();

    public abstract String getUserInfo();

    public abstract String getEncodedUserInfo();

    public abstract String getHost();

    public abstract int getPort();

    public abstract String getPath();

    public abstract String getEncodedPath();

    public abstract String getQuery();

    public abstract String getEncodedQuery();

    public abstract String getFragment();

    public abstract String getEncodedFragment();

    public abstract List<String> getPathSegments();

    public abstract String getLastPathSegment();

    @Override
    public abstract String toString();

    @Override
    public boolean equals(Object o) {
        return o instanceof Uri && toString().equals(o.toString());
    }

    @Override
    public int hashCode() {
        return toString().hashCode();
    }

    @Override
    public int compareTo(Uri other) {
        return toString().compareTo(other.toString());
    }

    /** The same URI with its scheme lower-cased (Android's normalization). */
    public Uri normalizeScheme() {
        String scheme = getScheme();
        if (scheme == null) {
            return this;
        }
        String lower = scheme.toLowerCase(Locale.ROOT);
        if (scheme.equals(lower)) {
            return this;
        }
        return new StringUri(lower + toString().substring(scheme.length()));
    }

    /** The names of the query's parameters, decoded, in order, each once. */
    public Set<String> getQueryParameterNames() {
        if (isOpaque()) {
            throw new UnsupportedOperationException(NOT_HIERARCHICAL);
        }
        String query = getEncodedQuery();
        if (query == null) {
            return Collections.emptySet();
        }
        Set<String> names = new LinkedHashSet<>();
        int start = 0;
        do {
            int next = query.indexOf('&', start);
            int end = next == NOT_FOUND ? query.length() : next;
            int separator = query.indexOf('=', start);
            if (separator > end || separator == NOT_FOUND) {
                separator = end;
            }
            names.add(decode(query.substring(start, separator)));
            start = end + 1;
        } while (start < query.length());
        return Collections.unmodifiableSet(names);
    }

    /** Every decoded value of the parameter {@code key} ({@code +} as a space). */
    public List<String> getQueryParameters(String key) {
        if (isOpaque()) {
            throw new UnsupportedOperationException(NOT_HIERARCHICAL);
        }
        if (key == null) {
            throw new NullPointerException("key");
        }
        String query = getEncodedQuery();
        if (query == null) {
            return Collections.emptyList();
        }
        String encodedKey = encode(key, null);
        List<String> values = new ArrayList<>();
        int start = 0;
        do {
            int next = query.indexOf('&', start);
            int end = next != NOT_FOUND ? next : query.length();
            int separator = query.indexOf('=', start);
            if (separator > end || separator == NOT_FOUND) {
                separator = end;
            }
            if (separator - start == encodedKey.length() && query.regionMatches(start, encodedKey, 0, encodedKey.length())) {
                values.add(separator == end ? "" : decode(query.substring(separator + 1, end), true));
            }
            start = end + 1;
        } while (start < query.length());
        return Collections.unmodifiableList(values);
    }

    /** The first decoded value of the parameter {@code key} ({@code +} as a space), or null. */
    public String getQueryParameter(String key) {
        if (isOpaque()) {
            throw new UnsupportedOperationException(NOT_HIERARCHICAL);
        }
        if (key == null) {
            throw new NullPointerException("key");
        }
        String query = getEncodedQuery();
        if (query == null) {
            return null;
        }
        String encodedKey = encode(key, null);
        int length = query.length();
        int start = 0;
        do {
            int next = query.indexOf('&', start);
            int end = next != NOT_FOUND ? next : length;
            int separator = query.indexOf('=', start);
            if (separator > end || separator == NOT_FOUND) {
                separator = end;
            }
            if (separator - start == encodedKey.length() && query.regionMatches(start, encodedKey, 0, encodedKey.length())) {
                return separator == end ? "" : decode(query.substring(separator + 1, end), true);
            }
            if (next == NOT_FOUND) {
                break;
            }
            start = next + 1;
        } while (true);
        return null;
    }

    /** Whether the parameter {@code key} is present and neither "false" nor "0" (case-insensitively). */
    public boolean getBooleanQueryParameter(String key, boolean defaultValue) {
        String flag = getQueryParameter(key);
        if (flag == null) {
            return defaultValue;
        }
        flag = flag.toLowerCase(Locale.ROOT);
        return !"false".equals(flag) && !"0".equals(flag);
    }

    /** {@code s} with every character but letters, digits and {@code _-!.~'()*} percent-encoded as UTF-8. */
    public static String encode(String s) {
        return encode(s, null);
    }

    /** Like {@link #encode(String)}, also leaving the characters of {@code allow} as they are. */
    public static String encode(String s, String allow) {
        if (s == null) {
            return null;
        }
        StringBuilder out = null;
        int length = s.length();
        int current = 0;
        while (current < length) {
            int next = current;
            while (next < length && isAllowed(s.charAt(next), allow)) {
                next++;
            }
            if (next == length) {
                if (current == 0) {
                    return s;
                }
                out.append(s, current, length);
                return out.toString();
            }
            if (out == null) {
                out = new StringBuilder();
            }
            out.append(s, current, next);
            int end = next + 1;
            while (end < length && !isAllowed(s.charAt(end), allow)) {
                end++;
            }
            byte[] bytes = s.substring(next, end).getBytes(StandardCharsets.UTF_8);
            for (byte b : bytes) {
                out.append('%').append(HEX[(b & 0xf0) >> 4]).append(HEX[b & 0xf]);
            }
            current = end;
        }
        return out == null ? s : out.toString();
    }

    private static boolean isAllowed(char c, String allow) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || "_-!.~'()*".indexOf(c)
            != NOT_FOUND || (allow != null && allow.indexOf(c) != NOT_FOUND);
    }

    /** {@code s} with percent escapes decoded as UTF-8; a malformed escape becomes U+FFFD. */
    public static String decode(String s) {
        return s == null ? null : decode(s, false);
    }

    private static String decode(String s, boolean convertPlus) {
        int first = s.indexOf('%');
        if (first < 0 && !(convertPlus && s.indexOf('+') >= 0)) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        byte[] bytes = new byte[Math.max(16, s.length() / 3)];
        int length = s.length();
        int i = 0;
        while (i < length) {
            char c = s.charAt(i);
            if (c != '%') {
                int next = s.indexOf('%', i);
                int end = next < 0 ? length : next;
                if (convertPlus) {
                    for (int j = i; j < end; j++) {
                        char d = s.charAt(j);
                        out.append(d == '+' ? ' ' : d);
                    }
                } else {
                    out.append(s, i, end);
                }
                i = end;
                continue;
            }
            // A run of escapes: their bytes are decoded together, as UTF-8 (malformed bytes as U+FFFD).
            int count = 0;
            while (i < length && s.charAt(i) == '%') {
                int high = i + 1 < length ? Character.digit(s.charAt(i + 1), 16) : -1;
                int low = i + 2 < length ? Character.digit(s.charAt(i + 2), 16) : -1;
                if (high < 0 || low < 0) {
                    break;
                }
                if (count == bytes.length) {
                    bytes = java.util.Arrays.copyOf(bytes, count * 2);
                }
                bytes[count++] = (byte) (high * 16 + low);
                i += 3;
            }
            if (count > 0) {
                out.append(new String(bytes, 0, count, StandardCharsets.UTF_8));
                continue;
            }
            // A malformed escape: U+FFFD for the % and the hex digit that follows it, if any.
            out.append('\ufffd');
            i++;
            if (i < length && Character.digit(s.charAt(i), 16) >= 0) {
                i++;
            }
        }
        return out.toString();
    }

    /** A URI kept as the text it was parsed from; parts are found on demand, as in Android. */
    private static final class StringUri extends Uri {
        private final String uriString;

        StringUri(String uriString) {
            this.uriString = uriString;
        }

        private int schemeSeparator() {
            return uriString.indexOf(':');
        }

        private int fragmentSeparator() {
            return uriString.indexOf('#', Math.max(0, schemeSeparator()));
        }

        @Override
        public boolean isHierarchical() {
            int ssi = schemeSeparator();
            if (ssi == NOT_FOUND) {
                return true;
            }
            if (uriString.length() == ssi + 1) {
                return false;
            }
            return uriString.charAt(ssi + 1) == '/';
        }

        @Override
        public boolean isRelative() {
            return schemeSeparator() == NOT_FOUND;
        }

        @Override
        public String getScheme() {
            int ssi = schemeSeparator();
            return ssi == NOT_FOUND ? null : uriString.substring(0, ssi);
        }

        @Override
        public String getEncodedSchemeSpecificPart() {
            int ssi = schemeSeparator();
            int fsi = fragmentSeparator();
            return fsi == NOT_FOUND ? uriString.substring(ssi + 1) : uriString.substring(ssi + 1, fsi);
        }

        @Override
        public String getSchemeSpecificPart() {
            return decode(getEncodedSchemeSpecificPart());
        }

        @Override
        public String getEncodedAuthority() {
            int ssi = schemeSeparator();
            int length = uriString.length();
            if (length > ssi + 2 && uriString.charAt(ssi + 1) == '/' && uriString.charAt(ssi + 2) == '/') {
                int end = ssi + 3;
                loop:
                while (end < length) {
                    switch (uriString.charAt(end)) {
                        case '/':
                        case '\\':
                        case '?':
                        case '#':
                            break loop;
                        default:
                            end++;
                    }
                }
                return uriString.substring(ssi + 3, end);
            }
            return null;
        }

        @Override
        public String getAuthority() {
            return decode(getEncodedAuthority());
        }

        @Override
        public String getEncodedUserInfo() {
            String authority = getEncodedAuthority();
            if (authority == null) {
                return null;
            }
            int end = authority.lastIndexOf('@');
            return end == NOT_FOUND ? null : authority.substring(0, end);
        }

        @Override
        public String getUserInfo() {
            return decode(getEncodedUserInfo());
        }

        @Override
        public String getHost() {
            String authority = getEncodedAuthority();
            if (authority == null) {
                return null;
            }
            int userInfoSeparator = authority.lastIndexOf('@');
            int portSeparator = portSeparator(authority);
            String host = portSeparator == NOT_FOUND ? authority.substring(userInfoSeparator + 1)
                : authority.substring(userInfoSeparator + 1, portSeparator);
            return decode(host);
        }

        @Override
        public int getPort() {
            String authority = getEncodedAuthority();
            int portSeparator = portSeparator(authority);
            if (portSeparator == NOT_FOUND) {
                return -1;
            }
            try {
                return Integer.parseInt(decode(authority.substring(portSeparator + 1)));
            } catch (NumberFormatException e) {
                return -1;
            }
        }

        private static int portSeparator(String authority) {
            if (authority == null) {
                return NOT_FOUND;
            }
            for (int i = authority.length() - 1; i >= 0; --i) {
                char c = authority.charAt(i);
                if (c == ':') {
                    return i;
                }
                if (c < '0' || c > '9') {
                    return NOT_FOUND;
                }
            }
            return NOT_FOUND;
        }

        @Override
        public String getEncodedPath() {
            int ssi = schemeSeparator();
            if (ssi > NOT_FOUND) {
                if (ssi + 1 == uriString.length() || uriString.charAt(ssi + 1) != '/') {
                    return null;
                }
            }
            int length = uriString.length();
            int start;
            if (length > ssi + 2 && uriString.charAt(ssi + 1) == '/' && uriString.charAt(ssi + 2) == '/') {
                start = ssi + 3;
                loop:
                while (start < length) {
                    switch (uriString.charAt(start)) {
                        case '?':
                        case '#':
                            return "";
                        case '/':
                        case '\\':
                            break loop;
                        default:
                            start++;
                    }
                }
            } else {
                start = ssi + 1;
            }
            int end = start;
            while (end < length && uriString.charAt(end) != '?' && uriString.charAt(end) != '#') {
                end++;
            }
            return uriString.substring(start, end);
        }

        @Override
        public String getPath() {
            return decode(getEncodedPath());
        }

        @Override
        public String getEncodedQuery() {
            int qsi = uriString.indexOf('?', Math.max(0, schemeSeparator()));
            if (qsi == NOT_FOUND) {
                return null;
            }
            int fsi = fragmentSeparator();
            if (fsi == NOT_FOUND) {
                return uriString.substring(qsi + 1);
            }
            return fsi < qsi ? null : uriString.substring(qsi + 1, fsi);
        }

        @Override
        public String getQuery() {
            return decode(getEncodedQuery());
        }

        @Override
        public String getEncodedFragment() {
            int fsi = fragmentSeparator();
            return fsi == NOT_FOUND ? null : uriString.substring(fsi + 1);
        }

        @Override
        public String getFragment() {
            return decode(getEncodedFragment());
        }

        @Override
        public List<String> getPathSegments() {
            String path = getEncodedPath();
            if (path == null) {
                return Collections.emptyList();
            }
            List<String> segments = new ArrayList<>();
            int previous = 0;
            int current;
            while ((current = path.indexOf('/', previous)) > NOT_FOUND) {
                if (previous < current) {
                    segments.add(decode(path.substring(previous, current)));
                }
                previous = current + 1;
            }
            if (previous < path.length()) {
                segments.add(decode(path.substring(previous)));
            }
            return Collections.unmodifiableList(segments);
        }

        @Override
        public String getLastPathSegment() {
            List<String> segments = getPathSegments();
            return segments.isEmpty() ? null : segments.get(segments.size() - 1);
        }

        @Override
        public String toString() {
            return uriString;
        }
    }
}
