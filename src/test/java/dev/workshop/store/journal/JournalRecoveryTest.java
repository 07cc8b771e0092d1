package dev.workshop.store.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournalRecoveryTest {
    private static final long SEGMENT = 64 * 1024;
    @TempDir
    Path dir;

    private final List<String> warnings = new ArrayList<>();

    private List<String> reopen() throws IOException {
        List<String> records = new ArrayList<>();
        Journal<String> journal = Journal.open(dir, SEGMENT, JournalPosition.START,
                entry -> records.add(new String(entry.payload(), StandardCharsets.UTF_8)), warnings::add);
        journal.close();
        return records;
    }

    private List<JournalPosition> write(String... records) throws IOException {
        List<JournalPosition> ends = new ArrayList<>();
        try (Journal<String> journal = Journal.open(dir, SEGMENT, JournalPosition.START, entry -> { }, warnings::add)) {
            journal.start((attachments, end) -> { });
            for (String record : records) {
                ends.add(journal.append(List.of(record.getBytes(StandardCharsets.UTF_8)), null));
            }
        }
        return ends;
    }

    private Path segment() {
        return SegmentFiles.path(dir, 1);
    }

    @Test
    void replaysEveryRecordInOrderAndContinuesAfterThem() throws IOException {
        write("one", "two");
        write("three");
        assertThat(reopen()).containsExactly("one", "two", "three");
        assertThat(warnings).isEmpty();
    }

    @Test
    void dropsATornLastWriteSilentlyAndWritesOnAfterIt() throws IOException {
        List<JournalPosition> ends = write("one", "two", "three");
        // Cut the last record in half, as a crash in the middle of a write would.
        corrupt(ends.get(1).offset() + 22, "garbage!");

        assertThat(reopen()).containsExactly("one", "two");
        assertThat(warnings).isEmpty();
        write("four");
        assertThat(reopen()).containsExactly("one", "two", "four");
    }

    @Test
    void skipsDamageInTheMiddleReportsItAndKeepsARecordCopy() throws IOException {
        String[] records = new String[12];
        for (int i = 0; i < records.length; i++) {
            records[i] = "record-" + i;
        }
        List<JournalPosition> ends = write(records);
        corrupt(ends.get(3).offset() + 24, "XXXX");

        List<String> recovered = reopen();

        assertThat(recovered).hasSize(11).doesNotContain("record-4").contains("record-3", "record-5", "record-11");
        assertThat(warnings).singleElement().asString()
                .contains("00000000000000000001.wal are damaged and were skipped")
                .contains("A copy of the file as found was kept as");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).anyMatch(name -> name.contains(".damaged-"));
        }
    }

    @Test
    void readsASegmentCutShortUpToTheCutSaysSoAndNeverWritesIntoItAgain() throws IOException {
        List<JournalPosition> ends = write("one", "two", "three");
        try (RandomAccessFile file = new RandomAccessFile(segment().toFile(), "rw")) {
            file.setLength(ends.get(1).offset() + 10);
        }
        long cut = Files.size(segment());
        assertThat(reopen()).containsExactly("one", "two");
        assertThat(warnings).anySatisfy(warning -> assertThat(warning).contains("00000000000000000001.wal is "
                + cut + " bytes long, cut short of the " + SEGMENT));
        write("four");
        assertThat(reopen()).containsExactly("one", "two", "four");
        // Never written into again: what follows goes to a new segment.
        assertThat(Files.size(segment())).isEqualTo(cut);
        assertThat(SegmentFiles.path(dir, 2)).exists();
    }

    @Test
    void keepsTheRecordsOfASegmentWhoseHeaderIsDamagedAndNeverWritesIntoIt() throws IOException {
        write("one", "two");
        corrupt(0, "NOTAJOURNAL");
        byte[] damaged = Files.readAllBytes(segment());

        assertThat(reopen()).as("each record proves itself").containsExactly("one", "two");
        assertThat(warnings).singleElement().asString().contains("is not a Workshop journal segment 1");
        write("three");

        assertThat(reopen()).containsExactly("one", "two", "three");
        assertThat(Files.readAllBytes(segment())).as("never written into").isEqualTo(damaged);
    }

    @Test
    void sharesOneSyncAmongConcurrentAppends() throws Exception {
        List<Integer> batchSizes = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (Journal<Integer> journal = Journal.open(dir, 4 * 1024 * 1024, JournalPosition.START, e -> { }, warnings::add)) {
            journal.start((attachments, end) -> batchSizes.add(attachments.size()));
            try (var threads = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < 2000; i++) {
                    int n = i;
                    threads.submit(() -> journal.append(List.of(("r" + n).getBytes(StandardCharsets.UTF_8)), n));
                }
            }
        }
        assertThat(batchSizes.stream().mapToInt(Integer::intValue).sum()).isEqualTo(2000);
        assertThat(batchSizes).as("some syncs covered several appends").anyMatch(size -> size > 1);
        assertThat(reopen()).hasSize(2000);
    }

    @Test
    void aSegmentThatCannotBeMadeStopsTheWritesTellsOnceAndTheNextOpenGoesOnAfterTheLastAcknowledged()
            throws IOException {
        // The next segment cannot be written: a folder (kept, as it is not empty) holds its temporary name.
        Path blocker = Files.createDirectories(dir.resolve(SegmentFiles.path(dir, 2).getFileName() + ".ready.new")
                .resolve("keep"));
        List<String> told = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<String> acknowledged = new ArrayList<>();
        IOException refused = null;
        try (Journal<String> journal = Journal.open(dir, SEGMENT, JournalPosition.START, entry -> { }, warnings::add)) {
            journal.start((attachments, end) -> { });
            journal.onFailure(failure -> told.add("early: " + failure.getMessage()));
            byte[] record = new byte[1000];
            for (int i = 0; refused == null && i < 200; i++) {
                java.util.Arrays.fill(record, (byte) ('a' + i % 26));
                try {
                    journal.append(List.of(record.clone()), null);
                    acknowledged.add(new String(record, StandardCharsets.UTF_8));
                } catch (IOException e) {
                    refused = e;
                }
            }
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> journal.append(List.of(new byte[8]), null))
                    .hasMessageStartingWith("The journal stopped accepting writes after an earlier failure");
            journal.onFailure(failure -> told.add("late: " + failure.getMessage()));
        }
        assertThat(refused).as("an append past the first segment").isNotNull();
        assertThat(told).containsExactly("early: " + refused.getMessage(), "late: " + refused.getMessage());

        Files.delete(blocker);
        Files.delete(blocker.getParent());
        List<String> records = new ArrayList<>();
        try (Journal<String> journal = Journal.open(dir, SEGMENT, JournalPosition.START,
                entry -> records.add(new String(entry.payload(), StandardCharsets.UTF_8)), warnings::add)) {
            journal.start((attachments, end) -> { });
            journal.append(List.of(new byte[1000]), null);
        }
        assertThat(records).isEqualTo(acknowledged);
        assertThat(Files.exists(SegmentFiles.path(dir, 2))).isTrue();
        assertThat(reopen()).hasSize(acknowledged.size() + 1);
        assertThat(warnings).isEmpty();
    }

    private void corrupt(long offset, String bytes) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(segment().toFile(), "rw")) {
            file.seek(offset);
            file.write(bytes.getBytes(StandardCharsets.US_ASCII));
        }
    }
}
