package dev.workshop.cli;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.Lifecycle;
import dev.workshop.orchestration.ConversationEngine;
import dev.workshop.orchestration.LoopEvent;
import dev.workshop.orchestration.Workspace;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code workshop run}: one conversation, from its first turn to its end, as JSON lines. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run one conversation to its end, printing one JSON event per line.")
final class RunCommand extends LoopCommand {
    @Option(names = "--agents", required = true, split = ",", paramLabel = "AGENT",
            description = "Agents by name or id, in speaking order; one agent makes it a task.")
    private List<String> agentNames;

    @Option(names = "--prompt", required = true, paramLabel = "TEXT", description = "The task.")
    private String prompt;

    @Option(names = "--max-turns", paramLabel = "N", description = "Turns to take (default: 6).")
    private Integer maxTurns;

    @Override
    public Integer call() throws InterruptedException {
        try (Workspace workspace = openForLoops()) {
            List<AgentId> agents = new ArrayList<>();
            for (String name : agentNames) {
                agents.add(workspace.agents().findByIdOrName(name.strip()).map(AgentDefinition::id)
                        .orElseThrow(() -> new IllegalArgumentException("No agent named or with id \"" + name.strip()
                                + "\" (see 'workshop agents list')")));
            }
            ConversationEngine bridge = workspace.engine();
            // How it ended, as its loop said: a team server that is still away cannot be asked afterwards.
            java.util.Map<ConversationId, ConversationStatus> ends = new java.util.concurrent.ConcurrentHashMap<>();
            bridge.subscribe(event -> {
                if (event instanceof LoopEvent.Ended ended) {
                    ends.put(ended.conversationId(), ended.shownStatus());
                }
            });
            OptionalInt turns = maxTurns == null ? OptionalInt.empty() : OptionalInt.of(maxTurns);
            ConversationId id = agents.size() == 1 ? bridge.assignTask(agents.getFirst(), prompt, turns)
                    : bridge.startConversation(agents, prompt, turns);
            bridge.awaitAll();
            ConversationStatus status = ends.containsKey(id) ? ends.get(id)
                    : Lifecycle.shown(workspace.store().state(workspace.tenant(), id).orElseThrow());
            return status == ConversationStatus.COMPLETED ? ExitCode.OK : ExitCode.CONVERSATION_NOT_COMPLETED;
        }
    }
}
