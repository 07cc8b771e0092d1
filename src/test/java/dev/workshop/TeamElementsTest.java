package dev.workshop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.element.Action;
import dev.workshop.domain.element.ActionType;
import dev.workshop.domain.element.Actor;
import dev.workshop.domain.element.ElementKind;
import dev.workshop.domain.element.Provenance;
import dev.workshop.orchestration.ActionOutcome;
import dev.workshop.orchestration.LoopEvent;
import dev.workshop.orchestration.LoopSettings;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** On the team server the elements' streams live in PostgreSQL like conversations, shared by every device. */
@dev.workshop.testing.Slow
class TeamElementsTest {
    private static final TenantId TEAM = new TenantId("team-elements");
    @org.junit.jupiter.api.extension.RegisterExtension
    static final dev.workshop.store.jdbc.team.EmbeddedTeamServer SERVER = new dev.workshop.store.jdbc.team.EmbeddedTeamServer();
    @TempDir
    Path laptop;
    @TempDir
    Path desktop;
    private Workspace onLaptop;
    private Workspace onDesktop;
    private final ExecutorService both = Executors.newFixedThreadPool(2);

    @BeforeEach
    void open() {
        WorkspaceOptions options = new WorkspaceOptions(20, LoopSettings.DEFAULTS, TEAM, false,
                Optional.of(SERVER.url()));
        onLaptop = Wiring.openWorkspace(laptop, options);
        onDesktop = Wiring.openWorkspace(desktop, options);
    }

    @AfterEach
    void close() {
        both.shutdownNow();
        onLaptop.close();
        onDesktop.close();
    }

    @Test
    void twoDevicesVotingOnOnePinAtOnceBothCountAndEachHearsTheOthersChanges() throws Exception {
        onLaptop.engine().elements().create(ElementKind.PINBOARD, "Plans");
        onLaptop.engine().elements().apply(Action.of(ActionType.PIN, Map.of("text", "Open a second shop")),
                Actor.USER, Provenance.byHand());
        assertThat(onDesktop.engine().elements().find("Plans").orElseThrow().topPins()).hasSize(1);
        int votes = 12;
        CyclicBarrier start = new CyclicBarrier(2);
        List<Future<List<ActionOutcome>>> devices = new ArrayList<>();
        for (Workspace device : List.of(onLaptop, onDesktop)) {
            devices.add(both.submit(() -> {
                start.await();
                List<ActionOutcome> cast = new ArrayList<>();
                for (int i = 0; i < votes; i++) {
                    cast.add(device.engine().elements().apply(Action.of(ActionType.VOTE_UP, Map.of("pin", "P1")),
                            new Actor("voter", "Voter"), Provenance.of(device == onLaptop ? "c-l" : "c-d", i, 0)));
                }
                return cast;
            }));
        }
        for (Future<List<ActionOutcome>> device : devices) {
            assertThat(device.get(120, TimeUnit.SECONDS)).extracting(ActionOutcome::result)
                    .containsOnly(ActionOutcome.Result.APPLIED);
        }
        assertThat(onLaptop.engine().elements().find("Plans").orElseThrow().topPins().getFirst().score())
                .isEqualTo(2 * votes);
        assertThat(onDesktop.store().list(TEAM)).isEmpty();

        CountDownLatch heard = new CountDownLatch(1);
        onDesktop.engine().subscribe(event -> {
            if (event instanceof LoopEvent.ElementRecorded element && element.elsewhere()) {
                heard.countDown();
            }
        });
        onDesktop.engine().hearOtherInstances();
        onDesktop.engine().elements().environment();
        onLaptop.engine().elements().apply(Action.of(ActionType.PIN, Map.of("text", "Bake on Sundays")),
                Actor.USER, Provenance.byHand());
        assertThat(heard.await(30, TimeUnit.SECONDS)).as("the desktop heard the laptop's pin").isTrue();
        assertThat(onDesktop.engine().elements().find("Plans").orElseThrow().topPins()).extracting(pin -> pin.text())
                .contains("Bake on Sundays");
    }
}
