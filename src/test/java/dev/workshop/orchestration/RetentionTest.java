package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.retention.RetentionPlan;
import dev.workshop.domain.retention.RetentionPolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The retention policy against a real store, the clock given as the moment a run happens: idle conversations are
 * marked abandoned once however often it runs; ended ones come due for purging on the day after the policy's days.
 */
class RetentionTest {
    @TempDir
    Path dir;

    private EngineFixture engine;
    private Retention retention;
    private final List<ConversationId> purged = new java.util.ArrayList<>();

    @BeforeEach
    void open() {
        engine = new EngineFixture(dir).open();
        retention = new Retention(engine.engine(), purged::addAll);
    }

    @AfterEach
    void close() {
        engine.close();
    }

    private ConversationId completed() throws InterruptedException {
        List<AgentId> pair = engine.pair();
        ConversationId id = engine.engine().startConversation(pair, "Plan a picnic", OptionalInt.of(2));
        engine.engine().awaitAll();
        return id;
    }

    private ConversationId interrupted() throws InterruptedException {
        ConversationId id = completed();
        ConversationId stopped = ConversationId.random();
        engine.append(stopped, List.of(engine.history(id).getFirst(), new ConversationEvent.StatusChanged(
                ConversationStatus.INTERRUPTED, StatusCause.USER_ABORTED, "Aborted by the user")));
        return stopped;
    }

    @Test
    void anIdleConversationIsMarkedAbandonedOnceHoweverOftenTheRunComes() throws Exception {
        ConversationId idle = interrupted();
        Instant lastChange = engine.state(idle).updatedAt();

        List<RetentionPlan.Due> early = retention.run(RetentionPolicy.TEAM, lastChange.plus(Duration.ofDays(29)));
        List<RetentionPlan.Due> first = retention.run(RetentionPolicy.TEAM, lastChange.plus(Duration.ofDays(30)));
        List<RetentionPlan.Due> second = retention.run(RetentionPolicy.TEAM, lastChange.plus(Duration.ofDays(31)));

        assertThat(early).isEmpty();
        assertThat(first).extracting(RetentionPlan.Due::id).containsExactly(idle);
        assertThat(second).isEmpty();
        assertThat(engine.history(idle).stream().filter(event -> event instanceof ConversationEvent.StatusChanged
                changed && changed.cause() == StatusCause.IDLE)).hasSize(1);
        assertThat(engine.state(idle).status()).isEqualTo(ConversationStatus.ABANDONED);
    }

    @Test
    void anEndedConversationIsKeptOnItsNinetiethDayAndDueOnItsNinetyFirst() throws Exception {
        ConversationId ended = completed();
        Instant day0 = engine.state(ended).updatedAt();

        List<RetentionPlan.Due> day90 = retention.plan(RetentionPolicy.TEAM, day0.plus(Duration.ofDays(90))
                .minusMillis(1));
        List<RetentionPlan.Due> day91 = retention.plan(RetentionPolicy.TEAM, day0.plus(Duration.ofDays(90)));

        assertThat(day90).isEmpty();
        assertThat(day91).extracting(RetentionPlan.Due::id, RetentionPlan.Due::kind)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(ended, RetentionPlan.Kind.PURGE));
        assertThat(retention.plan(RetentionPolicy.DESKTOP, day0.plus(Duration.ofDays(3650))))
                .as("a desktop keeps its history").isEmpty();
    }

    @Test
    void recentlyDeletedIsDueAfterThirtyDaysAndARunningConversationNever() throws Exception {
        ConversationId deleted = completed();
        engine.engine().delete(deleted, Duration.ofSeconds(10));
        Instant deletedAt = engine.engine().deletedConversations().getFirst().deletedAt();

        List<RetentionPlan.Due> due = retention.plan(RetentionPolicy.DESKTOP, deletedAt.plus(Duration.ofDays(30)));

        assertThat(due).extracting(RetentionPlan.Due::id, RetentionPlan.Due::kind)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(deleted, RetentionPlan.Kind.PURGE_FROM_BIN));
        assertThat(RetentionPlan.as(RetentionPolicy.TEAM, Instant.now().plus(Duration.ofDays(400)),
                engine.engine().conversations(), List.of(), id -> true)).as("running").isEmpty();
    }

    @Test
    void theDailyJobAppliesThePolicySoonAfterItStarts() throws Exception {
        ConversationId idle = interrupted();
        java.time.Clock fortyDaysOn = java.time.Clock.fixed(engine.state(idle).updatedAt().plus(Duration.ofDays(40)),
                java.time.ZoneOffset.UTC);
        List<String> told = new java.util.concurrent.CopyOnWriteArrayList<>();

        try (RetentionJob job = new RetentionJob(retention, () -> RetentionPolicy.DESKTOP, fortyDaysOn,
                Duration.ofDays(1), told::add)) {
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(20)).until(() -> !told.isEmpty());
        }

        assertThat(told).containsExactly("1 idle conversation was marked abandoned by the retention policy");
        assertThat(engine.state(idle).statusCause()).isEqualTo(StatusCause.IDLE);
    }

    @Test
    void aRunPurgesWhatIsDueByErasingItAndLeavesWhatCameBackFromTheBin() throws Exception {
        ConversationId ended = completed();
        ConversationId binned = completed();
        engine.engine().delete(binned, Duration.ofSeconds(10));
        ConversationId restored = completed();
        engine.engine().delete(restored, Duration.ofSeconds(10));
        Instant monthOn = engine.engine().deletedConversations().getFirst().deletedAt().plus(Duration.ofDays(31));
        assertThat(retention.plan(RetentionPolicy.TEAM, monthOn)).extracting(RetentionPlan.Due::id)
                .containsExactlyInAnyOrder(binned, restored);
        engine.engine().undelete(restored);

        List<RetentionPlan.Due> done = retention.run(RetentionPolicy.TEAM, monthOn);

        assertThat(purged).containsExactly(binned);
        assertThat(done).extracting(RetentionPlan.Due::kind).containsExactly(RetentionPlan.Kind.PURGE_FROM_BIN);
        retention.run(RetentionPolicy.TEAM, engine.state(ended).updatedAt().plus(Duration.ofDays(90)));
        assertThat(purged).as("ended on day 0, purged on day 91").contains(ended);
    }

    @Test
    void anInstanceWithoutTheJobsClaimLeavesTheRunToTheOneThatHasIt() throws Exception {
        ConversationId idle = interrupted();
        java.time.Clock fortyDaysOn = java.time.Clock.fixed(engine.state(idle).updatedAt().plus(Duration.ofDays(40)),
                java.time.ZoneOffset.UTC);
        java.util.concurrent.CountDownLatch asked = new java.util.concurrent.CountDownLatch(1);
        List<String> told = new java.util.concurrent.CopyOnWriteArrayList<>();

        try (RetentionJob job = new RetentionJob(retention, () -> RetentionPolicy.DESKTOP, fortyDaysOn,
                Duration.ofDays(1), told::add, () -> {
                    asked.countDown();
                    return false;
                })) {
            assertThat(asked.await(20, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        }

        assertThat(told).isEmpty();
        assertThat(engine.state(idle).status()).isEqualTo(ConversationStatus.INTERRUPTED);
    }
}
