package dev.workshop.domain.conversation;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The owner of a row: the team a conversation belongs to. A desktop install works as one team, {@link #LOCAL};
 * the command line picks another with {@code --team}, and a team server holds many. The name also names the
 * team's folder of session snapshots, so it is kept to letters, digits, dots, dashes and underscores.
 */
public record TenantId(String value) {
    // Before LOCAL: static fields are set in order, and LOCAL's constructor needs the pattern.
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}");
    public static final TenantId LOCAL = new TenantId("local");

    public TenantId {
        Objects.requireNonNull(value, "value");
        if (!NAME.matcher(value).matches()) {
            throw new IllegalArgumentException("A team name has 1 to 64 letters, digits, '.', '-' or '_' and does"
                    + " not start with '.', was \"" + value + "\"");
        }
    }

    @Override
    public String toString() {
        return value;
    }
}
