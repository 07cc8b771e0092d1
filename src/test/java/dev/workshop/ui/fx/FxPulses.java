package dev.workshop.ui.fx;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;

/**
 * Waits for the JavaFX toolkit to lay out and draw a number of frames: for a check that something did NOT move
 * once the scene has had its chance to move it (a list scrolled after its rows were measured, a bubble pushed
 * by a neighbour). Counts real pulses instead of guessing how long they take.
 */
public final class FxPulses {
    private FxPulses() {
    }

    /** Returns once {@code count} pulses have passed since the call (fails after ten seconds without them). */
    public static void await(int count) throws InterruptedException {
        CountDownLatch pulses = new CountDownLatch(count);
        AnimationTimer[] timer = new AnimationTimer[1];
        Platform.runLater(() -> {
            timer[0] = new AnimationTimer() {
                @Override
                public void handle(long now) {
                    pulses.countDown();
                    if (pulses.getCount() == 0) {
                        stop();
                    }
                }
            };
            timer[0].start();
        });
        if (!pulses.await(10, TimeUnit.SECONDS)) {
            throw new AssertionError("the FX toolkit drew no " + count + " frames in ten seconds");
        }
    }
}
