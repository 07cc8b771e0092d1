package dev.workshop;

import java.lang.management.ManagementFactory;
import javafx.animation.AnimationTimer;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;

/**
 * The floor of the cold-start benchmark (docs/perf.md): a JavaFX window with one label, started as Workshop is
 * (same Java, same JavaFX, same rendering), printing the time from JVM start to its first frame, then quitting.
 * Workshop's own start is measured against it in the same run, since only the ratio travels between machines.
 */
public final class ColdStartFloor {
    private ColdStartFloor() {
    }

    /** Not an Application itself: the java launcher refuses one whose JavaFX is on the class path, as it is here. */
    public static void main(String[] args) {
        Application.launch(OneLabel.class, args);
    }

    /** The window. */
    public static final class OneLabel extends Application {
        @Override
        public void start(Stage stage) {
            stage.setScene(new Scene(new Label("Workshop"), 1280, 800));
            stage.show();
            new AnimationTimer() {
                @Override
                public void handle(long now) {
                    stop();
                    long sinceStart = System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
                    System.out.println("{\"bench\":\"floor-cold-start\",\"jvm_start_to_first_frame_ms\":"
                            + sinceStart + "}");
                    Platform.exit();
                }
            }.start();
        }
    }
}
