package dev.workshop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

/**
 * {@code workshop} as a child JVM on one data directory, for the tests that kill it with SIGKILL: its message
 * lines collected as it prints them, and a kill timed from the first line a test waits for.
 */
final class ChildWorkshop {
    private final ObjectMapper json = new ObjectMapper();
    private final Path dir;

    ChildWorkshop(Path dir) {
        this.dir = dir;
        try {
            json.readTree("{\"warm\":\"up\"}"); // a cold parser would let the first round run on for many turns
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    Process start(List<String> args) throws IOException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), "dev.workshop.Main", "--data-dir", dir.toString()));
        command.addAll(args);
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    /** Runs a command to its end; what it printed on stdout. */
    String run(List<String> args) throws IOException, InterruptedException {
        Process process = start(args);
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return out;
    }

    /**
     * Runs a command and kills it with SIGKILL {@code millisAfter} after the first message line {@code killAfter}
     * accepts; true if it was still running then. The thread that reads the line kills, so a busy test JVM adds no
     * wake-up of another thread to the few milliseconds the round is meant to last.
     */
    boolean runAndKill(List<String> command, int millisAfter, Predicate<JsonNode> killAfter, List<JsonNode> printed)
            throws Exception {
        Process process = start(command);
        AtomicBoolean aliveAtKill = new AtomicBoolean();
        Thread reader = collect(process, printed, killAfter, () -> {
            long killAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millisAfter);
            while (System.nanoTime() < killAt) {
                Thread.onSpinWait();
            }
            aliveAtKill.set(process.isAlive());
            process.destroyForcibly();
        });
        reader.join(TimeUnit.SECONDS.toMillis(90));
        process.destroyForcibly();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        reader.join();
        return aliveAtKill.get();
    }

    /** Collects the printed messages; {@code atFirst} runs on this thread as the first one {@code wanted} is read. */
    Thread collect(Process process, List<JsonNode> printed, Predicate<JsonNode> wanted, Runnable atFirst) {
        return Thread.ofPlatform().start(() -> {
            boolean first = true;
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    if (line.contains("\"event\":\"message\"")) {
                        JsonNode message = json.readTree(line);
                        printed.add(message);
                        if (first && wanted.test(message)) {
                            first = false;
                            atFirst.run();
                        }
                    }
                }
            } catch (IOException ignored) {
                // The pipe closes when the process is killed; a line cut in half by the kill is not a message.
            }
        });
    }
}
