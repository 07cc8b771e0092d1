package dev.workshop.domain.tool;

import java.util.Locale;

/** Whether an agent's call of an outside tool runs: asked of the user each time, always allowed, or never. */
public enum ToolPolicy {
    ASK, ALLOW, NEVER;

    private final String wireName = name().toLowerCase(Locale.ROOT);

    public String wireName() {
        return wireName;
    }

    public static ToolPolicy fromWireName(String wireName) {
        for (ToolPolicy policy : values()) {
            if (policy.wireName.equals(wireName)) {
                return policy;
            }
        }
        throw new IllegalArgumentException("Unknown tool policy '" + wireName + "': ask, allow or never");
    }
}
