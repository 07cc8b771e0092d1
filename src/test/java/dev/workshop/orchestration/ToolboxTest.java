package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.tool.OutsideTool;
import dev.workshop.domain.tool.ToolGrants;
import dev.workshop.domain.tool.ToolServer;
import dev.workshop.gateway.ToolServerException;
import dev.workshop.gateway.ToolServers;
import dev.workshop.store.ToolSettingsStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The toolbox's memory of a server that could not list its tools: said once, left out of the turns meanwhile, and
 * tried again once a few minutes have passed, so a server that was down at first comes in by itself.
 */
class ToolboxTest {
    private static final ToolServer LATE = ToolServer.stdio("late", "late-server", List.of(), Map.of());

    /** A server that cannot start the first {@code failures} times it is asked for its tools. */
    private static final class LateServer implements ToolServers {
        private final AtomicInteger asked = new AtomicInteger();
        private final int failures;

        LateServer(int failures) {
            this.failures = failures;
        }

        @Override
        public List<OutsideTool> tools(ToolServer server) throws ToolServerException {
            if (asked.incrementAndGet() <= failures) {
                throw new ToolServerException("Tool server late cannot start: its host cannot be found", false, null);
            }
            return List.of(new OutsideTool("late", "lookup", "", null, null));
        }

        @Override
        public ToolAnswer call(ToolServer server, String tool, String arguments, String key) {
            return new ToolAnswer("", false);
        }

        @Override
        public void close() {
        }
    }

    private static ToolSettingsStore oneServer() {
        return new ToolSettingsStore() {
            @Override
            public List<ToolServer> servers() {
                return List.of(LATE);
            }

            @Override
            public void saveServers(List<ToolServer> servers) {
            }

            @Override
            public ToolGrants grants() {
                return ToolGrants.NONE;
            }

            @Override
            public void saveGrants(ToolGrants grants) {
            }
        };
    }

    @Test
    void aServerThatCouldNotStartIsSaidOnceLeftOutAndTriedAgainAfterAFewMinutes() {
        AtomicLong now = new AtomicLong();
        Toolbox toolbox = new Toolbox(now::get);
        LateServer server = new LateServer(2);
        toolbox.use(server, oneServer());
        List<String> warnings = new ArrayList<>();
        AgentId ada = new AgentId("agent-ada");

        List<OutsideTool> first = toolbox.toolsFor(ada, warnings::add);
        List<OutsideTool> soon = toolbox.toolsFor(ada, warnings::add);
        now.addAndGet(Toolbox.RETRY_AFTER.toNanos());
        List<OutsideTool> later = toolbox.toolsFor(ada, warnings::add);
        now.addAndGet(Toolbox.RETRY_AFTER.toNanos());
        List<OutsideTool> back = toolbox.toolsFor(ada, warnings::add);

        assertThat(first).isEmpty();
        assertThat(soon).isEmpty();
        assertThat(later).isEmpty();
        assertThat(back).extracting(OutsideTool::name).containsExactly("lookup");
        assertThat(server.asked).hasValue(3);
        assertThat(warnings).containsExactly("Tool server late cannot start: its host cannot be found; its tools are"
                + " left out, and it is tried again in a few minutes");
    }
}
