package dev.workshop.orchestration;

import dev.workshop.domain.audit.AuditEntry;
import dev.workshop.domain.conversation.AuditFacts;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.store.AuditTrail;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Keeps the audit trail from what this instance records (docs/decisions/0030): each status change, rename, deletion
 * and its undo, hold, re-inflation and the user's word on a tool call becomes an entry, with the device and the
 * member, the turns the conversation had, and nothing it said. Written in order on one thread of its own, so that a
 * loop never waits for the trail's disk; closing waits for what is queued.
 */
public final class AuditRecorder implements Consumer<LoopEvent>, AutoCloseable {
    private final AuditTrail trail;
    private final String device;
    private final String member;
    private final Consumer<String> failures;
    private final ExecutorService writer = Executors.newSingleThreadExecutor(
            Thread.ofVirtual().name("audit-trail").factory());

    /** @param failures told, once a failure, when an entry cannot be written (a full disk) */
    public AuditRecorder(AuditTrail trail, String device, String member, Consumer<String> failures) {
        this.trail = trail;
        this.device = device;
        this.member = member;
        this.failures = failures;
    }

    @Override
    public void accept(LoopEvent event) {
        if (!(event instanceof LoopEvent.Recorded recorded) || recorded.elsewhere()) {
            // What another instance recorded is in its own trail.
            return;
        }
        long turns = recorded.after() == null ? 0 : recorded.after().turnCount();
        for (RecordedEvent each : recorded.events()) {
            AuditFacts.of(each.event()).ifPresent(fact -> {
                AuditEntry draft = AuditEntry.draft(each.recordedAt(), device, fact.by().orElse(member), fact.action(),
                        Optional.of(recorded.conversationId().value()), fact.detail(), Map.of("turns", turns));
                writer.execute(() -> {
                    try {
                        trail.record(draft);
                    } catch (RuntimeException failed) {
                        failures.accept("An audit entry could not be written: " + failed.getMessage());
                    }
                });
            });
        }
    }

    /** Waits until every entry handed over so far is written. */
    public void flush() {
        try {
            writer.submit(() -> { }).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            failures.accept("The audit trail did not catch up: " + e.getMessage());
        }
    }

    @Override
    public void close() {
        writer.shutdown();
        try {
            if (!writer.awaitTermination(30, TimeUnit.SECONDS)) {
                failures.accept("The audit trail did not catch up before closing");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        trail.close();
    }
}
