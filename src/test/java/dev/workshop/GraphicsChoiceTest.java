package dev.workshop;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GraphicsChoiceTest {
    private static final Instant MONDAY = Instant.parse("2026-11-23T09:00:00Z");
    private static final Map<String, String> ON_X = Map.of("DISPLAY", ":0");
    @TempDir
    Path cache;

    private GraphicsChoice at(Instant now, Map<String, String> environment) {
        return new GraphicsChoice(cache.resolve("workshop/graphics.properties"), environment,
                Clock.fixed(now, ZoneOffset.UTC));
    }

    private static String orderAfterStart(GraphicsChoice choice) {
        Properties system = new Properties();
        choice.beforeStart(system);
        return system.getProperty("prism.order");
    }

    @Test
    void aFallbackToSoftwareIsAskedForAtOnceOnTheNextStartsForAWeek() {
        GraphicsChoice first = at(MONDAY, ON_X);
        assertThat(orderAfterStart(first)).as("the first start tries the GPU").isNull();
        first.started(false, new Properties());

        assertThat(orderAfterStart(at(MONDAY.plus(Duration.ofDays(6)), ON_X))).isEqualTo("sw");
        assertThat(orderAfterStart(at(MONDAY.plus(Duration.ofDays(8)), ON_X))).as("a week on, the GPU once more")
                .isNull();
    }

    @Test
    void anotherDisplayTriesTheGpuAndAStartOnTheGpuForgetsTheFallback() {
        at(MONDAY, ON_X).started(false, new Properties());
        assertThat(orderAfterStart(at(MONDAY, Map.of("DISPLAY", "remote:10")))).isNull();

        at(MONDAY, ON_X).started(true, new Properties());
        assertThat(cache.resolve("workshop/graphics.properties")).doesNotExist();
        assertThat(orderAfterStart(at(MONDAY, ON_X))).isNull();
    }

    @Test
    void theUsersOwnChoiceWinsAndIsNotRemembered() {
        at(MONDAY, ON_X).started(false, new Properties());
        Properties system = new Properties();
        system.setProperty("prism.order", "es2");
        GraphicsChoice chosen = at(MONDAY, ON_X);
        chosen.beforeStart(system);
        assertThat(system.getProperty("prism.order")).isEqualTo("es2");

        Properties software = new Properties();
        software.setProperty("prism.order", "sw");
        at(MONDAY.plus(Duration.ofDays(30)), ON_X).started(false, software);
        assertThat(orderAfterStart(at(MONDAY.plus(Duration.ofDays(30)), ON_X)))
                .as("the old fallback was not renewed by a start the user chose").isNull();
    }

    @Test
    void aDamagedHintIsNoHint() throws Exception {
        Path file = cache.resolve("workshop/graphics.properties");
        Files.createDirectories(file.getParent());
        Files.write(file, new byte[] {'p', 'i', 'p', 'e', '\\', 'u', 'Z', 'Z', 0, (byte) 0xff});
        assertThat(orderAfterStart(at(MONDAY, ON_X))).isNull();
        Files.writeString(file, "pipeline=software\ndisplay=:0|\nsince=yesterday\n");
        assertThat(orderAfterStart(at(MONDAY, ON_X))).isNull();
    }
}
