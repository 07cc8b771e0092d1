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

    private Main() {
    }

    public static void main(String[] args) {
        // Flyway reports every migration at INFO; scripts read our stdout, and people need no schema chatter.
        FLYWAY_LOG.setLevel(Level.WARNING);
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        // A lambda, not WorkshopApp::launchOn: a method reference resolves its class at once, and loading
        // WorkshopApp loads JavaFX classes that a command never uses.
        int code = WorkshopCommand.run(args, dataDir -> WorkshopApp.launchOn(dataDir),
                Wiring.opener(Wiring::openWorkspace), out, err);
        System.exit(code);
    }
}
