package dev.workshop.testing;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Ends a test JVM that stopped making progress, with a thread dump, instead of letting it wait out CI's time
 * limit. JUnit's own timeout covers test methods only; a wait inside an extension's callback (TestFX's clean-up
 * of stages on a toolkit that has exited, a socket read in a {@code @BeforeAll}) is beyond it, and so is a wait
 * that cannot be interrupted. Progress is any test or container starting or finishing, or a report entry.
 *
 * <p>Registered through {@code META-INF/services}, so every run of the suite has it, whatever picks the tests.
 * The allowed silence is {@value #DEFAULT_SECONDS} seconds (longer than the 5-minute method timeout, so that one
 * fires first where it can), {@code -Dworkshop.test.stallSeconds=N} to change it. The dump goes to standard error
 * and to {@code target/surefire-reports/stalled-run-PID.txt}; the JVM then halts with exit code 3, which the
 * build reports as a failed fork.
 */
public final class StalledRunWatchdog implements TestExecutionListener {
    static final long DEFAULT_SECONDS = 360;
    private static final int EXIT_CODE = 3;

    private final Duration allowedSilence;
    private final AtomicReference<Progress> last = new AtomicReference<>(new Progress(Instant.now(), "the start"));
    private final java.util.concurrent.CountDownLatch planFinished = new java.util.concurrent.CountDownLatch(1);

    public StalledRunWatchdog() {
        this(Duration.ofSeconds(Long.getLong("workshop.test.stallSeconds", DEFAULT_SECONDS)));
    }

    private StalledRunWatchdog(Duration allowedSilence) {
        this.allowedSilence = allowedSilence;
    }

    private record Progress(Instant at, String what) {
    }

    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        progress("the start of the test plan");
        Thread.ofPlatform().daemon().name("stalled-run-watchdog").start(this::watch);
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        planFinished.countDown();
    }

    @Override
    public void executionStarted(TestIdentifier test) {
        progress("the start of " + test.getDisplayName());
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        progress("the end of " + test.getDisplayName());
    }

    @Override
    public void executionSkipped(TestIdentifier test, String reason) {
        progress("skipping " + test.getDisplayName());
    }

    @Override
    public void reportingEntryPublished(TestIdentifier test, ReportEntry entry) {
        progress("a report of " + test.getDisplayName());
    }

    private void progress(String what) {
        last.set(new Progress(Instant.now(), what));
    }

    private void watch() {
        try {
            while (true) {
                Progress seen = last.get();
                Duration quiet = Duration.between(seen.at(), Instant.now());
                if (quiet.compareTo(allowedSilence) >= 0) {
                    stalled(seen);
                    return;
                }
                // Until the silence could have lasted long enough, or the run ends.
                if (planFinished.await(allowedSilence.minus(quiet).toMillis() + 1,
                        java.util.concurrent.TimeUnit.MILLISECONDS)) {
                    return;
                }
            }
        } catch (InterruptedException finished) {
            Thread.currentThread().interrupt();
        }
    }

    private void stalled(Progress seen) {
        String report = "The test run made no progress for " + allowedSilence.toSeconds() + " s since "
                + seen.what() + " at " + seen.at() + "; ending the test JVM. Its threads:\n\n" + threadDump();
        System.err.println(report);
        try {
            Path reports = Files.createDirectories(Path.of("target", "surefire-reports"));
            Files.writeString(reports.resolve("stalled-run-" + ProcessHandle.current().pid() + ".txt"), report);
        } catch (IOException | RuntimeException notWritten) {
            System.err.println("(the thread dump could not be written to target/surefire-reports: " + notWritten + ")");
        }
        System.err.flush();
        Runtime.getRuntime().halt(EXIT_CODE);
    }

    /** Every thread with its whole stack and the locks it holds or waits for (ThreadInfo's own text cuts at 8). */
    static String threadDump() {
        StringBuilder dump = new StringBuilder();
        for (ThreadInfo thread : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
            dump.append('"').append(thread.getThreadName()).append("\" ").append(thread.getThreadState());
            if (thread.getLockName() != null) {
                dump.append(" on ").append(thread.getLockName());
            }
            if (thread.getLockOwnerName() != null) {
                dump.append(" owned by \"").append(thread.getLockOwnerName()).append('"');
            }
            dump.append('\n');
            for (StackTraceElement frame : thread.getStackTrace()) {
                dump.append("    at ").append(frame).append('\n');
            }
            dump.append('\n');
        }
        return dump.toString();
    }
}
