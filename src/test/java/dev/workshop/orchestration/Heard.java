package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.conversation.News;
import dev.workshop.domain.conversation.Transcript;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** What listeners of the engine heard, read as a view reads it: through the fold of what was recorded. */
public final class Heard {
    private Heard() {
    }

    /** What {@code event} recorded here brings a reader; empty for a passing event or a change elsewhere. */
    public static Optional<News> news(LoopEvent event) {
        return event instanceof LoopEvent.Recorded recorded && !recorded.elsewhere()
                ? Optional.of(recorded.news()) : Optional.empty();
    }

    /** The messages recorded, in the order heard. */
    public static List<MessageRecorded> messages(List<LoopEvent> heard) {
        return heard.stream().flatMap(event -> news(event).stream()).flatMap(news -> news.lines().stream())
                .filter(line -> !line.cutOff() && !line.lost()).map(Transcript.Line::message).toList();
    }

    /** The messages {@code event} recorded. */
    public static List<MessageRecorded> messages(LoopEvent event) {
        return messages(List.of(event));
    }

    /**
     * {@code events} as if the log had just taken them after {@code state} here: what a test tells a view directly,
     * as the engine would.
     */
    public static LoopEvent.Recorded recorded(ConversationState state, ConversationEvent... events) {
        List<RecordedEvent> recorded = new ArrayList<>();
        ConversationState after = state;
        Instant now = Instant.now();
        for (ConversationEvent event : events) {
            RecordedEvent each = new RecordedEvent(TenantId.LOCAL, state.id(), after.version() + 1, now, event);
            recorded.add(each);
            after = after.evolve(each);
        }
        return LoopEvent.Recorded.here(state.id(), now, recorded, after);
    }

    /**
     * Opens once {@code engine} tells of what {@code wanted} accepts, {@code times} times. Subscribe before acting;
     * listeners hear in the order they subscribed, so a view that subscribed first has been told by then.
     */
    public static CountDownLatch latch(ConversationEngine engine, int times, Predicate<LoopEvent> wanted) {
        CountDownLatch heard = new CountDownLatch(times);
        engine.subscribe(event -> {
            if (wanted.test(event)) {
                heard.countDown();
            }
        });
        return heard;
    }

    /** Waits, at most 30 s, until {@code latch} opens. */
    public static void await(CountDownLatch latch) throws InterruptedException {
        if (!latch.await(30, TimeUnit.SECONDS)) {
            throw new AssertionError("the engine did not tell of it within 30 s");
        }
    }

    /** A message of {@code id} recorded. */
    public static Predicate<LoopEvent> messageOf(ConversationId id) {
        return event -> event.conversationId().equals(id) && !messages(event).isEmpty();
    }

    /** The turns begun and left being written, in the order heard. */
    public static List<News.TurnInProgress> turnStarts(List<LoopEvent> heard) {
        return heard.stream().flatMap(event -> news(event).stream())
                .flatMap(news -> news.turnStarted().stream()).toList();
    }
}
