package dev.workshop.ui.sidebar;

import java.util.function.Consumer;
import javafx.animation.PauseTransition;
import javafx.scene.Node;
import javafx.util.Duration;

/**
 * Holds a list's order while the pointer is over it, and a moment after it left (it may come back to click), so
 * that rows moving elsewhere never move from under a click.
 */
final class OrderHeldUnderPointer {
    /** How long the rows still hold still after the pointer left. */
    static final Duration AFTER = Duration.seconds(1.5);

    private OrderHeldUnderPointer() {
    }

    /** Tells {@code hold} true when the pointer comes over {@code list}, false {@link #AFTER} it left. */
    static void install(Node list, Consumer<Boolean> hold) {
        PauseTransition letGo = new PauseTransition(AFTER);
        letGo.setOnFinished(event -> hold.accept(false));
        list.hoverProperty().addListener((property, was, over) -> {
            if (over) {
                letGo.stop();
                hold.accept(true);
            } else {
                letGo.playFromStart();
            }
        });
    }
}
