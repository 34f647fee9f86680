package android.text;

import java.util.Iterator;
import java.util.regex.Pattern;

/** The string helpers of Android's {@code TextUtils} that bridges use, with Android's semantics. */
public final class TextUtils {
    private TextUtils() {
    }

    /** True when {@code str} is null or has length 0. */
    public static boolean isEmpty(CharSequence str) {
        return str == null || str.length() == 0;
    }

    /** Whether two character sequences hold the same characters (both null counts as equal). */
    public static boolean equals(CharSequence a, CharSequence b) {
        if (a == b) {
            return true;
        }
        if (a != null && b != null) {
            int length = a.length();
            if (length != b.length()) {
                return false;
            }
            if (a instanceof String && b instanceof String) {
                return a.equals(b);
            }
            for (int i = 0; i < length; i++) {
                if (a.charAt(i) != b.charAt(i)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    /** The tokens joined with {@code delimiter} between them (each token through {@code String.valueOf}). */
    public static String join(CharSequence delimiter, Object[] tokens) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < tokens.length; i++) {
            if (i > 0) {
                text.append(delimiter);
            }
            text.append(tokens[i]);
        }
        return text.toString();
    }

    /** The tokens joined with {@code delimiter} between them. */
    @SuppressWarnings("rawtypes")
    public static String join(CharSequence delimiter, Iterable tokens) {
        StringBuilder text = new StringBuilder();
        Iterator<?> it = tokens.iterator();
        if (it.hasNext()) {
            text.append(it.next());
            while (it.hasNext()) {
                text.append(delimiter).append(it.next());
            }
        }
        return text.toString();
    }

    /**
     * {@code text} split at each match of the regular expression {@code expression}; unlike
     * {@link String#split(String)}, an empty {@code text} gives an empty array.
     */
    public static String[] split(String text, String expression) {
        if (text.length() == 0) {
            return new String[0];
        }
        return text.split(expression, -1);
    }

    /** {@code text} split at each match of {@code pattern}; an empty {@code text} gives an empty array. */
    public static String[] split(String text, Pattern pattern) {
        if (text.length() == 0) {
            return new String[0];
        }
        return pattern.split(text, -1);
    }

    /** Whether every character of {@code str} is a digit. */
    public static boolean isDigitsOnly(CharSequence str) {
        int length = str.length();
        for (int i = 0; i < length; ) {
            int cp = Character.codePointAt(str, i);
            if (!Character.isDigit(cp)) {
                return false;
            }
            i += Character.charCount(cp);
        }
        return true;
    }

    /** The length of {@code s} without the leading and trailing characters up to U+0020. */
    public static int getTrimmedLength(CharSequence s) {
        int length = s.length();
        int start = 0;
        while (start < length && s.charAt(start) <= ' ') {
            start++;
        }
        int end = length;
        while (end > start && s.charAt(end - 1) <= ' ') {
            end--;
        }
        return end - start;
    }

    /** {@code s} with {@code < > & ' "} written as HTML entities. */
    public static String htmlEncode(String s) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<': text.append("&lt;"); break;
                case '>': text.append("&gt;"); break;
                case '&': text.append("&amp;"); break;
                case '\'': text.append("&#39;"); break;
                case '"': text.append("&quot;"); break;
                default: text.append(c);
            }
        }
        return text.toString();
    }
}
