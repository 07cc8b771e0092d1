package dev.workshop.store;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.Participant;
import java.util.List;

/** Events for tests: a two-agent conversation and its messages. */
public final class Conversations {
    public static final Participant ADA = new Participant(new AgentId("agent-ada"), "Ada");
    public static final Participant BOB = new Participant(new AgentId("agent-bob"), "Bob");

    private Conversations() {
    }

    public static ConversationStarted started(int maxTurns) {
        return new ConversationStarted(ConversationKind.CONVERSATION, List.of(ADA, BOB), "Plan a picnic", maxTurns);
    }

    public static MessageRecorded message(int turnIndex) {
        Participant speaker = turnIndex % 2 == 0 ? ADA : BOB;
        return new MessageRecorded(turnIndex, speaker.agentId(), speaker.name(), "Message " + turnIndex + " from "
                + speaker.name());
    }

    public static List<ConversationEvent> startedWithMessages(int maxTurns, int messages) {
        var events = new java.util.ArrayList<ConversationEvent>();
        events.add(started(maxTurns));
        for (int i = 0; i < messages; i++) {
            events.add(message(i));
        }
        return events;
    }
}
