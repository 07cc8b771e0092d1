package dev.workshop;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One window per data directory. The Workshop that holds a data directory listens on a Unix-domain socket in it,
 * {@value #SOCKET}; launched again on that directory, Workshop hands the running one the files it was given and
 * asks it to come to the front, then ends, instead of telling the user the directory is in use. The socket is
 * only reachable by those who can reach the data directory; what comes over it is only ever "show" and files to
 * import, which Import checks like any file the user picks.
 */
final class SingleInstance implements AutoCloseable {
    static final String SOCKET = "workshop.sock";
    private static final String HELLO = "workshop 1";
    private static final String OPEN = "open ";
    private static final String SHOW = "show";
    private static final String DONE = "ok";
    /** How long a launch waits for the running Workshop's answer before it starts as usual. */
    private static final Duration ANSWER_WAIT = Duration.ofSeconds(3);
    private static final System.Logger LOG = System.getLogger(SingleInstance.class.getName());

    private final ServerSocketChannel server;
    private final Path socket;

    private SingleInstance(ServerSocketChannel server, Path socket) {
        this.server = server;
        this.socket = socket;
    }

    /**
     * Hands {@code files} to the Workshop running on {@code dataDirectory} and asks it to show its window. True when
     * it answered; false when there is none (no socket, or one left by a Workshop that has gone) or it did not
     * answer in time: then this launch goes on as usual.
     */
    static boolean handOver(Path dataDirectory, List<Path> files) {
        Path socket = dataDirectory.resolve(SOCKET);
        if (!Files.exists(socket)) {
            return false;
        }
        CompletableFuture<Boolean> answered = new CompletableFuture<>();
        Thread.ofVirtual().name("workshop-hand-over").start(() -> {
            try (SocketChannel channel = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
                OutputStream out = Channels.newOutputStream(channel);
                StringBuilder request = new StringBuilder(HELLO).append('\n');
                files.forEach(file -> request.append(OPEN).append(file.toAbsolutePath().normalize()).append('\n'));
                request.append(SHOW).append('\n');
                out.write(request.toString().getBytes(StandardCharsets.UTF_8));
                out.flush();
                channel.shutdownOutput();
                BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel),
                        StandardCharsets.UTF_8));
                answered.complete(DONE.equals(in.readLine()));
            } catch (IOException | RuntimeException e) {
                answered.complete(false);
            }
        });
        try {
            return answered.get(ANSWER_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            return false;
        }
    }

    /**
     * Listens for later launches on {@code dataDirectory}, which this process holds: each one's files (perhaps
     * none) go to {@code launched}, on a thread of its own. Empty, with the reason logged, where the socket
     * cannot be made (a path too long for one, a file system without them): later launches then say the
     * directory is in use, as before.
     */
    static Optional<SingleInstance> listen(Path dataDirectory, Consumer<List<Path>> launched) {
        Path socket = dataDirectory.resolve(SOCKET);
        try {
            // Left by a Workshop that was killed: this process holds the directory now, so it is nobody's.
            Files.deleteIfExists(socket);
            ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            server.bind(UnixDomainSocketAddress.of(socket));
            SingleInstance listening = new SingleInstance(server, socket);
            Thread.ofVirtual().name("workshop-single-instance").start(() -> listening.serve(launched));
            return Optional.of(listening);
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "Workshop cannot listen for later launches on " + socket + " ("
                    + e.getMessage() + "); a second launch will say the data directory is in use");
            return Optional.empty();
        }
    }

    private void serve(Consumer<List<Path>> launched) {
        while (server.isOpen()) {
            try (SocketChannel channel = server.accept()) {
                BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel),
                        StandardCharsets.UTF_8));
                if (!HELLO.equals(in.readLine())) {
                    continue;
                }
                List<Path> files = new ArrayList<>();
                boolean show = false;
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    if (line.startsWith(OPEN)) {
                        files.add(Path.of(line.substring(OPEN.length())));
                    } else if (line.equals(SHOW)) {
                        show = true;
                    }
                }
                if (show) {
                    launched.accept(List.copyOf(files));
                }
                OutputStream out = Channels.newOutputStream(channel);
                out.write((DONE + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            } catch (java.nio.channels.ClosedChannelException closed) {
                return;
            } catch (IOException | RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "A later launch could not be heard: " + e.getMessage());
            }
        }
    }

    @Override
    public void close() {
        try {
            server.close();
            Files.deleteIfExists(socket);
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "Could not remove " + socket + ": " + e.getMessage());
        }
    }
}
