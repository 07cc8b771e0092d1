package dev.workshop.ui.sidebar;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.ResumeCause;
import dev.workshop.domain.conversation.Usage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A message as the sidebar shows it, with the marks a reader needs: {@code resumedBy} for the first turn after
 * the conversation's loop started again (after a restart, a Resume or a Retry; null for any other turn),
 * {@code retried} for a turn that was asked again because its first answer was cut off or failed, and
 * {@code cutOff} for a reply that stopped before it was finished (a crash, a Stop, a failure), kept as far as
 * it had come. {@code usage} is what the message cost (tokens, time, model), {@link Usage#NONE} for the
 * user's own messages and for a reply cut off.
 */
public record MessageItem(int turnIndex, AgentId speakerId, String speakerName, String colour, String content,
                          Instant at, ResumeCause resumedBy, boolean retried, boolean cutOff, Usage usage) {

    /** A whole message (not cut off) whose cost is not known. */
    public MessageItem(int turnIndex, AgentId speakerId, String speakerName, String colour, String content,
                       Instant at, ResumeCause resumedBy, boolean retried) {
        this(turnIndex, speakerId, speakerName, colour, content, at, resumedBy, retried, false, Usage.NONE);
    }

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
        return fromHistory(history, colours, false);
    }

    /**
     * As above; when {@code stillWriting} (its loop runs now), the pieces of the reply at the end are not a
     * reply cut off but one being written: the sidebar's writing line shows it, not the list.
     */
    static List<MessageItem> fromHistory(List<RecordedEvent> history, Function<AgentId, String> colours,
                                         boolean stillWriting) {
        return new HistoryReader(colours).read(history, stillWriting);
    }

    /** One pass over a history; a reply's pieces wait until its message or the turn's next attempt decides. */
    private static final class HistoryReader {
        private final Function<AgentId, String> colours;
        private final List<MessageItem> items = new ArrayList<>();
        private final Set<Integer> started = new HashSet<>();
        private final Set<Integer> retried = new HashSet<>();
        private final Map<AgentId, String> names = new HashMap<>();
        private ResumeCause resumedSinceLast;
        private ConversationEvent.TurnStarted writing;
        private final StringBuilder cut = new StringBuilder();
        private Instant cutAt;

        HistoryReader(Function<AgentId, String> colours) {
            this.colours = colours;
        }

        List<MessageItem> read(List<RecordedEvent> history, boolean stillWriting) {
            for (RecordedEvent recorded : history) {
                ConversationEvent event = recorded.event();
                if (event instanceof ConversationEvent.ConversationStarted start) {
                    start.participants().forEach(participant -> names.put(participant.agentId(), participant.name()));
                } else if (event instanceof ConversationEvent.TurnStarted turn) {
                    keepCutOff();
                    writing = turn;
                    if (!started.add(turn.turnIndex())) {
                        retried.add(turn.turnIndex());
                    }
                } else if (event instanceof ConversationEvent.ReplyChunk chunk && writing != null
                        && writing.turnIndex() == chunk.turnIndex()) {
                    cut.append(chunk.text());
                    cutAt = recorded.recordedAt();
                } else if (event instanceof ConversationEvent.ResumeStarted resume) {
                    resumedSinceLast = resume.cause();
                } else if (event instanceof ConversationEvent.FollowUpStarted) {
                    // The user went on instead: what follows answers them, whatever a failed resume left.
                    resumedSinceLast = null;
                } else if (event instanceof MessageRecorded message) {
                    // The whole message supersedes the pieces of it kept while it streamed.
                    cut.setLength(0);
                    writing = null;
                    items.add(new MessageItem(message.turnIndex(), message.speakerId(), message.speakerName(),
                            colours.apply(message.speakerId()), message.content(), recorded.recordedAt(),
                            resumedSinceLast, retried.contains(message.turnIndex()), false, message.usage()));
                    resumedSinceLast = null;
                }
            }
            if (!stillWriting) {
                keepCutOff();
            }
            return items;
        }

        /** The pieces of a reply that never got its message: shown as far as it had come. */
        private void keepCutOff() {
            if (writing != null && !cut.isEmpty()) {
                AgentId speaker = writing.speakerId();
                items.add(new MessageItem(writing.turnIndex(), speaker, names.getOrDefault(speaker, speaker.value()),
                        colours.apply(speaker), cut.toString(), cutAt, null, retried.contains(writing.turnIndex()),
                        true, Usage.NONE));
            }
            cut.setLength(0);
            writing = null;
        }
    }
}
