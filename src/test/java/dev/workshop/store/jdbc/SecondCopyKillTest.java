package dev.workshop.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.Conversations;
import dev.workshop.store.DataDirectory;
import dev.workshop.store.jdbc.JournalFiles.Located;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seconds when the journal is the only copy are short: a running conversation's messages reach the tables'
 * synced copy within about a second of their acknowledgement, even while it then waits (a slow model) with
 * nothing more to append. A child JVM appends a conversation's start and messages and goes idle; once the synced
 * copy holds them it is killed with SIGKILL, a bit is flipped in its newest journal records (the last one, and
 * one before it), and every acknowledged message is read back whole. Before, the tables synced every ten seconds,
 * and never while idle: the same damage lost acknowledged messages.
 */
@dev.workshop.testing.Slow
class SecondCopyKillTest {
    private static final long SEGMENT_BYTES = 256 * 1024;
    private static final int MESSAGES = 6;

    @TempDir
    Path dir;

    @Test
    void damageToTheNewestRecordsOnceTheSecondCopyHoldsThemLosesNothing() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                AppendThenIdle.class.getName(), dir.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String id;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line = lines.readLine();
            assertThat(line).as("the child acknowledged its appends").startsWith("IDLE ");
            id = line.substring("IDLE ".length());
            // The condition the promise is about: the synced copy holds every acknowledged event.
            Awaitility.await().atMost(20, TimeUnit.SECONDS).pollInterval(20, TimeUnit.MILLISECONDS).until(() ->
                    AppliedPosition.read(dir.resolve("journal")).map(AppliedPosition.Synced::events).orElse(0L)
                            >= MESSAGES + 1);
        } finally {
            child.destroyForcibly(); // SIGKILL on Linux: no close, no flush
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }

        List<Located> newest = JournalFiles.records(dir).stream()
                .filter(record -> record.conversation().equals(id)).toList();
        JournalFiles.flipPayloadBit(newest.getLast(), newest.getLast().length() / 2);
        Located beforeIt = newest.get(newest.size() - 3);
        JournalFiles.flipPayloadBit(beforeIt, beforeIt.length() / 2);

        try (DataDirectory data = DataDirectory.lock(dir);
             var store = JournaledConversationStore.open(data, SEGMENT_BYTES, Clock.systemUTC())) {
            List<RecordedEvent> history = store.history(TenantId.LOCAL, new ConversationId(id));
            assertThat(history).extracting(RecordedEvent::event).noneMatch(ConversationEvent.Lost.class::isInstance);
            List<ConversationEvent> expected = new ArrayList<>(Conversations.startedWithMessages(20, MESSAGES));
            assertThat(history).extracting(RecordedEvent::event).containsExactlyElementsOf(expected);
            assertThat(String.join("\n", store.openingWarnings())).doesNotContain("lost");
        }
    }

    /** The child: a conversation's start and messages, each acknowledged, then idle until it is killed. */
    public static final class AppendThenIdle {
        public static void main(String[] args) throws Exception {
            DataDirectory data = DataDirectory.lock(Path.of(args[0]));
            var store = JournaledConversationStore.open(data, SEGMENT_BYTES, Clock.systemUTC());
            ConversationId id = ConversationId.random();
            List<ConversationEvent> events = Conversations.startedWithMessages(20, MESSAGES);
            for (int i = 0; i < events.size(); i++) {
                store.append(TenantId.LOCAL, id, i, List.of(events.get(i)));
            }
            System.out.println("IDLE " + id.value());
            System.out.flush();
            // Waits as a conversation waiting on a slow model would, with nothing more to append.
            new java.util.concurrent.CountDownLatch(1).await();
        }
    }
}
