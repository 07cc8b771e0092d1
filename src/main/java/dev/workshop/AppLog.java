package dev.workshop;

import dev.workshop.domain.secrets.Redaction;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.logging.FileHandler;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The desktop app's log: {@code logs/workshop-0.log} in the data directory, through the JDK's own logging (what
 * {@code System.Logger} writes to as well), kept to {@value #FILES} files of at most {@value #LIMIT} bytes each,
 * the oldest dropped. Warnings and errors, and what was uncaught on any thread, land there as well as in the
 * terminal; the last few are kept for "Copy diagnostics". Workshop logs what happened to it, never a key or a
 * message's text.
 */
public final class AppLog {
    public static final String FOLDER = "logs";
    static final int LIMIT = 1024 * 1024;
    static final int FILES = 3;
    static final int RECENT = 20;
    /** Held here: the JDK keeps loggers weakly, and a handler on a forgotten logger would be lost. */
    private static final Logger ROOT = Logger.getLogger("");
    private static final Deque<String> RECENT_PROBLEMS = new ArrayDeque<>();
    /**
     * Libraries whose trouble Workshop reports in a sentence of its own (a team server away, a remote refused): their
     * lines, stack traces and all, go to the log file, never the terminal a command or the app was started from.
     */
    static final List<String> KEPT_OFF_THE_TERMINAL = List.of("org.postgresql", "com.zaxxer.hikari", "org.flywaydb",
            "org.eclipse.jgit");
    private static Handler file;
    private static boolean uncaughtLogged;

    private AppLog() {
    }

    /**
     * Starts writing to {@code dataDirectory}'s log. Returns the one sentence to show when it cannot (a
     * read-only or full disk): the app runs on without a log file then.
     */
    public static synchronized java.util.Optional<String> install(Path dataDirectory) {
        close();
        ROOT.addHandler(new RecentProblems());
        // The terminal hears of warnings and errors; the file has the rest too.
        for (Handler handler : ROOT.getHandlers()) {
            if (handler instanceof java.util.logging.ConsoleHandler console) {
                console.setLevel(Level.WARNING);
            }
        }
        guardTheTerminal();
        if (!uncaughtLogged) {
            uncaughtLogged = true;
            Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
            Thread.setDefaultUncaughtExceptionHandler((thread, failure) -> {
                ROOT.log(Level.SEVERE, "Uncaught on thread " + thread.getName(), failure);
                if (before != null) {
                    before.uncaughtException(thread, failure);
                }
            });
        }
        try {
            Path folder = Files.createDirectories(dataDirectory.resolve(FOLDER));
            FileHandler handler = new FileHandler(folder.resolve("workshop-%g.log").toString(), LIMIT, FILES, true);
            handler.setEncoding("UTF-8");
            handler.setFormatter(new OneLine());
            handler.setLevel(Level.INFO);
            ROOT.addHandler(handler);
            file = handler;
            return java.util.Optional.empty();
        } catch (IOException | RuntimeException e) {
            return java.util.Optional.of("Workshop cannot write its log in " + dataDirectory.resolve(FOLDER) + " ("
                    + e.getMessage() + "); it runs on without one.");
        }
    }

    /**
     * What the terminal is shown of the log: nothing from {@link #KEPT_OFF_THE_TERMINAL the libraries Workshop speaks
     * for}, and no password given inside an address. Called first thing by every entry point.
     */
    public static synchronized void guardTheTerminal() {
        for (Handler handler : ROOT.getHandlers()) {
            if (handler instanceof java.util.logging.ConsoleHandler console
                    && !(console.getFormatter() instanceof PasswordsHidden)) {
                console.setFilter(record -> !keptOffTheTerminal(record.getLoggerName()));
                console.setFormatter(new PasswordsHidden(console.getFormatter()));
            }
        }
    }

    static boolean keptOffTheTerminal(String loggerName) {
        return loggerName != null && KEPT_OFF_THE_TERMINAL.stream()
                .anyMatch(library -> loggerName.equals(library) || loggerName.startsWith(library + "."));
    }

    /**
     * For a command: the same log file as the app's, and the terminal left to the command's own lines (its JSON on
     * stdout, one sentence a happening on stderr): a background warning (a lease not renewed while the team server
     * restarts, the change feed listening again) is read in the file. Where no file can be written, the terminal
     * keeps hearing warnings, so that nothing is lost.
     */
    public static synchronized void installForCommand(Path dataDirectory) {
        if (file == null && install(dataDirectory).isEmpty()) {
            for (Handler handler : ROOT.getHandlers()) {
                if (handler instanceof java.util.logging.ConsoleHandler console) {
                    console.setLevel(Level.OFF);
                }
            }
        }
    }

    /** The folder the log files are in. */
    public static Path folder(Path dataDirectory) {
        return dataDirectory.resolve(FOLDER);
    }

    /** The last warnings and errors, oldest first, one line each. */
    public static synchronized List<String> recentProblems() {
        return List.copyOf(RECENT_PROBLEMS);
    }

    /** Stops writing the file (at exit, or before a test installs another). */
    public static synchronized void close() {
        if (file != null) {
            ROOT.removeHandler(file);
            file.close();
            file = null;
        }
        for (Handler handler : ROOT.getHandlers()) {
            if (handler instanceof RecentProblems) {
                ROOT.removeHandler(handler);
            }
        }
    }

    /** Another formatter's text with every password given inside an address hidden. */
    private static final class PasswordsHidden extends Formatter {
        private final Formatter formatter;

        PasswordsHidden(Formatter formatter) {
            this.formatter = formatter;
        }

        @Override
        public String format(LogRecord record) {
            return Redaction.passwordsHidden(formatter.format(record));
        }
    }

    /**
     * "2026-11-27T05:20:01Z WARNING dev.workshop.x: what happened", the stack trace under it when there is one; a
     * password given inside an address hidden wherever it stood.
     */
    static final class OneLine extends Formatter {
        @Override
        public String format(LogRecord record) {
            return Redaction.passwordsHidden(unredacted(record));
        }

        private String unredacted(LogRecord record) {
            StringBuilder line = new StringBuilder()
                    .append(record.getInstant().truncatedTo(ChronoUnit.SECONDS)).append(' ')
                    .append(record.getLevel().getName()).append(' ')
                    .append(record.getLoggerName() == null ? "" : record.getLoggerName()).append(": ")
                    .append(formatMessage(record)).append(System.lineSeparator());
            if (record.getThrown() != null) {
                StringWriter trace = new StringWriter();
                record.getThrown().printStackTrace(new PrintWriter(trace));
                line.append(trace);
            }
            return line.toString();
        }
    }

    /** Keeps the last {@value #RECENT} warnings and errors in memory. */
    private static final class RecentProblems extends Handler {
        private final Formatter messages = new OneLine();

        RecentProblems() {
            setLevel(Level.WARNING);
        }

        @Override
        public void publish(LogRecord record) {
            if (!isLoggable(record)) {
                return;
            }
            String message = messages.formatMessage(record);
            String line = Redaction.passwordsHidden(Instant.ofEpochMilli(record.getMillis())
                    .truncatedTo(ChronoUnit.SECONDS) + " " + record.getLevel().getName() + " " + message
                    + (record.getThrown() == null ? "" : " (" + record.getThrown() + ")"));
            synchronized (AppLog.class) {
                RECENT_PROBLEMS.addLast(line);
                while (RECENT_PROBLEMS.size() > RECENT) {
                    RECENT_PROBLEMS.removeFirst();
                }
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
