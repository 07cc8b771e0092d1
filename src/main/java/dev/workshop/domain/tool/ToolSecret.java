package dev.workshop.domain.tool;

import dev.workshop.domain.agent.AgentId;

/**
 * A tool server's secret (a header's or an environment variable's value) kept in the desktop's secret store: the
 * files hold {@code ${secret:NAME}}, and the store holds the value under the entry named here.
 */
public final class ToolSecret {
    private ToolSecret() {
    }

    /** The secret's name for {@code server}'s header or variable {@code key}. */
    public static String name(String server, String key) {
        return server + "/" + key;
    }

    /** What a file holds instead of the value. */
    public static String reference(String name) {
        return "${secret:" + name + "}";
    }

    /** The secret store's entry for it (the store keeps entries by id). */
    public static AgentId storeId(String name) {
        return new AgentId("tool-secret/" + name);
    }
}
