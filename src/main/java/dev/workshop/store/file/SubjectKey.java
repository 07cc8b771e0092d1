package dev.workshop.store.file;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The data directory's key ({@code audit.key}, readable by its owner only) for the keyed hashes that stand for
 * conversations' ids in the audit trail and the tombstones: the same id gives the same subject in both, and a list
 * of ids cannot be matched against them without the key.
 */
final class SubjectKey {
    static final String FILE = "audit.key";

    private final byte[] key;

    private SubjectKey(byte[] key) {
        this.key = key;
    }

    /** The directory's key, made (with owner-only permissions before a byte of it is written) when there is none. */
    static SubjectKey of(Path dataDirectory) throws IOException {
        Path keyFile = dataDirectory.resolve(FILE);
        if (Files.exists(keyFile)) {
            return new SubjectKey(HexFormat.of().parseHex(Files.readString(keyFile, StandardCharsets.US_ASCII).strip()));
        }
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        Path written;
        try {
            written = Files.createTempFile(dataDirectory, FILE, ".new",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException notPosix) {
            written = Files.createTempFile(dataDirectory, FILE, ".new");
        }
        try (FileChannel channel = FileChannel.open(written, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.wrap(HexFormat.of().formatHex(key).getBytes(StandardCharsets.US_ASCII)));
            channel.force(true);
        }
        Files.move(written, keyFile, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        return new SubjectKey(key);
    }

    /** The subject of a conversation's id: HMAC-SHA256 under the key, in hex. */
    String subjectOf(String conversationId) {
        return dev.workshop.store.SubjectHash.of(key, conversationId);
    }
}
