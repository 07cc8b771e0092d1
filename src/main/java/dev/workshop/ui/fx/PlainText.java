package dev.workshop.ui.fx;

/** Markdown shown where it cannot be rendered (speech bubbles, the streaming preview): marks dropped, one line. */
public final class PlainText {
    private PlainText() {
    }

    /** Drops list, heading and quote marks at line starts, bold and code marks, and joins the lines. */
    public static String of(String markdown) {
        return markdown.replaceAll("(?m)^\\s*([-*+]|#{1,6}|>)\\s+", "").replace("**", "").replace("`", "")
                .strip().replaceAll("\\s+", " ");
    }

    /** {@link #of} cut to at most {@code limit} characters, ending in "…" when cut. */
    public static String cut(String markdown, int limit) {
        String plain = of(markdown);
        return plain.length() <= limit ? plain : plain.substring(0, limit - 1).stripTrailing() + "…";
    }
}
