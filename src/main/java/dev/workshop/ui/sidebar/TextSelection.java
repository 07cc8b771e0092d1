package dev.workshop.ui.sidebar;

import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Cursor;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.shape.ClosePath;
import javafx.scene.shape.LineTo;
import javafx.scene.shape.MoveTo;
import javafx.scene.shape.Path;
import javafx.scene.shape.PathElement;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;

/**
 * Text selected in a message, as in a browser or a chat app: drag across its paragraphs, lists, tables and code,
 * double-click a word, triple-click a paragraph; {@link #selectedText()} is what Ctrl+C copies. One per list of
 * messages. The selection belongs to a message, not to the row showing it, so it survives the list re-showing
 * the row (as it does when messages arrive) and is drawn again on the row's new content.
 */
final class TextSelection {
    /** What a {@link TextFlow} counts for a child that is not text (a link): one character. */
    private static final char EMBEDDED = '\uFFFC';

    private MessageItem item;
    private MarkdownView view;
    private Position anchor;
    private Position caret;
    private Path highlight;

    /** A place in a message's text: which of its runs of text, and where in it. */
    private record Position(int block, int offset) implements Comparable<Position> {
        @Override
        public int compareTo(Position other) {
            return block != other.block ? Integer.compare(block, other.block) : Integer.compare(offset, other.offset);
        }
    }

    /** Lets {@code view}, the content of {@code shown}, be selected; draws the selection again if it is shown's. */
    void attach(MarkdownView view, MessageItem shown) {
        for (TextFlow block : view.textBlocks()) {
            block.setCursor(Cursor.TEXT);
        }
        view.addEventHandler(MouseEvent.MOUSE_PRESSED, event -> pressed(view, shown, event));
        // Drawn once the content is in the window and laid out, and again when the sidebar's width reflows it.
        view.layoutBoundsProperty().addListener((property, old, bounds) -> {
            if (this.view == view) {
                draw();
            }
        });
        view.sceneProperty().addListener((property, old, scene) -> {
            if (this.view == view) {
                draw();
            }
        });
        if (Objects.equals(item, shown) && anchor != null) {
            this.view = view;
            draw();
        }
    }

    /** Whether any text is selected. */
    boolean hasSelection() {
        return view != null && anchor != null && anchor.compareTo(caret) != 0;
    }

    /** The text selected, its runs of text one to a line; "" for none. */
    String selectedText() {
        if (!hasSelection()) {
            return "";
        }
        Position from = min(anchor, caret);
        Position to = max(anchor, caret);
        List<TextFlow> blocks = view.textBlocks();
        StringBuilder text = new StringBuilder();
        for (int block = from.block(); block <= to.block() && block < blocks.size(); block++) {
            TextFlow flow = blocks.get(block);
            int start = block == from.block() ? from.offset() : 0;
            int end = block == to.block() ? to.offset() : length(flow);
            if (block > from.block()) {
                text.append('\n');
            }
            text.append(copied(flow, start, end));
        }
        return text.toString();
    }

    /** Forgets the selection and takes its mark away. */
    void clear() {
        removeHighlight();
        item = null;
        view = null;
        anchor = null;
        caret = null;
    }

    private void pressed(MarkdownView on, MessageItem shown, MouseEvent event) {
        if (event.getButton() != MouseButton.PRIMARY) {
            return;
        }
        Position at = positionAt(on, event.getSceneX(), event.getSceneY());
        if (at == null) {
            return;
        }
        if (view != on) {
            removeHighlight();
        }
        item = shown;
        view = on;
        TextFlow flow = on.textBlocks().get(at.block());
        switch (event.getClickCount()) {
            case 1 -> {
                anchor = at;
                caret = at;
            }
            case 2 -> {
                String text = plain(flow);
                BreakIterator words = BreakIterator.getWordInstance();
                words.setText(text);
                int offset = Math.min(at.offset(), Math.max(0, text.length() - 1));
                int start = words.isBoundary(offset) ? offset : words.preceding(offset);
                int end = words.following(offset);
                anchor = new Position(at.block(), Math.max(0, start));
                caret = new Position(at.block(), end == BreakIterator.DONE ? text.length() : end);
            }
            default -> {
                anchor = new Position(at.block(), 0);
                caret = new Position(at.block(), length(flow));
            }
        }
        draw();
    }

    /**
     * The mouse, pressed on a message's text, was dragged to a point of the scene: the selection reaches it. Called
     * by the list, not the row: the list may show the message's row afresh mid-drag (it does on a press), and the
     * selection is measured on the row as it is now.
     */
    void dragged(MouseEvent event) {
        if (anchor == null || view == null || !event.isPrimaryButtonDown()) {
            return;
        }
        Position at = positionAt(view, event.getSceneX(), event.getSceneY());
        if (at != null) {
            caret = at;
            draw();
        }
    }

    /**
     * Where in {@code on}'s text a point of the scene falls: in the run of text under it, or, between runs, at the
     * end of the one above (or the start of the first, above them all).
     */
    private static Position positionAt(MarkdownView on, double sceneX, double sceneY) {
        List<TextFlow> blocks = on.textBlocks();
        Position best = null;
        for (int block = 0; block < blocks.size(); block++) {
            TextFlow flow = blocks.get(block);
            Bounds bounds = flow.localToScene(flow.getLayoutBounds());
            if (sceneY < bounds.getMinY()) {
                return best != null ? best : new Position(block, 0);
            }
            if (sceneY <= bounds.getMaxY() && sceneX >= bounds.getMinX() && sceneX <= bounds.getMaxX()) {
                Point2D local = flow.sceneToLocal(sceneX, sceneY);
                return new Position(block, Math.min(flow.hitTest(local).getInsertionIndex(), length(flow)));
            }
            if (sceneY <= bounds.getMaxY()) {
                // Beside a run (a table's other cell, a list's marker): before or after it, by the side.
                best = new Position(block, sceneX < bounds.getMinX() ? 0 : length(flow));
                if (sceneX < bounds.getMinX()) {
                    return best;
                }
            } else {
                best = new Position(block, length(flow));
            }
        }
        return best;
    }

    /** Marks the selected text, behind it, on the message's content. */
    private void draw() {
        removeHighlight();
        if (!hasSelection() || view.getScene() == null) {
            return;
        }
        Position from = min(anchor, caret);
        Position to = max(anchor, caret);
        List<PathElement> elements = new ArrayList<>();
        List<TextFlow> blocks = view.textBlocks();
        for (int block = from.block(); block <= to.block() && block < blocks.size(); block++) {
            TextFlow flow = blocks.get(block);
            int start = block == from.block() ? from.offset() : 0;
            int end = block == to.block() ? to.offset() : length(flow);
            if (start >= end) {
                continue;
            }
            Point2D origin = view.sceneToLocal(flow.localToScene(0, 0));
            for (PathElement element : flow.rangeShape(start, end)) {
                elements.add(moved(element, origin.getX(), origin.getY()));
            }
        }
        highlight = new Path(elements);
        highlight.getStyleClass().add("md-selection");
        highlight.setManaged(false);
        highlight.setMouseTransparent(true);
        // First, so that it is drawn behind the text; unmanaged, so that the content lays out as before.
        view.getChildren().addFirst(highlight);
    }

    private void removeHighlight() {
        if (highlight != null && highlight.getParent() instanceof MarkdownView parent) {
            parent.getChildren().remove(highlight);
        }
        highlight = null;
    }

    private static PathElement moved(PathElement element, double dx, double dy) {
        return switch (element) {
            case MoveTo move -> new MoveTo(move.getX() + dx, move.getY() + dy);
            case LineTo line -> new LineTo(line.getX() + dx, line.getY() + dy);
            default -> new ClosePath();
        };
    }

    /** A run's text as its flow counts it: a link is one character. */
    private static String plain(TextFlow flow) {
        StringBuilder text = new StringBuilder();
        for (Node child : flow.getChildren()) {
            if (child instanceof Text run) {
                text.append(run.getText());
            } else {
                text.append(EMBEDDED);
            }
        }
        return text.toString();
    }

    private static int length(TextFlow flow) {
        return plain(flow).length();
    }

    /** The text of {@code flow} from {@code start} to {@code end} as copied: a link as its words. */
    private static String copied(TextFlow flow, int start, int end) {
        StringBuilder text = new StringBuilder();
        int at = 0;
        for (Node child : flow.getChildren()) {
            String part = child instanceof Text run ? run.getText() : String.valueOf(EMBEDDED);
            int from = Math.max(start, at);
            int to = Math.min(end, at + part.length());
            if (from < to) {
                text.append(child instanceof Labeled link ? link.getText() : part.substring(from - at, to - at));
            }
            at += part.length();
        }
        return text.toString();
    }

    private static Position min(Position a, Position b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    private static Position max(Position a, Position b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
