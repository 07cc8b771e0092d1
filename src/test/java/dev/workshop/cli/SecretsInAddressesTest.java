package dev.workshop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.workshop.cli.WorkshopProcess.Run;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A password given inside an address (a git remote, a team server) never reaches what the command line writes:
 * stdout, stderr, or the log folder. Each case runs {@code workshop} in a child JVM, as a script would.
 */
@dev.workshop.testing.Slow
class SecretsInAddressesTest {
    private static final String CANARY = "Canary-pw-51d9e2";

    @TempDir
    Path dir;

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private void assertNoCanary(Run run, Path data) throws IOException {
        assertThat(run.out()).doesNotContain(CANARY);
        assertThat(run.err()).doesNotContain(CANARY);
        Path logs = data.resolve("logs");
        if (Files.isDirectory(logs)) {
            try (Stream<Path> files = Files.list(logs)) {
                for (Path file : files.toList()) {
                    assertThat(Files.readString(file, StandardCharsets.ISO_8859_1)).as("log file %s", file)
                            .doesNotContain(CANARY);
                }
            }
        }
    }

    @Test
    void aGitRemotesPasswordIsHiddenWhenItCannotBeReachedOrRefuses() throws Exception {
        Path data = dir.resolve("data");
        Run run = WorkshopProcess.run(Map.of(), "--data-dir", data.toString(), "run", "--agents", "Ada,Bruno",
                "--prompt", "Name a cat", "--max-turns", "2", "--offline-delay-ms", "0");
        assertThat(run.exitCode()).as(run.err()).isZero();
        String id = new ObjectMapper().readTree(WorkshopProcess.run(Map.of(), "--data-dir", data.toString(), "list",
                "--json").out()).get(0).get("id").asText();

        // Nobody listens; then a real HTTP server that answers git with "not found", which JGit's message quotes.
        HttpServer refusing = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        refusing.createContext("/", exchange -> {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        refusing.start();
        try {
            for (int port : List.of(closedPort(), refusing.getAddress().getPort())) {
                String remote = "http://kim:" + CANARY + "@127.0.0.1:" + port + "/team.git";
                Run hold = WorkshopProcess.run(Map.of(), "--data-dir", data.toString(), "hold", id, "--remote", remote);

                assertThat(hold.exitCode()).as(hold.err()).isNotZero();
                assertThat(hold.err()).contains("http://kim:***@127.0.0.1:" + port + "/team.git");
                assertNoCanary(hold, data);
            }
        } finally {
            refusing.stop(0);
        }
    }

    @Test
    void aTeamServersPasswordIsHiddenWhereverTheAddressIsQuoted() throws Exception {
        Path data = dir.resolve("data");
        int port = closedPort();
        Run inQuery = WorkshopProcess.run(Map.of(), "--data-dir", data.toString(), "--store-url",
                "jdbc:postgresql://127.0.0.1:" + port + "/team?user=kim&password=" + CANARY, "list");
        assertThat(inQuery.exitCode()).as(inQuery.err()).isEqualTo(ExitCode.STORE_ERROR);
        assertThat(inQuery.err().lines()).as(inQuery.err()).hasSize(1);
        assertNoCanary(inQuery, data);

        Run beforeHost = WorkshopProcess.run(Map.of(), "--data-dir", data.toString(), "--store-url",
                "postgresql://kim:" + CANARY + "@127.0.0.1:" + port + "/team", "list");
        assertThat(beforeHost.exitCode()).as(beforeHost.err()).isEqualTo(ExitCode.USAGE);
        assertThat(beforeHost.err()).contains("puts a login before the host");
        assertNoCanary(beforeHost, data);
    }
}
