package dev.workshop.store.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An append that finds the writer idle is written and synced by its own thread, and changes nothing else. */
class JournalOwnWriteTest {
    private static final long SEGMENT = 64 * 1024;
    @TempDir
    Path dir;

    private final List<String> durableOn = new CopyOnWriteArrayList<>();

    private Journal<String> openAndStart() throws IOException {
        Journal<String> journal = Journal.open(dir, SEGMENT, JournalPosition.START, entry -> { }, warning -> { });
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
        try (Journal<String> journal = openAndStart()) {
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
        try (Journal<String> journal = openAndStart()) {
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
        try (Journal<String> journal = openAndStart()) {
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
        try (Journal<String> journal = openAndStart()) {
            for (int i = 0; i < 200; i++) {
                journal.append(record(i + filler), null);
                expected.add(i + filler);
            }
        }
        assertThat(SegmentFiles.path(dir, 3)).as("200 KB in segments of 64 KB").exists();
        assertThat(reopen()).containsExactlyElementsOf(expected);
    }

    /**
     * Appends that queue while another thread writes its own record are written together once it is done: in
     * one batch and one sync, not the first of them alone and the rest after another sync.
     */
    @Test
    void appendsQueuedBehindAnOwnWriteAreWrittenAsOneBatch() throws Exception {
        CountDownLatch ownWriteHolds = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<Integer> batchSizes = new CopyOnWriteArrayList<>();
        try (Journal<String> journal = Journal.open(dir, SEGMENT, JournalPosition.START, entry -> { }, warning -> { })) {
            journal.start((appended, end) -> {
                batchSizes.add(appended.size());
                if ("own".equals(appended.getFirst().attachment())) {
                    // Told while the own write still holds the journal: it keeps holding it until released.
                    ownWriteHolds.countDown();
                    awaitQuietly(release);
                }
            });
            Thread own = Thread.ofPlatform().start(() -> append(journal, "own"));
            ownWriteHolds.await();
            List<Thread> queued = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                queued.add(Thread.ofPlatform().start(() -> append(journal, "queued")));
                int queuedSoFar = i + 1;
                // It finds the journal held by the own write, so it queues its record and waits for the writer.
                org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(10))
                        .until(() -> journal.queuedAppends() == queuedSoFar);
            }
            release.countDown();
            own.join();
            for (Thread appender : queued) {
                appender.join();
            }
        }
        assertThat(batchSizes).containsExactly(1, 4);
        assertThat(reopen()).containsExactly("own", "queued", "queued", "queued", "queued");
    }

    private static void append(Journal<String> journal, String text) {
        try {
            journal.append(record(text), text);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
