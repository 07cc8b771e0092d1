package dev.workshop.ui.shell;

import dev.workshop.ui.canvas.CanvasViewModel;
import java.lang.management.ManagementFactory;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;

/**
 * For the cold-start benchmark (docs/perf.md), when the app runs with {@code -Dworkshop.coldStartProbe=true}:
 * prints the time from JVM start to the first frame that shows the rebuilt canvas, then quits. The packaged
 * launcher passes no JVM options through, so there the environment variable {@code WORKSHOP_COLD_START_PROBE=1}
 * asks for it.
 */
final class ColdStartProbe {
    private static final String PROPERTY = "workshop.coldStartProbe";

    private ColdStartProbe() {
    }

    /** Reports the next frame, if the benchmark asked for it. */
    static void reportFirstFrameIfAsked(CanvasViewModel canvas) {
        if (!Boolean.getBoolean(PROPERTY) && System.getenv("WORKSHOP_COLD_START_PROBE") == null) {
            return;
        }
        new AnimationTimer() {
            @Override
            public void handle(long now) {
                stop();
                long sinceStart = System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
                System.out.println("{\"bench\":\"app-cold-start\",\"agents\":" + canvas.agents().size()
                        + ",\"jvm_start_to_first_frame_ms\":" + sinceStart + "}");
                Platform.exit();
            }
        }.start();
    }
}
