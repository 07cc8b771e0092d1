package dev.workshop.domain.audit;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One entry of the audit trail: its number, when, on which device by which member, what was done, to which
 * conversation, with a detail made of ids, names of statuses and counts — never a message's text.
 *
 * <p>{@code subject} is a keyed hash of the conversation's id: it is what the chain's hashes cover, so that erasing a
 * conversation can blank {@code conversation} (its id) and the chain still verifies. {@code previous} and {@code hash}
 * chain the entries: an edited or missing entry breaks it.
 */
public record AuditEntry(long number, Instant at, String device, String member, AuditAction action,
                         Optional<String> conversation, String subject, String detail, Map<String, Long> counts,
                         String previous, String hash) {
    public AuditEntry {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(action, "action");
        device = device == null ? "" : device;
        member = member == null ? "" : member;
        conversation = conversation == null ? Optional.empty() : conversation;
        subject = subject == null ? "" : subject;
        detail = detail == null ? "" : detail;
        counts = counts == null ? Map.of() : Map.copyOf(counts);
        previous = previous == null ? "" : previous;
        hash = hash == null ? "" : hash;
    }

    /** An entry to record: the trail gives it its number, subject and hashes. */
    public static AuditEntry draft(Instant at, String device, String member, AuditAction action,
                                   Optional<String> conversation, String detail, Map<String, Long> counts) {
        return new AuditEntry(0, at, device, member, action, conversation, "", detail, counts, "", "");
    }

    /** An entry about a conversation known only by its subject (an erase's receipt, made after the id is gone). */
    public static AuditEntry draftAbout(Instant at, String device, String member, AuditAction action, String subject,
                                        String detail, Map<String, Long> counts) {
        return new AuditEntry(0, at, device, member, action, Optional.empty(), subject, detail, counts, "", "");
    }

    /**
     * What the entry's hash covers, in one canonical text: every field but the conversation's id (its keyed hash,
     * {@code subject}, stands for it) and the hash itself.
     */
    public String chained() {
        StringBuilder text = new StringBuilder().append(number).append('\u001f').append(at).append('\u001f')
                .append(device).append('\u001f').append(member).append('\u001f').append(action.wireName())
                .append('\u001f').append(subject).append('\u001f').append(detail).append('\u001f');
        new TreeMap<>(counts).forEach((name, count) -> text.append(name).append('=').append(count).append(';'));
        return text.append('\u001f').append(previous).toString();
    }

    public AuditEntry sealed(long newNumber, String newSubject, String newPrevious,
                             java.util.function.UnaryOperator<String> hashing) {
        AuditEntry numbered = new AuditEntry(newNumber, at, device, member, action, conversation, newSubject, detail,
                counts, newPrevious, "");
        return new AuditEntry(newNumber, at, device, member, action, conversation, newSubject, detail, counts,
                newPrevious, hashing.apply(numbered.chained()));
    }

    /** The entry with its conversation's id taken out (after an erase): its hashes still hold. */
    public AuditEntry withoutConversation() {
        return new AuditEntry(number, at, device, member, action, Optional.empty(), subject, detail, counts, previous,
                hash);
    }
}
