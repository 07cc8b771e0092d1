package dev.workshop.orchestration;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.store.ConcurrentAppendException;
import dev.workshop.store.Durability;
import java.util.List;
import java.util.Optional;

/**
 * How a loop writes to its conversation's log: each event appended after the state the loop holds, a rename made
 * meanwhile taken in, and, while the team server is away, the write kept until it is back ({@link ServerPatience}).
 */
final class LoopAppends {
    private final ConversationId id;
    private final LoopContext context;
    private final ServerPatience patience;

    LoopAppends(ConversationId id, LoopContext context, ServerPatience patience) {
        this.id = id;
        this.context = context;
        this.patience = patience;
    }

    /** Appends {@code event} after {@code state}; the state after it. */
    ConversationState append(ConversationState state, ConversationEvent event, Durability durability) {
        try {
            return appendWaitingForTheServer(state, event, durability);
        } catch (ConcurrentAppendException e) {
            // The user may rename a conversation while it runs: a new name does not conflict with the turn, so the
            // loop takes it in and appends again. Anything else appended meanwhile means a second writer.
            ConversationState renamed = renamedSince(state).orElseThrow(() -> e);
            return append(renamed, event, durability);
        }
    }

    /**
     * Appends; while the team server is away, waits as {@link ServerPatience} does, keeping what is to be written:
     * written once when the server is back. A write whose commit was lost on the way back is found in the log
     * rather than written twice.
     */
    private ConversationState appendWaitingForTheServer(ConversationState state, ConversationEvent event,
                                                        Durability durability) {
        return patience.patiently(
                () -> context.store().append(context.tenant(), id, state.version(), List.of(event), durability).after(),
                () -> {
                    List<RecordedEvent> there = context.store().history(context.tenant(), id);
                    // The last attempt committed; its answer was lost with the connection.
                    return there.size() > state.version() && there.get((int) state.version()).event().equals(event)
                            ? Optional.of(state.evolve(there.get((int) state.version()))) : Optional.empty();
                });
    }

    /** {@code state} with the renames appended after it, if renames are all that was appended since. */
    private Optional<ConversationState> renamedSince(ConversationState state) {
        ConversationState current = state;
        for (RecordedEvent each : context.store().history(context.tenant(), id)) {
            if (each.seq() <= state.version()) {
                continue;
            }
            if (!each.event().onlyNames()) {
                return Optional.empty();
            }
            current = current.evolve(each);
        }
        return current == state ? Optional.empty() : Optional.of(current);
    }
}
