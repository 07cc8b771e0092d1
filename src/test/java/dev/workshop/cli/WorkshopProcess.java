package dev.workshop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The {@code workshop} command in a child JVM on the test's class path, as scripts run it. */
final class WorkshopProcess {
    /** How a finished command went: its exit code and what it printed. */
    record Run(int exitCode, String out, String err) {
    }

    private WorkshopProcess() {
    }

    /** Starts {@code workshop ARGS} with {@code environment} added (and no team server unless it names one). */
    static Process start(Map<String, String> environment, List<String> args) throws IOException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), "dev.workshop.Main"));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().remove("WORKSHOP_STORE_URL");
        builder.environment().putAll(environment);
        Process process = builder.start();
        process.getOutputStream().close();
        return process;
    }

    /** Runs {@code workshop ARGS} to its end. */
    static Run run(Map<String, String> environment, String... args) throws IOException, InterruptedException {
        Process process = start(environment, List.of(args));
        byte[] out = process.getInputStream().readAllBytes();
        byte[] err = process.getErrorStream().readAllBytes();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Run(process.exitValue(), new String(out, StandardCharsets.UTF_8),
                new String(err, StandardCharsets.UTF_8));
    }
}
