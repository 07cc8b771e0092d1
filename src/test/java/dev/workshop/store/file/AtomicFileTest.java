package dev.workshop.store.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileTest {
    @TempDir
    Path dir;

    /** Writes {@code args[1]} bytes to {@code args[0]} with {@link AtomicFile#write}: run in a process of its own. */
    public static final class Writer {
        public static void main(String[] args) throws Exception {
            AtomicFile.write(Path.of(args[0]), new byte[Integer.parseInt(args[1])]);
        }
    }

    @Test
    void replacesTheFileWhole() throws Exception {
        Path file = Files.writeString(dir.resolve("settings.json"), "old");

        AtomicFile.write(file, "new".getBytes(StandardCharsets.UTF_8));

        assertThat(file).hasContent("new");
        assertThat(dir.resolve("settings.json.new")).doesNotExist();
    }

    @Test
    void streamedContentIsWrittenWholeOrNotAtAll() throws Exception {
        Path file = Files.writeString(dir.resolve("export.json"), "old");
        byte[] large = new byte[3 << 16];
        java.util.Arrays.fill(large, (byte) 'x');

        AtomicFile.write(file, out -> {
            out.write(large);
            out.write('!');
        });
        assertThat(Files.size(file)).isEqualTo(large.length + 1L);

        java.io.IOException failure = new java.io.IOException("the conversation could not be read further");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> AtomicFile.write(file, out -> {
            out.write(large);
            throw failure;
        })).isSameAs(failure);
        assertThat(Files.size(file)).as("the earlier file as it was").isEqualTo(large.length + 1L);
        assertThat(dir.resolve("export.json.new")).as("no half-written copy").doesNotExist();
    }

    @Test
    void filesMovedAsideInTheSameSecondEachKeepTheirOwnCopy() throws Exception {
        Path file = dir.resolve("settings.json");
        List<Path> aside = new java.util.ArrayList<>();
        for (String broken : List.of("{broken", "{broken again", "{and again")) {
            Files.writeString(file, broken);
            aside.add(AtomicFile.moveAside(file));
        }

        assertThat(file).doesNotExist();
        assertThat(aside).doesNotHaveDuplicates().allSatisfy(path -> assertThat(path.getFileName().toString())
                .startsWith("settings.json.unreadable-"));
        assertThat(aside).extracting(Files::readString).containsExactly("{broken", "{broken again", "{and again");
    }

    @Test
    void aWriteTheDiskRefusesLeavesTheOldFileAndNoHalfWrittenCopy() throws Exception {
        Path file = Files.writeString(dir.resolve("settings.json"), "old");
        // The kernel refuses to let the file grow past 64 KB, as a full disk refuses more blocks (the JVM ignores
        // SIGXFSZ, so the write fails with "File too large").
        String java = ProcessHandle.current().info().command().orElse("java");
        String command = "ulimit -f 64; exec '" + java + "' -cp '" + System.getProperty("java.class.path") + "' '"
                + Writer.class.getName() + "' '" + file + "' 1000000";
        Process writer = new ProcessBuilder(List.of("bash", "-c", command)).redirectErrorStream(true).start();
        String output = new String(writer.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(writer.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(writer.exitValue()).as(output).isNotZero();
        assertThat(output).contains("File too large");
        assertThat(file).hasContent("old");
        assertThat(dir.resolve("settings.json.new")).as("the half-written copy is removed").doesNotExist();
    }
}
