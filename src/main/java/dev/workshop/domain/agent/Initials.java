package dev.workshop.domain.agent;

import java.util.Locale;

/** The letters on an agent's avatar, the same on the canvas, in the palette and beside its messages. */
public final class Initials {
    private Initials() {
    }

    /** The first letters of the first two words ("Ada Lovelace": AL), or the first two letters of one ("Ada": AD). */
    public static String of(String name) {
        String[] words = name.strip().split("\\s+");
        String letters = words.length >= 2 ? words[0].substring(0, 1) + words[1].substring(0, 1)
                : words[0].substring(0, Math.min(2, words[0].length()));
        return letters.toUpperCase(Locale.ROOT);
    }
}
