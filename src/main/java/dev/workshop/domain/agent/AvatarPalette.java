package dev.workshop.domain.agent;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The avatar colours the agent editor offers, each dark enough for the white initials on it (WCAG AA, 4.5:1),
 * and the rule that gives a new agent one its neighbours do not have: with every new agent grey, a canvas and
 * a transcript of three of them could not be told apart by colour.
 */
public final class AvatarPalette {
    /** One colour of the palette, with the word for it (tooltips and screen readers: never colour alone). */
    public record Swatch(String name, String hex) {
    }

    /** What an agent shows when no colour was ever chosen (agents saved before colours could be). */
    public static final String DEFAULT = "#6e7781";

    /** In the order new agents receive them; the starter agents hold the first four. */
    public static final List<Swatch> SWATCHES = List.of(
            new Swatch("Blue", "#0969da"),
            new Swatch("Red", "#cf222e"),
            new Swatch("Green", "#1a7f37"),
            new Swatch("Purple", "#8250df"),
            new Swatch("Orange", "#bc4c00"),
            new Swatch("Teal", "#0e7490"),
            new Swatch("Pink", "#bf3989"),
            new Swatch("Indigo", "#4f46e5"),
            new Swatch("Brown", "#8a5a2b"),
            new Swatch("Olive", "#6b6b00"),
            new Swatch("Grey", DEFAULT));

    private static final Pattern HEX = Pattern.compile("#[0-9a-fA-F]{6}");

    private AvatarPalette() {
    }

    /** Whether {@code colour} is written as {@code #rrggbb}, the one form agents are saved in. */
    public static boolean isValid(String colour) {
        return colour != null && HEX.matcher(colour).matches();
    }

    /**
     * The colour for a new agent beside {@code agents}: the first of the palette none of them has, or, once
     * every colour is taken, the one fewest of them have (the earliest of those).
     */
    public static String nextFor(Collection<AgentDefinition> agents) {
        Map<String, Integer> uses = new HashMap<>();
        for (AgentDefinition agent : agents) {
            uses.merge(agent.avatarColor().toLowerCase(Locale.ROOT), 1, Integer::sum);
        }
        Swatch fewest = SWATCHES.getFirst();
        for (Swatch swatch : SWATCHES) {
            int used = uses.getOrDefault(swatch.hex(), 0);
            if (used == 0) {
                return swatch.hex();
            }
            if (used < uses.getOrDefault(fewest.hex(), 0)) {
                fewest = swatch;
            }
        }
        return fewest.hex();
    }
}
