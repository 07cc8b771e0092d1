package dev.workshop.store.jdbc;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.file.AtomicFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.zip.CRC32C;

/**
 * A second copy of how each conversation began — its first append up to its first message: the task,
 * participants, limits and title — written and synced beside the journal before the journal's own record. Damage
 * to that record can then never lose what the conversation is, nor end it: the catch-up takes the start from here
 * (docs/decisions/0024-a-second-copy-within-a-second.md). One small file a conversation under {@code starts/},
 * named by a digest of its team and id, holding the journal's encoding of those events under a checksum.
 */
final class StartCopies {
    static final String FOLDER = "starts";
    private static final long MAGIC = 0x574B_5348_5354_5254L; // "WKSHSTRT"
    private static final int HEADER_BYTES = Long.BYTES + Integer.BYTES + Integer.BYTES;
    private static final String SUFFIX = ".start";

    /** A copy that could be read: the conversation's first events, from seq 1 on without a gap. */
    record Copy(TenantId tenant, ConversationId conversation, List<RecordedEvent> events) {
    }

    private final Path folder;
    private final JournalRecords records;
    private volatile boolean folderMade;

    StartCopies(Path dataDirectory, JournalRecords records) {
        this.folder = dataDirectory.resolve(FOLDER);
        this.records = records;
    }

    /**
     * The events of a first append that its start copy keeps: up to its first message (a conversation imported
     * whole would otherwise be written twice), and at least the first event.
     */
    static List<RecordedEvent> startOf(List<RecordedEvent> firstAppend) {
        int end = 1;
        while (end < firstAppend.size()
                && !(firstAppend.get(end).event() instanceof ConversationEvent.MessageRecorded)) {
            end++;
        }
        return firstAppend.subList(0, end);
    }

    /** Writes and syncs the copy of a conversation's start, before its first append goes to the journal. */
    void save(List<RecordedEvent> firstAppend) throws IOException {
        List<RecordedEvent> start = startOf(firstAppend);
        RecordedEvent first = start.getFirst();
        if (!folderMade) {
            Files.createDirectories(folder);
            folderMade = true;
        }
        byte[] payload = records.encode(start);
        CRC32C crc = new CRC32C();
        crc.update(payload);
        byte[] framed = ByteBuffer.allocate(HEADER_BYTES + payload.length).putLong(MAGIC)
                .putInt((int) crc.getValue()).putInt(payload.length).put(payload).array();
        AtomicFile.write(fileOf(first.tenantId(), first.conversationId()), framed);
    }

    /** Removes a copy whose append never reached the journal: the conversation was never acknowledged. */
    void discard(TenantId tenant, ConversationId conversation) {
        try {
            Files.deleteIfExists(fileOf(tenant, conversation));
        } catch (IOException stays) {
            // Harmless: a copy without its journal record is only restored after damage, and then with a word.
        }
    }

    /** The copy of a conversation's start, when there is one that reads whole. */
    Optional<Copy> read(TenantId tenant, ConversationId conversation) {
        return readFile(fileOf(tenant, conversation))
                .filter(copy -> copy.tenant().equals(tenant) && copy.conversation().equals(conversation));
    }

    /** Every copy that reads whole; a damaged one is passed over (its journal record is the other copy). */
    List<Copy> all() throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        List<Copy> found = new ArrayList<>();
        try (var files = Files.list(folder)) {
            for (Path file : files.filter(file -> file.getFileName().toString().endsWith(SUFFIX)).sorted().toList()) {
                readFile(file).ifPresent(found::add);
            }
        }
        return found;
    }

    private Optional<Copy> readFile(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException noneOrUnreadable) {
            return Optional.empty();
        }
        ByteBuffer in = ByteBuffer.wrap(bytes);
        if (bytes.length < HEADER_BYTES || in.getLong(0) != MAGIC
                || in.getInt(Long.BYTES + Integer.BYTES) != bytes.length - HEADER_BYTES) {
            return Optional.empty();
        }
        CRC32C crc = new CRC32C();
        crc.update(bytes, HEADER_BYTES, bytes.length - HEADER_BYTES);
        if ((int) crc.getValue() != in.getInt(Long.BYTES)) {
            return Optional.empty();
        }
        try {
            List<RecordedEvent> events = records.decodeAll(java.util.Arrays.copyOfRange(bytes, HEADER_BYTES,
                    bytes.length));
            if (events.isEmpty() || events.getFirst().seq() != 1) {
                return Optional.empty();
            }
            RecordedEvent first = events.getFirst();
            return Optional.of(new Copy(first.tenantId(), first.conversationId(), events));
        } catch (RuntimeException damaged) {
            return Optional.empty();
        }
    }

    private Path fileOf(TenantId tenant, ConversationId conversation) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] hash = digest.digest((tenant.value() + '\u0000' + conversation.value())
                    .getBytes(StandardCharsets.UTF_8));
            return folder.resolve(HexFormat.of().formatHex(hash, 0, 16) + SUFFIX);
        } catch (NoSuchAlgorithmException everyJavaHasIt) {
            throw new IllegalStateException(everyJavaHasIt);
        }
    }
}
