package dev.workshop.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.workshop.domain.retention.ErasureReceipt;
import dev.workshop.domain.retention.RetentionPlan;
import dev.workshop.domain.retention.RetentionPolicy;
import dev.workshop.orchestration.Retention;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code workshop gc}: applies the retention policy — idle conversations marked abandoned, once — and lists what is
 * due to be purged. {@code --dry-run} lists exactly what a run does; {@code --as-of} runs it as of another day.
 * Purging is erasing, which this version does not do yet: what is due stays, and is said so.
 */
@Command(name = "gc", mixinStandardHelpOptions = true,
        description = "Apply the retention policy: mark idle conversations abandoned; list what is due to be purged.")
final class GcCommand implements Callable<Integer> {
    @ParentCommand
    private WorkshopCommand workshop;

    @Spec
    private CommandSpec spec;

    @Option(names = "--dry-run", description = "Only list what a run would do.")
    private boolean dryRun;

    @Option(names = "--as-of", paramLabel = "YYYY-MM-DD", description = "Run as of the start of this day.")
    private String asOf;

    @Option(names = "--json", description = "One JSON object (otherwise readable lines).")
    private boolean json;

    @Option(names = "--purge-after", paramLabel = "DAYS|off",
            description = "Purge ended conversations this long after their last change (default: off on this device,"
                    + " 90 on a team server).")
    private String purgeAfter;

    @Option(names = "--abandon-after", paramLabel = "DAYS|off",
            description = "Mark conversations idle this long abandoned (default: 30).")
    private String abandonAfter;

    @Override
    public Integer call() throws InterruptedException {
        Instant now = asOf == null ? Instant.now() : Days.startOf("--as-of", asOf);
        RetentionPolicy policy;
        List<RetentionPlan.Due> planned;
        List<RetentionPlan.Due> done;
        try (Workspace workspace = Cli.open(workshop, spec, WorkspaceOptions.DEFAULTS)) {
            // The policy the user set in the app (a team server's own), with what the options change of it.
            policy = workshop.storeUrl().isPresent() ? RetentionPolicy.TEAM : workspace.preferences().savedRetention();
            if (purgeAfter != null) {
                policy = policy.withPurgeEndedAfter(days("--purge-after", purgeAfter));
            }
            if (abandonAfter != null) {
                policy = policy.withAbandonIdleAfter(days("--abandon-after", abandonAfter));
            }
            Retention retention = new Retention(workspace.engine(), workspace::erase);
            planned = retention.plan(policy, now);
            done = dryRun ? List.of() : retention.run(policy, now);
        }
        Optional<ErasureReceipt> receipt = Optional.empty();
        if (done.stream().anyMatch(due -> due.kind() != RetentionPlan.Kind.ABANDON)) {
            // Purged is erased: opening the data again takes their copies out, as erase does.
            try (Workspace reopened = Cli.open(workshop, spec, WorkspaceOptions.DEFAULTS)) {
                receipt = reopened.erasedAtOpen();
            }
        }
        print(spec.commandLine().getOut(), policy, now, planned, done);
        receipt.ifPresent(erased -> spec.commandLine().getErr().println("workshop: " + erased.describe().stripTrailing()
                .replace("\n", "\nworkshop: ")));
        return ExitCode.OK;
    }

    private void print(PrintWriter out, RetentionPolicy policy, Instant now, List<RetentionPlan.Due> planned,
                       List<RetentionPlan.Due> done) {
        if (json) {
            ObjectNode node = new ObjectMapper().createObjectNode().put("as_of", now.toString())
                    .put("policy", policy.describe()).put("dry_run", dryRun);
            ArrayNode due = node.putArray("due");
            planned.forEach(each -> due.addObject().put("conversation_id", each.id().value())
                    .put("title", each.title()).put("action", each.kind().name().toLowerCase(java.util.Locale.ROOT))
                    .put("last_changed", each.lastChanged().toString()).put("due_since", each.dueSince().toString())
                    .put("done", done.contains(each)));
            out.println(node);
            return;
        }
        out.println("Retention as of " + now + ": " + policy.describe() + (dryRun ? " (dry run: nothing changes)" : ""));
        if (planned.isEmpty()) {
            out.println("Nothing is due.");
        }
        for (RetentionPlan.Due each : planned) {
            out.println(switch (each.kind()) {
                case ABANDON -> (done.contains(each) ? "Marked abandoned: " : dryRun ? "Would mark abandoned: "
                        : "Left (changed meanwhile): ");
                case PURGE -> done.contains(each) ? "Purged (erased): " : dryRun ? "Would purge (erase): "
                        : "Left (changed meanwhile): ";
                case PURGE_FROM_BIN -> done.contains(each) ? "Purged from Recently deleted (erased): " : dryRun
                        ? "Would purge from Recently deleted (erase): " : "Left (changed meanwhile): ";
            } + each.id() + "  " + each.title() + "  (last changed " + each.lastChanged() + ")");
        }
    }

    private static Optional<Duration> days(String option, String text) {
        if (text.strip().equalsIgnoreCase("off")) {
            return Optional.empty();
        }
        try {
            int days = Integer.parseInt(text.strip());
            if (days < 1) {
                throw new NumberFormatException();
            }
            return Optional.of(Duration.ofDays(days));
        } catch (NumberFormatException wrong) {
            throw new IllegalArgumentException(option + " takes a number of days from 1, or off, not " + text.strip());
        }
    }
}
