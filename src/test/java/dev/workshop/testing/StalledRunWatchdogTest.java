package dev.workshop.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * A test JVM stuck where JUnit's timeout cannot reach (here, a clean-up that waits for ever) ends within the
 * allowed silence, with a thread dump that shows where it waited, instead of hanging the build.
 */
@dev.workshop.testing.Slow
class StalledRunWatchdogTest {

    @Test
    void aRunThatStopsMakingProgressEndsWithAThreadDump(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        // In a folder of its own: the dump it writes to target/surefire-reports must not read as this build's.
        Process child = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"),
                "-Dworkshop.test.stallSeconds=3", "-cp", System.getProperty("java.class.path"),
                StuckRun.class.getName()).directory(dir.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        child.getOutputStream().close();
        byte[] err = child.getErrorStream().readAllBytes();

        assertThat(child.waitFor(120, TimeUnit.SECONDS)).as("the stuck JVM ended by itself").isTrue();
        String said = new String(err, StandardCharsets.UTF_8);
        assertThat(child.exitValue()).as(said).isEqualTo(3);
        assertThat(said).contains("The test run made no progress for 3 s since the start of waitsForEver()")
                .contains(Stuck.class.getName() + ".cleanUpThatNeverEnds(");
        try (java.util.stream.Stream<java.nio.file.Path> reports = java.nio.file.Files.list(
                dir.resolve("target").resolve("surefire-reports"))) {
            assertThat(reports.map(report -> report.getFileName().toString()))
                    .containsExactly("stalled-run-" + child.pid() + ".txt");
        }
    }

    /** Runs {@link Stuck} through the JUnit launcher, which finds the watchdog as every test run does. */
    static final class StuckRun {
        public static void main(String[] args) {
            LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                    .selectors(DiscoverySelectors.selectClass(Stuck.class)).build();
            Launcher launcher = LauncherFactory.create();
            launcher.execute(request);
            System.exit(0);
        }
    }

    /** Not run by the build (a nested class): its clean-up waits for a latch nobody counts down. */
    static final class Stuck {
        private static final CountDownLatch NEVER = new CountDownLatch(1);

        @Test
        void waitsForEver() {
            assertThat(List.of()).isEmpty();
        }

        @AfterEach
        void cleanUpThatNeverEnds() throws InterruptedException {
            NEVER.await();
        }
    }
}
