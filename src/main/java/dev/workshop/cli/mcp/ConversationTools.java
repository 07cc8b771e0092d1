package dev.workshop.cli.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Lifecycle;
import dev.workshop.domain.conversation.Transcript;
import dev.workshop.orchestration.ConversationEngine;
import dev.workshop.orchestration.Workspace;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;

/**
 * The conversation tools of {@code workshop mcp}: list, read, start and continue. A start with the host's idempotency
 * key starts the conversation under an id made from the key, so a host that sends it again gets the same
 * conversation, not a second one.
 */
final class ConversationTools {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The longest a call waits for a conversation to stop running. */
    private static final int MAX_WAIT_SECONDS = 120;

    private final Workspace workspace;
    private final ConversationEngine engine;

    ConversationTools(Workspace workspace) {
        this.workspace = workspace;
        this.engine = workspace.engine();
    }

    List<SyncToolSpecification> tools() {
        return List.of(
                tool("list_conversations", "List the conversations, the most recently active first.",
                        "{\"type\":\"object\",\"properties\":{}}", ToolResults.hints(true, true, false),
                        arguments -> ToolResults.json(list()), false),
                tool("read_conversation", "Read a conversation: its status and every message.",
                        "{\"type\":\"object\",\"properties\":{\"conversation_id\":{\"type\":\"string\"}},"
                                + "\"required\":[\"conversation_id\"]}", ToolResults.hints(true, true, false),
                        arguments -> ToolResults.json(read(conversation(arguments))), false),
                tool("start_conversation", "Start a conversation among agents (one agent: a task) and run it.",
                        "{\"type\":\"object\",\"properties\":{\"agents\":{\"type\":\"array\",\"items\":{\"type\":"
                                + "\"string\"},\"description\":\"The agents' names.\"},\"task\":{\"type\":\"string\"},"
                                + "\"max_turns\":{\"type\":\"integer\"},\"wait_seconds\":{\"type\":\"integer\","
                                + "\"description\":\"How long to wait for it to stop running (0 to 120).\"}},"
                                + "\"required\":[\"agents\",\"task\"]}", ToolResults.hints(false, false, false),
                        null, true),
                tool("continue_conversation", "Go on with a conversation: your message when it waits for you, a"
                                + " follow-up when it ended, or a resume when it was interrupted.",
                        "{\"type\":\"object\",\"properties\":{\"conversation_id\":{\"type\":\"string\"},"
                                + "\"message\":{\"type\":\"string\"},\"wait_seconds\":{\"type\":\"integer\"}},"
                                + "\"required\":[\"conversation_id\"]}", ToolResults.hints(false, false, false),
                        arguments -> continued(arguments), false));
    }

    private SyncToolSpecification tool(String name, String description, String schema,
                                       McpSchema.ToolAnnotations hints,
                                       java.util.function.Function<Map<String, Object>, McpSchema.CallToolResult> work,
                                       boolean start) {
        McpSchema.Tool tool = McpSchema.Tool.builder().name(name).description(description)
                .inputSchema(WorkshopMcpServer.MAPPER, schema).annotations(hints).build();
        return new SyncToolSpecification(tool, (exchange, request) -> ToolResults.answering(request,
                arguments -> start ? started(arguments, ToolResults.idempotencyKey(request)) : work.apply(arguments)));
    }

    private ArrayNode list() {
        ArrayNode array = JSON.createArrayNode();
        engine.conversations().forEach(state -> array.add(row(state)));
        return array;
    }

    private static ObjectNode row(ConversationState state) {
        return JSON.createObjectNode().put("conversation_id", state.id().value()).put("title", state.title())
                .put("status", Lifecycle.shown(state).wireName()).put("cause", state.statusCause().wireName())
                .put("turns", state.turnCount());
    }

    private ObjectNode read(ConversationId id) {
        ConversationState state = engine.state(id).orElseThrow();
        ObjectNode node = row(state).put("task", state.task().orElse("")).put("reason", state.statusReason());
        ArrayNode messages = node.putArray("messages");
        Transcript.of(engine.history(id)).messages().forEach(message -> messages.addObject()
                .put("turn", message.turnIndex() + 1).put("speaker", message.speakerName())
                .put("text", message.content()));
        return node;
    }

    private McpSchema.CallToolResult started(Map<String, Object> arguments, Optional<String> key) {
        List<AgentId> agents = new ArrayList<>();
        for (String name : names(arguments.get("agents"))) {
            agents.add(workspace.agents().findByIdOrName(name).map(AgentDefinition::id).orElseThrow(() ->
                    new IllegalArgumentException("There is no agent \"" + name + "\"")));
        }
        String task = ToolResults.text(arguments, "task");
        OptionalInt turns = arguments.containsKey("max_turns")
                ? OptionalInt.of(ToolResults.number(arguments, "max_turns", 0, 10_000)) : OptionalInt.empty();
        ConversationId id = key.map(k -> new ConversationId(UUID.nameUUIDFromBytes(("mcp:" + k)
                .getBytes(StandardCharsets.UTF_8)).toString())).orElseGet(ConversationId::random);
        if (key.isPresent() && engine.state(id).isPresent()) {
            // Sent again by the host: the conversation its first sending started.
            return ToolResults.json(waited(id, arguments).put("already_started", true));
        }
        if (agents.size() == 1) {
            engine.assignTask(id, agents.getFirst(), task, turns);
        } else {
            engine.startConversation(id, agents, task, turns);
        }
        return ToolResults.json(waited(id, arguments));
    }

    private McpSchema.CallToolResult continued(Map<String, Object> arguments) {
        ConversationId id = conversation(arguments);
        Optional<String> message = ToolResults.optionalText(arguments, "message");
        ConversationState state = engine.state(id).orElseThrow();
        if (message.isPresent()) {
            engine.message(id, message.get());
        } else if (Lifecycle.allows(state, Lifecycle.Command.RETRY)) {
            engine.retry(id);
        } else if (ConversationEngine.canResume(state)) {
            engine.resume(id);
        } else {
            throw new IllegalStateException("Conversation " + id + " is " + Lifecycle.shown(state).wireName()
                    + (state.status() == ConversationStatus.WAITING ? ": it waits for a message" : "")
                    + "; give a message to follow it up");
        }
        return ToolResults.json(waited(id, arguments));
    }

    /** Waits as asked for the conversation to stop running; then where it stands. */
    private ObjectNode waited(ConversationId id, Map<String, Object> arguments) {
        int seconds = ToolResults.number(arguments, "wait_seconds", 0, MAX_WAIT_SECONDS);
        if (seconds > 0) {
            try {
                engine.await(id, Duration.ofSeconds(seconds));
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        return row(engine.state(id).orElseThrow()).put("running", engine.isRunning(id));
    }

    private ConversationId conversation(Map<String, Object> arguments) {
        String given = ToolResults.text(arguments, "conversation_id");
        List<ConversationState> matching = engine.conversations().stream()
                .filter(state -> state.id().value().startsWith(given)).toList();
        if (matching.size() != 1) {
            throw new IllegalArgumentException(matching.isEmpty() ? "There is no conversation " + given
                    : given + " names " + matching.size() + " conversations; give more of the id");
        }
        return matching.getFirst().id();
    }

    private static List<String> names(Object agents) {
        List<String> names = agents instanceof List<?> list ? list.stream().map(String::valueOf).toList()
                : agents == null ? List.of() : Arrays.asList(agents.toString().split(","));
        List<String> stripped = names.stream().map(String::strip).filter(name -> !name.isEmpty()).toList();
        if (stripped.isEmpty()) {
            throw new IllegalArgumentException("'agents' names at least one agent");
        }
        return stripped;
    }
}
