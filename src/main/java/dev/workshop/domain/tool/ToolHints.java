package dev.workshop.domain.tool;

/**
 * What an outside tool says of itself (the Model Context Protocol's tool annotations): hints from its server, not
 * promises. They decide one thing here: whether a call cut off by a crash may be sent again without asking the user.
 */
public record ToolHints(boolean readOnly, boolean idempotent, boolean destructive) {
    public static final ToolHints NONE = new ToolHints(false, false, false);

    /** A call that reads only, or does the same however often it runs, may be sent again after a crash. */
    public boolean safeToRepeat() {
        return readOnly || idempotent;
    }
}
