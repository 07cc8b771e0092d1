package dev.workshop.domain.fsm;

/**
 * What happens to an agent on the canvas. The conversation triggers come from the conversation loops'
 * events; the others from the user and from the animation clock.
 */
public enum AgentTrigger {
    /** A conversation this agent takes part in starts (or resumes). */
    CONVERSATION_START("conversationStart"),
    /** This agent's turn begins: its reply is being written. */
    TURN_START("turnStart"),
    /** Another participant's turn begins: this agent reads along. */
    OTHER_TURN_START("otherTurnStart"),
    /** The current turn's message was recorded. */
    TURN_END("turnEnd"),
    /** The last conversation this agent takes part in ended: all its turns were taken. */
    CONVERSATION_END("conversationEnd"),
    /**
     * The last conversation this agent takes part in stopped before its end (aborted, failed, Workshop stopping): the
     * agent does not say "Done" for a conversation that is not.
     */
    CONVERSATION_STOPPED("conversationStopped"),
    /** The short pause after a conversation is over. */
    COOLDOWN_OVER("cooldownOver"),
    PICK_UP("pickUp"),
    PUT_DOWN("putDown"),
    /** The user chose stationary, wander or patrol. */
    BEHAVIOUR_CHANGED("behaviourChanged"),
    /** Another changed a shared element this agent follows (its inbox, what it acted on): it reads it. */
    NEWS("news"),
    /** The short read of what changed is over. */
    NEWS_READ("newsRead");

    private final String eventName;

    AgentTrigger(String eventName) {
        this.eventName = eventName;
    }

    public String eventName() {
        return eventName;
    }
}
