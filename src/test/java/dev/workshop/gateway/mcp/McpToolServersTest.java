package dev.workshop.gateway.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.workshop.domain.tool.OutsideTool;
import dev.workshop.domain.tool.ToolHints;
import dev.workshop.domain.tool.ToolServer;
import dev.workshop.gateway.ToolServerException;
import dev.workshop.gateway.ToolServers;
import dev.workshop.testing.mcp.CountingToolServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The MCP client against a real MCP server (the SDK's, a child process over stdio) and against ones that fail. */
class McpToolServersTest {
    @TempDir
    Path dir;

    private final McpToolServers servers = new McpToolServers(value -> value);

    @AfterEach
    void close() {
        servers.close();
    }

    private ToolServer counting(String mode, Duration timeout) {
        Map.Entry<String, List<String>> command = CountingToolServer.command(dir.resolve("executions.txt"), mode);
        return ToolServer.stdio("counting", command.getKey(), command.getValue(), Map.of()).withTimeout(timeout);
    }

    @Test
    void listsAServersToolsWithTheirHintsAndCallsOneOnceWithItsKey() throws Exception {
        ToolServer server = counting("", Duration.ofSeconds(20));

        List<OutsideTool> tools = servers.tools(server);
        ToolServers.ToolAnswer answer = servers.call(server, "lookup", "{\"text\":\"otter\"}", "key-1");

        assertThat(tools).extracting(OutsideTool::name)
                .containsExactly("lookup", "append_line", "set_flag", "hang", "die", "slow_lookup", "slow_append");
        assertThat(tools).filteredOn(tool -> tool.name().equals("lookup")).extracting(OutsideTool::hints)
                .containsExactly(new ToolHints(true, false, false));
        assertThat(tools).filteredOn(tool -> tool.name().equals("set_flag")).first()
                .satisfies(tool -> assertThat(tool.hints().safeToRepeat()).isTrue());
        assertThat(tools).filteredOn(tool -> tool.name().equals("append_line")).first()
                .satisfies(tool -> assertThat(tool.hints().safeToRepeat()).isFalse());
        assertThat(tools.getFirst().functionName()).isEqualTo("counting__lookup");
        assertThat(answer).isEqualTo(new ToolServers.ToolAnswer("lookup did otter", false));
        assertThat(CountingToolServer.executions(dir.resolve("executions.txt")))
                .containsExactly("lookup key-1 {text=otter}");
    }

    @Test
    void aCommandThatIsNotThereIsNamed() {
        ToolServer server = ToolServer.stdio("ghost", "no-such-mcp-server-anywhere", List.of(), Map.of());

        assertThatThrownBy(() -> servers.tools(server)).isInstanceOf(ToolServerException.class)
                .hasMessage("Tool server ghost cannot start: no-such-mcp-server-anywhere was not found");
    }

    @Test
    void aServerThatExitsAtStartIsToldWithTheLastLineItWroteToStderr() {
        assertThatThrownBy(() -> servers.tools(counting("exit", Duration.ofSeconds(20))))
                .isInstanceOf(ToolServerException.class)
                .hasMessage("Tool server counting cannot start: it exited, saying: fatal: the database file is missing");
    }

    @Test
    void aServerThatSendsGarbageIsGivenUpOnWithinItsTimeout() {
        assertThatThrownBy(() -> servers.tools(counting("garbage", Duration.ofSeconds(2))))
                .isInstanceOf(ToolServerException.class)
                .hasMessageStartingWith("Tool server counting cannot start: ")
                .satisfies(failed -> assertThat(((ToolServerException) failed).sent()).isFalse());
    }

    @Test
    void aCallThatHangsEndsAfterTheServersTimeoutAsSentWithoutAnAnswer() throws Exception {
        ToolServer server = counting("", Duration.ofSeconds(2));
        servers.tools(server);

        assertThatThrownBy(() -> servers.call(server, "hang", "{}", "key-h"))
                .isInstanceOf(ToolServerException.class)
                .hasMessage("Tool server counting did not answer hang within 2 s")
                .satisfies(failed -> assertThat(((ToolServerException) failed).sent()).isTrue());
    }

    @Test
    void aServerThatDiesMidCallLeavesItSentAndIsStartedAgainForTheNextCall() throws Exception {
        ToolServer server = counting("", Duration.ofSeconds(20));
        servers.tools(server);

        assertThatThrownBy(() -> servers.call(server, "die", "{}", "key-d"))
                .isInstanceOf(ToolServerException.class)
                .hasMessage("Tool server counting exited while answering die, saying: dying on purpose")
                .satisfies(failed -> assertThat(((ToolServerException) failed).sent()).isTrue());
        ToolServers.ToolAnswer after = servers.call(server, "lookup", "{\"text\":\"again\"}", "key-2");

        assertThat(after.text()).isEqualTo("lookup did again");
        assertThat(CountingToolServer.executions(dir.resolve("executions.txt"))).hasSize(2);
    }
}
