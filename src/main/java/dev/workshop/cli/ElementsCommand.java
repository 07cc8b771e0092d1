package dev.workshop.cli;

import dev.workshop.cli.json.ElementJson;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.element.Action;
import dev.workshop.domain.element.ActionType;
import dev.workshop.domain.element.Actor;
import dev.workshop.domain.element.ElementKind;
import dev.workshop.domain.element.ElementState;
import dev.workshop.domain.element.Provenance;
import dev.workshop.orchestration.ActionOutcome;
import dev.workshop.orchestration.Elements;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code workshop elements …}: the shared elements (boards, pinboards, the rulebook, each agent's inbox) listed,
 * added, shown with their history, and acted on by the user, whose posts, pins and votes are actions like an
 * agent's.
 */
@Command(name = "elements", mixinStandardHelpOptions = true,
        description = "List, add, show and act on the shared elements: boards, pinboards, the rulebook, inboxes.")
final class ElementsCommand {
    @ParentCommand
    WorkshopCommand workshop;

    @Spec
    CommandSpec spec;

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List the elements.")
    int list(@Option(names = "--json", description = "A JSON array (otherwise a readable table).") boolean json) {
        try (Workspace workspace = Cli.openToRead(workshop, spec)) {
            PrintWriter out = spec.commandLine().getOut();
            // The placed elements first, then each agent's own.
            var elements = workspace.engine().elements().environment().elements().stream()
                    .sorted(java.util.Comparator.comparing(element -> element.kind().ownedByAnAgent())).toList();
            if (json) {
                ArrayNode array = new ObjectMapper().createArrayNode();
                elements.forEach(element -> array.add(ElementJson.summary(element)));
                out.println(array);
            } else {
                out.printf("%-14s  %-24s  %s%n", "KIND", "NAME", "STATE");
                elements.forEach(element -> out.printf("%-14s  %-24s  %s%n", element.kind().wireName(),
                        element.name(), ElementJson.glance(element)));
            }
        }
        return ExitCode.OK;
    }

    @Command(name = "add", mixinStandardHelpOptions = true, description = "Place a new element.")
    int add(@Option(names = "--kind", required = true, description = "board, pinboard or rulebook.") String kind,
            @Option(names = "--name", required = true, description = "A name no other element has.") String name,
            @Option(names = "--text", description = "A rulebook's rules.") String text) {
        ElementKind chosen = ElementKind.fromWireName(kind.strip().toLowerCase(Locale.ROOT));
        if (text != null && chosen != ElementKind.RULEBOOK) {
            throw new IllegalArgumentException("--text is a rulebook's rules; a " + chosen.wireName() + " takes none");
        }
        try (Workspace workspace = Cli.open(workshop, spec, WorkspaceOptions.DEFAULTS)) {
            Elements elements = workspace.engine().elements();
            var id = elements.create(chosen, name);
            if (text != null) {
                elements.writeRules(id.value(), text);
            }
            spec.commandLine().getOut().println(ElementJson.summary(elements.find(id.value()).orElseThrow()));
        }
        return ExitCode.OK;
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = "Show an element: its state and its history, each entry with where it came from.")
    int show(@Parameters(paramLabel = "NAME", description = "The element's name (or id).") String name,
             @Option(names = "--json", description = "One JSON object (otherwise readable text).") boolean json) {
        try (Workspace workspace = Cli.openToRead(workshop, spec)) {
            Elements elements = workspace.engine().elements();
            ElementState element = found(elements, name);
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                out.println(ElementJson.full(element, elements.history(element.id())));
            } else {
                out.println(dev.workshop.domain.element.Sentences.read(element));
                out.println();
                out.println("History:");
                elements.history(element.id()).forEach(change -> out.println("  " + change.at() + "  "
                        + dev.workshop.domain.element.Sentences.of(change) + "  (" + change.provenance().describe()
                        + ")"));
            }
        }
        return ExitCode.OK;
    }

    @Command(name = "post", mixinStandardHelpOptions = true, description = "Post on a message board, as you.")
    int post(@Parameters(paramLabel = "BOARD") String board, @Parameters(paramLabel = "TEXT") String text) {
        return act(ActionType.POST, Map.of("board", board, "text", text));
    }

    @Command(name = "pin", mixinStandardHelpOptions = true, description = "Put a pin up on a pinboard, as you.")
    int pin(@Parameters(paramLabel = "PINBOARD") String pinboard, @Parameters(paramLabel = "TEXT") String text) {
        return act(ActionType.PIN, Map.of("pinboard", pinboard, "text", text));
    }

    @Command(name = "vote", mixinStandardHelpOptions = true, description = "Vote a pin up or down, as you.")
    int vote(@Parameters(paramLabel = "PINBOARD") String pinboard, @Parameters(paramLabel = "PIN") String pin,
             @Parameters(paramLabel = "up|down") String direction) {
        ActionType type = switch (direction.strip().toLowerCase(Locale.ROOT)) {
            case "up" -> ActionType.VOTE_UP;
            case "down" -> ActionType.VOTE_DOWN;
            default -> throw new IllegalArgumentException("A vote is up or down, not \"" + direction + "\"");
        };
        return act(type, Map.of("pinboard", pinboard, "pin", pin));
    }

    @Command(name = "comment", mixinStandardHelpOptions = true, description = "Comment on a pin, as you.")
    int comment(@Parameters(paramLabel = "PINBOARD") String pinboard, @Parameters(paramLabel = "PIN") String pin,
                @Parameters(paramLabel = "TEXT") String text) {
        return act(ActionType.COMMENT, Map.of("pinboard", pinboard, "pin", pin, "text", text));
    }

    @Command(name = "keep", mixinStandardHelpOptions = true, description = "Keep a pin: votes no longer take it down.")
    int keep(@Parameters(paramLabel = "PINBOARD") String pinboard, @Parameters(paramLabel = "PIN") String pin) {
        return act(ActionType.KEEP, Map.of("pinboard", pinboard, "pin", pin));
    }

    @Command(name = "release", mixinStandardHelpOptions = true, description = "Release a kept pin.")
    int release(@Parameters(paramLabel = "PINBOARD") String pinboard, @Parameters(paramLabel = "PIN") String pin) {
        return act(ActionType.RELEASE, Map.of("pinboard", pinboard, "pin", pin));
    }

    @Command(name = "send", mixinStandardHelpOptions = true, description = "Leave a message in an agent's inbox.")
    int send(@Parameters(paramLabel = "AGENT") String agent, @Parameters(paramLabel = "TEXT") String text) {
        return act(ActionType.SEND, Map.of("to", agent, "text", text));
    }

    @Command(name = "rules", mixinStandardHelpOptions = true, description = "Write a rulebook's rules (all of them).")
    int rules(@Parameters(paramLabel = "RULEBOOK") String rulebook, @Parameters(paramLabel = "TEXT") String text) {
        try (Workspace workspace = Cli.open(workshop, spec, WorkspaceOptions.DEFAULTS)) {
            Elements elements = workspace.engine().elements();
            ElementState element = found(elements, rulebook);
            elements.writeRules(element.id(), text);
            spec.commandLine().getOut().println(ElementJson.summary(found(elements, element.id())));
        }
        return ExitCode.OK;
    }

    /** The user's action: its outcome as one JSON line; refused or rejected, said on stderr and exit code 2. */
    private int act(ActionType type, Map<String, String> arguments) {
        Action action = Action.of(type, new LinkedHashMap<>(arguments));
        try (Workspace workspace = Cli.open(workshop, spec, WorkspaceOptions.DEFAULTS)) {
            ActionOutcome outcome = workspace.engine().elements().apply(action, Actor.USER, Provenance.byHand());
            ObjectNode line = new ObjectMapper().createObjectNode().put("action", type.toolName())
                    .put("result", outcome.result().wireName()).put("said", outcome.sentence());
            outcome.element().ifPresent(element -> line.put("element", element));
            spec.commandLine().getOut().println(line);
            if (!outcome.applied()) {
                spec.commandLine().getErr().println("workshop: " + outcome.sentence());
                return ExitCode.USAGE;
            }
        }
        return ExitCode.OK;
    }

    private static ElementState found(Elements elements, String name) {
        return elements.find(name.strip()).orElseThrow(() -> new IllegalArgumentException("No element called \""
                + name.strip() + "\" (workshop elements list shows them)"));
    }
}
