package dev.workshop.store.jdbc;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.journal.Journal;
import dev.workshop.store.journal.JournalPosition;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A second copy of how each conversation began — its first append up to its first message: the task,
 * participants, limits and title — made durable beside the journal before the first append is acknowledged.
 * Damage to the journal's record can then never lose what the conversation is, nor end it: the catch-up takes the
 * start from here (docs/decisions/0024-a-second-copy-within-a-second.md).
 *
 * <p>The copies are a journal of their own under {@code starts/} (small segments, the same group commit), written
 * while the main journal writes the record itself: a thousand conversations starting at once share their syncs,
 * and a start costs about one sync, not two. They are read only when the open found damage.
 */
final class StartCopies implements AutoCloseable {
    static final String FOLDER = "starts";
    private static final long SEGMENT_BYTES = 1024 * 1024;
    private static final Logger LOG = Logger.getLogger(StartCopies.class.getName());

    /** A copy that could be read: the conversation's first events, from seq 1 on without a gap. */
    record Copy(TenantId tenant, ConversationId conversation, List<RecordedEvent> events) {
    }

    private final Path folder;
    private final Journal<Void> journal;
    private final JournalRecords records;
    private final ExecutorService writers = Executors.newVirtualThreadPerTaskExecutor();
    private Map<ConversationKey, Copy> read;

    private StartCopies(Path folder, Journal<Void> journal, JournalRecords records) {
        this.folder = folder;
        this.journal = journal;
        this.records = records;
    }

    /** Opens (or creates) the copies' journal in the data directory and starts its writer. */
    static StartCopies open(Path dataDirectory, JournalRecords records, Consumer<String> warnings) {
        Path folder = dataDirectory.resolve(FOLDER);
        try {
            return openIn(folder, records, warnings);
        } catch (IOException e) {
            throw new dev.workshop.store.StoreException("Cannot open the copies of the conversations' starts in "
                    + folder + ": " + e.getMessage(), e);
        }
    }

    private static StartCopies openIn(Path folder, JournalRecords records, Consumer<String> warnings)
            throws IOException {
        Journal<Void> journal = Journal.open(folder, SEGMENT_BYTES, JournalPosition.START, new Journal.Owner() {
            @Override
            public void replay(Journal.Entry entry) {
                // Nothing to index: the copies are read whole, and only after damage.
            }

            @Override
            public void warn(String warning) {
                warnings.accept(warning);
            }

            @Override
            public boolean useSavedIndex(List<byte[]> parts) {
                return true;
            }
        });
        try {
            journal.start((appended, end) -> { });
        } catch (IOException | RuntimeException e) {
            journal.close();
            throw e;
        }
        return new StartCopies(folder, journal, records);
    }

    Path folder() {
        return folder;
    }

    /**
     * The events of a first append that its start copy keeps: up to its first message (a conversation imported
     * whole would otherwise be written twice), and at least the first event.
     */
    static List<RecordedEvent> startOf(List<RecordedEvent> firstAppend) {
        int end = 1;
        while (end < firstAppend.size()
                && firstAppend.get(end).event().asMessage().isEmpty()) {
            end++;
        }
        return firstAppend.subList(0, end);
    }

    /** Begins writing the copy of a conversation's start; {@link #awaitSaved} before acknowledging it. */
    Future<?> save(List<RecordedEvent> firstAppend) {
        byte[] copy = records.encode(startOf(firstAppend));
        return writers.submit(() -> {
            journal.append(List.of(copy), null);
            return null;
        });
    }

    /**
     * Waits for the copy begun by {@link #save}. A copy that could not be written leaves the start in the journal
     * alone (which holds it durably, and the tables within a second): that is logged, never failed, since the
     * start itself was saved.
     */
    void awaitSaved(Future<?> copy, ConversationId conversation) {
        boolean interrupted = false;
        while (true) {
            try {
                copy.get();
                break;
            } catch (InterruptedException e) {
                // The copy is a sync away: waiting on keeps "acknowledged" meaning both copies.
                interrupted = true;
            } catch (ExecutionException failed) {
                LOG.log(Level.WARNING, "The copy of conversation " + conversation + "'s start could not be written"
                        + " in " + folder + ": " + failed.getCause().getMessage());
                break;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** The copy of a conversation's start, when there is one that reads whole. */
    Optional<Copy> read(TenantId tenant, ConversationId conversation) {
        try {
            return Optional.ofNullable(all().get(new ConversationKey(tenant, conversation)));
        } catch (IOException unreadable) {
            return Optional.empty();
        }
    }

    /** Every copy that reads whole, by conversation; a damaged one is passed over (the journal is its other copy). */
    synchronized Map<ConversationKey, Copy> all() throws IOException {
        if (read == null) {
            Map<ConversationKey, Copy> found = new LinkedHashMap<>();
            journal.forEachRecord(entry -> decode(entry.payload()).ifPresent(copy ->
                    found.putIfAbsent(new ConversationKey(copy.tenant(), copy.conversation()), copy)));
            read = found;
        }
        return read;
    }

    private Optional<Copy> decode(byte[] payload) {
        try {
            List<RecordedEvent> events = new ArrayList<>(records.decodeAll(payload));
            if (events.isEmpty() || events.getFirst().seq() != 1) {
                return Optional.empty();
            }
            RecordedEvent first = events.getFirst();
            return Optional.of(new Copy(first.tenantId(), first.conversationId(), List.copyOf(events)));
        } catch (RuntimeException damaged) {
            return Optional.empty();
        }
    }

    @Override
    public void close() {
        writers.close();
        try {
            journal.close(() -> new byte[0]);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "Closing the copies of the conversations' starts in " + folder + " failed: "
                    + e.getMessage());
        }
    }
}
