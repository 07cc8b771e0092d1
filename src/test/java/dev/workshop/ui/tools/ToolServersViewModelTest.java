package dev.workshop.ui.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.Wiring;
import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.tool.OutsideTool;
import dev.workshop.domain.tool.ToolPolicy;
import dev.workshop.domain.tool.ToolServer;
import dev.workshop.orchestration.Workspace;
import dev.workshop.testing.mcp.CountingToolServer;
import dev.workshop.ui.fx.Background;
import dev.workshop.ui.fx.FxExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Settings → Tool servers against a real data directory and a real MCP server: saved to {@code mcp.json}, tested
 * (its tools, or why it cannot start), each agent's policies and servers, grants revoked.
 */
class ToolServersViewModelTest {
    @TempDir
    Path dir;

    private Workspace workspace;
    private ToolServersViewModel model;

    @BeforeEach
    void open() {
        workspace = Wiring.openWorkspace(dir);
        model = new ToolServersViewModel(workspace.engine().calls().toolbox(), workspace.agentDirectory(),
                FxExecutor.direct(), Background.direct());
    }

    @AfterEach
    void close() {
        workspace.close();
    }

    private String countingCommandLine() {
        Map.Entry<String, List<String>> command = CountingToolServer.command(dir.resolve("executions.txt"), "");
        return command.getKey() + " " + String.join(" ", command.getValue());
    }

    @Test
    void aServerSavedFromTheFormIsKeptInMcpJsonAndItsTestListsItsTools() throws Exception {
        model.save("files", countingCommandLine(), "LOG_LEVEL=quiet", false, 20);
        ToolServer saved = model.servers().getFirst();

        model.test(saved);

        assertThat(saved.env()).containsEntry("LOG_LEVEL", "quiet");
        assertThat(saved.timeout().toSeconds()).isEqualTo(20);
        assertThat(Files.readString(dir.resolve("mcp.json"))).contains("\"mcpServers\"").contains("\"files\"");
        assertThat(model.tested()).extracting(OutsideTool::name).contains("lookup", "append_line");
        assertThat(model.reportProperty().get()).startsWith("files offers 7 tools: lookup");
    }

    @Test
    void aServerThatCannotStartSaysWhyAndBadValuesAreNotSaved() {
        model.save("ghost", "no-such-server-here --stdio", "", false, 5);
        model.test(model.servers().getFirst());
        String why = model.reportProperty().get();
        model.save("broken", "true", "NO EQUALS SIGN", false, 5);

        assertThat(why).isEqualTo("Tool server ghost cannot start: no-such-server-here was not found");
        assertThat(model.tested()).isEmpty();
        assertThat(model.reportProperty().get()).isEqualTo("Not saved: line 1 of the values is not NAME=VALUE");
        assertThat(model.servers()).extracting(ToolServer::name).containsExactly("ghost");
    }

    @Test
    void anAgentsPoliciesAndServersAreKeptAndAGrantIsRevoked() {
        model.save("files", countingCommandLine(), "", false, 20);
        model.save("web", "https://example.com/mcp", "Authorization=Bearer x", false, 20);
        AgentDefinition ada = model.agents().getFirst();
        OutsideTool lookup = new OutsideTool("files", "lookup", "", null, null);

        model.setPolicy(ada, lookup, ToolPolicy.ALLOW);
        model.setMayUse(ada, model.servers().get(1), false);

        assertThat(model.policy(ada, lookup)).isEqualTo(ToolPolicy.ALLOW);
        assertThat(model.grants()).extracting(grant -> model.agentName(grant.agentId()) + " " + grant.tool())
                .containsExactly(ada.name() + " files/lookup");
        assertThat(model.mayUse(ada, model.servers().get(0))).isTrue();
        assertThat(model.mayUse(ada, model.servers().get(1))).isFalse();
        assertThat(model.servers().get(1).headers()).containsEntry("Authorization", "Bearer x");

        model.revoke(model.grants().getFirst());

        assertThat(model.grants()).isEmpty();
        assertThat(model.policy(ada, lookup)).isEqualTo(ToolPolicy.ASK);
        assertThat(model.reportProperty().get()).isEqualTo("Revoked: " + ada.name() + "'s calls of files/lookup ask"
                + " first again");
    }

    @Test
    void secretValuesGoToTheSecretStoreAndTheFileHoldsOnlyTheirNames() throws Exception {
        java.util.Map<String, String> store = new java.util.HashMap<>();
        workspace.engine().calls().toolbox().keepSecretsIn(new dev.workshop.gateway.SecretStore() {
            @Override
            public java.util.Optional<String> key(dev.workshop.domain.agent.AgentId agent) {
                return java.util.Optional.ofNullable(store.get(agent.value()));
            }

            @Override
            public void keep(dev.workshop.domain.agent.AgentId agent, String agentName, String key) {
                store.put(agent.value(), key);
            }

            @Override
            public void forget(dev.workshop.domain.agent.AgentId agent) {
                store.remove(agent.value());
            }
        });

        model.save("web", "https://example.com/mcp", "Authorization=Bearer canary-5d1e2a", true, 20);

        assertThat(store).containsEntry("tool-secret/web/Authorization", "Bearer canary-5d1e2a");
        assertThat(model.servers().getFirst().headers()).containsEntry("Authorization",
                "${secret:web/Authorization}");
        try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                assertThat(new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1))
                        .as(file.toString()).doesNotContain("canary-5d1e2a");
            }
        }
    }
}
