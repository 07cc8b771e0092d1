package dev.workshop.gateway;

import dev.workshop.domain.tool.OutsideTool;
import dev.workshop.domain.tool.ToolServer;
import java.util.List;

/**
 * The outside tool servers (Model Context Protocol servers) Workshop's agents call: started when first needed,
 * kept running, closed with Workshop.
 */
public interface ToolServers extends AutoCloseable {
    /** The tools {@code server} offers, starting it when it is not running. */
    List<OutsideTool> tools(ToolServer server) throws ToolServerException;

    /**
     * Sends one call and waits for its answer, at most the server's timeout; a server that died is started again
     * once. {@code idempotencyKey} goes with the call in {@code _meta}, the same each time the call is sent.
     */
    ToolAnswer call(ToolServer server, String tool, String arguments, String idempotencyKey)
            throws ToolServerException;

    /** Stops every server started. */
    @Override
    void close();

    /** What a call answered: its text, and whether the tool said it failed. */
    record ToolAnswer(String text, boolean error) {
    }
}
