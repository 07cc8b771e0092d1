package dev.workshop.ui.canvas;

import javafx.scene.CacheHint;
import javafx.scene.control.Label;

/**
 * The speech bubble above a speaking agent: the start of its last message, or animated dots while its reply
 * is being written. Cached as a bitmap and laid out again only when its text changes: with software
 * rendering, text on a rounded box is the dearest thing on the canvas.
 */
final class BubbleNode extends Label {
    private static final String[] DOTS = {"●  ○  ○", "○  ●  ○", "○  ○  ●"};
    private double placedX = Double.NaN;
    private double placedY = Double.NaN;
    private boolean resized = true;

    BubbleNode() {
        getStyleClass().add("speech-bubble");
        setWrapText(true);
        setMaxWidth(240);
        setMouseTransparent(true);
        setManaged(false);
        setCache(true);
        setCacheHint(CacheHint.SPEED);
        textProperty().addListener((property, old, text) -> resized = true);
    }

    void showThinking(double seconds) {
        mark("thinking", "said");
        setOpacity(1);
        setText(DOTS[(int) (seconds * 3) % DOTS.length]);
    }

    void showSaid(String text, double opacity) {
        mark("said", "thinking");
        setText(text);
        setOpacity(opacity);
    }

    private void mark(String add, String remove) {
        if (!getStyleClass().contains(add)) {
            getStyleClass().remove(remove);
            getStyleClass().add(add);
            resized = true;
        }
    }

    /** Places the bubble centred above an agent at world point (x, y). */
    void placeAbove(double x, double y) {
        if (resized) {
            autosize();
            resized = false;
            placedX = Double.NaN;
        }
        if (x != placedX || y != placedY) {
            placedX = x;
            placedY = y;
            relocate(x - getWidth() / 2, y - AgentNode.RADIUS - 14 - getHeight());
        }
    }
}
