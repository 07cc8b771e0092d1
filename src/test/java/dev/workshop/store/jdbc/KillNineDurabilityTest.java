package dev.workshop.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.DataDirectory;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Committed" means committed: a child JVM appends from many conversations at full speed and is killed with
 * SIGKILL at random moments; after every kill each acknowledged event must be in the store, with no gap
 * and no duplicate, and the store must open cleanly.
 */
@dev.workshop.testing.Slow
class KillNineDurabilityTest {
    private static final int KILLS = 20;
    private static final int CONVERSATIONS = 40;
    /** Small segments, so that kills also land while the journal rolls over to a new segment. */
    private static final long SEGMENT_BYTES = 256 * 1024;

    @TempDir
    Path dir;

    @Test
    void everyAcknowledgedAppendSurvivesKillNine() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Map<String, Long> acknowledged = new HashMap<>();
        long totalAcks = 0;
        int opensFromCheckpoint = 0;
        for (int kill = 1; kill <= KILLS; kill++) {
            Map<String, Long> acks = runAndKill(random.nextInt(0, 1100));
            assertThat(acks).as("round %d (seed %d) acknowledged appends before the kill", kill, seed).isNotEmpty();
            acks.forEach((conversation, seq) -> acknowledged.merge(conversation, seq, Math::max));
            totalAcks += acks.values().stream().mapToLong(Long::longValue).sum();
            if (assertStoreHolds(acknowledged, "after kill " + kill + " (seed " + seed + ")")) {
                opensFromCheckpoint++;
            }
        }
        assertThat(totalAcks).isGreaterThan(KILLS * 100L);
        // The child rolls over many small segments, leaving checkpoints: after the first rounds every open after a
        // kill can start from one (it was 20 of 20 when this was written).
        assertThat(opensFromCheckpoint).as("opens after a kill that read the journal from a checkpoint (seed %d)", seed)
                .isGreaterThanOrEqualTo(KILLS / 2);
    }

    private Map<String, Long> runAndKill(int millisBeforeKill) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(java, "-Djava.util.logging.config.file="
                + System.getProperty("java.util.logging.config.file", ""), "-cp", System.getProperty("java.class.path"),
                AppendUntilKilled.class.getName(), dir.toString(), String.valueOf(CONVERSATIONS),
                String.valueOf(SEGMENT_BYTES))
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        Map<String, Long> acks = new HashMap<>();
        CountDownLatch ready = new CountDownLatch(1);
        Thread reader = Thread.ofPlatform().start(() -> readAcks(child, acks, ready));
        // Timed from the first acknowledgement, so a slow start on a loaded machine never makes an empty round.
        assertThat(ready.await(60, TimeUnit.SECONDS)).as("child acknowledged a first append").isTrue();
        Thread.sleep(millisBeforeKill);
        child.destroyForcibly(); // SIGKILL on Linux: no shutdown hook, no close, no flush
        assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
        reader.join();
        synchronized (acks) {
            return new HashMap<>(acks);
        }
    }

    private static void readAcks(Process child, Map<String, Long> acks, CountDownLatch ready) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                if (line.startsWith("ACK ")) {
                    ready.countDown();
                    String[] parts = line.split(" ");
                    if (parts.length == 3) {
                        synchronized (acks) {
                            acks.merge(parts[1], Long.parseLong(parts[2]), Math::max);
                        }
                    }
                }
            }
        } catch (IOException ignored) {
            // The pipe closes when the child is killed.
        }
    }

    /** Returns whether the open read the journal from a checkpoint. */
    private boolean assertStoreHolds(Map<String, Long> acknowledged, String when) {
        try (DataDirectory data = DataDirectory.lock(dir);
             var store = JournaledConversationStore.open(data, SEGMENT_BYTES, Clock.systemUTC())) {
            // H2 itself is not crash-safe (that is why the journal exists): the one repair allowed is rebuilding
            // its file from the journal. Anything else (journal damage, skipped records) fails the test.
            assertThat(store.openingWarnings()).as("warnings " + when)
                    .allSatisfy(warning -> assertThat(warning).contains("rebuilt from the journal"));
            for (var ack : acknowledged.entrySet()) {
                ConversationId id = new ConversationId(ack.getKey());
                List<RecordedEvent> history = store.history(TenantId.LOCAL, id);
                List<Long> seqs = history.stream().map(RecordedEvent::seq).toList();
                assertThat(seqs).as("%s: %s has every event from 1, without gap or duplicate", when, id)
                        .containsExactlyElementsOf(LongStream.rangeClosed(1, seqs.size()).boxed().toList());
                assertThat((long) seqs.size()).as("%s: %s keeps acknowledged seq %d", when, id, ack.getValue())
                        .isGreaterThanOrEqualTo(ack.getValue());
                List<Integer> turns = history.stream().map(RecordedEvent::event)
                        .filter(MessageRecorded.class::isInstance).map(e -> ((MessageRecorded) e).turnIndex()).toList();
                assertThat(turns).as("%s: %s turn indexes", when, id)
                        .containsExactlyElementsOf(java.util.stream.IntStream.range(0, turns.size()).boxed().toList());
                ConversationState state = store.state(TenantId.LOCAL, id).orElseThrow();
                assertThat(state).isEqualTo(ConversationState.replay(id, history));
            }
            return store.journalOpenedFromCheckpoint();
        }
    }
}
