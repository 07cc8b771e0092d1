package dev.workshop.gateway.mcp;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Waits for a stdio server's answer while watching its process: the SDK notices a server that exited only when its
 * timeout runs out, so this tells it at once, at the greeting and during a call. The process is found among this
 * JVM's children that were not there before it started, by its program's name; starts are one at a time
 * ({@link McpToolServers}), so the one found is the server's.
 */
final class StartWatch {
    private static final long POLL_MILLIS = 50;
    /** A server whose process could not be found for this long has already exited. */
    private static final Duration GONE_BEFORE_SEEN = Duration.ofSeconds(2);

    /** The program's name; null when there is no process to watch (a server over HTTP). */
    private final String program;
    private final Set<Long> before;
    private volatile Optional<ProcessHandle> process = Optional.empty();

    /** Call before the server starts: the children there already are not it. */
    StartWatch(String command) {
        this.program = Path.of(command).getFileName().toString();
        this.before = ProcessHandle.current().children().map(ProcessHandle::pid).collect(Collectors.toSet());
    }

    private StartWatch() {
        this.program = null;
        this.before = Set.of();
    }

    /** No process to watch (a server over HTTP): answers are waited for as the SDK waits. */
    static StartWatch none() {
        return new StartWatch();
    }

    /**
     * Runs {@code answer} and returns what it returned; throws {@link ServerExited} as soon as the server's process
     * is gone, and what {@code answer} threw otherwise.
     */
    <T> T await(Supplier<T> answer) {
        if (program == null) {
            return answer.get();
        }
        CompletableFuture<T> done = CompletableFuture.supplyAsync(answer,
                runnable -> Thread.ofVirtual().name("mcp-answer").start(runnable));
        long started = System.nanoTime();
        while (true) {
            try {
                return done.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException stillWaiting) {
                if (gone(started)) {
                    done.cancel(true);
                    throw new ServerExited();
                }
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                done.cancel(true);
                throw new IllegalStateException("Interrupted while waiting for a tool server", interrupted);
            } catch (ExecutionException failed) {
                throw failed.getCause() instanceof RuntimeException runtime ? runtime
                        : new IllegalStateException(failed.getCause());
            }
        }
    }

    private boolean gone(long started) {
        if (process.isEmpty()) {
            // The newest child that was not there before: starts are one at a time. By the program's name first,
            // since a launcher (npx, uvx) may show another name than the one it was started as.
            List<ProcessHandle> fresh = ProcessHandle.current().children()
                    .filter(child -> !before.contains(child.pid())).toList();
            process = fresh.stream().filter(child -> child.info().command().map(c -> c.endsWith(program))
                    .orElse(false)).findFirst().or(() -> fresh.stream().findFirst());
        }
        // Never seen: it ended before it could be looked for.
        return process.map(found -> !found.isAlive())
                .orElse(System.nanoTime() - started > GONE_BEFORE_SEEN.toNanos());
    }

    /** The server's process ended before it answered. */
    static final class ServerExited extends RuntimeException {
        ServerExited() {
            super("the server exited", null, false, false);
        }
    }
}
