package dev.workshop.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.audit.AuditEntry;
import dev.workshop.orchestration.Workspace;
import dev.workshop.store.AuditTrail;
import java.io.PrintWriter;
import java.time.Instant;
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
 * {@code workshop audit [ID]}: who did what to which conversation, when and on which device — ids, statuses and
 * counts, never what was said — and {@code --verify}, which checks the trail's hash chain: an edited or missing entry
 * is named, with exit code 7.
 */
@Command(name = "audit", mixinStandardHelpOptions = true,
        description = "Show the audit trail (of one conversation, from a date), or verify its hash chain.")
final class AuditCommand implements Callable<Integer> {
    @ParentCommand
    private WorkshopCommand workshop;

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "ID", description = "Only this conversation (its first characters will do).")
    private String conversation;

    @Option(names = "--since", paramLabel = "YYYY-MM-DD", description = "Only entries from this day on.")
    private String since;

    @Option(names = "--json", description = "JSON lines (otherwise readable lines).")
    private boolean json;

    @Option(names = "--verify", description = "Check the hash chain: every entry there, none changed.")
    private boolean verify;

    @Override
    public Integer call() {
        Optional<Instant> from = Optional.ofNullable(since).map(text -> Days.startOf("--since", text));
        try (Workspace workspace = Cli.openToRead(workshop, spec)) {
            AuditTrail trail = workspace.audit();
            PrintWriter out = spec.commandLine().getOut();
            if (verify) {
                AuditTrail.Verification checked = trail.verify();
                out.println(checked.holds() ? "The audit trail holds: " + checked.entries() + " entries, none changed"
                        + " or missing" : "The audit trail is broken: " + checked.broken().orElseThrow());
                return checked.holds() ? ExitCode.OK : ExitCode.AUDIT_BROKEN;
            }
            Optional<String> id = Optional.ofNullable(conversation)
                    .map(given -> Ids.conversation(workspace, given).value());
            List<AuditEntry> entries = trail.read(id, from);
            for (AuditEntry entry : entries) {
                out.println(json ? json(entry).toString() : entry.number() + "  " + entry.at() + "  " + entry.device()
                        + "  " + entry.member() + "  " + entry.action().wireName() + "  "
                        + entry.conversation().orElse("(erased)") + (entry.detail().isEmpty() ? "" : "  "
                        + entry.detail()));
            }
            if (entries.isEmpty() && !json) {
                out.println("No audit entries" + (id.isPresent() ? " for this conversation" : "") + " yet.");
            }
        }
        return ExitCode.OK;
    }


    private static ObjectNode json(AuditEntry entry) {
        ObjectNode node = new ObjectMapper().createObjectNode().put("number", entry.number())
                .put("at", entry.at().toString()).put("device", entry.device()).put("member", entry.member())
                .put("action", entry.action().wireName());
        entry.conversation().ifPresentOrElse(id -> node.put("conversation_id", id),
                () -> node.putNull("conversation_id"));
        node.put("subject", entry.subject()).put("detail", entry.detail());
        ObjectNode counts = node.putObject("counts");
        entry.counts().forEach(counts::put);
        return node.put("hash", entry.hash());
    }
}
