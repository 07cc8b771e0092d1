package dev.workshop.session;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.LegacyReasons;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.conversation.Transcript;
import dev.workshop.domain.conversation.Usage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A conversation written out whole, in the current schema: which team it belongs to, who took part, the task
 * and every message with its speaker. The same document is the JSON export, the snapshot saved when a
 * conversation hands over to the human or stops, and what a restore or an import reads back.
 *
 * @param title the name the user gave the conversation, or null (its title then comes from the task)
 */
public record SessionSnapshot(
        int schemaVersion,
        String sessionId,
        TenantId team,
        ConversationKind kind,
        ConversationStatus status,
        String statusReason,
        List<Participant> members,
        String taskPrompt,
        int maxTurns,
        List<Message> messages,
        Instant createdAt,
        Instant updatedAt,
        String title) {

    /** The schema this version writes. 1 named speakers {@code roleId}, {@code roleName}, {@code roleTitle}. */
    public static final int SCHEMA_VERSION = 2;

    /** Who said a message, as it was when they said it. */
    public record Speaker(String id, String name, String displayName) {
        public Speaker {
            Objects.requireNonNull(id, "id");
            name = name == null || name.isBlank() ? id : name;
            displayName = displayName == null || displayName.isBlank() ? name : displayName;
        }
    }

    public record Message(int turnIndex, Speaker speaker, String content, Instant createdAt, Usage usage) {
        public Message {
            Objects.requireNonNull(speaker, "speaker");
            Objects.requireNonNull(content, "content");
            usage = usage == null ? Usage.NONE : usage;
        }
    }

    public SessionSnapshot {
        Objects.requireNonNull(sessionId, "sessionId");
        Objects.requireNonNull(team, "team");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(status, "status");
        statusReason = statusReason == null ? "" : statusReason;
        members = List.copyOf(members);
        messages = List.copyOf(messages);
    }

    /** The snapshot of a stored conversation. */
    public static SessionSnapshot of(TenantId team, ConversationState state, List<RecordedEvent> history) {
        List<Message> messages = new ArrayList<>();
        for (Transcript.Line line : Transcript.of(history).lines()) {
            if (!line.cutOff() && !line.lost()) {
                MessageRecorded message = line.message();
                messages.add(new Message(message.turnIndex(), new Speaker(message.speakerId().value(),
                        message.speakerName(), message.speakerDisplayName()), message.content(), line.at(),
                        message.usage()));
            }
        }
        return new SessionSnapshot(SCHEMA_VERSION, state.id().value(), team, state.kind(), state.status(),
                state.statusReason(), state.participants(), state.taskPrompt(), state.maxTurns(), messages,
                state.createdAt(), state.updatedAt(), state.customTitle());
    }

    /**
     * The speakers of the history, each once in order of first appearance, without the human: the people a
     * restore checks against the team.
     */
    public Map<String, String> agentSpeakers() {
        Map<String, String> speakers = new LinkedHashMap<>();
        for (Message message : messages) {
            if (!message.speaker().id().equals(Participant.HUMAN.value())) {
                speakers.putIfAbsent(message.speaker().id(), message.speaker().name());
            }
        }
        return speakers;
    }

    /**
     * The events that record this snapshot in a conversation log: the start, every message in order and, for
     * a conversation that had ended, its end. Members missing from the snapshot are taken from the speakers.
     *
     * @throws InvalidSnapshotException when the messages do not number 0, 1, 2… or there is no task
     */
    public List<ConversationEvent> toEvents() {
        if (taskPrompt == null || taskPrompt.isBlank()) {
            throw new InvalidSnapshotException("it has no task prompt");
        }
        List<ConversationEvent> events = new ArrayList<>();
        events.add(new ConversationStarted(kind, participantsOrSpeakers(), taskPrompt, maxTurns));
        for (int i = 0; i < messages.size(); i++) {
            Message message = messages.get(i);
            if (message.turnIndex() != i) {
                throw new InvalidSnapshotException("message " + (i + 1) + " has turn_index " + message.turnIndex()
                        + " where " + i + " was expected (turns must run 0, 1, 2… without gaps)");
            }
            events.add(new MessageRecorded(i, new AgentId(message.speaker().id()), message.speaker().name(),
                    message.content(), message.usage(), message.speaker().displayName()));
        }
        if (title != null && !title.isBlank()) {
            events.add(new ConversationEvent.Renamed(title));
        }
        if (status.isFinal()) {
            // A snapshot keeps the sentence alone (its format predates causes): the cause it means.
            events.add(new StatusChanged(status, LegacyReasons.causeOf(status, statusReason), statusReason));
        }
        return events;
    }

    private List<Participant> participantsOrSpeakers() {
        if (!members.isEmpty()) {
            return members;
        }
        List<Participant> speakers = new ArrayList<>();
        for (Message message : messages) {
            Participant participant = new Participant(new AgentId(message.speaker().id()), message.speaker().name());
            if (speakers.stream().noneMatch(known -> known.agentId().equals(participant.agentId()))) {
                speakers.add(participant);
            }
        }
        if (speakers.isEmpty()) {
            throw new InvalidSnapshotException("it names no participants and has no messages");
        }
        return speakers;
    }
}
