package dev.workshop.cli;

import dev.workshop.orchestration.Workspace;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;

/**
 * {@code workshop serve}: a headless driver for a team server. About every second it takes over the team's
 * conversations that need a driver (new, resumed, or whose instance died) and runs them, printing the same JSON
 * lines as {@code run}, until it is stopped: SIGTERM cuts the turns in flight (asked again by whoever goes on),
 * releases its conversations and exits 0.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Drive the team's conversations that need a driver (with --store-url): new ones, resumed ones,"
                + " and those whose Workshop stopped or died, until stopped (SIGTERM or Ctrl+C)."})
final class ServeCommand extends LoopCommand {
    /** A conversation changed this recently may be about to be claimed by the instance that changed it. */
    private static final Duration QUIET = Duration.ofSeconds(5);
    private static final Duration SCAN = Duration.ofSeconds(1);

    @Override
    public Integer call() throws InterruptedException {
        CountDownLatch stopped = new CountDownLatch(1);
        CountDownLatch closed = new CountDownLatch(1);
        java.util.concurrent.atomic.AtomicBoolean serving = new java.util.concurrent.atomic.AtomicBoolean(true);
        Thread hook = new Thread(() -> {
            if (!serving.get()) {
                return;
            }
            stopped.countDown();
            try {
                // Give the main thread the time to stop the loops and let go of the conversations.
                closed.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            // Asked to stop, and stopped cleanly: that is success, not death by a signal.
            Runtime.getRuntime().halt(ExitCode.OK);
        }, "workshop-serve-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try (Workspace workspace = openForLoops()) {
            spec().commandLine().getErr().println("workshop: serving team " + workspace.tenant().value()
                    + "; stop with SIGTERM or Ctrl+C");
            spec().commandLine().getErr().flush();
            while (!stopped.await(SCAN.toMillis(), TimeUnit.MILLISECONDS)) {
                try {
                    workspace.bridge().driveThoseWithoutADriver(QUIET);
                } catch (RuntimeException e) {
                    // The server is away for a moment: try again at the next scan.
                    spec().commandLine().getErr().println("workshop: " + e.getMessage());
                    spec().commandLine().getErr().flush();
                }
            }
        } finally {
            serving.set(false);
            closed.countDown();
        }
        return ExitCode.OK;
    }
}
