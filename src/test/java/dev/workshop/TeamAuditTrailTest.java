package dev.workshop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.audit.AuditAction;
import dev.workshop.domain.audit.AuditEntry;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.orchestration.LoopSettings;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.store.Conversations;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a team server the audit trail is the team's (docs/decisions/0030): every device adds to one chain, which holds
 * when two write at the same moment, each reads what the other did, and an erase leaves its receipt there under the
 * team's subject with the id taken out of the earlier entries.
 */
@dev.workshop.testing.Slow
class TeamAuditTrailTest {
    private static final TenantId TEAM = new TenantId("team-audit");
    @org.junit.jupiter.api.extension.RegisterExtension
    static final dev.workshop.store.jdbc.team.EmbeddedTeamServer SERVER =
            new dev.workshop.store.jdbc.team.EmbeddedTeamServer();
    @TempDir
    Path laptopDir;
    @TempDir
    Path desktopDir;
    private WorkspaceOptions options;
    private Workspace laptop;
    private Workspace desktop;
    private final ExecutorService both = Executors.newFixedThreadPool(2);

    @BeforeEach
    void open() {
        options = new WorkspaceOptions(1, LoopSettings.DEFAULTS, TEAM, false, Optional.of(SERVER.url()));
        laptop = Wiring.openWorkspace(laptopDir, options);
        desktop = Wiring.openWorkspace(desktopDir, options);
    }

    @AfterEach
    void close() {
        both.shutdownNow();
        laptop.close();
        desktop.close();
    }

    @Test
    void twoDevicesWriteOneChainThatHoldsAndAnEraseLeavesItsReceiptInIt() throws Exception {
        ConversationId id = new ConversationId("audited-on-the-team");
        laptop.store().append(TEAM, id, 0, List.of(Conversations.started(4)));
        int renames = 10;
        CyclicBarrier start = new CyclicBarrier(2);
        List<Future<?>> devices = new ArrayList<>();
        for (Workspace device : List.of(laptop, desktop)) {
            devices.add(both.submit(() -> {
                start.await();
                for (int i = 0; i < renames; i++) {
                    device.audit().record(AuditEntry.draft(java.time.Instant.now(), device == laptop ? "laptop"
                                    : "desktop", "kim", AuditAction.RENAMED, Optional.of(id.value()), "",
                            Map.of("turns", 0L)));
                }
                return null;
            }));
        }
        for (Future<?> device : devices) {
            device.get(60, TimeUnit.SECONDS);
        }
        laptop.engine().rename(id, "A new name");
        laptop.audit(); // waits for the trail to take what the engine recorded

        List<AuditEntry> seen = desktop.activity(id);
        assertThat(seen).extracting(AuditEntry::device).contains("laptop", "desktop");
        assertThat(seen).filteredOn(entry -> entry.action() == AuditAction.RENAMED).hasSize(2 * renames + 1);
        assertThat(desktop.audit().verify().holds()).isTrue();
        assertThat(seen).extracting(AuditEntry::number).doesNotHaveDuplicates();

        laptop.erase(List.of(id));
        laptop.close();
        laptop = Wiring.openWorkspace(laptopDir, options);

        List<AuditEntry> all = desktop.audit().read(Optional.empty(), Optional.empty());
        assertThat(all).filteredOn(entry -> entry.action() == AuditAction.ERASED).singleElement()
                .satisfies(receipt -> assertThat(receipt.subject()).isEqualTo(desktop.audit().keyedHash(id.value())));
        assertThat(all).allSatisfy(entry -> assertThat(entry.conversation()).isEmpty());
        assertThat(desktop.audit().verify().holds()).as("the chain holds once the ids are out").isTrue();
    }
}
