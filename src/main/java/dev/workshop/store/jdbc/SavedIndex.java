package dev.workshop.store.jdbc;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The store's part of what the journal saves at a clean close: every conversation's event positions, so that
 * the next open knows where each history is without reading the records. Format: a version, the number of
 * conversations, then for each its team and id (length-prefixed UTF-8), whether it has a gap, and its
 * positions as longs.
 */
final class SavedIndex {
    private static final int VERSION = 1;

    private SavedIndex() {
    }

    static byte[] save(Map<ConversationKey, EventPositions> positions) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(1024);
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeInt(VERSION);
            Map<ConversationKey, EventPositions> copy = new HashMap<>(positions);
            out.writeInt(copy.size());
            for (Map.Entry<ConversationKey, EventPositions> entry : copy.entrySet()) {
                writeText(out, entry.getKey().tenant().value());
                writeText(out, entry.getKey().conversation().value());
                out.writeBoolean(entry.getValue().incomplete());
                long[] starts = entry.getValue().snapshot();
                out.writeInt(starts.length);
                for (long start : starts) {
                    out.writeLong(start);
                }
            }
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Fills {@code positions} from saved bytes.
     *
     * @return false (leaving {@code positions} empty) if the bytes cannot be read: the journal is then scanned
     */
    static boolean load(byte[] saved, Map<ConversationKey, EventPositions> positions) {
        try {
            ByteBuffer in = ByteBuffer.wrap(saved);
            if (in.getInt() != VERSION) {
                return false;
            }
            int conversations = in.getInt();
            for (int i = 0; i < conversations; i++) {
                TenantId tenant = new TenantId(readText(in));
                ConversationId conversation = new ConversationId(readText(in));
                boolean incomplete = in.get() != 0;
                long[] starts = new long[in.getInt()];
                in.asLongBuffer().get(starts);
                in.position(in.position() + starts.length * Long.BYTES);
                positions.put(new ConversationKey(tenant, conversation), new EventPositions(starts, incomplete));
            }
            if (in.hasRemaining()) {
                positions.clear();
                return false;
            }
            return true;
        } catch (RuntimeException unreadable) {
            positions.clear();
            return false;
        }
    }

    private static void writeText(DataOutputStream out, String text) throws IOException {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        out.writeInt(utf8.length);
        out.write(utf8);
    }

    private static String readText(ByteBuffer in) {
        byte[] utf8 = new byte[in.getInt()];
        in.get(utf8);
        return new String(utf8, StandardCharsets.UTF_8);
    }
}
