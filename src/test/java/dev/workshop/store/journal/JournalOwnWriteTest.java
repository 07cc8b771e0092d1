package dev.workshop.store.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An append that finds the writer idle is written and synced by its own thread, and changes nothing else. */
class JournalOwnWriteTest {
    private static final long SEGMENT = 64 * 1024;
    @TempDir
    Path dir;

    private final List<String> durableOn = new CopyOnWriteArrayList<>();

    private Journal openAndStart() throws IOException {
        Journal journal = Journal.open(dir, SEGMENT, JournalPosition.START, entry -> { }, warning -> { });
        journal.start((appended, end) -> durableOn.add(Thread.currentThread().getName()));
        return journal;
    }

    private List<String> reopen() throws IOException {
        List<String> records = new ArrayList<>();
        Journal.open(dir, SEGMENT, JournalPosition.START,
                entry -> records.add(new String(entry.payload(), StandardCharsets.UTF_8)), warning -> { }).close();
        return records;
    }

    private static List<byte[]> record(String text) {
        return List.of(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aLoneAppendIsWrittenByItsOwnThreadAndAQueuedOneByTheWriter() throws Exception {
        try (Journal journal = openAndStart()) {
            journal.append(record("alone"), null);
            assertThat(durableOn).containsExactly(Thread.currentThread().getName());

            journal.appendWithoutWaiting(record("queued"), null);
            journal.append(record("after it"), null);
        }
        assertThat(durableOn.get(1)).isEqualTo("workshop-journal-writer");
        assertThat(reopen()).containsExactly("alone", "queued", "after it");
    }

    @Test
    void anAppendNeverOvertakesOneQueuedBeforeIt() throws Exception {
        List<String> expected = new ArrayList<>();
        try (Journal journal = openAndStart()) {
            for (int i = 0; i < 200; i++) {
                journal.appendWithoutWaiting(record("start " + i), null);
                journal.append(record("message " + i), null);
                expected.add("start " + i);
                expected.add("message " + i);
            }
        }
        assertThat(reopen()).containsExactlyElementsOf(expected);
    }

    /**
     * Aborting a conversation interrupts its loop's thread, maybe while it appends: the append still completes,
     * the thread keeps its interrupt, and the journal stays open for everyone (a FileChannel would be closed).
     */
    @Test
    void anInterruptedAppenderStillWritesDurablyKeepsItsInterruptAndLeavesTheJournalOpen() throws Exception {
        try (Journal journal = openAndStart()) {
            Thread.currentThread().interrupt();
            journal.append(record("while interrupted"), null);
            assertThat(Thread.interrupted()).as("the interrupt is kept for the caller").isTrue();

            Thread other = Thread.ofVirtual().start(() -> {
                try {
                    journal.append(record("from another thread"), null);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            other.join();
            journal.append(record("and again"), null);
        }
        assertThat(reopen()).containsExactly("while interrupted", "from another thread", "and again");
    }

    @Test
    void ownWritesCarryOnIntoTheNextSegment() throws Exception {
        List<String> expected = new ArrayList<>();
        String filler = "x".repeat(900);
        try (Journal journal = openAndStart()) {
            for (int i = 0; i < 200; i++) {
                journal.append(record(i + filler), null);
                expected.add(i + filler);
            }
        }
        assertThat(SegmentFiles.path(dir, 3)).as("200 KB in segments of 64 KB").exists();
        assertThat(reopen()).containsExactlyElementsOf(expected);
    }
}
