package dev.workshop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import dev.workshop.cli.WorkshopProcess.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Team mode from the command line: two devices (data directories) on one real PostgreSQL, in child JVMs. */
@dev.workshop.testing.Slow
class TeamServerCommandLineTest {
    private static EmbeddedPostgres postgres;
    private final ObjectMapper json = new ObjectMapper();

    @TempDir
    Path dir;

    @BeforeAll
    static void startPostgres() throws Exception {
        postgres = EmbeddedPostgres.start();
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE workshop_team");
        }
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        postgres.close();
    }

    private static Run workshop(Map<String, String> environment, String... args)
            throws IOException, InterruptedException {
        return WorkshopProcess.run(environment, args);
    }

    private static String url() {
        return "jdbc:postgresql://localhost:" + postgres.getPort() + "/workshop_team";
    }

    @Test
    void aConversationStartedOnOneDeviceIsReadAndContinuedOnAnotherAndNoOtherTeamSeesIt() throws Exception {
        Map<String, String> pg = Map.of("PGUSER", "postgres");
        Path laptop = dir.resolve("laptop");
        Path desktop = dir.resolve("desktop");
        Run run = workshop(pg, "--data-dir", laptop.toString(), "--store-url", url(), "--team", "design", "run",
                "--agents", "Ada,Bruno", "--prompt", "Name a cat", "--max-turns", "4", "--offline-delay-ms", "0");
        assertThat(run.exitCode()).as(run.err()).isZero();

        Run listed = workshop(Map.of("PGUSER", "postgres", "WORKSHOP_STORE_URL", url()), "--data-dir",
                desktop.toString(), "--team", "design", "list", "--json");
        assertThat(listed.exitCode()).as(listed.err()).isZero();
        JsonNode rows = json.readTree(listed.out());
        assertThat(rows).hasSize(1);
        String id = rows.get(0).get("id").asText();
        assertThat(rows.get(0).get("status").asText()).isEqualTo("completed");

        Run follow = workshop(pg, "--data-dir", desktop.toString(), "--store-url", url(), "--team", "design",
                "continue", "--workflow-id", id, "--turn-number", "2", "--prompt", "And a dog?", "--offline-delay-ms",
                "0");
        assertThat(follow.exitCode()).as(follow.err()).isZero();
        JsonNode shown = json.readTree(workshop(pg, "--data-dir", laptop.toString(), "--store-url", url(), "--team",
                "design", "show", id, "--json").out());
        assertThat(shown.get("messages").get(4).get("content").asText()).isEqualTo("And a dog?");
        assertThat(shown.get("messages").size()).isGreaterThan(5);

        Run otherTeam = workshop(pg, "--data-dir", desktop.toString(), "--store-url", url(), "--team", "sales",
                "list", "--json");
        assertThat(json.readTree(otherTeam.out())).isEmpty();
        Run peek = workshop(pg, "--data-dir", desktop.toString(), "--store-url", url(), "--team", "sales", "show", id);
        assertThat(peek.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(peek.out()).doesNotContain("Name a cat");
        Run local = workshop(Map.of(), "--data-dir", desktop.toString(), "--team", "design", "list", "--json");
        assertThat(json.readTree(local.out())).as("this device's own store holds none of the team's").isEmpty();
    }

    @Test
    void aTeamServerThatCannotBeUsedIsSaidInOneLine() throws Exception {
        Path data = dir.resolve("data");
        Run down = workshop(Map.of("PGUSER", "postgres"), "--data-dir", data.toString(), "--store-url",
                "jdbc:postgresql://127.0.0.1:1/workshop", "list");
        assertThat(down.exitCode()).isEqualTo(ExitCode.STORE_ERROR);
        assertThat(down.err().strip().lines().toList()).singleElement()
                .satisfies(line -> assertThat(line).startsWith("workshop: Cannot reach the team server at 127.0.0.1:1"));

        Run noDatabase = workshop(Map.of("PGUSER", "postgres"), "--data-dir", data.toString(), "--store-url",
                "jdbc:postgresql://localhost:" + postgres.getPort() + "/nothing_here", "list");
        assertThat(noDatabase.exitCode()).isEqualTo(ExitCode.STORE_ERROR);
        assertThat(noDatabase.err().strip().lines().toList()).singleElement()
                .satisfies(line -> assertThat(line).contains("has no database nothing_here"));

        Run notAUrl = workshop(Map.of(), "--data-dir", data.toString(), "--store-url", "mysql://x/y", "list");
        assertThat(notAUrl.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(notAUrl.err()).contains("jdbc:postgresql://HOST:PORT/DATABASE");

        Run secret = workshop(Map.of(), "--data-dir", data.toString(), "--store-url",
                "jdbc:postgresql://127.0.0.1:1/workshop?user=postgres&password=hunter2", "list");
        assertThat(secret.err()).as("a password is never shown").doesNotContain("hunter2");
    }

    @Test
    void noCommandOfOneTeamReachesAnotherTeamsConversation() throws Exception {
        Map<String, String> pg = Map.of("PGUSER", "postgres", "WORKSHOP_STORE_URL", url());
        Path design = dir.resolve("research-device");
        Path sales = dir.resolve("marketing-device");
        Run run = workshop(pg, "--data-dir", design.toString(), "--team", "research", "run", "--agents", "Ada,Bruno",
                "--prompt", "A secret plan", "--max-turns", "2", "--offline-delay-ms", "0");
        assertThat(run.exitCode()).as(run.err()).isZero();
        String id = json.readTree(workshop(pg, "--data-dir", design.toString(), "--team", "research", "list", "--json")
                .out()).get(0).get("id").asText();
        String before = workshop(pg, "--data-dir", design.toString(), "--team", "research", "show", id, "--json").out();

        List<List<String>> attempts = List.of(
                List.of("show", id), List.of("show", id.substring(0, 8)), List.of("export", id),
                List.of("rename", id, "Mine now"), List.of("delete", id), List.of("undelete", id),
                List.of("abort", id), List.of("fork", id, "--at", "1"), List.of("hold", id),
                List.of("continue", "--workflow-id", id, "--turn-number", "2", "--prompt", "Tell me"),
                List.of("resume", "--session", id));
        for (List<String> attempt : attempts) {
            List<String> args = new ArrayList<>(List.of("--data-dir", sales.toString(), "--team", "marketing"));
            args.addAll(attempt);
            Run tried = workshop(pg, args.toArray(String[]::new));
            assertThat(tried.exitCode()).as("%s: %s", attempt, tried.err()).isEqualTo(ExitCode.USAGE);
            assertThat(tried.out()).as("%s", attempt).doesNotContain("A secret plan");
            assertThat(tried.err()).as("%s", attempt).doesNotContain("A secret plan");
        }
        Run listed = workshop(pg, "--data-dir", sales.toString(), "--team", "marketing", "list", "--json");
        assertThat(json.readTree(listed.out())).isEmpty();
        Run found = workshop(pg, "--data-dir", sales.toString(), "--team", "marketing", "list", "--deleted", "--json");
        assertThat(json.readTree(found.out())).isEmpty();
        Run held = workshop(pg, "--data-dir", sales.toString(), "--team", "marketing", "held", "--json");
        assertThat(held.out()).doesNotContain("A secret plan");
        assertThat(workshop(pg, "--data-dir", design.toString(), "--team", "research", "show", id, "--json").out())
                .as("the research team's conversation as it was").isEqualTo(before);
    }
}
