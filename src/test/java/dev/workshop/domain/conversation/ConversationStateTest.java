package dev.workshop.domain.conversation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.Deleted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.Renamed;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent.TurnStarted;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConversationStateTest {
    private static final ConversationId ID = new ConversationId("c-1");
    private static final Participant ADA = new Participant(new AgentId("ada"), "Ada");
    private static final Participant BOB = new Participant(new AgentId("bob"), "Bob");

    private final List<RecordedEvent> log = new ArrayList<>();
    private ConversationState state = ConversationState.notStarted(ID);

    private void record(ConversationEvent event) {
        ConversationRules.check(state, event);
        RecordedEvent recorded = new RecordedEvent(TenantId.LOCAL, ID, state.version() + 1,
                Instant.ofEpochSecond(1000 + log.size()), event);
        log.add(recorded);
        state = state.evolve(recorded);
    }

    @Test
    void foldsAConversationFromItsEvents() {
        record(new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BOB), "Plan a picnic", 4));
        record(new TurnStarted(0, ADA.agentId(), false));
        assertThat(state.turnInDoubt()).isZero();
        record(new MessageRecorded(0, ADA.agentId(), "Ada", "Sandwiches?"));
        record(new TurnStarted(1, BOB.agentId(), false));
        record(new MessageRecorded(1, BOB.agentId(), "Bob", "And lemonade."));
        record(new StatusChanged(ConversationStatus.INTERRUPTED, StatusCause.WORKSHOP_STOPPED, "Workshop stopped"));

        assertThat(state.status()).isEqualTo(ConversationStatus.INTERRUPTED);
        assertThat(state.statusReason()).isEqualTo("Workshop stopped");
        assertThat(state.turnCount()).isEqualTo(2);
        assertThat(state.turnsRemaining()).isEqualTo(2);
        assertThat(state.lastSpeaker()).contains(BOB.agentId());
        assertThat(state.turnInDoubt()).isEqualTo(-1);
        assertThat(state.version()).isEqualTo(6);
        assertThat(state.createdAt()).isEqualTo(Instant.ofEpochSecond(1000));
        assertThat(state.updatedAt()).isEqualTo(Instant.ofEpochSecond(1005));
        assertThat(ConversationState.replay(ID, log)).isEqualTo(state);
    }

    @Test
    void aRenameChangesTheTitleButNotWhenItWasLastActive() {
        record(new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BOB), "Plan a picnic\nfor twelve", 4));
        assertThat(state.title()).isEqualTo("Plan a picnic");

        record(new Renamed("  Picnic\n  plans  "));
        assertThat(state.title()).isEqualTo("Picnic plans");
        assertThat(state.customTitle()).isEqualTo("Picnic plans");
        assertThat(state.updatedAt()).isEqualTo(Instant.ofEpochSecond(1000));
        assertThat(state.version()).isEqualTo(2);

        record(new MessageRecorded(0, ADA.agentId(), "Ada", "Sandwiches?"));
        assertThat(state.title()).as("kept by later events").isEqualTo("Picnic plans");
        record(new Renamed(" "));
        assertThat(state.title()).as("a blank title goes back to the task's").isEqualTo("Plan a picnic");
        assertThat(ConversationState.replay(ID, log)).isEqualTo(state);
    }

    @Test
    void titlesOfLongTasksAndOfTasklessConversationsAreShort() {
        record(new ConversationStarted(ConversationKind.TASK, List.of(ADA), "x".repeat(100), 3));
        assertThat(state.title()).hasSize(ConversationState.TITLE_CHARS).endsWith("…");
        assertThat(ConversationState.notStarted(new ConversationId("0123456789abcdef")).title())
                .isEqualTo("Conversation 01234567");
    }

    @Test
    void refusesATitleOverTheLimit() {
        record(new ConversationStarted(ConversationKind.TASK, List.of(ADA), "Summarise", 3));
        assertThatThrownBy(() -> record(new Renamed("t".repeat(ConversationRules.MAX_TITLE_CHARS + 1))))
                .isInstanceOf(InvalidEventException.class).hasMessage("A title of 201 characters is over the limit of 200");
        record(new Renamed("t".repeat(ConversationRules.MAX_TITLE_CHARS)));
        assertThat(state.title()).hasSize(200);
    }

    @Test
    void aDeletedConversationTakesNoMoreEvents() {
        record(new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BOB), "Plan a picnic", 4));
        Instant lastActivity = state.updatedAt();
        record(new Deleted());
        assertThat(state.deleted()).isTrue();
        assertThat(state.updatedAt()).as("a deletion is not activity").isEqualTo(lastActivity);

        assertThatThrownBy(() -> record(new TurnStarted(0, ADA.agentId(), false)))
                .isInstanceOf(InvalidEventException.class).hasMessage("Conversation c-1 was deleted");
        assertThatThrownBy(() -> record(new Renamed("Again")))
                .isInstanceOf(InvalidEventException.class).hasMessage("Conversation c-1 was deleted");
        assertThatThrownBy(() -> record(new Deleted())).isInstanceOf(InvalidEventException.class);
    }

    @Test
    void onlyADeletedConversationCanBeUndeletedAndItThenTakesEventsAgain() {
        record(new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BOB), "Plan a picnic", 4));
        assertThatThrownBy(() -> record(new ConversationEvent.Undeleted()))
                .isInstanceOf(InvalidEventException.class).hasMessage("Conversation c-1 is not deleted");
        Instant lastActivity = state.updatedAt();
        record(new Deleted());

        record(new ConversationEvent.Undeleted());

        assertThat(state.deleted()).isFalse();
        assertThat(state.updatedAt()).as("back as it was, in its old place in the list").isEqualTo(lastActivity);
        record(new Renamed("Picnic"));
        assertThat(state.title()).isEqualTo("Picnic");
    }

    @Test
    void whereAForkCameFromIsRecordedBeforeItsMessagesAndChangesNothingElse() {
        ConversationEvent.Forked origin = new ConversationEvent.Forked(new ConversationId("source"), 2);
        assertThatThrownBy(() -> record(origin))
                .isInstanceOf(InvalidEventException.class).hasMessage("Conversation c-1 has not started");
        record(new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BOB), "Plan a picnic", 4));
        ConversationState started = state;

        record(origin);

        assertThat(state.version()).isEqualTo(2);
        assertThat(state).usingRecursiveComparison().ignoringFields("version").isEqualTo(started);
        record(new MessageRecorded(0, ADA.agentId(), "Ada", "Sandwiches?"));
        assertThatThrownBy(() -> record(origin)).isInstanceOf(InvalidEventException.class)
                .hasMessage("Conversation c-1 already has messages: where it was forked from is recorded before them");
        assertThatThrownBy(() -> new ConversationEvent.Forked(new ConversationId("source"), -1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aReplyChunkBelongsToTheTurnBeingWrittenAndChangesNoCount() {
        record(new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BOB), "Plan a picnic", 4));
        assertThatThrownBy(() -> record(new ConversationEvent.ReplyChunk(0, "Hel")))
                .isInstanceOf(InvalidEventException.class).hasMessage("Turn 0 of conversation c-1 is not being written");
        record(new TurnStarted(0, ADA.agentId(), false));

        record(new ConversationEvent.ReplyChunk(0, "Hel"));

        assertThat(state.turnInDoubt()).isZero();
        assertThat(state.turnCount()).isZero();
        assertThatThrownBy(() -> record(new ConversationEvent.ReplyChunk(1, "lo")))
                .isInstanceOf(InvalidEventException.class).hasMessage("Turn 1 of conversation c-1 is not being written");
    }

    @Test
    void aStartedTurnWithoutItsMessageIsInDoubt() {
        record(new ConversationStarted(ConversationKind.TASK, List.of(ADA), "Summarise", 3));
        record(new TurnStarted(0, ADA.agentId(), false));
        assertThat(state.turnInDoubt()).isZero();
        assertThat(state.turnCount()).isZero();
    }

    @Test
    void refusesEventsBeforeTheStart() {
        assertThatThrownBy(() -> record(new MessageRecorded(0, ADA.agentId(), "Ada", "hi")))
                .isInstanceOf(InvalidEventException.class).hasMessage("Conversation c-1 has not started");
    }

    @Test
    void refusesASecondStart() {
        record(new ConversationStarted(ConversationKind.TASK, List.of(ADA), "Summarise", 3));
        assertThatThrownBy(() -> record(new ConversationStarted(ConversationKind.TASK, List.of(ADA), "Again", 3)))
                .isInstanceOf(InvalidEventException.class).hasMessage("Conversation c-1 has already started");
    }

    @Test
    void refusesARepeatedOrSkippedTurn() {
        record(new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BOB), "Plan", 4));
        record(new MessageRecorded(0, ADA.agentId(), "Ada", "one"));
        assertThatThrownBy(() -> record(new MessageRecorded(0, BOB.agentId(), "Bob", "again")))
                .isInstanceOf(TurnAlreadyRecordedException.class).hasMessage("Turn 0 of conversation c-1 is already recorded");
        assertThatThrownBy(() -> record(new TurnStarted(2, BOB.agentId(), false)))
                .isInstanceOf(InvalidEventException.class)
                .hasMessage("Turn 2 of conversation c-1 would leave a gap: the next turn is 1");
    }

    @Test
    void refusesATaskPromptOverOneMebibyte() {
        String prompt = "€".repeat(ConversationRules.MAX_TEXT_BYTES / 3 + 1);
        assertThatThrownBy(() -> record(new ConversationStarted(ConversationKind.TASK, List.of(ADA), prompt, 3)))
                .isInstanceOf(TextTooLargeException.class)
                .hasMessageStartingWith("The task prompt of 1048578 bytes is over the limit");
    }

    @Test
    void readsStatusesByTheirWireNames() {
        for (ConversationStatus status : ConversationStatus.values()) {
            assertThat(ConversationStatus.fromWireName(status.wireName())).isEqualTo(status);
        }
        assertThatThrownBy(() -> ConversationStatus.fromWireName("paused"))
                .hasMessage("Unknown conversation status 'paused'");
    }
}
