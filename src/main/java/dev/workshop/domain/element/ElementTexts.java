package dev.workshop.domain.element;

import java.nio.charset.StandardCharsets;

/** The size rules of what is written on an element: as a conversation's messages, at most 64 KiB each. */
final class ElementTexts {
    /** A post, a pin or a note is read in every prompt's summary: far less than a message may hold. */
    static final int MAX_BYTES = 64 * 1024;

    private ElementTexts() {
    }

    static String require(String what, String text) {
        String stripped = text == null ? "" : text.strip();
        if (stripped.isEmpty()) {
            throw new IllegalArgumentException(what + " needs some text");
        }
        return requireSize(what, stripped);
    }

    static String requireSize(String what, String text) {
        if (text.length() * 3L > MAX_BYTES) {
            int bytes = text.getBytes(StandardCharsets.UTF_8).length;
            if (bytes > MAX_BYTES) {
                throw new IllegalArgumentException(what + " of " + bytes + " bytes is over the limit of " + MAX_BYTES
                        + " bytes (64 KiB)");
            }
        }
        return text;
    }
}
