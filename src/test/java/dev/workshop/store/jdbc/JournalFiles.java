package dev.workshop.store.jdbc;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A journal's files as a damage test reaches into them: its segments, and where each intact record lies. */
final class JournalFiles {
    static final int RECORD_MAGIC = 0x5752_4543; // "WREC"
    static final int RECORD_HEADER_BYTES = 20;

    /** Where a record is, and which events it holds. */
    record Located(Path file, long offset, int length, String conversation, long seq, int count) {
        long payloadEnd() {
            return offset + RECORD_HEADER_BYTES + length;
        }
    }

    private JournalFiles() {
    }

    /** The bytes a record of {@code length} payload bytes takes, padding included. */
    static int alignedSize(int length) {
        return (RECORD_HEADER_BYTES + length + 7) & -8;
    }

    static List<Path> segments(Path dataDirectory) throws IOException {
        try (var files = Files.list(dataDirectory.resolve("journal"))) {
            return files.filter(file -> file.getFileName().toString().endsWith(".wal")).sorted().toList();
        }
    }

    /** Every intact record of every segment, found by its magic at 8-byte steps and read by its envelope. */
    static List<Located> records(Path dataDirectory) throws IOException {
        List<Located> found = new ArrayList<>();
        for (Path segment : segments(dataDirectory)) {
            ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(segment));
            for (int at = 16; at + RECORD_HEADER_BYTES <= bytes.limit(); at += 8) {
                if (bytes.getInt(at) != RECORD_MAGIC) {
                    continue;
                }
                int length = bytes.getInt(at + 4);
                byte[] payload = Arrays.copyOfRange(bytes.array(), at + RECORD_HEADER_BYTES, at + RECORD_HEADER_BYTES + length);
                JournalRecords.Envelope envelope = JournalRecords.envelope(payload);
                found.add(new Located(segment, at, length, envelope.conversation(), envelope.seq(), envelope.count()));
                at += ((RECORD_HEADER_BYTES + length + 7) & -8) - 8;
            }
        }
        return found;
    }

    /** Flips one bit of a record's payload, as a disk's rot would: its checksum no longer matches. */
    static void flipPayloadBit(Located record, int intoPayload) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(record.file().toFile(), "rw")) {
            long at = record.offset() + RECORD_HEADER_BYTES + intoPayload;
            file.seek(at);
            int old = file.read();
            file.seek(at);
            file.write(old ^ 0x10);
        }
    }
}
