package dev.workshop.domain.conversation;

import dev.workshop.domain.element.ElementEvent;
import dev.workshop.domain.element.Provenance;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * What erasing a conversation does to the shared elements it acted on (docs/decisions/0031): each change it made
 * keeps its place in the element's history — its seq, its number among pins or notes, so those after it and what
 * refers to them stay as they were — but not its text nor the conversation's id. The element's state folds again
 * from there: a pin's score without the erased votes, an agent's memory without the erased notes and summaries.
 */
public final class ErasedChanges {
    private ErasedChanges() {
    }

    /**
     * The events with every change made by an erased conversation ({@code erased} tells by its id) replaced by what
     * stands in for it; the same list when none was.
     */
    public static List<RecordedEvent> without(List<RecordedEvent> events, Predicate<String> erased) {
        List<RecordedEvent> kept = null;
        for (int i = 0; i < events.size(); i++) {
            RecordedEvent recorded = events.get(i);
            if (recorded.event() instanceof ConversationEvent.ElementChanged changed && madeBy(changed, erased)) {
                if (kept == null) {
                    kept = new ArrayList<>(events);
                }
                kept.set(i, new RecordedEvent(recorded.tenantId(), recorded.conversationId(), recorded.seq(),
                        recorded.recordedAt(), standIn(changed)));
            }
        }
        return kept == null ? events : kept;
    }

    /** What stands in for {@code event} when an erased conversation made it (a change to an element), else empty. */
    public static java.util.Optional<ConversationEvent> standInFor(ConversationEvent event, Predicate<String> erased) {
        return event instanceof ConversationEvent.ElementChanged changed && madeBy(changed, erased)
                ? java.util.Optional.of(standIn(changed)) : java.util.Optional.empty();
    }

    private static boolean madeBy(ConversationEvent.ElementChanged changed, Predicate<String> erased) {
        Provenance from = changed.provenance();
        return !from.isByHand() && !from.isErased() && erased.test(from.conversation());
    }

    /**
     * What stands in for a change an erased conversation made: an element's making stays (the element is not the
     * conversation's); any other change leaves only its kind. Neither keeps the conversation's id.
     */
    private static ConversationEvent.ElementChanged standIn(ConversationEvent.ElementChanged changed) {
        ElementEvent change = changed.change() instanceof ElementEvent.Created created ? created
                : ElementEvent.Erased.of(changed.change());
        return new ConversationEvent.ElementChanged(changed.actor(), Provenance.erased(), change);
    }
}
