package dev.workshop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationKind;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.element.Action;
import dev.workshop.domain.element.ActionType;
import dev.workshop.domain.element.Actor;
import dev.workshop.domain.element.ElementKind;
import dev.workshop.domain.element.Pin;
import dev.workshop.domain.element.Provenance;
import dev.workshop.domain.retention.ErasureReceipt;
import dev.workshop.orchestration.LoopSettings;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.store.ConversationErasedException;
import dev.workshop.store.Conversations;
import dev.workshop.store.DriverLostException;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Erasing on the team server (docs/decisions/0031): the canary leaves PostgreSQL's table files (after the erase's
 * {@code VACUUM FULL} and a checkpoint, read byte by byte, the write-ahead log aside as the receipt says), another
 * device driving the conversation is fenced off, and the conversation cannot be brought back from any device.
 */
@dev.workshop.testing.Slow
class TeamErasureTest {
    private static final TenantId TEAM = new TenantId("team-erase");
    private static final String CANARY = "CANARY-team-server-erase";

    @TempDir
    Path serverData;
    @TempDir
    Path laptopDir;
    @TempDir
    Path desktopDir;
    private EmbeddedPostgres server;
    private WorkspaceOptions options;
    private Workspace laptop;
    private Workspace desktop;

    @BeforeEach
    void start() throws Exception {
        server = dev.workshop.store.jdbc.team.EmbeddedTeamServer.startOn(serverData,
                dev.workshop.store.jdbc.team.EmbeddedTeamServer.freePort());
        String url = dev.workshop.store.jdbc.team.EmbeddedTeamServer.url(server);
        options = new WorkspaceOptions(1, LoopSettings.DEFAULTS, TEAM, false, Optional.of(url));
        laptop = Wiring.openWorkspace(laptopDir, options);
        desktop = Wiring.openWorkspace(desktopDir, options);
    }

    @AfterEach
    void stop() throws Exception {
        laptop.close();
        desktop.close();
        server.close();
    }

    @Test
    void theCanaryLeavesTheTablesTheDriverIsFencedOffAndNoDeviceBringsItBack() throws Exception {
        ConversationId canary = new ConversationId("team-canary");
        ConversationId kept = new ConversationId("team-kept");
        laptop.store().append(TEAM, canary, 0, List.of(new ConversationEvent.ConversationStarted(
                ConversationKind.CONVERSATION, List.of(Conversations.ADA, Conversations.BOB), CANARY + " task", 40)));
        laptop.store().append(TEAM, kept, 0, Conversations.startedWithMessages(40, 3));
        laptop.engine().elements().create(ElementKind.PINBOARD, "Plans");
        laptop.engine().elements().apply(Action.of(ActionType.PIN, Map.of("text", CANARY + " pin")),
                new Actor("agent-ada", "Ada"), Provenance.of(canary.value(), 0, 0));
        laptop.engine().elements().apply(Action.of(ActionType.PIN, Map.of("text", "Open at nine")), Actor.USER,
                Provenance.byHand());
        List<RecordedEvent> keptHistory = laptop.store().history(TEAM, kept);
        // The desktop drives the canary's conversation, as a loop mid-turn would.
        assertThat(desktop.store().drive(TEAM, canary)).isTrue();
        checkpoint();
        assertThat(CanaryScan.find(serverData.resolve("base"), CANARY)).as("the scan finds it before").isNotEmpty();
        assertThat(CanaryScan.find(serverData.resolve("base"), canary.value())).isNotEmpty();

        laptop.erase(List.of(canary));
        laptop.close();
        laptop = Wiring.openWorkspace(laptopDir, options);
        checkpoint();

        ErasureReceipt receipt = laptop.erasedAtOpen().orElseThrow();
        assertThat(receipt.counts()).containsEntry("team_server_element_changes", 1L)
                .containsEntry("team_server_events", 1L);
        assertThat(receipt.notReached()).anySatisfy(place -> assertThat(place).contains("write-ahead log"));
        assertThat(CanaryScan.find(serverData.resolve("base"), CANARY)).isEmpty();
        assertThat(CanaryScan.find(serverData.resolve("base"), canary.value())).as("nor its id").isEmpty();
        assertThat(CanaryScan.find(laptopDir, CANARY)).isEmpty();
        // The driver's next append is fenced off; a re-import (here, or on another device) is refused.
        assertThatThrownBy(() -> desktop.store().append(TEAM, canary, 1, List.of(Conversations.message(0))))
                .isInstanceOf(DriverLostException.class);
        desktop.store().stopDriving(TEAM, canary);
        assertThatThrownBy(() -> desktop.store().append(TEAM, canary, 0, List.of(new ConversationEvent
                .ConversationStarted(ConversationKind.CONVERSATION, List.of(Conversations.ADA, Conversations.BOB),
                "again", 4)))).isInstanceOf(ConversationErasedException.class).hasMessageContaining("erased on");
        assertThat(desktop.store().history(TEAM, kept)).isEqualTo(keptHistory);
        assertThat(desktop.engine().elements().find("Plans").orElseThrow().topPins()).extracting(Pin::id, Pin::text)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("P2", "Open at nine"));
    }

    /** The server's dirty pages written to its table files, as they would be at its next checkpoint. */
    private void checkpoint() throws Exception {
        try (Connection connection = DriverManager.getConnection(
                dev.workshop.store.jdbc.team.EmbeddedTeamServer.url(server));
             Statement statement = connection.createStatement()) {
            statement.execute("CHECKPOINT");
        }
    }
}
