package dev.workshop.cli.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.workshop.domain.element.ElementState;
import dev.workshop.orchestration.LoopEvent;
import dev.workshop.orchestration.Workspace;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;

/**
 * Workshop as an MCP server over stdio (docs/decisions/0029), so any MCP host can start it: the conversation tools,
 * the element actions, and the elements as resources a host may subscribe to. It drives conversations through the
 * workspace it was given, which holds the data directory's lock: one driver per conversation, as in the app.
 */
public final class WorkshopMcpServer {
    static final JacksonMcpJsonMapper MAPPER = new JacksonMcpJsonMapper(new ObjectMapper());

    private final Workspace workspace;
    private final String version;

    public WorkshopMcpServer(Workspace workspace, String version) {
        this.workspace = workspace;
        this.version = version;
    }

    /** Serves the host on {@code in} and {@code out} until it closes {@code in}. */
    public void serve(InputStream in, OutputStream out) throws InterruptedException {
        CountDownLatch hostGone = new CountDownLatch(1);
        ElementResources resources = new ElementResources(workspace.engine().elements());
        McpSyncServer server = McpServer.sync(new StdioServerTransportProvider(MAPPER, untilClosed(in, hostGone), out))
                .serverInfo("workshop", version)
                .instructions("Workshop runs conversations among LLM agents and keeps them safe across crashes."
                        + " Start one with start_conversation, follow it with read_conversation, and act on the"
                        + " shared boards and pinboards with the element tools.")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(true).resources(true, true).build())
                .tools(new ConversationTools(workspace).tools())
                .tools(new ElementTools(workspace.engine().elements()).tools())
                .resourceTemplates(resources.templates())
                .resources(resources.all().stream().map(resources::resource).toList())
                .build();
        Set<String> listed = ConcurrentHashMap.newKeySet();
        resources.all().forEach(element -> listed.add(ElementResources.uri(element)));
        workspace.engine().subscribe(event -> {
            if (event instanceof LoopEvent.ElementRecorded changed) {
                resources.all().stream().filter(element -> element.id().equals(changed.conversationId().value()))
                        .findFirst().ifPresent(element -> told(server, resources, listed, element));
            }
        });
        hostGone.await();
        server.closeGracefully();
    }

    /** A host that subscribed to the element is told it changed; a new element joins the list. */
    private static void told(McpSyncServer server, ElementResources resources, Set<String> listed,
                             ElementState element) {
        String uri = ElementResources.uri(element);
        if (listed.add(uri)) {
            server.addResource(resources.resource(element));
        }
        server.notifyResourcesUpdated(new McpSchema.ResourcesUpdatedNotification(uri));
    }

    /** {@code in}, counting down {@code closed} when the host closes it (its end of the pipe). */
    private static InputStream untilClosed(InputStream in, CountDownLatch closed) {
        return new FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                return ended(super.read());
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                return ended(super.read(buffer, offset, length));
            }

            private int ended(int read) {
                if (read < 0) {
                    closed.countDown();
                }
                return read;
            }

            @Override
            public void close() throws IOException {
                closed.countDown();
                super.close();
            }
        };
    }
}
