package dev.workshop.ui.shell;

import dev.workshop.domain.canvas.WindowLayout;
import dev.workshop.ui.fx.Background;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Keeps the window's layout on disk while the app runs, not only when it closes: a Workshop that is killed
 * (or loses its power) opens next time as it last looked. The FX thread only compares two small records on
 * each {@link #check()}; a changed layout is written on a thread of its own, one write after the other, so
 * an older layout can never land after a newer one.
 */
public final class LayoutSaver implements AutoCloseable {
    private final Supplier<WindowLayout> current;
    private final Consumer<WindowLayout> save;
    private final ExecutorService writer = Background.oneAfterTheOther("save-window-layout");
    private WindowLayout saved;
    private Future<?> lastWrite;

    /**
     * @param current what the window looks like now (read on the FX thread)
     * @param save    writes a layout; runs off the FX thread and reports its own failures
     * @param onDisk  the layout the file holds already, so that opening the window writes nothing
     */
    public LayoutSaver(Supplier<WindowLayout> current, Consumer<WindowLayout> save, WindowLayout onDisk) {
        this.current = current;
        this.save = save;
        this.saved = onDisk;
    }

    /** Writes the layout if it changed since the last write; call it now and then, on the FX thread. */
    public void check() {
        WindowLayout now = current.get();
        if (!Objects.equals(now, saved)) {
            saved = now;
            lastWrite = writer.submit(() -> save.accept(now));
        }
    }

    /** Waits up to {@code timeout} for the writes asked for so far to finish (when the window closes). */
    public void awaitWrites(Duration timeout) {
        Future<?> pending = lastWrite;
        if (pending == null) {
            return;
        }
        try {
            pending.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // The writer reports its own failures; a slow disk must not hold the window open.
        }
    }

    @Override
    public void close() {
        writer.shutdown();
    }
}
