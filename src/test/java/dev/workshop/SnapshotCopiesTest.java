package dev.workshop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.session.SnapshotFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The snapshots under {@code sessions/}, read as the third copy of a conversation's messages. */
class SnapshotCopiesTest {
    @TempDir
    Path dir;

    @Test
    void aStoppedConversationsSnapshotHoldsItsMessagesByTurnAndABrokenOneHoldsNone() throws Exception {
        ConversationId id;
        List<MessageRecorded> stored;
        try (Workspace workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(0))) {
            List<AgentId> pair = List.of(workspace.agents().findByIdOrName("Ada").orElseThrow().id(),
                    workspace.agents().findByIdOrName("Bruno").orElseThrow().id());
            id = workspace.engine().startConversation(pair, "Plan a picnic", OptionalInt.of(3));
            workspace.engine().awaitAll();
            stored = workspace.engine().history(id).stream().map(RecordedEvent::event)
                    .filter(MessageRecorded.class::isInstance).map(MessageRecorded.class::cast).toList();
        }
        SnapshotFolder folder = new SnapshotFolder(dir);

        Map<Integer, MessageRecorded> copies = Wiring.snapshotCopies(folder).of(workspaceTeam(), id);

        assertThat(copies).hasSize(3);
        for (MessageRecorded message : stored) {
            assertThat(copies.get(message.turnIndex()).content()).isEqualTo(message.content());
            assertThat(copies.get(message.turnIndex()).speakerId()).isEqualTo(message.speakerId());
        }
        Files.writeString(folder.fileOf(workspaceTeam(), id), "{ not json");
        assertThat(Wiring.snapshotCopies(folder).of(workspaceTeam(), id)).isEmpty();
        assertThat(Wiring.snapshotCopies(folder).of(workspaceTeam(), ConversationId.random())).isEmpty();
    }

    private static dev.workshop.domain.conversation.TenantId workspaceTeam() {
        return dev.workshop.domain.conversation.TenantId.LOCAL;
    }
}
