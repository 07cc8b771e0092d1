package dev.workshop.store.jdbc;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** Reads what {@link RecordWriter} wrote; running past the end is a damaged record, reported as such. */
final class RecordReader {
    byte[] bytes;
    private int end;
    int at;

    RecordReader(byte[] bytes, int from, int end) {
        over(bytes, from, end);
    }

    /** This reader, moved to {@code bytes[from..end)}. */
    RecordReader over(byte[] bytes, int from, int end) {
        this.bytes = bytes;
        this.at = from;
        this.end = end;
        return this;
    }

    int int8() {
        need(1);
        return bytes[at++] & 0xff;
    }

    int int32() {
        need(4);
        int value = 0;
        for (int i = 0; i < 4; i++) {
            value = (value << 8) | (bytes[at++] & 0xff);
        }
        return value;
    }

    long int64() {
        need(8);
        long value = 0;
        for (int i = 0; i < 8; i++) {
            value = (value << 8) | (bytes[at++] & 0xff);
        }
        return value;
    }

    String text() {
        int header = int32();
        if (header == -1) {
            return null;
        }
        if (header < 0) {
            throw new IllegalArgumentException("a text length of " + header + " at byte " + (at - 4));
        }
        int length = header >>> 1;
        need(length);
        String value = new String(bytes, at, length,
                (header & 1) == 1 ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
        at += length;
        return value;
    }

    /**
     * If the next text is exactly {@code encoded} (its header and bytes as {@link RecordWriter#text} wrote them),
     * moves past it and returns true; otherwise stays put.
     */
    boolean skipEncoded(byte[] encoded) {
        if (encoded.length > end - at) {
            return false;
        }
        for (int i = 0; i < encoded.length; i++) {
            if (bytes[at + i] != encoded[i]) {
                return false;
            }
        }
        at += encoded.length;
        return true;
    }

    /** The number of events of a format 3 record. */
    int count() {
        int count = int32();
        if (count < 1) {
            throw new IllegalArgumentException("a record of " + count + " events");
        }
        return count;
    }

    /** An id of the envelope: format 1 wrote it with {@code DataOutput.writeUTF}. */
    String id(int format) {
        return format == JournalRecords.JSON_BODY ? modifiedUtf8() : text();
    }

    /** A string as {@code DataOutput.writeUTF} wrote it (format 1's ids and event type). */
    String modifiedUtf8() {
        need(2);
        int length = ((bytes[at] & 0xff) << 8) | (bytes[at + 1] & 0xff);
        need(2 + length);
        try {
            String value = DataInputStream.readUTF(new DataInputStream(new ByteArrayInputStream(bytes, at,
                    2 + length)));
            at += 2 + length;
            return value;
        } catch (IOException e) {
            throw new IllegalArgumentException("damaged text at byte " + at + ": " + e.getMessage(), e);
        }
    }

    /** The rest of the record as UTF-8 text (format 1's JSON body). */
    String rest() {
        String value = new String(bytes, at, end - at, StandardCharsets.UTF_8);
        at = end;
        return value;
    }

    private void need(int count) {
        if (count > end - at) {
            throw new IllegalArgumentException("the record ends in the middle of a field, at byte " + at);
        }
    }
}
