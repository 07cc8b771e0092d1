package dev.workshop.domain.conversation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.FollowUpStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.ReplyChunk;
import dev.workshop.domain.conversation.ConversationEvent.ResumeStarted;
import dev.workshop.domain.conversation.ConversationEvent.TurnStarted;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TranscriptTest {
    private static final AgentId ADA = new AgentId("ada");
    private static final AgentId BOB = new AgentId("bob");
    private static final Instant T0 = Instant.parse("2026-11-26T10:00:00Z");

    private final List<RecordedEvent> history = new ArrayList<>();

    private void record(ConversationEvent event) {
        history.add(new RecordedEvent(TenantId.LOCAL, new ConversationId("c-1"), history.size() + 1,
                T0.plusSeconds(history.size()), event));
    }

    private void start(int maxTurns) {
        record(new ConversationStarted(ConversationKind.CONVERSATION,
                List.of(new Participant(ADA, "Ada"), new Participant(BOB, "Bob")), "Plan a trip", maxTurns));
    }

    @Test
    void marksTheFirstMessageAfterAResumeAndATurnAskedAgain() {
        start(4);
        record(new TurnStarted(0, ADA, false));
        record(new MessageRecorded(0, ADA, "Ada", "Hello"));
        record(new TurnStarted(1, BOB, false));
        record(new ResumeStarted(1, ResumeCause.RESTART));
        record(new TurnStarted(1, BOB, true));
        record(new MessageRecorded(1, BOB, "Bob", "Hi"));
        record(new TurnStarted(2, ADA, false));
        record(new MessageRecorded(2, ADA, "Ada", "Lisbon?"));

        List<Transcript.Line> lines = Transcript.of(history).lines();

        assertThat(lines).extracting(line -> line.message().content()).containsExactly("Hello", "Hi", "Lisbon?");
        assertThat(lines).extracting(Transcript.Line::resumedBy).containsExactly(null, ResumeCause.RESTART, null);
        assertThat(lines).extracting(Transcript.Line::askedAgain).containsExactly(false, true, false);
        assertThat(lines.get(1).at()).isEqualTo(history.get(6).recordedAt());
    }

    @Test
    void keepsAReplyCutOffWhereItStoppedUnlessItIsStillBeingWritten() {
        start(4);
        record(new TurnStarted(0, ADA, false));
        record(new ReplyChunk(0, "Half a "));
        record(new ReplyChunk(0, "thought"));

        Transcript transcript = Transcript.of(history);

        assertThat(transcript.lines()).isEmpty();
        assertThat(transcript.lines(true)).isEmpty();
        assertThat(transcript.lines(false)).singleElement().satisfies(line -> {
            assertThat(line.cutOff()).isTrue();
            assertThat(line.message().content()).isEqualTo("Half a thought");
            assertThat(line.message().speakerName()).isEqualTo("Ada");
            assertThat(line.at()).as("the last piece's time").isEqualTo(history.get(3).recordedAt());
        });
        assertThat(transcript.messages()).isEmpty();
    }

    @Test
    void aReplyCutOffBeforeALaterTurnStaysAndItsWholeMessageReplacesIt() {
        start(4);
        record(new TurnStarted(0, ADA, false));
        record(new ReplyChunk(0, "Cut"));
        record(new TurnStarted(0, ADA, true));
        record(new ReplyChunk(0, "Whole"));
        record(new MessageRecorded(0, ADA, "Ada", "Whole answer"));

        List<Transcript.Line> lines = Transcript.of(history).lines(false);

        assertThat(lines).extracting(line -> line.message().content()).containsExactly("Cut", "Whole answer");
        assertThat(lines).extracting(Transcript.Line::cutOff).containsExactly(true, false);
        assertThat(lines.get(1).askedAgain()).isTrue();
    }

    @Test
    void countsWorkflowTurnsAndKnowsWhenAFollowUpAwaitsItsAnswer() {
        start(2);
        record(new TurnStarted(0, ADA, false));
        record(new MessageRecorded(0, ADA, "Ada", "Done"));
        Transcript before = Transcript.of(history);
        assertThat(before.turnNumber()).isEqualTo(1);
        assertThat(before.pendingFollowUp()).isEmpty();
        assertThat(before.taskMaxTurns()).hasValue(2);

        FollowUpStarted followUp = new FollowUpStarted(2, 4, "{}");
        record(followUp);
        record(new TurnStarted(1, Participant.HUMAN, false));
        record(new MessageRecorded(1, Participant.HUMAN, "You", "And then?"));
        Transcript after = Transcript.of(history);
        assertThat(after.turnNumber()).isEqualTo(2);
        assertThat(after.pendingFollowUp()).contains(followUp);

        record(new TurnStarted(2, ADA, false));
        record(new MessageRecorded(2, ADA, "Ada", "Then home"));
        assertThat(Transcript.of(history).pendingFollowUp()).isEmpty();
    }

    @Test
    void aFollowUpClearsTheMarkOfAResumeThatGotNoMessage() {
        start(2);
        record(new ResumeStarted(1, ResumeCause.USER));
        record(new FollowUpStarted(2, 4, "{}"));
        record(new TurnStarted(0, Participant.HUMAN, false));
        record(new MessageRecorded(0, Participant.HUMAN, "You", "Go on"));

        assertThat(Transcript.of(history).lines()).singleElement()
                .satisfies(line -> assertThat(line.resumedBy()).isNull());
    }

    @Test
    void aLiveReaderThatJoinsAtTheResumeMarksTheMessageAsAHistoryReaderDoes() {
        start(4);
        record(new TurnStarted(0, ADA, false));
        record(new ResumeStarted(1, ResumeCause.RETRY));
        record(new TurnStarted(0, ADA, true));
        record(new MessageRecorded(0, ADA, "Ada", "Again"));

        // A loop's events after it started again: the first start of the turn was before the reader joined.
        Transcript live = new Transcript();
        history.subList(2, history.size()).forEach(live::add);

        assertThat(live.last()).hasValueSatisfying(line -> {
            assertThat(line.resumedBy()).isEqualTo(ResumeCause.RETRY);
            assertThat(line.askedAgain()).isTrue();
        });
        assertThat(live.last().orElseThrow().resumedBy())
                .isEqualTo(Transcript.of(history).last().orElseThrow().resumedBy());
        assertThat(live.last().orElseThrow().askedAgain())
                .isEqualTo(Transcript.of(history).last().orElseThrow().askedAgain());
    }

    @Test
    void aMessageTheRecoveryFoundLostKeepsItsTurnsPlaceAsALostLine() {
        start(4);
        record(new TurnStarted(0, ADA, false));
        record(new MessageRecorded(0, ADA, "Ada", "Hello"));
        // Damage took turn 1's start and message from every copy: the recovery put lost steps in their place.
        record(new ConversationEvent.Lost("a damaged journal record held it"));
        record(new ConversationEvent.Lost("a damaged journal record held it"));
        record(new TurnStarted(2, ADA, false));
        record(new MessageRecorded(2, ADA, "Ada", "Lisbon?"));

        Transcript transcript = Transcript.of(history);

        assertThat(transcript.lines()).extracting(line -> line.message().turnIndex()).containsExactly(0, 1, 2);
        assertThat(transcript.lines()).extracting(Transcript.Line::lost).containsExactly(false, true, false);
        assertThat(transcript.lostTurns()).containsExactly(1);
        assertThat(transcript.messages()).extracting(MessageRecorded::content).containsExactly("Hello", "Lisbon?");
    }

    @Test
    void lostStepsAfterTheLastMessageNameNoTurnTheConversationThenTookAgain() {
        start(4);
        record(new MessageRecorded(0, ADA, "Ada", "Hello"));
        record(new ConversationEvent.Lost(""));
        // The loop asked turn 1 again after the loss: nothing was skipped.
        record(new MessageRecorded(1, BOB, "Bob", "Hi"));

        assertThat(Transcript.of(history).lostTurns()).isEmpty();
        assertThat(Transcript.of(history).lines()).hasSize(2);
    }

    @Test
    void eachBatchSaysWhatItBroughtAReaderFoldedAfterWhatCameBefore() {
        start(4);
        Transcript live = Transcript.following(List.of(new Participant(ADA, "Ada"), new Participant(BOB, "Bob")));
        assertThat(live.news(history).began()).as("the start of a conversation").isTrue();

        int from = history.size();
        record(new ResumeStarted(1, ResumeCause.RETRY));
        record(new TurnStarted(0, ADA, true));
        News asked = live.news(history.subList(from, history.size()));
        assertThat(asked.turnStarted()).contains(new News.TurnInProgress(0, ADA, "Ada", true));
        assertThat(asked.lines()).isEmpty();
        assertThat(asked.status()).as("picked up again: active, as the state has it").contains(ConversationStatus.ACTIVE);

        from = history.size();
        record(new ReplyChunk(0, "Lis"));
        assertThat(live.news(history.subList(from, history.size())).isEmpty()).as("a piece kept: nothing shown")
                .isTrue();

        from = history.size();
        record(new MessageRecorded(0, ADA, "Ada", "Lisbon?", new Usage(10, 5, 700, "m1")));
        record(new ConversationEvent.Renamed("Trip"));
        record(new ConversationEvent.StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, ""));
        News said = live.news(history.subList(from, history.size()));
        assertThat(said.lines()).singleElement().satisfies(line -> {
            assertThat(line.message().content()).isEqualTo("Lisbon?");
            assertThat(line.resumedBy()).as("marked as a history read back marks it").isEqualTo(ResumeCause.RETRY);
            assertThat(line.askedAgain()).isTrue();
        });
        assertThat(said.turnStarted()).isEmpty();
        assertThat(said.title()).contains("Trip");
        assertThat(said.status()).contains(ConversationStatus.COMPLETED);
        assertThat(said.listingChanged()).isFalse();
        assertThat(Transcript.of(history).lines()).isEqualTo(live.lines());
    }

    @Test
    void foldsTheStartTheOriginAndTheCostOfAHistory() {
        record(new ConversationEvent.Forked(new ConversationId("c-0"), 1));
        start(4);
        record(new MessageRecorded(0, ADA, "Ada", "Hi", new Usage(10, 5, 700, "m1")));
        record(new MessageRecorded(1, BOB, "Bob", "Hey", new Usage(20, 7, 300, "m2")));
        record(new MessageRecorded(2, ADA, "Ada", "Go", Usage.NONE));

        Transcript transcript = Transcript.of(history);

        assertThat(transcript.start()).hasValueSatisfying(start -> assertThat(start.taskPrompt()).isEqualTo("Plan a trip"));
        assertThat(transcript.forkedFrom()).contains(new ConversationEvent.Forked(new ConversationId("c-0"), 1));
        assertThat(transcript.importedFrom()).isEmpty();
        ConversationStatistics cost = transcript.statistics();
        assertThat(cost.messages()).isEqualTo(3);
        assertThat(cost.promptTokens()).isEqualTo(30);
        assertThat(cost.completionTokens()).isEqualTo(12);
        assertThat(cost.answeringMillis()).isEqualTo(1000);
        assertThat(cost.models()).containsExactly("m1", "m2");
        assertThat(cost.tokensPerModel()).containsEntry("m2", new ConversationStatistics.ModelTokens(20, 7, 1));
    }
}
