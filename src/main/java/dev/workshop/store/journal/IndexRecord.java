package dev.workshop.store.journal;

import dev.workshop.store.journal.SegmentListing.Segment;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * An index saved beside the segments: the owner's index of the records in {@code [from, end)}, the last batch
 * written before {@code end}, and the segments it relies on, as they were. Its bytes end in a CRC32C of the
 * rest, so a torn or damaged one is recognised and passed over.
 */
record IndexRecord(long lastBatch, JournalPosition from, JournalPosition end, List<Segment> segments,
                   byte[] ownerIndex) {

    byte[] encode(long magic) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(ownerIndex.length + 64 + 24 * segments.size());
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeLong(magic);
            out.writeLong(lastBatch);
            out.writeLong(from.segment());
            out.writeLong(from.offset());
            out.writeLong(end.segment());
            out.writeLong(end.offset());
            out.writeInt(segments.size());
            for (Segment segment : segments) {
                out.writeLong(segment.number());
                out.writeLong(segment.size());
                out.writeLong(segment.modifiedNanos());
            }
            out.writeInt(ownerIndex.length);
            out.write(ownerIndex);
            CRC32C crc = new CRC32C();
            crc.update(bytes.toByteArray());
            out.writeInt((int) crc.getValue());
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The bytes of a saved index file; null if there is none or it cannot be read (the open then scans). */
    static byte[] readFile(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException absentOrUnreadable) {
            return null;
        }
    }

    /** The record in {@code bytes[offset, offset + length)}, or null if it is damaged or not of this kind. */
    static IndexRecord decode(byte[] bytes, int offset, int length, long magic) {
        if (length < 4 || offset + length > bytes.length) {
            return null;
        }
        CRC32C crc = new CRC32C();
        crc.update(bytes, offset, length - 4);
        ByteBuffer in = ByteBuffer.wrap(bytes, offset, length);
        if ((int) crc.getValue() != in.getInt(offset + length - 4)) {
            return null;
        }
        try {
            if (in.getLong() != magic) {
                return null;
            }
            long lastBatch = in.getLong();
            JournalPosition from = new JournalPosition(in.getLong(), in.getLong());
            JournalPosition end = new JournalPosition(in.getLong(), in.getLong());
            int count = in.getInt();
            List<Segment> segments = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                segments.add(new Segment(in.getLong(), in.getLong(), in.getLong()));
            }
            byte[] ownerIndex = new byte[in.getInt()];
            in.get(ownerIndex);
            return in.remaining() == 4 ? new IndexRecord(lastBatch, from, end, segments, ownerIndex) : null;
        } catch (BufferUnderflowException | IllegalArgumentException | NegativeArraySizeException e) {
            return null;
        }
    }
}
