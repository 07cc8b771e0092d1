package dev.workshop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.cli.WorkshopProcess.Run;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A mistaken team server option ends with exit code 2 and one sentence that names the mistake: no driver
 * warning, no stack trace, and never a silent fall-back to this device's own data. In child JVMs, as typed.
 */
@dev.workshop.testing.Slow
class BadTeamServerInputTest {
    @TempDir
    Path dir;

    private record Case(List<String> args, String said) {
    }

    @Test
    void eachMistakeIsNamedInOneLineWithTheUsageExitCode() throws Exception {
        String data = dir.resolve("data").toString();
        List<Case> cases = List.of(
                new Case(List.of("--store-url", "jdbc:postgresql://127.0.0.1:99999/ws", "list"),
                        "99999 is not a port (a port is 1 to 65535)"),
                new Case(List.of("--store-url", "", "list"), "--store-url is empty"),
                new Case(List.of("--store-url", " ", "run", "--agents", "Ada,Bruno", "--prompt", "x"),
                        "--store-url is empty"),
                new Case(List.of("--team", "", "list"), "--team is empty"),
                new Case(List.of("serve"), "serve drives a team server's conversations: give --store-url"),
                new Case(List.of("--store-url", "jdbc:postgresql://127.0.0.1:5999/ws?loginTimeout=abc", "list"),
                        "loginTimeout=abc is not a whole number of seconds"),
                new Case(List.of("--store-url", "jdbc:postgresql://kim:pw-given@127.0.0.1/db", "list"),
                        "puts a login before the host: give the user as ?user=NAME"));
        List<String> failures = new ArrayList<>();
        for (Case mistake : cases) {
            List<String> args = new ArrayList<>(List.of("--data-dir", data));
            args.addAll(mistake.args());
            Run run = WorkshopProcess.run(Map.of(), args.toArray(String[]::new));
            List<String> lines = run.err().strip().lines().toList();
            if (run.exitCode() != ExitCode.USAGE || lines.size() != 1 || !lines.getFirst().startsWith("workshop: ")
                    || !lines.getFirst().contains(mistake.said()) || run.err().contains("pw-given")
                    || !run.out().isEmpty()) {
                failures.add(mistake.args() + " → exit " + run.exitCode() + ", stdout '" + run.out() + "', stderr:\n"
                        + run.err());
            }
        }
        assertThat(failures).isEmpty();
    }
}
