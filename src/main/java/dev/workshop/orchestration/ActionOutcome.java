package dev.workshop.orchestration;

import dev.workshop.domain.element.Action;
import dev.workshop.domain.element.ElementEvent;
import java.util.Optional;

/**
 * What became of one action: applied to its element (with the event recorded), refused there (recorded too, with
 * why), or rejected before reaching any element (nothing named, nothing recorded). {@code sentence} is what a
 * model's tool result, a CLI line or a warning says.
 */
public record ActionOutcome(Action action, Optional<String> element, Result result, String sentence) {

    public enum Result {
        APPLIED, REFUSED, REJECTED;

        public String wireName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    static ActionOutcome rejected(Action action, String why) {
        return new ActionOutcome(action, Optional.empty(), Result.REJECTED, why);
    }

    static ActionOutcome decided(Action action, String element, ElementEvent event, String sentence) {
        return new ActionOutcome(action, Optional.of(element),
                event instanceof ElementEvent.Refused ? Result.REFUSED : Result.APPLIED, sentence);
    }

    public boolean applied() {
        return result == Result.APPLIED;
    }

    /** Whether an element took it (applied or refused, and recorded either way). */
    public boolean reachedAnElement() {
        return result != Result.REJECTED;
    }

    /** What the user is told of an action of {@code message} that named no element. */
    String warning(dev.workshop.domain.conversation.ConversationEvent.MessageRecorded message) {
        return message.speakerName() + "'s " + action.type().toolName() + " in turn " + (message.turnIndex() + 1)
                + " did nothing: " + sentence;
    }
}
