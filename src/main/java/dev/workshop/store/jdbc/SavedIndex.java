package dev.workshop.store.jdbc;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.journal.JournalPosition;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The store's part of what the journal saves beside its segments (at a clean close, and at each checkpoint):
 * where conversations' events are, so that the next open knows where each history is without reading the
 * records. A part holds the positions at or after a journal position: all of them from the start at a clean
 * close or a chain's first checkpoint, those since the checkpoint before at later ones.
 *
 * <p>Format of a part: a version; the conversations it names for the first time in its chain (team and id,
 * length-prefixed UTF-8), numbered on from those of the parts before; then, for each conversation with new
 * positions (or a gap), its number, whether it has a gap, the seq of its first event in the part and the
 * positions as longs. Naming each conversation once per chain keeps the open after a crash from decoding a
 * thousand names again for every segment.
 */
final class SavedIndex {
    private static final int VERSION = 2;
    private static final long FROM_THE_START = JournalPosition.START.pack();

    /** The numbers given to conversations in the current chain of parts; one writer's, on one thread. */
    private final Map<ConversationKey, Integer> numbers = new HashMap<>();

    /**
     * The positions at or after {@code from}; a conversation with a gap is listed even without any. A part
     * from the start begins a new chain; any other follows the one saved before it.
     */
    byte[] save(Map<ConversationKey, EventPositions> positions, JournalPosition from) {
        long packedFrom = from.pack();
        if (packedFrom <= FROM_THE_START) {
            numbers.clear();
        }
        List<ConversationKey> named = new ArrayList<>();
        Map<Integer, EventPositions.Since> entries = new HashMap<>();
        positions.forEach((key, known) -> {
            EventPositions.Since since = known.since(packedFrom);
            if (since.starts().length > 0 || since.incomplete()) {
                Integer number = numbers.get(key);
                if (number == null) {
                    number = numbers.size();
                    numbers.put(key, number);
                    named.add(key);
                }
                entries.put(number, since);
            }
        });
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(1024);
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeInt(VERSION);
            out.writeInt(named.size());
            for (ConversationKey key : named) {
                writeText(out, key.tenant().value());
                writeText(out, key.conversation().value());
            }
            out.writeInt(entries.size());
            for (Map.Entry<Integer, EventPositions.Since> entry : entries.entrySet()) {
                EventPositions.Since since = entry.getValue();
                out.writeInt(entry.getKey());
                out.writeBoolean(since.incomplete());
                out.writeLong(since.firstSeq());
                out.writeInt(since.starts().length);
                for (long start : since.starts()) {
                    out.writeLong(start);
                }
            }
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The whole index, as one part: what a clean close saves. */
    static byte[] saveWhole(Map<ConversationKey, EventPositions> positions) {
        return new SavedIndex().save(positions, JournalPosition.START);
    }

    /**
     * Fills {@code positions} (empty: this is how an open starts) from a chain of saved parts, in the order
     * they were saved. Read twice: first to count each conversation's positions, then to copy them into one
     * array of the right size each; growing the arrays part by part cost the open after a crash more than
     * reading the parts (a thousand conversations over a dozen parts).
     *
     * @return false (leaving {@code positions} empty) if a part cannot be read: the journal is then scanned
     */
    static boolean load(List<byte[]> parts, Map<ConversationKey, EventPositions> positions) {
        try {
            List<ConversationKey> named = new ArrayList<>();
            int[] counts = new int[16];
            for (byte[] part : parts) {
                ByteBuffer in = ByteBuffer.wrap(part);
                if (in.getInt() != VERSION) {
                    return false;
                }
                int newlyNamed = in.getInt();
                for (int i = 0; i < newlyNamed; i++) {
                    named.add(new ConversationKey(new TenantId(readText(in)), new ConversationId(readText(in))));
                }
                if (counts.length < named.size()) {
                    counts = Arrays.copyOf(counts, Math.max(named.size(), counts.length * 2));
                }
                int entries = in.getInt();
                for (int i = 0; i < entries; i++) {
                    int number = in.getInt();
                    in.position(in.position() + 1 + Long.BYTES);
                    int count = in.getInt();
                    counts[Objects.checkIndex(number, named.size())] += count;
                    in.position(in.position() + count * Long.BYTES);
                }
                if (in.hasRemaining()) {
                    return false;
                }
            }
            Filling filling = new Filling(counts, named.size());
            for (byte[] part : parts) {
                filling.read(ByteBuffer.wrap(part));
            }
            for (int number = 0; number < named.size(); number++) {
                positions.put(named.get(number), filling.positions(number));
            }
            return true;
        } catch (RuntimeException unreadable) {
            // Nothing was put in yet: the positions go in only once every part has been read.
            return false;
        }
    }

    /** The second reading of a chain: each conversation's positions copied into its one array. */
    private static final class Filling {
        private final long[][] starts;
        private final int[] filled;
        private final boolean[] incomplete;

        Filling(int[] counts, int conversations) {
            starts = new long[conversations][];
            filled = new int[conversations];
            incomplete = new boolean[conversations];
            for (int number = 0; number < conversations; number++) {
                starts[number] = new long[counts[number]];
            }
        }

        void read(ByteBuffer in) {
            in.getInt();
            int newlyNamed = in.getInt();
            for (int i = 0; i < 2 * newlyNamed; i++) {
                in.position(in.position() + Integer.BYTES + in.getInt(in.position()));
            }
            int entries = in.getInt();
            for (int i = 0; i < entries; i++) {
                int number = in.getInt();
                incomplete[number] |= in.get() != 0;
                long firstSeq = in.getLong();
                int count = in.getInt();
                if (firstSeq == filled[number] + 1) {
                    in.asLongBuffer().get(starts[number], filled[number], count);
                    in.position(in.position() + count * Long.BYTES);
                    filled[number] += count;
                } else {
                    // Never in a chain the writer saved; read as the scan would have: a position already known
                    // is skipped, and one after a gap marks the list incomplete.
                    for (int j = 0; j < count; j++) {
                        long seq = firstSeq + j;
                        long start = in.getLong();
                        if (seq > filled[number]) {
                            incomplete[number] |= seq > filled[number] + 1;
                            starts[number][filled[number]++] = start;
                        }
                    }
                }
            }
        }

        EventPositions positions(int number) {
            long[] all = starts[number];
            return new EventPositions(filled[number] == all.length ? all : Arrays.copyOf(all, filled[number]),
                    incomplete[number]);
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
