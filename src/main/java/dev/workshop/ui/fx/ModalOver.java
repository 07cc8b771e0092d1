package dev.workshop.ui.fx;

import javafx.beans.value.ObservableBooleanValue;
import javafx.event.Event;
import javafx.event.EventHandler;
import javafx.scene.Scene;
import javafx.scene.control.Dialog;
import javafx.scene.input.InputEvent;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;
import javafx.util.Subscription;

/**
 * Dialogs and windows that are modal to their owner without asking the window manager for it. A modal JavaFX
 * window makes JavaFX 21 (and 23) freeze its owner's size hints, and openbox — LXDE's window manager — then
 * un-maximizes the owner, which stays small after the dialog closes (tried: Modality.NONE keeps it maximized;
 * WINDOW_MODAL, APPLICATION_MODAL and an Alert do not). So the dialog is shown without modality, over its owner,
 * and the owner ignores the mouse and keys while it shows, gives the focus back to the dialog when clicked, and
 * does not close under it.
 */
public final class ModalOver {
    private ModalOver() {
    }

    /** Makes {@code dialog} modal to {@code owner} (nothing to do without one: no owner to un-maximize). */
    public static <D extends Dialog<?>> D owner(D dialog, Window owner) {
        dialog.initOwner(owner);
        if (owner != null) {
            dialog.initModality(Modality.NONE);
            blockWhileShowing(owner, dialog.showingProperty(), () -> dialog.getDialogPane().getScene().getWindow());
        }
        return dialog;
    }

    /** Makes {@code window} modal to {@code owner}. */
    public static Stage owner(Stage window, Window owner) {
        window.initOwner(owner);
        if (owner != null) {
            window.initModality(Modality.NONE);
            blockWhileShowing(owner, window.showingProperty(), () -> window);
        }
        return window;
    }

    /**
     * Shows {@code window} over the middle of its owner, at its scene's size. On openbox JavaFX 21 maps an owned
     * window in the screen's corner, without its frame and at its minimum size while believing it has the size
     * asked for (JDK-8316423), whatever place was asked before it showed; a place and a size asked once it shows
     * are kept, frame and all.
     */
    public static void showCentred(Stage window) {
        window.show();
        FxExecutor.later(() -> {
            window.sizeToScene();
            Window owner = window.getOwner();
            if (owner != null) {
                window.setX(owner.getX() + Math.max(0, (owner.getWidth() - window.getWidth()) / 2));
                window.setY(owner.getY() + Math.max(0, (owner.getHeight() - window.getHeight()) / 2));
            }
        });
    }

    private static void blockWhileShowing(Window owner, ObservableBooleanValue showing,
            java.util.function.Supplier<Window> shown) {
        EventHandler<InputEvent> swallow = Event::consume;
        EventHandler<WindowEvent> keepOpen = event -> {
            event.consume();
            shown.get().requestFocus();
        };
        Subscription[] blocking = {Subscription.EMPTY};
        showing.addListener((property, was, now) -> {
            blocking[0].unsubscribe();
            if (!now) {
                blocking[0] = Subscription.EMPTY;
                return;
            }
            Scene scene = owner.getScene();
            if (scene != null) {
                scene.addEventFilter(InputEvent.ANY, swallow);
            }
            owner.addEventFilter(WindowEvent.WINDOW_CLOSE_REQUEST, keepOpen);
            // Clicked or switched to, the owner hands the focus on to the dialog, as a modal owner would.
            Subscription focus = owner.focusedProperty().subscribe(focused -> {
                if (focused) {
                    FxExecutor.later(() -> shown.get().requestFocus());
                }
            });
            blocking[0] = () -> {
                if (scene != null) {
                    scene.removeEventFilter(InputEvent.ANY, swallow);
                }
                owner.removeEventFilter(WindowEvent.WINDOW_CLOSE_REQUEST, keepOpen);
                focus.unsubscribe();
            };
        });
    }
}
