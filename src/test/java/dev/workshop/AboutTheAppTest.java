package dev.workshop;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What "Copy diagnostics" and About tell: versions, sizes and problems, never a key or a message's text. */
class AboutTheAppTest {
    @TempDir
    Path dir;

    @Test
    void diagnosticsNameVersionsSizesAndProblemsButNoKeyOrMessageText() throws Exception {
        // What a data directory may hold that must never leave it through a bug report.
        Files.writeString(dir.resolve("agents.json"), "{\"api_key\": \"sk-canary-key-5be1\"}");
        Files.createDirectories(dir.resolve("journal"));
        Files.writeString(dir.resolve("journal").resolve("c1.journal"), "canary-message-text-91ac".repeat(100));
        Files.writeString(dir.resolve("workshop.mv.db"), "x".repeat(3000));
        AboutTheApp about = new AboutTheApp(dir, () -> "2 conversations · 1 running",
                () -> List.of("2026-11-27T05:00:00Z WARNING The canvas could not be saved"));

        String diagnostics = about.diagnostics().join();

        assertThat(diagnostics).contains("Java: " + Runtime.version()).contains("Data directory: " + dir)
                .contains("Stores: database 3 KB, journal 2 KB in 1 file, snapshots none, logs none")
                .contains("Conversations: 2 conversations · 1 running")
                .contains("Last problems:\n  2026-11-27T05:00:00Z WARNING The canvas could not be saved")
                .doesNotContain("sk-canary-key-5be1").doesNotContain("canary-message-text-91ac");
        assertThat(about.about()).contains("Licence: Apache License 2.0").contains("Data: " + dir).contains("JavaFX: ");
        assertThat(about.logFolder()).isEqualTo(dir.resolve("logs"));
    }

    @Test
    void sizesReadAsPeopleSayThem() {
        assertThat(AboutTheApp.bytes(512)).isEqualTo("512 B");
        assertThat(AboutTheApp.bytes(20 * 1024)).isEqualTo("20 KB");
        assertThat(AboutTheApp.bytes(1536 * 1024)).isEqualTo("1.5 MB");
    }

    @Test
    void aPasswordInAnAddressAmongTheLastProblemsStaysOutOfTheDiagnostics() {
        AboutTheApp about = new AboutTheApp(dir, () -> "1 conversation", () -> List.of(
                "2026-11-27T05:00:00Z WARNING Cannot reach https://kim:Canary-pw-e11a@127.0.0.1:9/x.git: refused"));

        assertThat(about.diagnostics().join()).contains("Cannot reach https://kim:***@127.0.0.1:9/x.git")
                .doesNotContain("Canary-pw-e11a");
    }
}
