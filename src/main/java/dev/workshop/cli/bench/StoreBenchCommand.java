package dev.workshop.cli.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code workshop bench store}: the durable store against the disk's own fsync floor. */
@Command(name = "store", mixinStandardHelpOptions = true,
        description = "Measure durable appends, restores and concurrent conversations of the store.")
final class StoreBenchCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--json", description = "One JSON object per line (otherwise readable text).")
    private boolean json;

    @Option(names = "--sizes", split = ",", paramLabel = "N", defaultValue = "10,1000,10000",
            description = "Conversation lengths for the append and restore runs (default: ${DEFAULT-VALUE}).")
    private List<Integer> sizes;

    @Option(names = "--conversations", defaultValue = "1000", description = "Concurrent conversations (default: ${DEFAULT-VALUE}).")
    private int conversations;

    @Option(names = "--turns", defaultValue = "10", description = "Turns per concurrent conversation (default: ${DEFAULT-VALUE}).")
    private int turns;

    @Option(names = "--message-bytes", defaultValue = "500", description = "Size of each message (default: ${DEFAULT-VALUE}).")
    private int messageBytes;

    @Option(names = "--work-dir", paramLabel = "DIR",
            description = "Where to write (default: a new temporary folder, deleted afterwards).")
    private Path workDir;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Path root = workDir != null ? Files.createDirectories(workDir) : Files.createTempDirectory("workshop-bench");
        try {
            StoreBenchmark benchmark = new StoreBenchmark(root, messageBytes, line -> print(out, line));
            benchmark.fsyncFloor(2000);
            benchmark.warmUp();
            for (int size : sizes) {
                Path dir = benchmark.append(size);
                benchmark.restore(dir, size);
            }
            benchmark.many(conversations, turns);
        } finally {
            if (workDir == null) {
                deleteRecursively(root);
            }
        }
        return 0;
    }

    private void print(PrintWriter out, ObjectNode line) {
        if (json) {
            out.println(line.toString());
        } else {
            StringBuilder text = new StringBuilder();
            line.properties().forEach(field -> text.append(field.getKey()).append('=').append(field.getValue().asText())
                    .append("  "));
            out.println(text.toString().strip());
        }
        out.flush();
    }

    private static void deleteRecursively(Path root) throws IOException {
        try (var paths = Files.walk(root)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
