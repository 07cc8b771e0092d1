package dev.workshop.ui.sidebar;

import dev.workshop.domain.audit.AuditEntry;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** A conversation's Activity as the window shows it: one line an entry, when, where, who, what. */
final class ActivityText {
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneId.systemDefault());

    private ActivityText() {
    }

    /** Every entry of the trail (the team's, on a team server), each with the conversation it is about. */
    static String ofAll(List<AuditEntry> entries) {
        if (entries.isEmpty()) {
            return "Nothing recorded yet: what is done to conversations (status changes, renames, deletions,"
                    + " approvals, erasures) is listed here.";
        }
        StringBuilder text = new StringBuilder();
        for (AuditEntry entry : entries) {
            line(text, entry);
            text.setLength(text.length() - 1);
            text.append("  ").append(entry.conversation().orElse(entry.subject().isEmpty() ? "" : "(erased)"))
                    .append('\n');
        }
        return text.toString();
    }

    static String of(List<AuditEntry> entries) {
        if (entries.isEmpty()) {
            return "Nothing recorded yet: what is done to this conversation (status changes, renames, deletions,"
                    + " approvals) is listed here.";
        }
        StringBuilder text = new StringBuilder();
        for (AuditEntry entry : entries) {
            line(text, entry);
        }
        return text.toString();
    }

    private static void line(StringBuilder text, AuditEntry entry) {
        text.append(WHEN.format(entry.at())).append("  ").append(entry.member()).append(" on ")
                .append(entry.device()).append("  ").append(entry.action().wireName().replace('_', ' '));
        if (!entry.detail().isEmpty()) {
            text.append("  (").append(entry.detail()).append(')');
        }
        text.append('\n');
    }
}
