package dev.workshop.ui.canvas;

import javafx.scene.CacheHint;
import javafx.scene.Cursor;
import javafx.scene.control.Label;

/**
 * The speech bubble above a speaking agent: the start of its last message, or animated dots while its reply
 * is being written; clicking it opens that message in the sidebar. Cached as a bitmap and laid out again
 * only when its text changes: with software rendering, text on a rounded box is the dearest thing on the
 * canvas.
 */
final class BubbleNode extends Label {
    private static final String[] DOTS = {"●  ○  ○", "○  ●  ○", "○  ○  ●"};
    private double anchorX;
    private double anchorY;
    private double placedX = Double.NaN;
    private double placedY = Double.NaN;
    private boolean resized = true;

    BubbleNode() {
        getStyleClass().add("speech-bubble");
        setWrapText(true);
        setMaxWidth(240);
        // A click opens the message in the sidebar; a drag that starts on a bubble pans, as on empty canvas.
        setCursor(Cursor.HAND);
        setManaged(false);
        setCache(true);
        setCacheHint(CacheHint.SPEED);
        textProperty().addListener((property, old, text) -> resized = true);
    }

    /** Shows the dots; true if the bubble only now started showing them (a new turn began). */
    boolean showThinking(double seconds) {
        boolean started = mark("thinking", "said");
        setOpacity(1);
        setText(DOTS[(int) (seconds * 3) % DOTS.length]);
        return started;
    }

    /** Shows a message; true if it is a new one. */
    boolean showSaid(String text, double opacity) {
        boolean fresh = mark("said", "thinking") || !text.equals(getText());
        setText(text);
        setOpacity(opacity);
        return fresh;
    }

    private boolean mark(String add, String remove) {
        if (getStyleClass().contains(add)) {
            return false;
        }
        getStyleClass().remove(remove);
        getStyleClass().add(add);
        resized = true;
        return true;
    }

    /**
     * Where the bubble belongs: centred above an agent at world point (x, y). {@link BubbleStack} may then
     * lift it above a newer bubble it would overlap.
     */
    void anchorAbove(double x, double y) {
        if (resized) {
            autosize();
            resized = false;
        }
        anchorX = x - getWidth() / 2;
        anchorY = y - AgentNode.RADIUS - 14 - getHeight();
    }

    double anchorX() {
        return anchorX;
    }

    double anchorY() {
        return anchorY;
    }

    /** Whether {@link #placeAt} has put it somewhere yet. */
    boolean isPlaced() {
        return !Double.isNaN(placedX);
    }

    double placedX() {
        return placedX;
    }

    double placedY() {
        return placedY;
    }

    /** Moves the bubble's top-left corner to (x, y), if it is not there already. */
    void placeAt(double x, double y) {
        if (x != placedX || y != placedY) {
            placedX = x;
            placedY = y;
            relocate(x, y);
        }
    }
}
