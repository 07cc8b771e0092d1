package dev.workshop;

import dev.workshop.cli.WorkshopCommand;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Entry point of {@code java -jar workshop.jar} and {@code mvn javafx:run}: a command runs headless, no
 * command opens the desktop app. Not a subclass of Application, so the shaded jar starts on the class path.
 */
public final class Main {
    /** Held here: the JDK keeps loggers weakly, so a level set on an unreferenced logger can be forgotten. */
    private static final Logger FLYWAY_LOG = Logger.getLogger("org.flywaydb");
    /** The team server's connection pool reports starting and stopping at INFO: chatter on a command's stderr. */
    private static final Logger POOL_LOG = Logger.getLogger("com.zaxxer.hikari");

    private Main() {
    }

    /** Set by the launcher for the Java it starts (Launcher.RELAUNCHED, compiled apart for Java 8). */
    static final String RELAUNCHED = "WORKSHOP_RELAUNCHED";
    /** The exit code when the launcher that started this Java is gone: as if it had been asked to stop. */
    static final int PARENT_GONE = 143;

    public static void main(String[] args) {
        if (System.getenv(RELAUNCHED) != null) {
            endWithParent();
        }
        // Flyway reports every migration at INFO; scripts read our stdout, and people need no schema chatter.
        FLYWAY_LOG.setLevel(Level.WARNING);
        POOL_LOG.setLevel(Level.WARNING);
        // The driver's and the pool's warnings (a server away, a connection broken) go to the log file: a command
        // says what happened in one line of its own.
        AppLog.guardTheTerminal();
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        // A class of its own, not WorkshopApp::launchOn: a method reference resolves its class at once, and loading
        // WorkshopApp loads JavaFX classes that a command never uses.
        int code = WorkshopCommand.run(args, new WorkshopCommand.DesktopApp() {
            @Override
            public void open(java.nio.file.Path dataDirectory, java.util.List<java.nio.file.Path> files) {
                WorkshopApp.launchOn(dataDirectory, files);
            }

            @Override
            public void open(java.nio.file.Path dataDirectory, java.util.List<java.nio.file.Path> files,
                             java.util.Optional<String> teamServer, dev.workshop.domain.conversation.TenantId team) {
                WorkshopApp.launchOn(dataDirectory, files, teamServer, team);
            }
        }, Wiring.opener((dataDirectory, options) -> {
            AppLog.installForCommand(dataDirectory);
            return Wiring.openWorkspace(dataDirectory, options);
        }), out, err);
        System.exit(code);
    }

    /**
     * Started by the launcher (on an older Java, or again in a UTF-8 locale): when the launcher ends, even by
     * {@code kill -9}, which lets it pass nothing on, this Java ends too, rather than run on unseen and hold the
     * data directory. The exit runs the shutdown hooks, so what is stored is closed as at any stop.
     */
    private static void endWithParent() {
        ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> {
            System.getLogger(Main.class.getName()).log(System.Logger.Level.WARNING,
                    "The launcher that started Workshop has ended; Workshop ends with it");
            System.exit(PARENT_GONE);
        }));
    }
}
