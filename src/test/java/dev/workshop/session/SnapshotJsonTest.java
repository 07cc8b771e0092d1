package dev.workshop.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.ConversationStarted;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.StatusCause;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.conversation.Usage;
import dev.workshop.session.SessionSnapshot.Speaker;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The snapshot schema: written with a version, read back from any older schema, a newer one refused. */
class SnapshotJsonTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ConversationId ID = new ConversationId("c-1");
    private static final TenantId TEAM = new TenantId("team-a");

    private static List<RecordedEvent> history(ConversationEvent... events) {
        List<RecordedEvent> history = new ArrayList<>();
        for (ConversationEvent event : events) {
            history.add(new RecordedEvent(TEAM, ID, history.size() + 1,
                    Instant.parse("2026-11-22T10:00:00Z").plusSeconds(history.size()), event));
        }
        return history;
    }

    @Test
    void aSnapshotCarriesItsSchemaVersionTeamAndSpeakersAndReadsBackTheSame() throws Exception {
        List<RecordedEvent> history = history(
                new ConversationStarted(ConversationKind.CONVERSATION,
                        List.of(new Participant(new AgentId("a"), "Ada"), Participant.you()), "Plan a picnic", 4),
                new MessageRecorded(0, new AgentId("a"), "Ada", "The lake?", new Usage(10, 5, 120, "offline")),
                new MessageRecorded(1, Participant.HUMAN, "You", "Yes."),
                new StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, "done"));
        SessionSnapshot snapshot = SessionSnapshot.of(TEAM, ConversationState.replay(ID, history), history);

        JsonNode written = JSON.readTree(SnapshotJson.toText(snapshot));
        assertThat(written.get("schema_version").asInt()).isEqualTo(SessionSnapshot.SCHEMA_VERSION);
        assertThat(written.get("team").asText()).isEqualTo("team-a");
        assertThat(written.at("/messages/0/speaker/id").asText()).isEqualTo("a");
        assertThat(written.at("/messages/0/speaker/displayName").asText()).isEqualTo("Ada");
        assertThat(written.at("/messages/0/speaker_name").asText()).as("the show --json contract").isEqualTo("Ada");
        assertThat(written.at("/statistics/prompt_tokens").asInt()).isEqualTo(10);

        SessionSnapshot read = SnapshotJson.read(SnapshotJson.toText(snapshot), TenantId.LOCAL);
        assertThat(read).isEqualTo(snapshot);
        assertThat(read.toEvents()).containsExactly(history.get(0).event(), history.get(1).event(),
                history.get(2).event(), history.get(3).event());
    }

    @Test
    void aTitleTheUserGaveTravelsWithTheSnapshot() throws Exception {
        List<RecordedEvent> history = history(
                new ConversationStarted(ConversationKind.CONVERSATION,
                        List.of(new Participant(new AgentId("a"), "Ada"), new Participant(new AgentId("b"), "Bob")),
                        "Plan a picnic", 4),
                new MessageRecorded(0, new AgentId("a"), "Ada", "The lake?"),
                new ConversationEvent.Renamed("Picnic plans"),
                new StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, "done"));
        SessionSnapshot snapshot = SessionSnapshot.of(TEAM, ConversationState.replay(ID, history), history);

        assertThat(JSON.readTree(SnapshotJson.toText(snapshot)).get("title").asText()).isEqualTo("Picnic plans");
        SessionSnapshot read = SnapshotJson.read(SnapshotJson.toText(snapshot), TEAM);
        assertThat(read.title()).isEqualTo("Picnic plans");
        assertThat(read.toEvents()).contains(new ConversationEvent.Renamed("Picnic plans"));
        assertThat(ConversationState.replay(ID, history(read.toEvents().toArray(ConversationEvent[]::new))).title())
                .isEqualTo("Picnic plans");
    }

    @Test
    void legacySpeakerFieldsAreMigratedNestedOrFlat() {
        String legacy = """
                {"schema_version": 1, "id": "old", "task_prompt": "Review",
                 "messages": [
                   {"turn_index": 0, "speaker": {"roleId": "r1", "roleName": "Rita", "roleTitle": "Rita (Reviewer)"},
                    "content": "One"},
                   {"turn_index": 1, "roleId": "r2", "roleName": "Sam", "content": "Two"},
                   {"turn_index": 2, "speaker_id": "r1", "speaker_name": "Rita", "content": "Three"}]}
                """;
        SessionSnapshot snapshot = SnapshotJson.read(legacy, TEAM);

        assertThat(snapshot.schemaVersion()).isEqualTo(SessionSnapshot.SCHEMA_VERSION);
        assertThat(snapshot.team()).as("a document naming no team takes the current one").isEqualTo(TEAM);
        assertThat(snapshot.messages()).extracting(SessionSnapshot.Message::speaker).containsExactly(
                new Speaker("r1", "Rita", "Rita (Reviewer)"), new Speaker("r2", "Sam", "Sam"),
                new Speaker("r1", "Rita", "Rita"));
        assertThat(snapshot.agentSpeakers()).containsOnlyKeys("r1", "r2");
        assertThat(snapshot.status()).as("no status: unfinished").isEqualTo(ConversationStatus.INTERRUPTED);
        ConversationStarted started = (ConversationStarted) snapshot.toEvents().getFirst();
        assertThat(started.participants()).extracting(Participant::name).containsExactly("Rita", "Sam");
    }

    @Test
    void aNewerSchemaIsRefusedNeverDowngraded() {
        assertThatThrownBy(() -> SnapshotJson.read("{\"schema_version\": 3, \"id\": \"x\", \"messages\": []}", TEAM))
                .isInstanceOf(InvalidSnapshotException.class)
                .hasMessage("it was written by a newer Workshop (schema 3; this version reads up to 2); update"
                        + " Workshop to open it");
    }

    @Test
    void brokenDocumentsAreNamedPrecisely() {
        assertThatThrownBy(() -> SnapshotJson.read("{\"id\": ", TEAM)).hasMessageStartingWith("it is not valid JSON");
        assertThatThrownBy(() -> SnapshotJson.read("[1, 2]", TEAM)).hasMessage("it is not a JSON object");
        assertThatThrownBy(() -> SnapshotJson.read("{\"messages\": []}", TEAM)).hasMessage("it has no id (id or sessionId)");
        assertThatThrownBy(() -> SnapshotJson.read("{\"id\": \"x\"}", TEAM)).hasMessage("it has no list of messages");
        assertThatThrownBy(() -> SnapshotJson.read("{\"id\": \"x\", \"messages\": [{\"content\": \"hi\"}]}", TEAM))
                .hasMessage("message 1 names no speaker (speaker.id, speaker_id or roleId)");
        assertThatThrownBy(() -> SnapshotJson.read("{\"id\": \"x\", \"messages\": [{\"speaker_id\": \"a\"}]}", TEAM))
                .hasMessage("message 1 has no text content");
        assertThatThrownBy(() -> SnapshotJson.read("{\"id\": \"x\", \"status\": \"sleeping\", \"messages\": []}", TEAM))
                .isInstanceOf(InvalidSnapshotException.class).hasMessageContaining("sleeping");
        assertThatThrownBy(() -> SnapshotJson.read("{\"id\": \"x\", \"team\": \"../etc\", \"messages\": []}", TEAM))
                .isInstanceOf(InvalidSnapshotException.class).hasMessageStartingWith("its team:");
    }

    @Test
    void messagesWithAGapOrNoTaskCannotBeRecorded() {
        SessionSnapshot gap = SnapshotJson.read("""
                {"id": "x", "task_prompt": "T", "messages": [
                  {"turn_index": 0, "speaker_id": "a", "content": "one"},
                  {"turn_index": 2, "speaker_id": "a", "content": "three"}]}
                """, TEAM);
        assertThatThrownBy(gap::toEvents).hasMessage("message 2 has turn_index 2 where 1 was expected (turns must run"
                + " 0, 1, 2… without gaps)");
        SessionSnapshot noTask = SnapshotJson.read("{\"id\": \"x\", \"messages\": []}", TEAM);
        assertThatThrownBy(noTask::toEvents).hasMessage("it has no task prompt");
    }
}
