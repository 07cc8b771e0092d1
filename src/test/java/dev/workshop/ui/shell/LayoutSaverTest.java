package dev.workshop.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.canvas.Bounds;
import dev.workshop.domain.canvas.WindowLayout;
import dev.workshop.store.file.JsonWindowLayout;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LayoutSaverTest {
    private static final WindowLayout MOVED = new WindowLayout(new Bounds(40, 30, 1240, 830), false, 0.62, 0.4);

    @TempDir
    Path dir;

    @Test
    void writesOnlyWhatChangedAndTheFileHoldsTheLatestLayoutWithoutAClose() {
        JsonWindowLayout file = new JsonWindowLayout(dir);
        AtomicReference<WindowLayout> window = new AtomicReference<>(WindowLayout.DEFAULT);
        List<WindowLayout> writes = new CopyOnWriteArrayList<>();
        try (LayoutSaver saver = new LayoutSaver(window::get, layout -> {
            writes.add(layout);
            file.save(layout, problem -> { });
        }, WindowLayout.DEFAULT)) {
            saver.check();
            saver.awaitWrites(Duration.ofSeconds(5));
            assertThat(writes).as("the layout the file already holds is not written again").isEmpty();

            window.set(MOVED);
            saver.check();
            saver.check();
            saver.awaitWrites(Duration.ofSeconds(5));
            assertThat(writes).containsExactly(MOVED);
            // What a killed app leaves: the file as the last check wrote it, no close needed.
            assertThat(new JsonWindowLayout(dir).load(warning -> { })).isEqualTo(MOVED);

            WindowLayout maximized = new WindowLayout(MOVED.bounds(), true, 0.62, 0.4);
            window.set(maximized);
            saver.check();
            saver.awaitWrites(Duration.ofSeconds(5));
            assertThat(new JsonWindowLayout(dir).load(warning -> { })).isEqualTo(maximized);
        }
    }

    @Test
    void writesOneAfterTheOtherSoTheLastLayoutWins() throws InterruptedException {
        AtomicReference<WindowLayout> window = new AtomicReference<>(WindowLayout.DEFAULT);
        CountDownLatch slowFirstWrite = new CountDownLatch(1);
        List<WindowLayout> finished = new CopyOnWriteArrayList<>();
        try (LayoutSaver saver = new LayoutSaver(window::get, layout -> {
            if (layout.equals(MOVED)) {
                await(slowFirstWrite);
            }
            finished.add(layout);
        }, WindowLayout.DEFAULT)) {
            window.set(MOVED);
            saver.check();
            WindowLayout later = new WindowLayout(MOVED.bounds(), false, 0.5, 0.5);
            window.set(later);
            saver.check();
            slowFirstWrite.countDown();
            saver.awaitWrites(Duration.ofSeconds(5));
        }
        assertThat(finished).containsExactly(MOVED, new WindowLayout(MOVED.bounds(), false, 0.5, 0.5));
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(5, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
