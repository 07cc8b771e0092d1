package dev.workshop.domain.audit;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The audit trail's hash chain (docs/decisions/0030), wherever the trail is kept (a file on a desktop, a table on a
 * team server): each entry's hash is SHA-256 over its {@link AuditEntry#chained()} text, which names the hash before.
 */
public final class AuditChain {
    private AuditChain() {
    }

    /** SHA-256 of {@code text}, in hex: how an entry's hash is made. */
    public static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /**
     * The first break of the chain among {@code entries} (in order), in words, or empty when it holds: a number
     * missing or twice, a link that does not follow, an entry changed after it was recorded, or an id that is not the
     * one its subject was made from ({@code keyedHash} makes subjects).
     */
    public static Optional<String> firstBreak(List<AuditEntry> entries, UnaryOperator<String> keyedHash) {
        String previous = "";
        long expected = 1;
        for (AuditEntry entry : entries) {
            Optional<String> why = entry.number() != expected ? Optional.of("entry " + expected + (entry.number()
                    > expected ? " is missing" : " comes twice")) : !entry.previous().equals(previous)
                    ? Optional.of("entry " + entry.number() + " does not follow the one before it")
                    : !sha256(entry.chained()).equals(entry.hash()) ? Optional.of("entry " + entry.number()
                    + " was changed after it was recorded") : entry.conversation()
                    .filter(id -> !keyedHash.apply(id).equals(entry.subject())).map(id -> "entry " + entry.number()
                    + " names another conversation than it was recorded for");
            if (why.isPresent()) {
                return why;
            }
            previous = entry.hash();
            expected++;
        }
        return Optional.empty();
    }
}
