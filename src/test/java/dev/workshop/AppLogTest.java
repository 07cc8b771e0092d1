package dev.workshop;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The desktop app's log file in the data directory, and the last problems kept for diagnostics. */
class AppLogTest {
    @TempDir
    Path dir;

    @AfterEach
    void stopLogging() {
        AppLog.close();
    }

    @Test
    void warningsThroughSystemLoggerLandInTheDataDirectorysLogAndAmongTheRecentProblems() throws Exception {
        assertThat(AppLog.install(dir)).isEmpty();

        System.getLogger("dev.workshop.test").log(System.Logger.Level.WARNING, "The canvas could not be saved");
        System.getLogger("dev.workshop.test").log(System.Logger.Level.INFO, "Started");
        System.getLogger("dev.workshop.test").log(System.Logger.Level.DEBUG, "Chatter nobody needs");

        Path log = AppLog.folder(dir).resolve("workshop-0.log");
        String written = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(written).containsPattern("\\d{4}-\\d\\d-\\d\\dT[\\d:]+Z WARNING dev.workshop.test: The canvas could not be saved")
                .contains("INFO dev.workshop.test: Started").doesNotContain("Chatter");
        assertThat(AppLog.recentProblems()).last().asString().endsWith("WARNING The canvas could not be saved");
    }

    @Test
    void aDataDirectoryWhereNoLogCanBeWrittenIsSaidInOneSentence() throws Exception {
        // A file where the folder should be: as a read-only disk would, the log cannot be made.
        Files.writeString(dir.resolve(AppLog.FOLDER), "not a folder");

        assertThat(AppLog.install(dir)).hasValueSatisfying(sentence -> assertThat(sentence)
                .startsWith("Workshop cannot write its log in " + dir.resolve(AppLog.FOLDER)).endsWith("runs on without one."));
    }

    @Test
    void theLogKeepsAFewSmallFiles() {
        assertThat(AppLog.LIMIT * AppLog.FILES).isLessThanOrEqualTo(4 * 1024 * 1024);
    }

    @Test
    void aLibrarysWarningGoesToTheFileNotTheTerminalAndNoPasswordInAnAddressIsKept() throws Exception {
        String canary = "Canary-pw-0b7d";
        java.io.ByteArrayOutputStream terminal = new java.io.ByteArrayOutputStream();
        java.util.logging.Logger root = java.util.logging.Logger.getLogger("");
        java.util.logging.ConsoleHandler console = new java.util.logging.ConsoleHandler() {
            {
                setOutputStream(terminal);
            }
        };
        root.addHandler(console);
        try {
            assertThat(AppLog.install(dir)).isEmpty();
            String address = "jdbc:postgresql://kim:" + canary + "@127.0.0.1:5/db?password=" + canary;
            java.util.logging.Logger.getLogger("com.zaxxer.hikari.pool.PoolBase").log(java.util.logging.Level.WARNING,
                    "Connection marked as broken for " + address, new java.sql.SQLException("refused: " + address));
            java.util.logging.Logger.getLogger("dev.workshop.store").warning("Could not reach " + address);
            console.flush();
            AppLog.close();

            String shown = terminal.toString(StandardCharsets.UTF_8);
            assertThat(shown).doesNotContain("marked as broken").contains("Could not reach jdbc:postgresql://kim:***@")
                    .doesNotContain(canary);
            String written = Files.readString(AppLog.folder(dir).resolve("workshop-0.log"), StandardCharsets.UTF_8);
            assertThat(written).contains("WARNING com.zaxxer.hikari.pool.PoolBase: Connection marked as broken")
                    .contains("java.sql.SQLException: refused: jdbc:postgresql://kim:***@").doesNotContain(canary);
        } finally {
            root.removeHandler(console);
        }
    }
}
