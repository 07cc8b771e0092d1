package dev.workshop.store.jdbc;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationRules;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.ConcurrentAppendException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/** What both adapters do with an append before they write it: check it against the log and fold it. */
public final class Appending {
    private Appending() {
    }

    /** Events with the times they were first written (from elsewhere), or none: the append's own time. */
    public record Timed(List<ConversationEvent> events, List<Instant> times) {
    }

    /** The state after an append, and the events as the log holds them. */
    public record Folded(List<RecordedEvent> recorded, ConversationState after) {
    }

    /**
     * Events recorded elsewhere, to be appended after {@code expectedVersion} with their times.
     *
     * @throws IllegalArgumentException when they do not number on from {@code expectedVersion + 1}
     */
    public static Timed broughtIn(long expectedVersion, List<RecordedEvent> events) {
        List<ConversationEvent> bodies = new ArrayList<>(events.size());
        List<Instant> times = new ArrayList<>(events.size());
        for (int i = 0; i < events.size(); i++) {
            RecordedEvent recorded = events.get(i);
            if (recorded.seq() != expectedVersion + i + 1) {
                throw new IllegalArgumentException("An event brought in has seq " + recorded.seq() + " where "
                        + (expectedVersion + i + 1) + " was expected; events number on with no gap");
            }
            bodies.add(recorded.event());
            times.add(recorded.recordedAt().truncatedTo(ChronoUnit.MILLIS));
        }
        return new Timed(bodies, times);
    }

    /**
     * Checks the version and each event against the log's rules, and folds them: each at its time in {@code times},
     * or all at {@code now} when it is null.
     */
    public static Folded fold(TenantId tenant, ConversationId conversation, ConversationState state, long expectedVersion,
                       List<ConversationEvent> events, List<Instant> times, Instant now) {
        if (state.version() != expectedVersion) {
            throw new ConcurrentAppendException("Conversation " + conversation + " is at version " + state.version()
                    + ", not " + expectedVersion + ": someone else wrote to it; reload and try again");
        }
        List<RecordedEvent> recorded = new ArrayList<>(events.size());
        for (ConversationEvent event : events) {
            ConversationRules.check(state, event);
            Instant at = times == null ? now : times.get(recorded.size());
            RecordedEvent next = new RecordedEvent(tenant, conversation, state.version() + 1, at, event);
            state = state.evolve(next);
            recorded.add(next);
        }
        return new Folded(recorded, state);
    }
}
