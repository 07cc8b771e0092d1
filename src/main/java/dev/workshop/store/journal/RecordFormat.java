package dev.workshop.store.journal;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

/**
 * The bytes of the journal. A segment starts with a 16-byte header (magic, segment number); then records,
 * each 8-byte aligned: magic, payload length, batch number, CRC32C of length + batch + payload, payload,
 * zero padding. A zero magic marks the end of the data (segments are preallocated with zeros).
 * The batch number lets recovery tell a torn last write (never acknowledged) from damage in the middle.
 */
final class RecordFormat {
    static final long SEGMENT_MAGIC = 0x574B_5348_4A52_4E31L; // "WKSHJRN1"
    static final int SEGMENT_HEADER_BYTES = 16;
    static final int RECORD_MAGIC = 0x5752_4543; // "WREC"
    static final int RECORD_HEADER_BYTES = 20;
    static final int ALIGNMENT = 8;

    private RecordFormat() {
    }

    static int alignedSize(int payloadLength) {
        int raw = RECORD_HEADER_BYTES + payloadLength;
        return (raw + ALIGNMENT - 1) & -ALIGNMENT;
    }

    static void writeSegmentHeader(ByteBuffer buffer, long segment) {
        buffer.putLong(SEGMENT_MAGIC).putLong(segment);
    }

    /** Appends one record, padding included, at the buffer's position. */
    static void writeRecord(ByteBuffer buffer, long batch, byte[] payload) {
        int start = buffer.position();
        buffer.putInt(RECORD_MAGIC).putInt(payload.length).putLong(batch).putInt(crc(payload.length, batch, payload))
                .put(payload);
        int padding = alignedSize(payload.length) - (buffer.position() - start);
        for (int i = 0; i < padding; i++) {
            buffer.put((byte) 0);
        }
    }

    /** An intact record read back: its batch, its payload and the offset just after it (padding included). */
    record Intact(long batch, byte[] payload, long end) {
    }

    /**
     * The record that starts at {@code offset} of a segment's bytes (absolute reads: the buffer may be shared),
     * or null when none does: wrong magic, a length past the end, or a checksum that does not match.
     */
    static Intact recordAt(ByteBuffer bytes, long offset, long size) {
        if (offset < SEGMENT_HEADER_BYTES || offset + RECORD_HEADER_BYTES > size) {
            return null;
        }
        int position = (int) offset;
        if (bytes.getInt(position) != RECORD_MAGIC) {
            return null;
        }
        int length = bytes.getInt(position + 4);
        long batch = bytes.getLong(position + 8);
        int crc = bytes.getInt(position + 16);
        if (length < 0 || offset + alignedSize(length) > size) {
            return null;
        }
        byte[] payload = new byte[length];
        bytes.get(position + RECORD_HEADER_BYTES, payload);
        if (crc(length, batch, payload) != crc) {
            return null;
        }
        return new Intact(batch, payload, offset + alignedSize(length));
    }

    static int crc(int length, long batch, byte[] payload) {
        CRC32C crc = new CRC32C();
        ByteBuffer header = ByteBuffer.allocate(12).putInt(length).putLong(batch).flip();
        crc.update(header);
        crc.update(payload);
        return (int) crc.getValue();
    }

    static String describeSegmentMagic(long magic) {
        byte[] bytes = ByteBuffer.allocate(8).putLong(magic).array();
        return new String(bytes, StandardCharsets.ISO_8859_1).replaceAll("[^\\x20-\\x7e]", "?");
    }
}
