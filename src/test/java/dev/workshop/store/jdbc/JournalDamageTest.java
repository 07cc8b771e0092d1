package dev.workshop.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.Conversations;
import dev.workshop.store.DataDirectory;
import dev.workshop.store.jdbc.JournalFiles.Located;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A store damaged the way disks damage files — a byte flipped at a record's boundary or inside it, the bytes of
 * a segment's header, a run of random bytes, a segment cut short — after a clean close (bit rot: size and time
 * kept) and after a crash with the tables behind the journal. Whatever the damage, the open never throws, never
 * writes over the damaged bytes, loses no event another copy (an intact record, the tables) still holds, says
 * which file was damaged, and moves nothing aside twice.
 *
 * <p>{@code ./mvnw verify} runs {@value #DEFAULT_SAMPLES} scenarios drawn from a fixed seed; a longer sweep:
 * {@code ./mvnw test -Dtest=JournalDamageTest -Dworkshop.damageSamples=400 -Dworkshop.damageSeed=7}.
 */
class JournalDamageTest {
    private static final int DEFAULT_SAMPLES = 28;
    private static final TenantId LOCAL = TenantId.LOCAL;
    private static final long SEGMENT_BYTES = 16 * 1024;
    private static final int RECORD_HEADER_BYTES = JournalFiles.RECORD_HEADER_BYTES;
    private static final int CONVERSATIONS = 3;
    private static final int MESSAGES_BEFORE = 10;
    private static final int MESSAGES_AFTER = 30;

    @TempDir
    Path dir;

    enum Closed { CLEANLY, CRASHED_WITH_TABLES_BEHIND }

    enum Kind { RECORD_BYTE, HEADER_BYTE, RANDOM_BYTES, CUT_SHORT }

    /** One scenario: how the store was left, what damage, and the draw that places it. */
    record Scenario(Closed closed, Kind kind, long draw) {
        @Override
        public String toString() {
            return kind + " after closing " + closed.name().toLowerCase().replace('_', ' ') + " (draw " + draw + ")";
        }
    }

    static Stream<Scenario> scenarios() {
        int samples = Integer.getInteger("workshop.damageSamples", DEFAULT_SAMPLES);
        Random random = new Random(Long.getLong("workshop.damageSeed", 20261126L));
        List<Scenario> scenarios = new ArrayList<>();
        for (int i = 0; i < samples; i++) {
            Closed closed = Closed.values()[i % Closed.values().length];
            Kind kind = Kind.values()[(i / Closed.values().length) % Kind.values().length];
            scenarios.add(new Scenario(closed, kind, random.nextLong()));
        }
        return scenarios.stream();
    }

    /** A damaged byte range of a segment file, as it read right after the damage. */
    private record Damaged(Path file, long from, byte[] bytes) {
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void aDamagedStoreOpensAndKeepsEveryEventAnotherCopyHolds(Scenario scenario) throws Exception {
        Map<ConversationId, List<RecordedEvent>> written = new HashMap<>();
        Set<String> inTables = writeStore(scenario.closed(), written);
        Random random = new Random(scenario.draw());
        List<Located> before = records();
        Damaged damaged = damage(scenario, random, before);
        Set<String> intactInJournal = intactAfter(damaged, before);
        boolean tornTailAfterCrash = scenario.closed() == Closed.CRASHED_WITH_TABLES_BEHIND
                && hitsOnlyTheLastRecords(damaged, before);

        List<String> warnings = new ArrayList<>();
        assertThatCode(() -> withStore(store -> {
            for (ConversationId id : written.keySet()) {
                List<RecordedEvent> history = store.history(LOCAL, id);
                assertKept(id, history, written.get(id), inTables, intactInJournal);
                ConversationState state = store.state(LOCAL, id).orElseThrow();
                // It goes on: the next event is accepted where the history now ends.
                store.append(LOCAL, id, state.version(), List.of(Conversations.message(state.turnCount())));
            }
            warnings.addAll(store.openingWarnings());
        })).as(scenario.toString()).doesNotThrowAnyException();

        if (!tornTailAfterCrash) {
            // A damaged last record after a crash is a torn write by the journal's rule (it cleared it); any
            // other damage stays exactly as it was found.
            assertThat(bytesAt(damaged)).as("the damaged bytes are left as they were").isEqualTo(damaged.bytes());
        }
        // After a clean close a segment that still reads whole (a damaged header) goes unnoticed until it is read;
        // a torn write is cleared without a word, as after every crash.
        boolean noticed = !intactInJournal.containsAll(allKeys(written))
                || scenario.closed() == Closed.CRASHED_WITH_TABLES_BEHIND;
        if (noticed && !tornTailAfterCrash) {
            assertThat(String.join("\n", warnings)).as("the damaged file is named")
                    .contains(damaged.file().getFileName().toString());
        }
        long setAside = countSetAside();
        crash();
        assertThatCode(() -> withStore(store -> {
            for (ConversationId id : written.keySet()) {
                assertKept(id, store.history(LOCAL, id), written.get(id), inTables, intactInJournal);
            }
        })).as("opens again after a crash").doesNotThrowAnyException();
        assertThat(countSetAside()).as("nothing is moved aside twice").isEqualTo(setAside);
    }

    @org.junit.jupiter.api.Test
    void aMessageLostFromTheJournalAndTheTablesIsTakenFromTheSnapshot() throws Exception {
        Map<ConversationId, List<RecordedEvent>> written = new HashMap<>();
        Set<String> inTables = writeStore(Closed.CRASHED_WITH_TABLES_BEHIND, written);
        List<Located> records = records();
        // A message the tables never got, with more of its conversation after it (not a torn last write).
        Located hit = records.stream().filter(record -> !inTables.contains(key(record.conversation(), record.seq())))
                .filter(record -> records.stream().anyMatch(later -> later.conversation().equals(record.conversation())
                        && later.seq() > record.seq()))
                .findFirst().orElseThrow();
        overwrite(hit.file(), hit.offset() + RECORD_HEADER_BYTES + 3,
                new byte[] {(byte) (readByte(hit.file(), hit.offset() + RECORD_HEADER_BYTES + 3) ^ 0x10)},
                Closed.CRASHED_WITH_TABLES_BEHIND);
        ConversationId id = new ConversationId(hit.conversation());
        RecordedEvent original = written.get(id).stream().filter(event -> event.seq() == hit.seq()).findFirst()
                .orElseThrow();
        // The snapshot: every message of that conversation, by turn.
        Map<Integer, ConversationEvent.MessageRecorded> snapshot = new HashMap<>();
        written.get(id).stream().map(RecordedEvent::event).filter(ConversationEvent.MessageRecorded.class::isInstance)
                .map(ConversationEvent.MessageRecorded.class::cast)
                .forEach(message -> snapshot.put(message.turnIndex(), message));

        try (DataDirectory data = DataDirectory.lock(dir);
             var store = JournaledConversationStore.open(data, SEGMENT_BYTES, Clock.systemUTC(),
                     (tenant, conversation) -> conversation.equals(id) ? snapshot : Map.of())) {
            List<RecordedEvent> history = store.history(LOCAL, id);

            assertThat(history).filteredOn(event -> event.seq() == hit.seq()).singleElement()
                    .extracting(RecordedEvent::event).isEqualTo(original.event());
            assertThat(history).extracting(RecordedEvent::event).noneMatch(ConversationEvent.Lost.class::isInstance);
            assertThat(history).hasSameSizeAs(written.get(id));
            // Named by its title, as the list names it, not by an id.
            String title = store.state(LOCAL, id).orElseThrow().title();
            assertThat(String.join("\n", store.openingWarnings()))
                    .contains("taken back from the conversations' snapshots: 1 message of \u201c" + title + "\u201d")
                    .doesNotContain(id.value());
        }
    }

    /** Every event held by an intact record or by the tables is in {@code history}, unchanged and in its place. */
    private static void assertKept(ConversationId id, List<RecordedEvent> history, List<RecordedEvent> written,
                                   Set<String> inTables, Set<String> intactInJournal) {
        Map<Long, ConversationEvent> read = new HashMap<>();
        history.forEach(event -> read.put(event.seq(), event.event()));
        for (RecordedEvent event : written) {
            String key = key(id.value(), event.seq());
            if (inTables.contains(key) || intactInJournal.contains(key)) {
                assertThat(read.get(event.seq())).as("event %d of %s", event.seq(), id).isEqualTo(event.event());
            }
        }
        assertThat(history).extracting(RecordedEvent::seq).as("in order, without gaps")
                .isEqualTo(java.util.stream.LongStream.rangeClosed(1, history.size()).boxed().toList());
    }

    /**
     * Three conversations, one event an append. Cleanly: all of it closed cleanly. After a crash: the tables as
     * they were after the first ten messages each, the journal with all forty, and no clean-close index.
     *
     * @return the events the tables hold, as {@link #key}s
     */
    private Set<String> writeStore(Closed closed, Map<ConversationId, List<RecordedEvent>> written) throws IOException {
        List<ConversationId> ids = new ArrayList<>();
        for (int i = 0; i < CONVERSATIONS; i++) {
            ids.add(ConversationId.random());
        }
        appendMessages(ids, 0, MESSAGES_BEFORE, written);
        Set<String> inTables = new HashSet<>();
        Path tablesCopy = dir.resolve("tables-then");
        Path appliedCopy = dir.resolve("applied-then");
        if (closed == Closed.CRASHED_WITH_TABLES_BEHIND) {
            written.forEach((id, events) -> events.forEach(event -> inTables.add(key(id.value(), event.seq()))));
            Files.copy(dir.resolve("workshop.mv.db"), tablesCopy);
            Files.copy(dir.resolve("journal").resolve("applied.pos"), appliedCopy);
        }
        appendMessages(ids, MESSAGES_BEFORE, MESSAGES_BEFORE + MESSAGES_AFTER, written);
        if (closed == Closed.CLEANLY) {
            written.forEach((id, events) -> events.forEach(event -> inTables.add(key(id.value(), event.seq()))));
        } else {
            Files.move(tablesCopy, dir.resolve("workshop.mv.db"), StandardCopyOption.REPLACE_EXISTING);
            Files.move(appliedCopy, dir.resolve("journal").resolve("applied.pos"), StandardCopyOption.REPLACE_EXISTING);
            crash();
        }
        return inTables;
    }

    private void appendMessages(List<ConversationId> ids, int from, int to,
                                Map<ConversationId, List<RecordedEvent>> written) {
        withStore(store -> {
            for (int turn = from; turn < to; turn++) {
                for (ConversationId id : ids) {
                    List<ConversationEvent> events = new ArrayList<>();
                    if (turn == 0) {
                        events.add(Conversations.started(1000));
                    }
                    events.add(Conversations.message(turn));
                    long version = written.getOrDefault(id, List.of()).size();
                    for (ConversationEvent event : events) {
                        List<RecordedEvent> stored = store.append(LOCAL, id, version++, List.of(event)).events();
                        written.computeIfAbsent(id, key -> new ArrayList<>()).addAll(stored);
                    }
                }
            }
        });
    }

    private interface StoreWork {
        void run(JournaledConversationStore store) throws Exception;
    }

    private void withStore(StoreWork work) {
        try (DataDirectory data = DataDirectory.lock(dir);
             var store = JournaledConversationStore.open(data, SEGMENT_BYTES, Clock.systemUTC())) {
            work.run(store);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private void crash() throws IOException {
        Files.deleteIfExists(dir.resolve("journal").resolve("clean-close.idx"));
    }

    private List<Path> segments() throws IOException {
        return JournalFiles.segments(dir);
    }

    private List<Located> records() throws IOException {
        return JournalFiles.records(dir);
    }

    /** Damages the store as {@code scenario} says; what the damaged range holds afterwards. */
    private Damaged damage(Scenario scenario, Random random, List<Located> records) throws IOException {
        List<Path> segments = segments();
        return switch (scenario.kind()) {
            case RECORD_BYTE -> {
                // At a record's boundary (its first bytes) or anywhere in it, header or payload.
                Located record = records.get(random.nextInt(records.size()));
                long at = random.nextBoolean() ? record.offset() + random.nextInt(8)
                        : record.offset() + random.nextInt((int) (record.payloadEnd() - record.offset()));
                yield overwrite(record.file(), at, new byte[] {(byte) (readByte(record.file(), at) ^ (1 << random.nextInt(8)))},
                        scenario.closed());
            }
            case HEADER_BYTE -> {
                Path segment = segments.get(random.nextInt(segments.size()));
                int at = random.nextInt(16);
                yield overwrite(segment, at, new byte[] {(byte) (readByte(segment, at) ^ 0x5a)}, scenario.closed());
            }
            case RANDOM_BYTES -> {
                // Inside the data: the zeros after it are where the next records go.
                Located record = records.get(random.nextInt(records.size()));
                byte[] noise = new byte[1 + random.nextInt(64)];
                random.nextBytes(noise);
                yield overwrite(record.file(), record.offset() + random.nextInt(Math.max(1, record.length())), noise,
                        scenario.closed());
            }
            case CUT_SHORT -> {
                Path segment = random.nextInt(3) == 0 ? segments.get(random.nextInt(segments.size())) : segments.getLast();
                long dataEnd = records.stream().filter(record -> record.file().equals(segment))
                        .mapToLong(record -> (record.payloadEnd() + 7) & -8).max().orElse(16);
                long cut = 17 + random.nextLong(Math.max(1, dataEnd - 17));
                try (RandomAccessFile file = new RandomAccessFile(segment.toFile(), "rw")) {
                    file.setLength(cut);
                }
                yield new Damaged(segment, cut, new byte[0]);
            }
        };
    }

    /** Writes {@code bytes} at {@code at}; after a clean close the file keeps its time, as bit rot does. */
    private static Damaged overwrite(Path file, long at, byte[] bytes, Closed closed) throws IOException {
        FileTime time = Files.getLastModifiedTime(file);
        try (RandomAccessFile out = new RandomAccessFile(file.toFile(), "rw")) {
            out.seek(at);
            out.write(bytes, 0, (int) Math.min(bytes.length, out.length() - at));
        }
        if (closed == Closed.CLEANLY) {
            Files.setLastModifiedTime(file, time);
        }
        return new Damaged(file, at, Arrays.copyOf(bytes, (int) Math.min(bytes.length, Files.size(file) - at)));
    }

    private static byte readByte(Path file, long at) throws IOException {
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            in.seek(at);
            return (byte) in.read();
        }
    }

    /** The range as it reads now; for a cut, what lies past the cut (nothing, if it was not written over). */
    private static byte[] bytesAt(Damaged damaged) throws IOException {
        try (RandomAccessFile in = new RandomAccessFile(damaged.file().toFile(), "r")) {
            if (damaged.bytes().length == 0) {
                return in.length() > damaged.from() ? new byte[] {1} : new byte[0];
            }
            byte[] now = new byte[damaged.bytes().length];
            in.seek(damaged.from());
            in.readFully(now);
            return now;
        }
    }

    /** The events whose records the damage did not touch. */
    private static Set<String> intactAfter(Damaged damaged, List<Located> records) {
        long damageEnd = damaged.bytes().length == 0 ? Long.MAX_VALUE : damaged.from() + damaged.bytes().length;
        Set<String> intact = new HashSet<>();
        for (Located record : records) {
            boolean hit = record.file().equals(damaged.file()) && record.offset() < damageEnd
                    && damaged.from() < record.payloadEnd();
            if (!hit) {
                for (int i = 0; i < record.count(); i++) {
                    intact.add(key(record.conversation(), record.seq() + i));
                }
            }
        }
        return intact;
    }

    /** The damage touches only records with nothing intact after them in the last segment: a torn write's shape. */
    private static boolean hitsOnlyTheLastRecords(Damaged damaged, List<Located> records) {
        Path last = records.getLast().file();
        return damaged.file().equals(last) && records.stream().filter(record -> record.file().equals(last))
                .noneMatch(record -> record.offset() > damaged.from() + Math.max(1, damaged.bytes().length));
    }

    private long countSetAside() throws IOException {
        try (var files = Files.walk(dir)) {
            return files.filter(file -> file.getFileName().toString().contains(".unreadable-")).count();
        }
    }

    private static Set<String> allKeys(Map<ConversationId, List<RecordedEvent>> written) {
        Set<String> keys = new HashSet<>();
        written.forEach((id, events) -> events.forEach(event -> keys.add(key(id.value(), event.seq()))));
        return keys;
    }

    private static String key(String conversation, long seq) {
        return conversation + "#" + seq;
    }
}
