package dev.workshop.cli;

import dev.workshop.orchestration.Workspace;
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
    @Override
    public Integer call() throws InterruptedException {
        if (workshop().storeUrl().isEmpty()) {
            // This device's own data has one driver already, the app or a command: serving it would run until killed
            // and take nothing over.
            throw new IllegalArgumentException("serve drives a team server's conversations: give --store-url"
                    + " jdbc:postgresql://HOST:PORT/DATABASE (or set WORKSHOP_STORE_URL)");
        }
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
            // The same driver the app runs on a team server; closing the workspace stops it and the loops.
            workspace.driveTeamConversations();
            stopped.await();
        } finally {
            serving.set(false);
            closed.countDown();
        }
        return ExitCode.OK;
    }
}
