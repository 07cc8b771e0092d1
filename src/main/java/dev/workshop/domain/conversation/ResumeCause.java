package dev.workshop.domain.conversation;

/** Why a conversation's loop started again. */
public enum ResumeCause {
    /** Workshop restarted (or {@code workshop resume} ran) and picked up a conversation that was running. */
    RESTART("restart"),
    /** The user pressed Resume on a conversation that was stopped. */
    USER("resume"),
    /** The user asked a failed turn again. */
    RETRY("retry");

    private final String wireName;

    ResumeCause(String wireName) {
        this.wireName = wireName;
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
