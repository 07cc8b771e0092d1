package dev.workshop.ui.canvas;

import javafx.scene.control.Label;

/**
 * The speech bubble above a speaking agent: the start of its last message, or animated dots while its reply
 * is being written. Created only while there is something to say.
 */
final class BubbleNode extends Label {
    private static final String[] DOTS = {"●  ○  ○", "○  ●  ○", "○  ○  ●"};

    BubbleNode() {
        getStyleClass().add("speech-bubble");
        setWrapText(true);
        setMaxWidth(240);
        setMouseTransparent(true);
        setManaged(false);
    }

    void showThinking(double seconds) {
        getStyleClass().remove("said");
        if (!getStyleClass().contains("thinking")) {
            getStyleClass().add("thinking");
        }
        setText(DOTS[(int) (seconds * 3) % DOTS.length]);
    }

    void showSaid(String text) {
        getStyleClass().remove("thinking");
        if (!getStyleClass().contains("said")) {
            getStyleClass().add("said");
        }
        setText(text);
    }

    /** Places the bubble centred above an agent at world point (x, y). */
    void placeAbove(double x, double y) {
        autosize();
        relocate(x - getWidth() / 2, y - AgentNode.RADIUS - 14 - getHeight());
    }
}
