package dev.workshop.cli.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** What every benchmark command shares: where it writes, and how it prints its lines. */
public final class BenchOutput {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--json", description = "One JSON object per line (otherwise readable text).")
    private boolean json;

    @Option(names = "--work-dir", paramLabel = "DIR",
            description = "Where to write (default: a new temporary folder, deleted afterwards).")
    private Path workDir;

    interface Work {
        void run(Path root) throws Exception;
    }

    int run(Work work) throws Exception {
        Path root = workDir != null ? Files.createDirectories(workDir) : Files.createTempDirectory("workshop-bench");
        try {
            work.run(root);
        } finally {
            if (workDir == null) {
                deleteRecursively(root);
            }
        }
        return 0;
    }

    void print(ObjectNode line) {
        PrintWriter out = spec.commandLine().getOut();
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

    /** Removes a benchmark folder and everything in it. */
    public static void deleteRecursively(Path root) throws IOException {
        try (var paths = Files.walk(root)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
