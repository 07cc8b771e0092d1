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
        ticker.stop();
        WaitForAsyncUtils.waitForFxEvents();
        int atStop = ticks.size();
        Thread.sleep(300);

        assertThat(ticks).as("every tick on the FX thread").containsOnly(true);
        assertThat(ticks).as("no tick after stop").hasSize(atStop);
    }
}
