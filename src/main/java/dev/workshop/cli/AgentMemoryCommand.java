package dev.workshop.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.element.ElementEvent;
import dev.workshop.domain.element.ElementKind;
import dev.workshop.domain.element.ElementState;
import dev.workshop.domain.element.Entry;
import dev.workshop.orchestration.Workspace;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code workshop agents memory NAME}: what an agent remembers (its memory blocks, the summary of its recent
 * interactions, its notes) and what waits in its inbox.
 */
@Command(name = "memory", mixinStandardHelpOptions = true,
        description = "Show an agent's memory: its notes, and what waits in its inbox.")
final class AgentMemoryCommand implements Callable<Integer> {
    @ParentCommand
    private AgentsCommand agents;

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "NAME", description = "The agent's name or id.")
    private String name;

    @Option(names = "--json", description = "One JSON object (otherwise readable text).")
    private boolean json;

    @Override
    public Integer call() {
        try (Workspace workspace = Cli.openToRead(agents.workshop, spec)) {
            AgentDefinition agent = workspace.agents().findByIdOrName(name.strip()).orElseThrow(() ->
                    new IllegalArgumentException("No agent named or with id \"" + name.strip() + "\""));
            List<ElementState> own = workspace.engine().elements().environment().elements().stream()
                    .filter(element -> element.owner().filter(agent.id().value()::equals).isPresent()).toList();
            List<Entry> notes = entries(own, ElementKind.MEMORY);
            Optional<ElementState> memory = own.stream().filter(element -> element.kind() == ElementKind.MEMORY)
                    .findFirst();
            List<ElementEvent.BlockWritten> blocks = memory.map(ElementState::blocks).orElse(List.of());
            String summary = memory.map(ElementState::summary).orElse("");
            List<Entry> inbox = entries(own, ElementKind.INBOX);
            int unread = own.stream().filter(element -> element.kind() == ElementKind.INBOX)
                    .mapToInt(ElementState::unread).sum();
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                ObjectNode node = new ObjectMapper().createObjectNode().put("agent_id", agent.id().value())
                        .put("name", agent.name()).put("unread", unread).put("summary", summary);
                var blocksNode = node.putArray("blocks");
                blocks.forEach(block -> blocksNode.addObject().put("label", block.label()).put("text", block.text())
                        .put("limit", block.limit()));
                var notesNode = node.putArray("notes");
                notes.forEach(note -> notesNode.addObject().put("number", note.number()).put("text", note.text())
                        .put("at", note.at().toString()));
                var inboxNode = node.putArray("inbox");
                inbox.forEach(letter -> inboxNode.addObject().put("number", letter.number())
                        .put("from", letter.author().name()).put("text", letter.text()));
                out.println(node);
            } else {
                blocks.forEach(block -> out.println("[" + block.label() + "] (" + block.text().length() + " of "
                        + block.limit() + " characters) " + block.text()));
                if (!summary.isBlank()) {
                    out.println("Recent interactions, in short: " + summary);
                }
                out.println(agent.name() + (notes.isEmpty() ? " has no notes yet." : "'s notes:"));
                notes.forEach(note -> out.println("  " + note.number() + ". " + note.text()));
                out.println("Inbox: " + inbox.size() + " message" + (inbox.size() == 1 ? "" : "s") + ", " + unread
                        + " unread");
                inbox.forEach(letter -> out.println("  from " + letter.author().name() + ": " + letter.text()));
            }
        }
        return ExitCode.OK;
    }

    private static List<Entry> entries(List<ElementState> own, ElementKind kind) {
        return own.stream().filter(element -> element.kind() == kind).flatMap(element -> element.entries().stream())
                .toList();
    }
}
