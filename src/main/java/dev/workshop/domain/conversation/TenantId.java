package dev.workshop.domain.conversation;

import java.util.Objects;

/**
 * The owner of a row: the team a conversation belongs to. A desktop install works as one team, {@link #LOCAL};
 * the command line picks another with {@code --team}, and a team server holds many. The name also names the
 * team's folder of session snapshots, so it is kept to letters, digits, dots, dashes and underscores.
 */
public record TenantId(String value) {
    public static final TenantId LOCAL = new TenantId("local");
    private static final int MAX_LENGTH = 64;

    public TenantId {
        Objects.requireNonNull(value, "value");
        if (!isTeamName(value)) {
            throw new IllegalArgumentException("A team name has 1 to 64 letters, digits, '.', '-' or '_' and does"
                    + " not start with '.', was \"" + value + "\"");
        }
    }

    /** Checked by hand: compiling a regular expression is most of what a first team id would cost at start. */
    private static boolean isTeamName(String value) {
        if (value.isEmpty() || value.length() > MAX_LENGTH || value.charAt(0) == '.') {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean allowed = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                    || c == '.' || c == '-' || c == '_';
            if (!allowed) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return value;
    }
}
