package dev.workshop.ui.sidebar;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.ResumeCause;
import dev.workshop.domain.conversation.Transcript;
import dev.workshop.domain.conversation.Usage;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A message as the sidebar shows it, with the marks a reader needs: {@code resumedBy} for the first turn after
 * the conversation's loop started again (after a restart, a Resume or a Retry; null for any other turn),
 * {@code retried} for a turn that was asked again because its first answer was cut off or failed, and
 * {@code cutOff} for a reply that stopped before it was finished (a crash, a Stop, a failure), kept as far as
 * it had come. {@code usage} is what the message cost (tokens, time, model), {@link Usage#NONE} for the
 * user's own messages and for a reply cut off. {@code writing} is the row of the reply being written, whose
 * content the list shows as it streams in ({@link ReplyInProgress}), not from here. {@code lost}: the row of a
 * turn whose message damage took from every copy ({@link Transcript.Line#lost()}), with no speaker or text.
 */
public record MessageItem(int turnIndex, AgentId speakerId, String speakerName, String colour, String content,
                          Instant at, ResumeCause resumedBy, boolean retried, boolean cutOff, Usage usage,
                          boolean writing, boolean lost) {

    public MessageItem(int turnIndex, AgentId speakerId, String speakerName, String colour, String content,
                       Instant at, ResumeCause resumedBy, boolean retried, boolean cutOff, Usage usage,
                       boolean writing) {
        this(turnIndex, speakerId, speakerName, colour, content, at, resumedBy, retried, cutOff, usage, writing, false);
    }

    /** A message recorded (or cut off), not one being written. */
    public MessageItem(int turnIndex, AgentId speakerId, String speakerName, String colour, String content,
                       Instant at, ResumeCause resumedBy, boolean retried, boolean cutOff, Usage usage) {
        this(turnIndex, speakerId, speakerName, colour, content, at, resumedBy, retried, cutOff, usage, false);
    }

    /** A whole message (not cut off) whose cost is not known. */
    public MessageItem(int turnIndex, AgentId speakerId, String speakerName, String colour, String content,
                       Instant at, ResumeCause resumedBy, boolean retried) {
        this(turnIndex, speakerId, speakerName, colour, content, at, resumedBy, retried, false, Usage.NONE);
    }

    /** The row of the reply {@code writer} is writing, in its colour. */
    static MessageItem writing(ReplyInProgress.Writer writer, String colour) {
        return new MessageItem(writer.turnIndex(), writer.speakerId(), writer.speakerName(), colour, "", writer.at(),
                null, false, false, Usage.NONE, true);
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
            case TAKEOVER -> "taken over from a Workshop that stopped";
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
        return Transcript.of(history).lines(stillWriting).stream().map(line -> of(line, colours)).toList();
    }

    /** A line of a conversation's {@link Transcript}, in its speaker's colour. */
    static MessageItem of(Transcript.Line line, Function<AgentId, String> colours) {
        MessageRecorded message = line.message();
        if (line.lost()) {
            return new MessageItem(message.turnIndex(), message.speakerId(), "Message lost", "#9e9e9e", "", line.at(),
                    null, false, false, Usage.NONE, false, true);
        }
        return new MessageItem(message.turnIndex(), message.speakerId(), message.speakerName(),
                colours.apply(message.speakerId()), message.content(), line.at(), line.resumedBy(), line.askedAgain(),
                line.cutOff(), message.usage());
    }
}
