package dev.workshop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.CanaryScan;
import dev.workshop.Wiring;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.orchestration.Workspace;
import dev.workshop.orchestration.WorkspaceOptions;
import dev.workshop.store.Conversations;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kill -9} of a child {@code workshop erase}, or of a {@code workshop gc} whose purge erases, at a random
 * moment (docs/decisions/0031): the next start opens the data every time, and either the erase was never committed
 * (the conversation is all there) or it is finished — the canary in no byte of the directory, every other conversation as it was. Erasing again is
 * harmless. {@value #KILLS} kills in {@code verify}; more with {@code -Dworkshop.eraseKills=N}.
 */
@dev.workshop.testing.Slow
class EraseKillNineTest {
    private static final int KILLS = 4;
    private static final String CANARY = "CANARY-kill-9-while-erasing";
    private static final ConversationId CANARY_ID = new ConversationId("canary-to-erase");
    private static final TenantId LOCAL = TenantId.LOCAL;

    @TempDir
    Path root;

    @Test
    void aKillAtAnyMomentOfAnEraseLeavesItUndoneOrFinishedAndTheStoreOpens() throws Exception {
        killAtRandomMoments(List.of("erase", CANARY_ID.value()), true);
    }

    @Test
    void aKillAtAnyMomentOfAGcThatPurgesLeavesItUndoneOrFinishedAndTheStoreOpens() throws Exception {
        String future = java.time.LocalDate.now(java.time.ZoneOffset.UTC).plusDays(30).toString();
        killAtRandomMoments(List.of("gc", "--purge-after", "1", "--abandon-after", "off", "--as-of", future), false);
    }

    /**
     * Runs {@code command} on copies of one data directory, killing it at random moments within its run (from when
     * it names what it erases, when {@code named}; else from its start), and checks each copy after.
     */
    private void killAtRandomMoments(List<String> command, boolean named) throws Exception {
        Path prepared = root.resolve("prepared");
        ConversationId canary = CANARY_ID;
        Map<ConversationId, List<RecordedEvent>> before = prepare(prepared, canary);
        long seed = Long.getLong("workshop.eraseSeed", System.nanoTime());
        Random random = new Random(seed);
        int kills = Integer.getInteger("workshop.eraseKills", KILLS);
        // How long it runs, on this machine now: kills land within it.
        long whole = runAndKill(copy(prepared, root.resolve("measured")), command, named, Long.MAX_VALUE);
        List<String> outcomes = new ArrayList<>();
        int killedCount = 0;
        for (int round = 0; round < kills; round++) {
            Path dir = copy(prepared, root.resolve("round-" + round));
            long delay = random.nextLong(0, Math.max(1, whole * 8 / 10));
            boolean killed = runAndKill(dir, command, named, delay) < 0;
            killedCount += killed ? 1 : 0;
            try (Workspace reopened = Wiring.openWorkspace(dir, new WorkspaceOptions(1))) {
                boolean erased = reopened.engine().state(canary).isEmpty();
                outcomes.add("kill after " + delay + " ms: " + (killed ? "killed" : "ended") + ", "
                        + (erased ? "erased" : "undone"));
                if (erased) {
                    assertThat(CanaryScan.find(dir, CANARY)).as("seed %d, %s", seed, outcomes).isEmpty();
                } else {
                    assertThat(reopened.engine().history(canary)).as("seed %d, %s", seed, outcomes)
                            .startsWith(before.get(canary).toArray(RecordedEvent[]::new));
                }
                before.forEach((id, history) -> {
                    if (!id.equals(canary)) {
                        // Each open marks what was running as interrupted: an event after those it had.
                        assertThat(reopened.engine().history(id)).as("seed %d, %s", seed, outcomes)
                                .startsWith(history.toArray(RecordedEvent[]::new));
                    }
                });
            }
            WorkshopProcess.Run again = WorkshopProcess.run(Map.of(), "--data-dir", dir.toString(), "erase",
                    canary.value());
            assertThat(again.exitCode()).as("%s; %s", again.err(), outcomes).isEqualTo(ExitCode.OK);
            assertThat(CanaryScan.find(dir, CANARY)).as("seed %d, %s", seed, outcomes).isEmpty();
        }
        assertThat(killedCount).as("kills that landed while erasing (seed %d, %s)", seed, outcomes).isPositive();
    }

    /** Enough conversations that the erase takes a while: its rewrite and the rebuild of the tables. */
    private static Map<ConversationId, List<RecordedEvent>> prepare(Path dir, ConversationId canary) {
        Map<ConversationId, List<RecordedEvent>> histories = new HashMap<>();
        try (Workspace workspace = Wiring.openWorkspace(dir, new WorkspaceOptions(1))) {
            for (int i = 0; i < 60; i++) {
                ConversationId id = i == 30 ? canary : new ConversationId("kept-" + i);
                List<ConversationEvent> events = new ArrayList<>(Conversations.startedWithMessages(400, 1));
                for (int turn = 1; turn < 120; turn++) {
                    var message = Conversations.message(turn);
                    events.add(i == 30 && turn % 10 == 0 ? new ConversationEvent.MessageRecorded(turn,
                            message.speakerId(), message.speakerName(), CANARY + " turn " + turn) : message);
                }
                if (i == 30) {
                    // Ended, so that a gc's purge takes it (the others stay running, and are left).
                    events.add(new ConversationEvent.StatusChanged(dev.workshop.domain.conversation.ConversationStatus
                            .COMPLETED, dev.workshop.domain.conversation.StatusCause.TURNS_TAKEN, "done"));
                }
                workspace.store().append(LOCAL, id, 0, events);
                histories.put(id, workspace.store().history(LOCAL, id));
            }
        }
        return histories;
    }

    /**
     * Runs {@code workshop COMMAND}, killing it {@code delay} ms after it said what it erases ({@code named}) or
     * started: -1 when it was killed, else how many ms it ran from there.
     */
    private static long runAndKill(Path dir, List<String> command, boolean named, long delay) throws Exception {
        List<String> args = new ArrayList<>(List.of("--data-dir", dir.toString()));
        args.addAll(command);
        long started = System.nanoTime();
        Process child = WorkshopProcess.start(Map.of(), args);
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                StandardCharsets.UTF_8))) {
            if (named) {
                assertThat(out.readLine()).as("what the erase names first").startsWith("erasing " + CANARY_ID);
                started = System.nanoTime();
            }
            long namedAt = started;
            if (child.waitFor(Math.min(delay, 120_000), TimeUnit.MILLISECONDS)) {
                assertThat(child.exitValue()).isZero();
                return (System.nanoTime() - namedAt) / 1_000_000;
            }
            child.destroyForcibly();
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
            return -1;
        }
    }

    private static Path copy(Path from, Path to) throws Exception {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else if (!file.getFileName().toString().equals("workshop.lock")) {
                    Files.copy(file, target);
                }
            }
        }
        return to;
    }
}
