package dev.workshop.domain.element;

import java.util.List;

/** A pin as it stands: its votes, its comments, whether it is kept (immune to votes). */
public record Pin(String id, Actor author, String text, int up, int down, boolean kept, List<Entry> comments) {
    /** A pin whose net score falls to this is taken down, unless it is kept. */
    public static final int TAKE_DOWN_AT = -3;

    public Pin {
        comments = List.copyOf(comments);
    }

    public int score() {
        return up - down;
    }

    Pin voted(int delta) {
        return new Pin(id, author, text, delta > 0 ? up + 1 : up, delta < 0 ? down + 1 : down, kept, comments);
    }

    Pin kept(boolean keep) {
        return new Pin(id, author, text, up, down, keep, comments);
    }

    Pin commented(Entry comment) {
        List<Entry> more = new java.util.ArrayList<>(comments);
        more.add(comment);
        return new Pin(id, author, text, up, down, kept, more);
    }

    boolean fallsDown() {
        return !kept && score() <= TAKE_DOWN_AT;
    }
}
