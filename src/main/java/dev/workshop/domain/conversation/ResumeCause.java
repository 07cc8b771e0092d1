package dev.workshop.domain.conversation;

/** Why a conversation's loop started again. */
public enum ResumeCause {
    /** Workshop restarted (or {@code workshop resume} ran) and picked up a conversation that was running. */
    RESTART("restart"),
    /** The user pressed Resume on a conversation that was stopped. */
    USER("resume"),
    /** The user asked a failed turn again. */
    RETRY("retry"),
    /** On a team server: this Workshop took over a conversation whose Workshop died (its claim ran out). */
    TAKEOVER("takeover");

    private final String wireName;

    ResumeCause(String wireName) {
        this.wireName = wireName;
    }

    /** Whether the loop went on after its Workshop stopped (this one's restart, or another's death): not asked for. */
    public boolean afterAStop() {
        return this == RESTART || this == TAKEOVER;
    }

    public String wireName() {
        return wireName;
    }

    /** The cause a stored event names. */
    public static ResumeCause fromWireName(String name) {
        for (ResumeCause cause : values()) {
            if (cause.wireName.equals(name)) {
                return cause;
            }
        }
        throw new IllegalArgumentException("Unknown resume cause \"" + name + "\"");
    }
}
