package dev.workshop.cli;

import dev.workshop.orchestration.LoopSettings;
import dev.workshop.orchestration.WorkspaceOptions;
import picocli.CommandLine.Option;

/** Options of the commands that run conversation loops. */
final class LoopOptions {
    @Option(names = "--offline-delay-ms", paramLabel = "MS", defaultValue = "300",
            description = "How long the offline provider takes per reply (default: ${DEFAULT-VALUE}).")
    private long offlineDelayMillis;

    @Option(names = "--stream", description = "Also print a token event for each streamed token.")
    private boolean stream;

    @Option(names = "--context-window", paramLabel = "N", defaultValue = "8",
            description = "How many recent messages each prompt carries (default: ${DEFAULT-VALUE}); the full "
                    + "history stays stored.")
    private int contextWindow;

    @Option(names = "--max-tool-calls", paramLabel = "N", defaultValue = "" + LoopSettings.DEFAULT_TOOL_CALLS,
            description = "Most tool calls an agent's turn may make on the shared elements before it must answer"
                    + " (default: ${DEFAULT-VALUE}; 0: no tools, markers only).")
    private int maxToolCalls;

    @Option(names = "--tool-policy", paramLabel = "POLICY", defaultValue = "grants",
            description = "How agents' calls of outside tools (MCP servers) run: grants (each agent's grants decide;"
                    + " a call they leave to ask waits for 'workshop approve'), ask, allow or never (default:"
                    + " ${DEFAULT-VALUE}).")
    private String toolPolicy;

    /** The policy over every outside call of this run; empty: the grants decide. */
    java.util.Optional<dev.workshop.domain.tool.ToolPolicy> toolPolicy() {
        return toolPolicy.equals("grants") ? java.util.Optional.empty()
                : java.util.Optional.of(dev.workshop.domain.tool.ToolPolicy.fromWireName(toolPolicy));
    }

    /** The workspace options these flags ask for. */
    WorkspaceOptions workspaceOptions() {
        if (contextWindow < 1) {
            throw new IllegalArgumentException("--context-window must be at least 1, was " + contextWindow);
        }
        if (maxToolCalls < 0) {
            throw new IllegalArgumentException("--max-tool-calls must not be negative, was " + maxToolCalls);
        }
        return new WorkspaceOptions(offlineDelayMillis, LoopSettings.DEFAULTS.withMessageWindow(contextWindow)
                .withMaxToolCalls(maxToolCalls));
    }

    boolean stream() {
        return stream;
    }
}
