package dev.workshop.ui.fx;

import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.stage.Window;

/**
 * Whether a node is on screen: in a scene that is in a window that is showing. A scene alone is not enough: a scene a
 * window let go of (another scene put in its place) keeps its nodes, and work that ran "while in a scene" — a timer,
 * a clock — would run, and keep the whole view reachable, for ever.
 */
public final class Showing {
    private Showing() {
    }

    /**
     * True while {@code node} is in a showing window. Observed, it follows the node's scene and that scene's window
     * only, so it lets go of a window the node's scene has left.
     */
    public static ObservableValue<Boolean> of(Node node) {
        return node.sceneProperty().flatMap(Scene::windowProperty).flatMap(Window::showingProperty).orElse(false);
    }
}
