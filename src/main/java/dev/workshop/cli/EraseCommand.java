package dev.workshop.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.retention.ErasureReceipt;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code workshop erase ID… | --member NAME}: conversations erased for good, from every place Workshop wrote them,
 * with a receipt (docs/decisions/0031). Unlike {@code delete}, there is no undo.
 */
@Command(name = "erase", mixinStandardHelpOptions = true,
        description = {"Erase conversations for good: their messages, what they did to shared elements, their held"
                + " branches, snapshots and drafts go from every place Workshop wrote them, and they are never written"
                + " again. There is no undo (delete has one). Prints a receipt without personal data.",
                "The audit trail keeps the receipt: 'workshop audit' lists it."})
final class EraseCommand implements Callable<Integer> {
    @ParentCommand
    private WorkshopCommand workshop;

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "ID", description = "The conversation ids, or their first characters (at least 4).")
    private List<String> ids = List.of();

    @Option(names = "--member", paramLabel = "NAME",
            description = "Every conversation this person took part in (by the name they took part under; You on the"
                    + " desktop).")
    private String member;

    @Option(names = "--dry-run", description = "List what would be erased, and erase nothing.")
    private boolean dryRun;

    @Option(names = "--json", description = "The receipt as JSON (otherwise readable lines).")
    private boolean json;

    @Override
    public Integer call() throws InterruptedException {
        if (ids.isEmpty() == (member == null)) {
            throw new IllegalArgumentException("Name the conversations to erase: their ids, or --member NAME (not"
                    + " both)");
        }
        PrintWriter out = spec.commandLine().getOut();
        List<ConversationState> chosen;
        try (Workspace workspace = Cli.open(workshop, spec, WorkspaceOptions.DEFAULTS)) {
            chosen = member == null ? byId(workspace) : byMember(workspace, member);
            if (chosen.isEmpty()) {
                if (member != null) {
                    spec.commandLine().getErr().println("workshop: " + member + " took part in no conversation"
                            + " here; nothing was erased");
                }
                return ExitCode.OK;
            }
            chosen.forEach(state -> out.println((dryRun ? "would erase " : "erasing ") + state.id() + "  "
                    + state.title()));
            if (dryRun) {
                return ExitCode.OK;
            }
            workspace.erase(chosen.stream().map(ConversationState::id).toList());
        }
        // Opening the data again finishes the erase before any store opens on it, as a start after a crash would.
        try (Workspace reopened = Cli.open(workshop, spec, WorkspaceOptions.DEFAULTS)) {
            Optional<ErasureReceipt> receipt = reopened.erasedAtOpen();
            if (receipt.isEmpty()) {
                spec.commandLine().getErr().println("workshop: the conversations are erased and refused from now on;"
                        + " their copies go at the next start, when the disk takes the change");
                return ExitCode.STORE_ERROR;
            }
            out.println(json ? json(receipt.get()) : receipt.get().describe().stripTrailing());
        }
        return ExitCode.OK;
    }

    /** Every id checked before anything is erased, so a typo in the third erases nothing. */
    private List<ConversationState> byId(Workspace workspace) {
        Set<ConversationId> unique = new LinkedHashSet<>();
        for (String typed : ids) {
            unique.add(Ids.conversation(workspace, typed));
        }
        List<ConversationState> states = new ArrayList<>();
        for (ConversationId id : unique) {
            Optional<java.time.Instant> erased = workspace.erasedOn(id);
            if (erased.isPresent()) {
                // Erasing twice is harmless: said, and the others go on.
                spec.commandLine().getErr().println("workshop: conversation " + id + " was erased on "
                        + java.time.LocalDate.ofInstant(erased.get(), java.time.ZoneId.systemDefault())
                        + " already");
                continue;
            }
            // Deleted ones too: emptying Recently deleted for good is what an erase is often for.
            states.add(workspace.store().state(workspace.tenant(), id).orElseThrow(() -> new IllegalArgumentException(
                    "No conversation with id " + id + " (see 'workshop list'); nothing was erased")));
        }
        return states;
    }

    /** Listed or deleted, every conversation with the person among its members. */
    private static List<ConversationState> byMember(Workspace workspace, String name) {
        String wanted = name.strip().toLowerCase(Locale.ROOT);
        return Stream.concat(workspace.engine().conversations().stream(),
                        workspace.engine().deletedConversations().stream().map(deleted -> deleted.state()))
                .filter(state -> state.participants().stream().filter(Participant::isHuman)
                        .anyMatch(human -> human.name().strip().toLowerCase(Locale.ROOT).equals(wanted)))
                .toList();
    }

    private static String json(ErasureReceipt receipt) {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode node = mapper.createObjectNode().put("erased_at", receipt.at().toString());
        receipt.subjects().forEach(node.putArray("subjects")::add);
        ObjectNode counts = node.putObject("counts");
        receipt.counts().forEach(counts::put);
        receipt.notReached().forEach(node.putArray("not_reached")::add);
        return node.toString();
    }
}
