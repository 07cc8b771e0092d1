package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class DataDirectoryWatchTest {
    @Test
    void stopsTheWritesOnceAndTellsEveryListenerEvenOneThatComesLate() throws InterruptedException {
        AtomicReference<Optional<String>> state = new AtomicReference<>(Optional.empty());
        java.util.concurrent.atomic.AtomicInteger looks = new java.util.concurrent.atomic.AtomicInteger();
        List<String> stopped = new CopyOnWriteArrayList<>();
        List<Integer> looksWhenStopped = new CopyOnWriteArrayList<>();
        List<String> heard = new CopyOnWriteArrayList<>();
        try (DataDirectoryWatch watch = new DataDirectoryWatch(() -> {
            looks.incrementAndGet();
            return state.get();
        }, reason -> {
            looksWhenStopped.add(looks.get());
            stopped.add(reason);
        }, Duration.ofMillis(10))) {
            watch.onGone(heard::add);
            // It has looked, and found the folder in place, several times.
            await().atMost(Duration.ofSeconds(5)).until(() -> looks.get() >= 3);
            assertThat(watch.gone()).isEmpty();
            assertThat(stopped).isEmpty();

            state.set(Optional.of("The data directory /d was deleted or moved while Workshop was running"));
            await().atMost(Duration.ofSeconds(5)).until(() -> !heard.isEmpty());

            assertThat(stopped).as("once, however long it stays gone").containsExactly(state.get().orElseThrow());
            assertThat(looks.get()).as("it looks no more once it is gone").isEqualTo(looksWhenStopped.getFirst());
            assertThat(heard).containsExactly(state.get().orElseThrow());
            List<String> late = new CopyOnWriteArrayList<>();
            watch.onGone(late::add);
            assertThat(late).containsExactly(state.get().orElseThrow());
        }
    }
}
