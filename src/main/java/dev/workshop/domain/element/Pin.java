package dev.workshop.domain.element;

import java.util.List;

/**
 * A pin as it stands: its votes, its comments, whether it is kept (immune to votes). {@code comments} is a read-only
 * view its element keeps adding to (a pin with thousands of comments is not copied at each new one).
 */
public record Pin(String id, Actor author, String text, int up, int down, boolean kept, List<Entry> comments) {
    /** A pin whose net score falls to this is taken down, unless it is kept. */
    public static final int TAKE_DOWN_AT = -3;

    public int score() {
        return up - down;
    }

    Pin voted(int delta) {
        return new Pin(id, author, text, delta > 0 ? up + 1 : up, delta < 0 ? down + 1 : down, kept, comments);
    }

    Pin kept(boolean keep) {
        return new Pin(id, author, text, up, down, keep, comments);
    }

    /** The same pin over another list of its comments (a copy of the element's). */
    Pin withComments(List<Entry> view) {
        return new Pin(id, author, text, up, down, kept, view);
    }

    boolean fallsDown() {
        return !kept && score() <= TAKE_DOWN_AT;
    }
}
