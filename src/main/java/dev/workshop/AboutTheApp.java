package dev.workshop;

import dev.workshop.cli.VersionProvider;
import dev.workshop.ui.shell.HelpMenu;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * What the Help menu tells: the About box and the diagnostics for a bug report. The diagnostics name versions,
 * the system, the data directory, how big the stores are and the last problems logged: never a key, a setting of
 * an agent or a message's text (they read no file's content).
 */
final class AboutTheApp implements HelpMenu.Help {
    private final Path dataDirectory;
    private final Supplier<String> conversations;
    private final Supplier<List<String>> problems;

    AboutTheApp(Path dataDirectory, Supplier<String> conversations, Supplier<List<String>> problems) {
        this.dataDirectory = dataDirectory;
        this.conversations = conversations;
        this.problems = problems;
    }

    @Override
    public String about() {
        return String.join("\n",
                "Version " + VersionProvider.version(),
                "Agents that talk, conversations that are never lost.",
                "",
                "Licence: Apache License 2.0",
                "Data: " + dataDirectory,
                "Java: " + Runtime.version() + " (" + System.getProperty("java.vendor", "unknown vendor") + ")",
                "JavaFX: " + System.getProperty("javafx.runtime.version", "unknown"));
    }

    @Override
    public java.util.concurrent.CompletableFuture<String> diagnostics() {
        // What the window shows is read here, on its thread; the disk is read off it.
        String conversationCount = conversations.get();
        List<String> recent = problems.get();
        return java.util.concurrent.CompletableFuture.supplyAsync(() -> report(conversationCount, recent),
                runnable -> Thread.ofVirtual().name("workshop-diagnostics").start(runnable));
    }

    private String report(String conversationCount, List<String> recent) {
        StringBuilder text = new StringBuilder()
                .append("Workshop ").append(VersionProvider.version()).append('\n')
                .append("Java: ").append(Runtime.version()).append(" (").append(System.getProperty("java.vendor"))
                .append(")\n")
                .append("JavaFX: ").append(System.getProperty("javafx.runtime.version", "unknown")).append('\n')
                .append("OS: ").append(System.getProperty("os.name")).append(' ').append(System.getProperty("os.version"))
                .append(" (").append(System.getProperty("os.arch")).append(")\n")
                .append("Desktop: ").append(desktop()).append('\n')
                .append("Data directory: ").append(dataDirectory).append('\n')
                .append("Stores: ").append(storeSizes()).append('\n')
                .append("Conversations: ").append(conversationCount).append('\n')
                .append("Last problems:");
        if (recent.isEmpty()) {
            text.append(" none");
        }
        recent.forEach(problem -> text.append("\n  ").append(problem));
        // Pasted into a bug report: a password given inside an address never travels with it.
        return dev.workshop.domain.secrets.Redaction.passwordsHidden(text.toString());
    }

    @Override
    public Path logFolder() {
        return AppLog.folder(dataDirectory);
    }

    private static String desktop() {
        String desktop = System.getenv("XDG_CURRENT_DESKTOP");
        String session = System.getenv("XDG_SESSION_TYPE");
        return (desktop == null || desktop.isBlank() ? "unknown" : desktop)
                + (session == null || session.isBlank() ? "" : ", " + session);
    }

    /** "database 1.2 MB, journal 340 KB in 12 files, logs 20 KB": the sizes, never what is inside. */
    String storeSizes() {
        return String.join(", ", "database " + size(dataDirectory.resolve("workshop.mv.db")),
                "journal " + size(dataDirectory.resolve("journal")),
                "snapshots " + size(dataDirectory.resolve("sessions")),
                "logs " + size(AppLog.folder(dataDirectory)));
    }

    private static String size(Path path) {
        if (!Files.exists(path)) {
            return "none";
        }
        try (Stream<Path> files = Files.isDirectory(path) ? Files.walk(path) : Stream.of(path)) {
            List<Path> regular = files.filter(Files::isRegularFile).toList();
            long bytes = 0;
            for (Path file : regular) {
                bytes += Files.size(file);
            }
            return bytes(bytes) + (Files.isDirectory(path) ? " in " + regular.size() + (regular.size() == 1 ? " file" : " files") : "");
        } catch (IOException | java.io.UncheckedIOException e) {
            return "unreadable (" + e.getMessage() + ")";
        }
    }

    static String bytes(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        if (bytes < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.0f KB", bytes / 1024.0);
        }
        return String.format(Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024));
    }
}
