package dev.workshop.domain.secrets;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one way Workshop keeps a password given inside an address out of what it writes: messages, the log, the
 * diagnostics, the command line's output. A URL's user-info password ({@code https://user:SECRET@host},
 * {@code jdbc:postgresql://user:SECRET@host}) and a {@code password=} parameter ({@code ?password=SECRET}) become
 * {@value #HIDDEN}; the rest of the text, the user's name included, stays as it was, so the sentence still says
 * where. Text without such an address comes back unchanged (the same instance).
 */
public final class Redaction {
    public static final String HIDDEN = "***";
    /**
     * scheme://user:password@ — the password may hold anything up to the last '@' before white space or a quote: an
     * unescaped '/' or '@' in it is hidden too, rather than half of it shown, and a JSON line's quotes bound it, so
     * that hiding never reaches into the next field.
     */
    private static final Pattern USER_INFO = Pattern.compile(
            "([A-Za-z][A-Za-z0-9+.-]*://[^:/?#@\\s\"'<>]*):([^\\s\"'<>]*)@");
    private static final Pattern PASSWORD_PARAMETER = Pattern.compile("(?i)([?&;]password=)([^&\\s\"']*)");

    private Redaction() {
    }

    /** {@code text} with every password in an address in it replaced by {@value #HIDDEN}; null stays null. */
    public static String passwordsHidden(String text) {
        if (text == null || (text.indexOf('@') < 0 && !text.toLowerCase(java.util.Locale.ROOT).contains("password="))) {
            return text;
        }
        String hidden = replace(USER_INFO, text);
        return replace(PASSWORD_PARAMETER, hidden);
    }

    private static String replace(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        if (!matcher.find()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        do {
            matcher.appendReplacement(out, Matcher.quoteReplacement(matcher.group(1)
                    + (pattern == USER_INFO ? ":" + HIDDEN + "@" : HIDDEN)));
        } while (matcher.find());
        matcher.appendTail(out);
        return out.toString();
    }
}
