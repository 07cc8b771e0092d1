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
}
