package dev.workshop.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class FxTickerTest {
    @Start
    void start(Stage stage) {
        // Only the toolkit is needed: the ticks run on its thread.
    }

    @Test
    void runsTheWorkOnTheFxThreadEveryPeriodUntilStopped() throws Exception {
        List<Boolean> ticks = new CopyOnWriteArrayList<>();
        FxTicker ticker = FxTicker.every(Duration.ofMillis(50), "test-ticker",
                () -> ticks.add(Platform.isFxApplicationThread()));

        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> ticks.size() >= 3);
        // Stopped on the FX thread, where the ticks run: none can be half-way while the count is taken.
        int atStop = WaitForAsyncUtils.asyncFx(() -> {
            ticker.stop();
            return ticks.size();
        }).get(5, TimeUnit.SECONDS);
        assertThat(ticker.awaitStopped(Duration.ofSeconds(5))).as("the ticking thread ends").isTrue();
        // Whatever it had scheduled before it ended has now run, and found it stopped.
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(ticks).as("every tick on the FX thread").containsOnly(true);
        assertThat(ticks).as("no tick after stop").hasSize(atStop);
    }
}
