package dev.workshop.domain.conversation;

import dev.workshop.domain.audit.AuditAction;
import dev.workshop.domain.tool.OutsideStep;
import java.util.Optional;

/**
 * What of a recorded event goes into the audit trail: the action and a detail made of ids, statuses and tool names —
 * never a message, a title or a reason in words. Events that are the conversation's content (messages, pieces of
 * replies, element changes) are not audited; who changed what is.
 */
public final class AuditFacts {
    private AuditFacts() {
    }

    /** The audit entry an event makes, without who and when; {@code by} is the member the event names, if any. */
    public record Fact(AuditAction action, String detail, Optional<String> by) {
    }

    public static Optional<Fact> of(ConversationEvent event) {
        return switch (event) {
            case ConversationEvent.StatusChanged status when status.cause() == StatusCause.IDLE ->
                    fact(AuditAction.RETENTION, "abandoned");
            case ConversationEvent.StatusChanged status when status.status() == ConversationStatus.HELD ->
                    fact(AuditAction.HELD, "");
            case ConversationEvent.StatusChanged status when status.cause() == StatusCause.REINFLATED ->
                    fact(AuditAction.REINFLATED, "");
            case ConversationEvent.StatusChanged status -> fact(AuditAction.STATUS_CHANGED, "status="
                    + status.status().wireName() + " cause=" + status.cause().wireName());
            case ConversationEvent.ResumeStarted resume when resume.cause() == ResumeCause.TAKEOVER ->
                    fact(AuditAction.TAKEN_OVER, "");
            case ConversationEvent.Renamed ignored -> fact(AuditAction.RENAMED, "");
            case ConversationEvent.Marked mark when mark.mark() == Mark.LEGAL_HOLD ->
                    fact(AuditAction.LEGAL_HOLD, mark.on() ? "on" : "released");
            case ConversationEvent.Deleted ignored -> fact(AuditAction.DELETED, "");
            case ConversationEvent.Undeleted ignored -> fact(AuditAction.UNDELETED, "");
            case ConversationEvent.OutsideCallStep call -> call(call);
            default -> Optional.empty();
        };
    }

    private static Optional<Fact> call(ConversationEvent.OutsideCallStep call) {
        String where = "turn=" + (call.turnIndex() + 1) + " call=" + (call.callIndex() + 1);
        return switch (call.step()) {
            case OutsideStep.Decided decided -> Optional.of(new Fact(decided.approved() ? AuditAction.CALL_APPROVED
                    : AuditAction.CALL_DENIED, where + (decided.diff().isEmpty() ? "" : " edited=yes"),
                    Optional.of(decided.by()).filter(by -> !by.isBlank())));
            case OutsideStep.Settled settled -> Optional.of(new Fact(AuditAction.CALL_SETTLED, where + " word="
                    + settled.settlement().wireName(), Optional.of(settled.by()).filter(by -> !by.isBlank())));
            default -> Optional.empty();
        };
    }

    private static Optional<Fact> fact(AuditAction action, String detail) {
        return Optional.of(new Fact(action, detail, Optional.empty()));
    }
}
