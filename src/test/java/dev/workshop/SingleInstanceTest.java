package dev.workshop;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One window per data directory: a later launch hands its files to the Workshop holding the directory. */
@dev.workshop.testing.Slow
class SingleInstanceTest {
    @TempDir
    Path dir;

    @Test
    void aSecondProcessLaunchedOnTheDirectoryHandsItsFileOverAndEnds() throws Exception {
        Path export = Files.writeString(dir.resolve("plan.workshop.json"), "{}");
        List<List<Path>> launches = new CopyOnWriteArrayList<>();
        try (SingleInstance listening = SingleInstance.listen(dir, launches::add).orElseThrow()) {
            // As the desktop runs it for a double-clicked export: the launcher with the file's path.
            ProcessBuilder second = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), "dev.workshop.Main", "--data-dir", dir.toString(),
                    export.toString()).redirectErrorStream(true);
            Process process = second.start();
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
            String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

            assertThat(process.exitValue()).as(said).isZero();
            assertThat(said).contains("Workshop is already open on " + dir + ": its window is brought to the front "
                    + "and given the file to import");
            assertThat(launches).containsExactly(List.of(export.toAbsolutePath()));
        }
        assertThat(dir.resolve(SingleInstance.SOCKET)).as("removed when the holder stops").doesNotExist();
    }

    @Test
    void withNoWorkshopListeningALaunchGoesOnAsUsualEvenOverASocketLeftByAKilledOne() throws Exception {
        assertThat(SingleInstance.handOver(dir, List.of())).as("no socket").isFalse();

        // A socket file whose listener is gone, as a kill -9 leaves it.
        SingleInstance killed = SingleInstance.listen(dir, files -> { }).orElseThrow();
        java.lang.reflect.Field server = SingleInstance.class.getDeclaredField("server");
        server.setAccessible(true);
        ((java.nio.channels.ServerSocketChannel) server.get(killed)).close();
        assertThat(dir.resolve(SingleInstance.SOCKET)).exists();
        // A channel closed while its accept is blocked is closed for good only once that accept returns: until then
        // a connection can still land (a random class order saw it once). Wait for the kernel to refuse.
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(10))
                .until(() -> !accepts(dir.resolve(SingleInstance.SOCKET)));
        assertThat(SingleInstance.handOver(dir, List.of())).as("a socket nobody listens on").isFalse();

        // The next holder takes the place over.
        List<List<Path>> launches = new CopyOnWriteArrayList<>();
        try (SingleInstance next = SingleInstance.listen(dir, launches::add).orElseThrow()) {
            assertThat(SingleInstance.handOver(dir, List.of())).isTrue();
            assertThat(launches).containsExactly(List.of());
        }
    }

    @Test
    void aWordThatIsNeitherACommandNorAFileIsAMistypedCommand() {
        java.io.StringWriter err = new java.io.StringWriter();
        List<Path> opened = new CopyOnWriteArrayList<>();
        int code = dev.workshop.cli.WorkshopCommand.run(new String[] {"--data-dir", dir.toString(), "lsit"},
                (data, files) -> opened.addAll(files), null,
                new java.io.PrintWriter(new java.io.StringWriter()), new java.io.PrintWriter(err));

        assertThat(code).as("the command line's code for bad usage").isEqualTo(2);
        assertThat(err.toString()).contains("No such command or file: 'lsit'");
        assertThat(opened).isEmpty();
    }

    private static boolean accepts(Path socket) {
        try (java.nio.channels.SocketChannel channel = java.nio.channels.SocketChannel.open(
                java.net.UnixDomainSocketAddress.of(socket))) {
            return channel.isConnected();
        } catch (java.io.IOException refused) {
            return false;
        }
    }
}
