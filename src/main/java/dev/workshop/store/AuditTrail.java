package dev.workshop.store;

import dev.workshop.domain.audit.AuditEntry;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The audit trail: who did what, when, on which device, to which conversation — ids and counts, never text —
 * hash-chained, so that an edited or missing entry is found ({@link #verify}). Per data directory on the desktop.
 */
public interface AuditTrail extends AutoCloseable {
    /** Records {@code draft} after every entry recorded so far: numbered, its subject keyed, chained. */
    void record(AuditEntry draft);

    /** The entries, oldest first: of one conversation when {@code conversation} is given, from {@code since} on. */
    List<AuditEntry> read(Optional<String> conversation, Optional<Instant> since);

    /** Whether the chain holds: every entry's hash, every link, every subject; or where and how it breaks. */
    Verification verify();

    /** Takes the ids of these subjects' conversations out of their entries (an erase); how many entries it changed. */
    int forget(java.util.Collection<String> subjects);

    /** A keyed hash of a conversation's id: what an entry (and an erase's receipt) holds instead of the id. */
    String keyedHash(String conversationId);

    @Override
    void close();

    /** The outcome of a verification: how many entries it checked, and the first break with why. */
    record Verification(long entries, Optional<String> broken) {
        public boolean holds() {
            return broken.isEmpty();
        }
    }

    /** No trail (a read-only workspace, tests of other things). */
    AuditTrail NONE = new AuditTrail() {
        @Override
        public void record(AuditEntry draft) {
        }

        @Override
        public List<AuditEntry> read(Optional<String> conversation, Optional<Instant> since) {
            return List.of();
        }

        @Override
        public Verification verify() {
            return new Verification(0, Optional.empty());
        }

        @Override
        public int forget(java.util.Collection<String> subjects) {
            return 0;
        }

        @Override
        public String keyedHash(String conversationId) {
            return "";
        }

        @Override
        public void close() {
        }
    };
}
