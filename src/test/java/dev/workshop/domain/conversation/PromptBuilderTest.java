package dev.workshop.domain.conversation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PromptBuilderTest {
    private static final Participant ADA = new Participant(new AgentId("ada"), "Ada");
    private static final Participant BOB = new Participant(new AgentId("bob"), "Bob");

    private static ConversationState stateAfter(int maxTurns, List<MessageRecorded> messages) {
        ConversationId id = new ConversationId("c");
        List<RecordedEvent> log = new ArrayList<>();
        log.add(new RecordedEvent(TenantId.LOCAL, id, 1, Instant.EPOCH,
                new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BOB), "Plan a picnic", maxTurns)));
        for (MessageRecorded message : messages) {
            log.add(new RecordedEvent(TenantId.LOCAL, id, log.size() + 1, Instant.EPOCH, message));
        }
        return ConversationState.replay(id, log);
    }

    private static List<MessageRecorded> messages(int count) {
        List<MessageRecorded> messages = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Participant speaker = i % 2 == 0 ? ADA : BOB;
            messages.add(new MessageRecorded(i, speaker.agentId(), speaker.name(), "message " + i));
        }
        return messages;
    }

    @Test
    void carriesTheTaskTheRecentWindowThePreviousReplyAndTheTurnsLeft() {
        List<MessageRecorded> transcript = messages(5);
        Prompt prompt = new PromptBuilder(2).build("You are Bob.", BOB, stateAfter(8, transcript), transcript);

        assertThat(prompt.system()).isEqualTo("You are Bob.");
        assertThat(prompt.user()).startsWith("Task: Plan a picnic")
                .contains("Ada: message 4").contains("Bob: message 3").doesNotContain("message 2")
                .contains("The previous reply, from Ada, was:\nmessage 4")
                .contains("Turns remaining, including this one: 3.")
                .endsWith("Reply with your next contribution to the task.");
        assertThat(prompt.lastTurn()).isFalse();
    }

    @Test
    void theLastTurnAsksForASummary() {
        List<MessageRecorded> transcript = messages(3);
        Prompt prompt = new PromptBuilder(8).build("", ADA, stateAfter(4, transcript), transcript);
        assertThat(prompt.lastTurn()).isTrue();
        assertThat(prompt.user()).endsWith("This is the last turn: summarise what the conversation agreed and what is left open.");
    }

    @Test
    void theFirstTurnHasNoExchangesYet() {
        Prompt prompt = new PromptBuilder(8).build("", ADA, stateAfter(4, List.of()), List.of());
        assertThat(prompt.user()).doesNotContain("Recent exchanges").doesNotContain("previous reply");
    }

    @Test
    void withinABudgetTheOldestMessagesAreLeftOutAndSaidToBe() {
        List<MessageRecorded> transcript = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Participant speaker = i % 2 == 0 ? ADA : BOB;
            transcript.add(new MessageRecorded(i, speaker.agentId(), speaker.name(), "Point " + i + " is made. "
                    + "x".repeat(380)));
        }
        ConversationState state = stateAfter(10, transcript);

        String whole = new PromptBuilder(8).build("", ADA, state, transcript).user();
        String fitted = new PromptBuilder(8).build("", ADA, state, transcript, 600).user();

        assertThat(whole).contains("Ada: Point 0 is made. xxx").doesNotContain("left out").doesNotContain("in short");
        assertThat(fitted.length()).isLessThanOrEqualTo(600 * PromptBuilder.CHARS_PER_TOKEN);
        assertThat(fitted).startsWith("Task: Plan a picnic").contains("Bob: Point 5 is made. xxx")
                .contains("The previous reply, from Bob").doesNotContain("Ada: Point 0 is made. xxx")
                .contains("Earlier, in short:\nAda: Point 0 is made.\n")
                .endsWith("Reply with your next contribution to the task.");
        assertThat(new PromptBuilder(8).build("", ADA, state, transcript, 300).user())
                .as("too little room even for every gist").containsPattern("\\(\\d earlier messages? (is|are) left out"
                        + " to fit the model's context\\)");
    }

    @Test
    void aReplyTooLongForTheBudgetOnItsOwnIsCutToItsEnd() {
        List<MessageRecorded> transcript = List.of(new MessageRecorded(0, ADA.agentId(), "Ada",
                "start " + "y".repeat(10_000) + " the end"));

        String fitted = new PromptBuilder(8).build("", BOB, stateAfter(4, transcript), transcript, 500).user();

        assertThat(fitted.length()).isLessThanOrEqualTo(500 * PromptBuilder.CHARS_PER_TOKEN);
        assertThat(fitted).contains("was:\n…").contains("y the end").doesNotContain("start ")
                .startsWith("Task: Plan a picnic");
    }

    @Test
    void aGistIsAMessagesFirstSentenceCutShort() {
        assertThat(PromptBuilder.gist("We should go. Then eat.")).isEqualTo("We should go.");
        assertThat(PromptBuilder.gist("  Why not?\nBecause.")).isEqualTo("Why not?");
        assertThat(PromptBuilder.gist("z".repeat(300))).hasSize(140).endsWith("…");
    }
}
