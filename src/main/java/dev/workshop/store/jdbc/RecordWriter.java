package dev.workshop.store.jdbc;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Big-endian numbers, and text as UTF-8 after an int that holds its length shifted left by one, with the
 * low bit set when every character is ASCII (-1 for null). ASCII text is read back as Latin-1, which is a
 * plain copy: a history is mostly such text, and a UTF-8 decoder is slow until the JIT has compiled it.
 */
final class RecordWriter {
    private byte[] bytes;
    private int size;

    RecordWriter(int capacity) {
        bytes = new byte[capacity];
    }

    void int8(int value) {
        room(1);
        bytes[size++] = (byte) value;
    }

    void int32(int value) {
        room(4);
        for (int shift = 24; shift >= 0; shift -= 8) {
            bytes[size++] = (byte) (value >>> shift);
        }
    }

    void int64(long value) {
        room(8);
        for (int shift = 56; shift >= 0; shift -= 8) {
            bytes[size++] = (byte) (value >>> shift);
        }
    }

    void text(String value) {
        if (value == null) {
            int32(-1);
            return;
        }
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        // Only ASCII characters take one UTF-8 byte each, so equal lengths mean all of them are ASCII.
        boolean ascii = utf8.length == value.length();
        int32(utf8.length << 1 | (ascii ? 1 : 0));
        room(utf8.length);
        System.arraycopy(utf8, 0, bytes, size, utf8.length);
        size += utf8.length;
    }

    private void room(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }

    byte[] bytes() {
        return Arrays.copyOf(bytes, size);
    }
}
