package dev.workshop.ui.sidebar;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.ResumeCause;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A message as the sidebar shows it, with the marks a reader needs: {@code resumedBy} for the first turn after
 * the conversation's loop started again (after a restart, a Resume or a Retry; null for any other turn),
 * {@code retried} for a turn that was asked again because its first answer was cut off or failed.
 */
public record MessageItem(int turnIndex, AgentId speakerId, String speakerName, String colour, String content,
                          Instant at, ResumeCause resumedBy, boolean retried) {

    /** What the mark on the first message after a resume says. */
    public Optional<String> resumeMark() {
        if (resumedBy == null) {
            return Optional.empty();
        }
        return Optional.of(switch (resumedBy) {
            case RESTART -> "resumed after restart";
            case USER -> "resumed";
            case RETRY -> "retried after a failure";
        });
    }

    /** The messages of a history, in order, marked as above. */
    static List<MessageItem> fromHistory(List<RecordedEvent> history, Function<AgentId, String> colours) {
        List<MessageItem> items = new ArrayList<>();
        Set<Integer> started = new HashSet<>();
        Set<Integer> retried = new HashSet<>();
        ResumeCause resumedSinceLast = null;
        for (RecordedEvent recorded : history) {
            ConversationEvent event = recorded.event();
            if (event instanceof ConversationEvent.TurnStarted turn && !started.add(turn.turnIndex())) {
                retried.add(turn.turnIndex());
            } else if (event instanceof ConversationEvent.ResumeStarted resume) {
                resumedSinceLast = resume.cause();
            } else if (event instanceof MessageRecorded message) {
                items.add(new MessageItem(message.turnIndex(), message.speakerId(), message.speakerName(),
                        colours.apply(message.speakerId()), message.content(), recorded.recordedAt(), resumedSinceLast,
                        retried.contains(message.turnIndex())));
                resumedSinceLast = null;
            }
        }
        return items;
    }
}
