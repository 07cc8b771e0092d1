package dev.workshop.store.jdbc;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.store.MessageCopies;
import dev.workshop.store.journal.Journal;
import dev.workshop.store.journal.JournalPosition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Folds the journal's records that the tables do not have yet into the conversations' latest states, and writes
 * them to the tables in chunks. A gap in a conversation's events means the tables lost rows they had synced
 * ({@link JournalGapException}), unless the journal itself is damaged: then the gap is filled, from the
 * snapshots where they hold the messages, and the loss is kept on record.
 */
final class JournalReplay {
    static final int CHUNK = 4096;

    /** A record whose predecessors are neither in the tables nor in the journal after the replay point. */
    static final class JournalGapException extends RuntimeException {
        JournalGapException(String message) {
            super(message);
        }
    }

    private final JournalRecords records;
    private final LatestStates index;
    private final Map<ConversationKey, EventPositions> positions;
    private final Projector projector;
    /** True when a gap is the journal's own damage, to be filled: it is damaged, or the tables are being rebuilt. */
    private final boolean gapsAreDamage;
    private final MessageCopies copies;
    private final StartCopies starts;
    private final ReplayLosses losses;
    private final Consumer<String> warnings;
    private final List<Projector.Change> pending = new ArrayList<>();
    private JournalPosition end;

    JournalReplay(JournalRecords records, LatestStates index,
                  Map<ConversationKey, EventPositions> positions, Projector projector, boolean gapsAreDamage,
                  MessageCopies copies, StartCopies starts, ReplayLosses losses, Consumer<String> warnings) {
        this.records = records;
        this.index = index;
        this.positions = positions;
        this.projector = projector;
        this.gapsAreDamage = gapsAreDamage;
        this.copies = copies;
        this.starts = starts;
        this.losses = losses;
        this.warnings = warnings;
    }

    void accept(JournalPosition start, byte[] payload) {
        List<RecordedEvent> events;
        try {
            events = records.decodeAll(payload);
        } catch (RuntimeException e) {
            warnings.accept("A journal record at " + start + " cannot be read and was skipped: " + e.getMessage());
            return;
        }
        for (RecordedEvent recorded : events) {
            apply(recorded);
        }
        end = Journal.endOf(start, payload);
        if (pending.size() >= CHUNK) {
            flush();
        }
    }

    private void apply(RecordedEvent recorded) {
        ConversationKey key = new ConversationKey(recorded.tenantId(), recorded.conversationId());
        LatestState current = index.computeIfAbsent(key);
        long version = current.state.version();
        if (recorded.seq() == version + 1) {
            current.state = current.state.evolve(recorded);
            pending.add(new Projector.Change(recorded.tenantId(), List.of(recorded), current.state));
        } else if (recorded.seq() > version + 1) {
            if (!gapsAreDamage) {
                throw new JournalGapException("it lacks events " + (version + 1) + " to " + (recorded.seq() - 1)
                        + " of conversation " + recorded.conversationId() + " that the journal has");
            }
            fillGap(key, current, recorded);
            current.state = current.state.evolve(recorded);
            pending.add(new Projector.Change(recorded.tenantId(), List.of(recorded), current.state));
        }
    }

    /**
     * Neither the journal nor the tables have the events before {@code after}: the journal's record is damaged
     * and the tables had not got them yet. Messages the snapshot still holds go back in their turn's place (last
     * in the gap); placeholders keep the other events' places, and the loss on record.
     */
    private void fillGap(ConversationKey key, LatestState current, RecordedEvent after) {
        if (current.state.version() == 0) {
            takeStartFromItsCopy(key, current, after);
        }
        long first = current.state.version() + 1;
        long gap = after.seq() - first;
        if (gap == 0) {
            positions.computeIfAbsent(key, k -> new EventPositions()).markIncomplete();
            return;
        }
        List<MessageRecorded> recovered = fromSnapshot(after, current.state, gap);
        long lostCount = gap - recovered.size();
        for (long place = 0; place < gap; place++) {
            ConversationEvent filling = place < lostCount
                    ? new ConversationEvent.Lost("a damaged journal record held it")
                    : recovered.get((int) (place - lostCount));
            RecordedEvent filled = new RecordedEvent(after.tenantId(), after.conversationId(), first + place,
                    after.recordedAt(), filling);
            current.state = current.state.evolve(filled);
            pending.add(new Projector.Change(after.tenantId(), List.of(filled), current.state));
        }
        if (lostCount > 0) {
            losses.lost(key, lostCount);
        }
        if (!recovered.isEmpty()) {
            losses.recovered(key, recovered.size());
        }
        positions.computeIfAbsent(key, k -> new EventPositions()).markIncomplete();
    }

    /**
     * The conversation's first record is among the damage: its start (task, participants, limits, title) is taken
     * from the copy written beside the journal before that record ({@link StartCopies}), as far as the gap reaches.
     */
    private void takeStartFromItsCopy(ConversationKey key, LatestState current, RecordedEvent after) {
        var copy = starts.read(key.tenant(), key.conversation());
        if (copy.isEmpty()) {
            return;
        }
        List<RecordedEvent> events = copy.get().events().stream().filter(event -> event.seq() < after.seq()).toList();
        for (RecordedEvent event : events) {
            current.state = current.state.evolve(event);
            pending.add(new Projector.Change(event.tenantId(), List.of(event), current.state));
        }
        if (!events.isEmpty()) {
            losses.startRestored(key);
        }
    }

    /**
     * The messages a gap must have held that the snapshot has: those of the turns from the state's next one
     * up to the turn the event after the gap is about, in order and without a gap of their own, no more than
     * the gap's size. None when the event after it names no turn.
     */
    private List<MessageRecorded> fromSnapshot(RecordedEvent after, ConversationState before, long gapSize) {
        int nextTurn = after.event().aboutTurn().orElse(-1);
        if (nextTurn <= before.turnCount()) {
            return List.of();
        }
        Map<Integer, MessageRecorded> copy;
        try {
            copy = copies.of(after.tenantId(), after.conversationId());
        } catch (RuntimeException unreadable) {
            return List.of();
        }
        List<MessageRecorded> found = new ArrayList<>();
        for (int turn = before.turnCount(); turn < nextTurn && found.size() < gapSize; turn++) {
            MessageRecorded message = copy.get(turn);
            if (message == null || message.turnIndex() != turn) {
                break;
            }
            found.add(message);
        }
        return found;
    }

    void flush() {
        if (end != null && !pending.isEmpty()) {
            projector.applyNow(List.copyOf(pending), end);
        }
        pending.clear();
    }
}
