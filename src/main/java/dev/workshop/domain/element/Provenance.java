package dev.workshop.domain.element;

/**
 * Where an action came from: the conversation (by id; elements stand below conversations in the domain, so the id
 * is its text), the turn whose reply asked for it and its place among that reply's actions. What the user does by
 * hand has no conversation. Provenance is what makes an action happen once: an element applies a provenance once
 * (a reply asked again after a crash brings the same one), and erasing a conversation follows it.
 */
public record Provenance(String conversation, int turn, int action) {
    private static final Provenance BY_HAND = new Provenance(null, -1, -1);
    /** Where an erased conversation's change came from: not its id, which went with it. */
    private static final Provenance ERASED = new Provenance("erased", 0, 0);

    public Provenance {
        if (conversation != null && (turn < 0 || action < 0)) {
            throw new IllegalArgumentException("An action of a conversation names its turn and its place: turn "
                    + turn + ", action " + action);
        }
        if (conversation != null && conversation.isBlank()) {
            throw new IllegalArgumentException("A conversation id is not blank");
        }
    }

    public static Provenance byHand() {
        return BY_HAND;
    }

    /** The provenance a change of an erased conversation keeps: no id, which erasing took away. */
    public static Provenance erased() {
        return ERASED;
    }

    public boolean isErased() {
        return this.equals(ERASED);
    }

    public static Provenance of(String conversation, int turn, int action) {
        return new Provenance(conversation, turn, action);
    }

    /** A summary of an agent's recent interactions, made after turn {@code turn}: derived, not an action. */
    public static Provenance ofSummary(String conversation, int turn) {
        return new Provenance(conversation, turn, SUMMARY);
    }

    /** The action index a summary's provenance gives it: after any turn's own actions. */
    private static final int SUMMARY = 9_999;

    public boolean isSummary() {
        return action == SUMMARY;
    }

    public boolean isByHand() {
        return conversation == null;
    }

    /** In words: "by hand", or "conversation 1f3a…, turn 4, action 2" (turns and actions counted from 1). */
    public String describe() {
        if (isErased()) {
            return "an erased conversation";
        }
        return isByHand() ? "by hand" : "conversation " + conversation + ", turn " + (turn + 1)
                + (isSummary() ? ", summary" : ", action " + (action + 1));
    }
}
