package dev.workshop.gateway.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.tool.OutsideTool;
import dev.workshop.domain.tool.ToolSecret;
import dev.workshop.domain.tool.ToolServer;
import dev.workshop.gateway.SecretStore;
import dev.workshop.gateway.ToolServerException;
import dev.workshop.gateway.ToolServers;
import dev.workshop.testing.mcp.StreamableHttpToolServer;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The MCP client over streamable HTTP against a real HTTP server speaking the protocol: a header's secret reference
 * becomes its value on the wire only, and a refusal's sentence never holds it.
 */
class McpHttpToolServersTest {
    private static final String CANARY = "Bearer canary-7f3e9b1c";

    private StreamableHttpToolServer http;
    private McpToolServers servers;

    @BeforeEach
    void start() throws Exception {
        http = new StreamableHttpToolServer(CANARY);
        SecretStore kept = new SecretStore() {
            @Override
            public Optional<String> key(AgentId agent) {
                return agent.equals(ToolSecret.storeId("web/Authorization")) ? Optional.of(CANARY) : Optional.empty();
            }

            @Override
            public void keep(AgentId agent, String agentName, String key) {
            }

            @Override
            public void forget(AgentId agent) {
            }
        };
        servers = new McpToolServers(new SecretReferences(kept, name -> null));
    }

    @AfterEach
    void stop() {
        servers.close();
        http.close();
    }

    @Test
    void listsAndCallsOverStreamableHttpWithTheSecretResolvedOnTheWireOnly() throws Exception {
        ToolServer web = ToolServer.http("web", http.url(), Map.of("Authorization",
                ToolSecret.reference("web/Authorization")));

        List<OutsideTool> tools = servers.tools(web);
        ToolServers.ToolAnswer answer = servers.call(web, "echo", "{\"text\":\"hello\"}", "key-1");

        assertThat(tools).extracting(OutsideTool::functionName).containsExactly("web__echo");
        assertThat(tools.getFirst().hints().readOnly()).isTrue();
        assertThat(answer.text()).isEqualTo("echo: hello");
        assertThat(http.authorizations).contains(CANARY);
        assertThat(web.where()).doesNotContain("canary");
    }

    @Test
    void aRefusedKeyIsToldWithoutTheKeyAndAMissingSecretIsNamed() {
        ToolServer wrong = ToolServer.http("web", http.url(), Map.of("Authorization", "Bearer canary-wrong-41"));
        ToolServer missing = ToolServer.http("other", http.url(), Map.of("Authorization",
                ToolSecret.reference("other/Authorization")));

        assertThatThrownBy(() -> servers.tools(wrong)).isInstanceOf(ToolServerException.class)
                .hasMessageStartingWith("Tool server web cannot start")
                .satisfies(failed -> assertThat(failed.getMessage()).doesNotContain("canary"));
        assertThatThrownBy(() -> servers.tools(missing)).isInstanceOf(ToolServerException.class)
                .hasMessage("Tool server other cannot start: the secret other/Authorization is not in the secret"
                        + " store");
    }

    @Test
    void callsTheSdksOwnStreamableHttpServerOnceWithItsKey() throws Exception {
        try (dev.workshop.testing.mcp.SdkHttpToolServer sdk = new dev.workshop.testing.mcp.SdkHttpToolServer()) {
            ToolServer server = ToolServer.http("sdk", sdk.url(), Map.of());

            List<OutsideTool> tools = servers.tools(server);
            ToolServers.ToolAnswer answer = servers.call(server, "record", "{\"text\":\"once\"}", "key-9");

            assertThat(tools).extracting(OutsideTool::name).containsExactly("record");
            assertThat(tools.getFirst().hints().safeToRepeat()).isFalse();
            assertThat(answer).isEqualTo(new ToolServers.ToolAnswer("recorded", false));
            assertThat(sdk.executions).containsExactly("once key-9");
        }
    }
}
