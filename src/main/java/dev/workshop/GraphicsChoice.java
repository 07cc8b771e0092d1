package dev.workshop;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * Which rendering pipeline the app asks JavaFX for (issue #53, docs/decisions/0032). JavaFX tries the GPU first
 * (OpenGL ES 2 on Linux) and falls back to software when there is none, as under X without GL (a remote display,
 * a virtual machine without 3D); the attempt costs every start about 80 ms, and a packaged app cannot be given
 * {@code -Dprism.order=sw} on its command line. So the app remembers, per user and display, that JavaFX ended on
 * software here, and asks for software at once for a week; then it tries the GPU once again, in case one came. A
 * user's own {@code -Dprism.order} always wins, and nothing is remembered while it is set.
 */
final class GraphicsChoice {
    /** How long a fallback is trusted before the GPU is tried again. */
    static final Duration TRUSTED_FOR = Duration.ofDays(7);
    private static final String ORDER = "prism.order";
    private static final System.Logger LOG = System.getLogger(GraphicsChoice.class.getName());
    private final Path file;
    private final String display;
    private final Clock clock;
    private boolean chosenHere;

    GraphicsChoice(Path file, Map<String, String> environment, Clock clock) {
        this.file = file;
        this.display = Objects.toString(environment.get("DISPLAY"), "") + "|"
                + Objects.toString(environment.get("WAYLAND_DISPLAY"), "");
        this.clock = clock;
    }

    /** The user's cache folder ({@code $XDG_CACHE_HOME}, else {@code ~/.cache}): a fact of this machine, not data. */
    static GraphicsChoice forThisUser() {
        String cache = System.getenv("XDG_CACHE_HOME");
        Path base = cache != null && !cache.isBlank() ? Path.of(cache)
                : Path.of(System.getProperty("user.home"), ".cache");
        return new GraphicsChoice(base.resolve("workshop").resolve("graphics.properties"), System.getenv(),
                Clock.systemUTC());
    }

    /** Before the toolkit starts: software at once when JavaFX fell back to it on this display lately. */
    void beforeStart(Properties system) {
        if (system.getProperty(ORDER) != null) {
            return;
        }
        Properties remembered = read();
        if ("software".equals(remembered.getProperty("pipeline")) && display.equals(remembered.getProperty("display"))
                && since(remembered).map(at -> at.plus(TRUSTED_FOR).isAfter(clock.instant())).orElse(false)) {
            system.setProperty(ORDER, "sw");
            chosenHere = true;
        }
    }

    /** Once the toolkit runs: remembers a fallback to software, forgets it when the GPU was used. */
    void started(boolean onTheGpu, Properties system) {
        if (chosenHere || system.getProperty(ORDER) != null) {
            return;
        }
        try {
            if (onTheGpu) {
                Files.deleteIfExists(file);
                return;
            }
            Properties fallback = new Properties();
            fallback.setProperty("pipeline", "software");
            fallback.setProperty("display", display);
            fallback.setProperty("since", clock.instant().toString());
            Files.createDirectories(file.getParent());
            try (Writer out = Files.newBufferedWriter(file)) {
                fallback.store(out, "Workshop: JavaFX found no GPU on this display; software rendering is asked for"
                        + " at once until a week has passed");
            }
        } catch (IOException e) {
            // Only a start's 80 ms is at stake.
            LOG.log(System.Logger.Level.DEBUG, "Could not remember the graphics pipeline in " + file + ": " + e);
        }
    }

    private Properties read() {
        Properties remembered = new Properties();
        if (Files.isRegularFile(file)) {
            try (Reader in = Files.newBufferedReader(file)) {
                remembered.load(in);
            } catch (IOException | IllegalArgumentException e) {
                // A damaged hint is no hint: the GPU is tried, and the hint written again.
                LOG.log(System.Logger.Level.DEBUG, "Ignored " + file + ": " + e);
            }
        }
        return remembered;
    }

    private static java.util.Optional<Instant> since(Properties remembered) {
        try {
            return java.util.Optional.of(Instant.parse(remembered.getProperty("since", "")));
        } catch (java.time.format.DateTimeParseException e) {
            return java.util.Optional.empty();
        }
    }
}
