package dev.workshop.cli.bench;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.DataDirectory;
import dev.workshop.store.jdbc.JournaledConversationStore;
import dev.workshop.store.jdbc.team.PostgresConversationStore;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Run in a fresh JVM by the store benchmark: opens a store, loads one conversation from the journal and folds
 * it; then it also opens the tables (H2), which the restore does not need, so the report shows both. It also
 * says whether a garbage collection fell inside the restore: a fresh JVM's first young collection copies what
 * the load has just decoded, and whether it lands inside the restore or just after it moves the figure by
 * 20 ms or more on this machine kind (docs/perf.md).
 */
@Command(name = "restore-probe", hidden = true)
final class RestoreProbeCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--dir", description = "The data directory to restore from (the desktop's store).")
    private Path dir;

    @Option(names = "--store-url", description = "A team server to restore from instead (issue #53 item 1).")
    private String storeUrl;

    @Option(names = "--team", defaultValue = "local")
    private String team;

    @Option(names = "--conversation", required = true)
    private String conversation;

    @Override
    public Integer call() {
        // Cleared by the first collection after this point; asking a management bean instead would load JMX,
        // which costs a fresh JVM more than the restore itself.
        WeakReference<Object> canary = new WeakReference<>(new Object());
        long start = System.nanoTime();
        ConversationId id = new ConversationId(conversation);
        if (storeUrl != null) {
            return fromTeamServer(start, id, canary);
        }
        if (dir == null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Give --dir or --store-url");
        }
        try (DataDirectory data = DataDirectory.lock(dir);
             var store = JournaledConversationStore.openJournalFirst(data)) {
            long opened = System.nanoTime();
            List<RecordedEvent> history = store.history(TenantId.LOCAL, id);
            ConversationState state = ConversationState.replay(id, history);
            long loaded = System.nanoTime();
            boolean collected = canary.get() == null;
            store.count(TenantId.LOCAL);
            long tablesReady = System.nanoTime();
            report(history, state, opened - start, loaded - opened, tablesReady - start, collected);
        }
        return 0;
    }

    /** Opens the team server's store (pool, schema check) and loads one conversation: what every command pays. */
    private Integer fromTeamServer(long start, ConversationId id, WeakReference<Object> canary) {
        TenantId tenant = new TenantId(team);
        try (var store = PostgresConversationStore.open(storeUrl)) {
            long opened = System.nanoTime();
            List<RecordedEvent> history = store.history(tenant, id);
            ConversationState state = ConversationState.replay(id, history);
            long loaded = System.nanoTime();
            report(history, state, opened - start, loaded - opened, loaded - start, canary.get() == null);
        }
        return 0;
    }

    /** One line: events, turns, the open, the load and the whole in microseconds, and 1 if a collection fell in it. */
    private void report(List<RecordedEvent> history, ConversationState state, long openNanos, long loadNanos,
                        long wholeNanos, boolean collected) {
        spec.commandLine().getOut().printf("%d %d %d %d %d %d%n", history.size(), state.turnCount(), openNanos / 1000,
                loadNanos / 1000, wholeNanos / 1000, collected ? 1 : 0);
        spec.commandLine().getOut().flush();
    }
}
