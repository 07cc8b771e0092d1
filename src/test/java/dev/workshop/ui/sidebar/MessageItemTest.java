package dev.workshop.ui.sidebar;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.ReplyChunk;
import dev.workshop.domain.conversation.ConversationEvent.ResumeStarted;
import dev.workshop.domain.conversation.ConversationEvent.TurnStarted;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.conversation.TenantId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MessageItemTest {
    private static final Participant ADA = new Participant(new AgentId("ada"), "Ada");
    private static final Participant BO = new Participant(new AgentId("bo"), "Bo");

    private static List<RecordedEvent> history(ConversationEvent... events) {
        List<RecordedEvent> recorded = new ArrayList<>();
        for (int i = 0; i < events.length; i++) {
            recorded.add(new RecordedEvent(TenantId.LOCAL, new ConversationId("c-1"), i + 1,
                    Instant.ofEpochSecond(1000 + i), events[i]));
        }
        return recorded;
    }

    private static List<MessageItem> items(ConversationEvent... events) {
        return MessageItem.fromHistory(history(events), agent -> "#000000");
    }

    @Test
    void aFollowUpAfterAResumeThatFailedIsNotMarkedResumed() {
        List<MessageItem> items = items(new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BO), "Greet", 2),
                new TurnStarted(0, ADA.agentId(), false), new MessageRecorded(0, ADA.agentId(), "Ada", "Hello"),
                new ResumeStarted(1, dev.workshop.domain.conversation.ResumeCause.USER),
                new ConversationEvent.StatusChanged(dev.workshop.domain.conversation.ConversationStatus.FAILED, StatusCause.ENDPOINT_UNREACHABLE, "down"),
                new ConversationEvent.FollowUpStarted(2, 4, ""),
                new TurnStarted(1, BO.agentId(), false), new MessageRecorded(1, BO.agentId(), "Bo", "Hi"));

        assertThat(items).extracting(MessageItem::resumedBy).containsExactly(null, null);
    }

    @Test
    void piecesFollowedByTheirMessageShowOnlyTheMessage() {
        List<MessageItem> items = items(new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BO), "Greet", 2),
                new TurnStarted(0, ADA.agentId(), false), new ReplyChunk(0, "Hel"), new ReplyChunk(0, "lo"),
                new MessageRecorded(0, ADA.agentId(), "Ada", "Hello"));

        assertThat(items).singleElement().satisfies(item -> {
            assertThat(item.content()).isEqualTo("Hello");
            assertThat(item.cutOff()).isFalse();
        });
    }

    @Test
    void aReplyCutOffByACrashShowsAsFarAsItCameThenTheTurnAskedAgain() {
        List<MessageItem> items = items(new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BO), "Greet", 2),
                new TurnStarted(0, ADA.agentId(), false), new MessageRecorded(0, ADA.agentId(), "Ada", "Hello"),
                new TurnStarted(1, BO.agentId(), false), new ReplyChunk(1, "Well, "), new ReplyChunk(1, "I think"),
                new ResumeStarted(1), new TurnStarted(1, BO.agentId(), true),
                new MessageRecorded(1, BO.agentId(), "Bo", "Hi Ada"));

        assertThat(items).extracting(MessageItem::content).containsExactly("Hello", "Well, I think", "Hi Ada");
        assertThat(items).extracting(MessageItem::cutOff).containsExactly(false, true, false);
        MessageItem cut = items.get(1);
        assertThat(cut.speakerName()).isEqualTo("Bo");
        assertThat(cut.turnIndex()).isEqualTo(1);
        assertThat(cut.at()).isEqualTo(Instant.ofEpochSecond(1005));
        assertThat(items.get(2).retried()).isTrue();
        assertThat(items.get(2).resumeMark()).contains("resumed after restart");
    }

    @Test
    void aReplyStoppedAtTheEndOfTheHistoryIsShownCutOff() {
        List<MessageItem> items = items(new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BO), "Greet", 2),
                new TurnStarted(0, ADA.agentId(), false), new ReplyChunk(0, "Hel"),
                new ConversationEvent.StatusChanged(dev.workshop.domain.conversation.ConversationStatus.INTERRUPTED,
                        StatusCause.USER_ABORTED,
                        "Aborted by the user"));

        assertThat(items).singleElement().satisfies(item -> {
            assertThat(item.content()).isEqualTo("Hel");
            assertThat(item.cutOff()).isTrue();
        });
    }

    @Test
    void theReplyStillBeingWrittenIsNotShownAsCutOff() {
        List<RecordedEvent> writing = history(
                new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BO), "Greet", 2),
                new TurnStarted(0, ADA.agentId(), false), new ReplyChunk(0, "Hel"));

        assertThat(MessageItem.fromHistory(writing, agent -> "#000000", true)).isEmpty();
        assertThat(MessageItem.fromHistory(writing, agent -> "#000000", false)).hasSize(1);
    }

    @Test
    void aTurnWhoseMessageWasLostShowsALostRowInItsPlace() {
        List<MessageItem> items = items(new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BO), "Greet", 4),
                new MessageRecorded(0, ADA.agentId(), "Ada", "Hello"), new ConversationEvent.Lost("damaged"),
                new MessageRecorded(2, ADA.agentId(), "Ada", "Still here"));

        assertThat(items).extracting(MessageItem::turnIndex).containsExactly(0, 1, 2);
        assertThat(items).extracting(MessageItem::lost).containsExactly(false, true, false);
        assertThat(items.get(1).speakerName()).isEqualTo("Message lost");
        assertThat(items.get(1).content()).isEmpty();
    }
}
