package dev.workshop.ui.canvas;

import java.util.function.BooleanSupplier;
import java.util.function.DoubleConsumer;
import javafx.animation.AnimationTimer;

/**
 * Runs the canvas's frames only while it has something to show: JavaFX pulses sixty times a second for as long
 * as any animation timer runs, so a timer left on keeps an idle window waking its thread with nothing to draw
 * (docs/perf.md, "An idle window"). A frame is asked for by {@link #wake()} whenever something the canvas shows
 * changes; after {@value #QUIET_FRAMES} frames in a row with nothing moving on its own, the timer stops.
 */
final class FramePacer {
    /** Frames drawn after the last change before stopping: the change itself is shown by the first of them. */
    static final int QUIET_FRAMES = 10;
    /** The longest step a frame advances the canvas by: a stalled window does not make walkers jump. */
    private static final double MAX_STEP_SECONDS = 0.1;

    private final DoubleConsumer frame;
    private final BooleanSupplier moving;
    private final AnimationTimer timer = new AnimationTimer() {
        @Override
        public void handle(long now) {
            step(now);
        }
    };
    private boolean running;
    private boolean attached;
    private long lastFrame;
    private int quietFrames;

    /**
     * @param frame  draws one frame, given the seconds since the previous one (0 for the first after a wake)
     * @param moving whether something moves on its own (a walk, a fading bubble, thinking dots), so that frames
     *               must go on without any change to wake them
     */
    FramePacer(DoubleConsumer frame, BooleanSupplier moving) {
        this.frame = frame;
        this.moving = moving;
    }

    /** Something shown changed: draw frames again (from the FX thread). */
    void wake() {
        quietFrames = 0;
        if (attached && !running) {
            running = true;
            lastFrame = 0;
            timer.start();
        }
    }

    /** Whether the canvas is in a showing window: only then does it draw. */
    void setAttached(boolean attached) {
        this.attached = attached;
        if (attached) {
            wake();
        } else {
            stop();
        }
    }

    /** Whether frames are being drawn now. */
    boolean isRunning() {
        return running;
    }

    private void step(long now) {
        double seconds = lastFrame == 0 ? 0 : Math.min(MAX_STEP_SECONDS, (now - lastFrame) / 1e9);
        lastFrame = now;
        frame.accept(seconds);
        if (moving.getAsBoolean()) {
            quietFrames = 0;
        } else if (++quietFrames >= QUIET_FRAMES) {
            stop();
        }
    }

    private void stop() {
        running = false;
        timer.stop();
    }
}
