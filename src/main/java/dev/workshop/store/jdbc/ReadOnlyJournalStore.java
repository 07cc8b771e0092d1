package dev.workshop.store.jdbc;

import dev.workshop.store.Appended;
import dev.workshop.store.EventCodec;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.DeletedConversation;
import dev.workshop.domain.conversation.MessageMatch;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.ConversationStore;
import dev.workshop.store.Durability;
import dev.workshop.store.StoreException;
import dev.workshop.store.journal.Journal;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The conversations of a data directory that cannot be written (a full disk, a read-only mount), read from the
 * journal alone, so that a user can still list, read and export them — to make room, or to move them away. Nothing
 * is repaired, created or moved; every change is refused with the reason. States are folded from the histories
 * when first asked for: the tables (H2) are not opened, since opening them may need to write.
 */
public final class ReadOnlyJournalStore implements ConversationStore {
    private final String why;
    private final Path journalDirectory;
    private final Map<ConversationKey, EventPositions> positions = new ConcurrentHashMap<>();
    private final Map<ConversationKey, ConversationState> states = new ConcurrentHashMap<>();
    private final List<String> warnings = new CopyOnWriteArrayList<>();
    private final Journal<?> journal;
    private final HistoryReader reader;

    private ReadOnlyJournalStore(Path journalDirectory, String why) throws IOException {
        this.why = why;
        this.journalDirectory = journalDirectory;
        this.journal = Journal.openReadOnly(journalDirectory, new Journal.Owner() {
            @Override
            public void replay(Journal.Entry entry) {
                EventPositions.index(positions, entry, warnings::add);
            }

            @Override
            public void warn(String warning) {
                warnings.add(warning);
            }

            @Override
            public boolean useSavedIndex(List<byte[]> parts) {
                return SavedIndex.load(parts, positions);
            }
        });
        this.reader = new HistoryReader(journal, new JournalRecords(new EventCodec()));
    }

    /** @param why why the data cannot be written, in words: every refused change repeats it */
    public static ReadOnlyJournalStore open(Path journalDirectory, String why) {
        try {
            return new ReadOnlyJournalStore(journalDirectory, why);
        } catch (IOException e) {
            throw new StoreException("Cannot read the journal in " + journalDirectory + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Appended append(TenantId tenant, ConversationId conversation, long expectedVersion,
                           List<ConversationEvent> events, Durability durability) {
        throw new StoreException("Nothing can be changed while the data can only be read (" + why + ")");
    }

    @Override
    public Appended adopt(TenantId tenant, ConversationId conversation, long expectedVersion,
                          List<RecordedEvent> events) {
        throw new StoreException("Nothing can be changed while the data can only be read (" + why + ")");
    }

    @Override
    public List<RecordedEvent> history(TenantId tenant, ConversationId conversation) {
        EventPositions known = positions.get(new ConversationKey(tenant, conversation));
        if (known == null) {
            return List.of();
        }
        try {
            return List.copyOf(reader.read(tenant, conversation, distinct(known.snapshot())));
        } catch (IOException | RuntimeException e) {
            throw new StoreException("Cannot read conversation " + conversation + " from the journal in "
                    + journalDirectory + " (" + e.getMessage() + "), and the database cannot be opened while the"
                    + " data can only be read", e);
        }
    }

    private static long[] distinct(long[] starts) {
        return java.util.Arrays.stream(starts).distinct().toArray();
    }

    @Override
    public Optional<ConversationState> state(TenantId tenant, ConversationId conversation) {
        ConversationKey key = new ConversationKey(tenant, conversation);
        if (!positions.containsKey(key)) {
            return Optional.empty();
        }
        return Optional.of(states.computeIfAbsent(key,
                k -> ConversationState.replay(conversation, history(tenant, conversation))))
                .filter(ConversationState::isStarted);
    }

    @Override
    public Optional<TenantId> tenantOf(ConversationId conversation) {
        return positions.keySet().stream().filter(key -> key.conversation().equals(conversation))
                .map(ConversationKey::tenant).findFirst();
    }

    @Override
    public List<ConversationState> list(TenantId tenant) {
        return listed(tenant, false);
    }

    @Override
    public List<DeletedConversation> listDeleted(TenantId tenant) {
        return DeletedConversation.mostRecentFirst(listed(tenant, true), id -> history(tenant, id));
    }

    @Override
    public List<ConversationState> listElements(TenantId tenant) {
        return ConversationState.elementsOldestFirst(positions.keySet().stream()
                .filter(key -> key.tenant().equals(tenant)).flatMap(key -> state(tenant, key.conversation()).stream()));
    }

    private List<ConversationState> listed(TenantId tenant, boolean deleted) {
        return positions.keySet().stream().filter(key -> key.tenant().equals(tenant))
                .flatMap(key -> state(tenant, key.conversation()).stream())
                .filter(state -> state.deleted() == deleted && !state.isElement())
                .sorted(Comparator.comparing(ConversationState::updatedAt).reversed()
                        .thenComparing(state -> state.id().value()))
                .toList();
    }

    /** A scan of every history: the index the database keeps for this cannot be opened. */
    @Override
    public List<MessageMatch> findMessages(TenantId tenant, String text, int limit) {
        String needle = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        List<MessageMatch> found = new ArrayList<>();
        if (needle.isEmpty()) {
            return found;
        }
        for (ConversationState state : list(tenant)) {
            for (RecordedEvent recorded : history(tenant, state.id())) {
                recorded.event().asMessage().filter(message -> found.size() < limit
                                && message.content().toLowerCase(Locale.ROOT).contains(needle))
                        .ifPresent(message -> found.add(new MessageMatch(state.id(), message.turnIndex())));
            }
        }
        return found;
    }

    @Override
    public int count(TenantId tenant) {
        return list(tenant).size();
    }

    @Override
    public List<String> openingWarnings() {
        return List.copyOf(warnings);
    }

    @Override
    public void close() {
        try {
            journal.close();
        } catch (IOException e) {
            warnings.add("Closing the journal failed: " + e.getMessage());
        }
    }
}
