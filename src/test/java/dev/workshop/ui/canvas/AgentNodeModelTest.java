package dev.workshop.ui.canvas;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.canvas.AgentInstance;
import dev.workshop.domain.canvas.Behaviour;
import dev.workshop.domain.canvas.InstanceId;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.conversation.ConversationId;
import org.junit.jupiter.api.Test;

/** What an agent taking part in several conversations shows of them (docs/UX.md item 10). */
class AgentNodeModelTest {
    private final AgentNodeModel ada = new AgentNodeModel(new AgentInstance(InstanceId.generate(),
            new AgentId("starter-ada"), new Point(0, 0), Behaviour.STATIONARY), "Ada", "#0969da", transition -> { });
    private final ConversationId picnic = ConversationId.random();
    private final ConversationId launch = ConversationId.random();
    private final ConversationId party = ConversationId.random();

    @Test
    void aConversationUnderWayHasHerAttentionOverTheMarksOfOthers() {
        ada.join(picnic);
        ada.mark(launch, AgentMark.FAILED);

        assertThat(ada.mark()).isEqualTo(AgentMark.NONE);
        assertThat(ada.markedConversation()).isEmpty();

        ada.leave(picnic);

        assertThat(ada.mark()).as("the error shows once nothing else is under way").isEqualTo(AgentMark.FAILED);
        assertThat(ada.markedConversation()).contains(launch);
    }

    @Test
    void ofSeveralMarksTheMostPressingShowsAndTheOthersRemainWhenItGoes() {
        ada.mark(picnic, AgentMark.QUEUED);
        ada.join(launch);
        ada.mark(launch, AgentMark.WAITING_FOR_YOU);
        assertThat(ada.mark()).isEqualTo(AgentMark.WAITING_FOR_YOU);

        ada.mark(party, AgentMark.FAILED);
        assertThat(ada.mark()).isEqualTo(AgentMark.FAILED);
        assertThat(ada.markedConversation()).contains(party);

        ada.forgetFailures();
        assertThat(ada.mark()).as("the conversation waiting for you again").isEqualTo(AgentMark.WAITING_FOR_YOU);
        assertThat(ada.markedConversation()).contains(launch);

        ada.mark(launch, AgentMark.NONE);
        assertThat(ada.mark()).as("the user answered: under way, so no mark").isEqualTo(AgentMark.NONE);

        ada.leave(launch);
        assertThat(ada.mark()).isEqualTo(AgentMark.QUEUED);
    }
}
