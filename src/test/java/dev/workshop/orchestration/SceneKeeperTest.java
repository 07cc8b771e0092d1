package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.workshop.domain.canvas.Camera;
import dev.workshop.domain.canvas.CanvasScene;
import dev.workshop.store.SceneStore;
import dev.workshop.store.StoreException;
import dev.workshop.store.file.JsonSceneStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SceneKeeperTest {
    @TempDir
    Path dir;

    /** The real file store, counting its writes and failing on demand. */
    private final class CountingStore implements SceneStore {
        final JsonSceneStore file = new JsonSceneStore(dir, warning -> { });
        final AtomicInteger saves = new AtomicInteger();
        final AtomicBoolean failing = new AtomicBoolean();

        @Override
        public CanvasScene load() {
            return file.load();
        }

        @Override
        public void save(CanvasScene scene) {
            if (failing.get()) {
                throw new StoreException("disk full");
            }
            file.save(scene);
            saves.incrementAndGet();
        }
    }

    private static CanvasScene withZoom(double zoom) {
        return new CanvasScene(List.of(), List.of(), new Camera(0, 0, zoom), CanvasScene.EMPTY.settings(), java.util.Map.of(),
                java.util.Map.of());
    }

    @Test
    void aBurstOfChangesIsSavedOnceAfterItsLastChange() {
        CountingStore store = new CountingStore();
        try (SceneKeeper keeper = new SceneKeeper(store, Duration.ofMillis(150))) {
            for (int i = 1; i <= 30; i++) {
                keeper.saveSoon(withZoom(1 + i / 100.0));
            }
            await().atMost(Duration.ofSeconds(5)).until(() -> store.saves.get() == 1);
            assertThat(store.file.load().camera().zoom()).isEqualTo(1.3);
        }
        assertThat(store.saves.get()).isEqualTo(1);
    }

    @Test
    void closingSavesWhatIsStillPending() {
        CountingStore store = new CountingStore();
        SceneKeeper keeper = new SceneKeeper(store, Duration.ofMinutes(5));
        keeper.saveSoon(withZoom(2));

        keeper.close();

        assertThat(store.saves.get()).isEqualTo(1);
        assertThat(new JsonSceneStore(dir, warning -> { }).load().camera().zoom()).isEqualTo(2);
    }

    @Test
    void aFailedSaveIsReportedAndTriedAgain() {
        CountingStore store = new CountingStore();
        List<String> failures = new CopyOnWriteArrayList<>();
        try (SceneKeeper keeper = new SceneKeeper(store, Duration.ofMillis(50))) {
            keeper.onFailure(failures::add);
            store.failing.set(true);
            keeper.saveSoon(withZoom(1.5));
            await().atMost(Duration.ofSeconds(5)).until(() -> !failures.isEmpty());
            assertThat(failures.get(0)).contains("could not be saved").contains("disk full");

            store.failing.set(false);
            await().atMost(Duration.ofSeconds(10)).until(() -> store.saves.get() == 1);
            assertThat(store.file.load().camera().zoom()).isEqualTo(1.5);
        }
    }

    @Test
    void theSceneSavedBeforeIsTheOneItStartsWith() {
        new JsonSceneStore(dir, warning -> { }).save(withZoom(0.5));
        try (SceneKeeper keeper = new SceneKeeper(new CountingStore(), Duration.ofMillis(50))) {
            assertThat(keeper.initialScene().camera().zoom()).isEqualTo(0.5);
        }
    }
}
