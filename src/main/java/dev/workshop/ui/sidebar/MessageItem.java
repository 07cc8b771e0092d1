package dev.workshop.ui.sidebar;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.RecordedEvent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * A message as the sidebar shows it, with the marks a reader needs: {@code resumed} for the first turn after
 * a restart, {@code retried} for a turn that was asked again because a crash cut its first answer.
 */
public record MessageItem(int turnIndex, AgentId speakerId, String speakerName, String colour, String content,
                          Instant at, boolean resumed, boolean retried) {

    /** The messages of a history, in order, marked as above. */
    static List<MessageItem> fromHistory(List<RecordedEvent> history, Function<AgentId, String> colours) {
        List<MessageItem> items = new ArrayList<>();
        Set<Integer> started = new HashSet<>();
        Set<Integer> retried = new HashSet<>();
        boolean resumedSinceLast = false;
        for (RecordedEvent recorded : history) {
            ConversationEvent event = recorded.event();
            if (event instanceof ConversationEvent.TurnStarted turn && !started.add(turn.turnIndex())) {
                retried.add(turn.turnIndex());
            } else if (event instanceof ConversationEvent.ResumeStarted) {
                resumedSinceLast = true;
            } else if (event instanceof MessageRecorded message) {
                items.add(new MessageItem(message.turnIndex(), message.speakerId(), message.speakerName(),
                        colours.apply(message.speakerId()), message.content(), recorded.recordedAt(), resumedSinceLast,
                        retried.contains(message.turnIndex())));
                resumedSinceLast = false;
            }
        }
        return items;
    }
}
