package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.element.Actor;
import dev.workshop.domain.element.ElementEvent;
import dev.workshop.domain.element.ElementKind;
import dev.workshop.domain.element.ElementState;
import dev.workshop.domain.element.Provenance;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What each agent remembers, which the user can see and change: its memory blocks (written and removed by the user,
 * shown to its model with their limits), its notes (forgotten by the user as by the agent) and the summary of its
 * recent interactions, compacted by its own model every few turns off the turn's path. All of it events of the
 * agent's memory element, so it survives restarts and carries its provenance.
 */
public final class Memories {
    /** How often an agent's recent interactions are compacted into its summary: every this many turns. */
    public static final int SUMMARY_EVERY_TURNS = 6;
    /** How long closing waits for summaries being written. */
    private static final Duration CLOSING = Duration.ofSeconds(5);

    private final Elements elements;
    private final ExecutorService summaries = Executors.newVirtualThreadPerTaskExecutor();

    Memories(Elements elements) {
        this.elements = elements;
    }

    /** Agent {@code agentId}'s memory, if it has one yet (made once any element is placed). */
    public Optional<ElementState> of(String agentId) {
        return elements.environment().elements().stream().filter(element -> element.kind() == ElementKind.MEMORY
                && element.owner().filter(agentId::equals).isPresent()).findFirst();
    }

    private ConversationId memoryOf(String agentId) {
        return new ConversationId(of(agentId).orElseThrow(() -> new IllegalArgumentException("Agent " + agentId
                + " has no memory yet: it is made once a shared element is placed")).id());
    }

    /** Writes (or rewrites) a block, as the user. */
    public void writeBlock(String agentId, String label, String text, int limit) {
        elements.change(memoryOf(agentId), Actor.USER, Provenance.byHand(),
                now -> new ElementEvent.BlockWritten(label, text, limit));
    }

    /** Removes a block, as the user. */
    public void removeBlock(String agentId, String label) {
        elements.change(memoryOf(agentId), Actor.USER, Provenance.byHand(), now -> {
            if (now.blocks().stream().noneMatch(block -> block.label().equals(label))) {
                throw new IllegalArgumentException("There is no memory block " + label);
            }
            return new ElementEvent.BlockRemoved(label);
        });
    }

    /** Forgets a note, as the user. */
    public void forgetNote(String agentId, int note) {
        elements.change(memoryOf(agentId), Actor.USER, Provenance.byHand(), now -> {
            if (now.entries().stream().noneMatch(entry -> entry.number() == note)) {
                throw new IllegalArgumentException("There is no note " + note);
            }
            return new ElementEvent.Forgot(note);
        });
    }

    /**
     * Compacts {@code agent}'s recent interactions into its summary, in the background: {@code summary} asks its
     * model (or, offline, makes it). Derived from the log, so a summary a crash loses is made again at the next
     * round; one that fails is told to {@code failed} and changes nothing.
     */
    void summariseSoon(Actor agent, ConversationId conversation, int turn, Supplier<String> summary,
                       Consumer<String> failed) {
        if (of(agent.id()).isEmpty()) {
            return;
        }
        try {
            summaries.execute(() -> {
                try {
                    String text = summary.get();
                    elements.change(memoryOf(agent.id()), agent, Provenance.ofSummary(conversation.value(), turn),
                            now -> new ElementEvent.Summarised(text));
                } catch (RuntimeException e) {
                    failed.accept("Could not summarise " + agent.name() + "'s recent interactions: " + e.getMessage());
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            // Closing: the next round makes it.
        }
    }

    /** Waits a moment for the summaries being written; those still asking their model are cut. */
    void close() {
        summaries.shutdown();
        try {
            if (!summaries.awaitTermination(CLOSING.toMillis(), TimeUnit.MILLISECONDS)) {
                summaries.shutdownNow();
            }
        } catch (InterruptedException e) {
            summaries.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
