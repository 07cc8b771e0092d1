package dev.workshop.ui.sidebar;

import java.util.List;
import javafx.scene.Node;
import javafx.scene.layout.VBox;

/**
 * A reply as it is written, rendered as Markdown while it grows. The blocks it has finished (up to its last blank
 * line outside a code block) are rendered once and kept; only the block being written is rendered again as words
 * come, so the text above it never flickers or moves.
 */
final class StreamingMarkdown extends VBox {
    /** The part of the text already rendered for good. */
    private String frozen = "";
    /** Where the frozen blocks end among the children; the block being written follows them. */
    private int frozenNodes;

    StreamingMarkdown() {
        super(6);
        getStyleClass().add("markdown");
    }

    /**
     * Shows the reply so far: what has become finished is added to the kept blocks, the block being written is
     * drawn afresh (one block: cheap to parse at each word, and never more than a frame's work).
     */
    void show(String text) {
        if (!text.startsWith(frozen)) {
            // Started again (a retry): nothing above is kept.
            getChildren().clear();
            frozen = "";
            frozenNodes = 0;
        }
        int finished = finishedUpTo(text);
        getChildren().remove(frozenNodes, getChildren().size());
        if (finished > frozen.length()) {
            List<Node> blocks = List.copyOf(new MarkdownView(text.substring(frozen.length(), finished)).getChildren());
            getChildren().addAll(blocks);
            frozen = text.substring(0, finished);
            frozenNodes = getChildren().size();
        }
        String tail = text.substring(frozen.length());
        if (!tail.isBlank()) {
            getChildren().addAll(List.copyOf(new MarkdownView(tail).getChildren()));
        }
    }

    /**
     * Where the finished blocks of {@code text} end: after its last blank line that is not inside a fenced code
     * block (a fence still open means the code goes on). 0 while no block is finished.
     */
    static int finishedUpTo(String text) {
        int finished = 0;
        boolean inFence = false;
        int lineStart = 0;
        boolean previousBlank = false;
        while (lineStart < text.length()) {
            int lineEnd = text.indexOf('\n', lineStart);
            if (lineEnd < 0) {
                // The last line is still being written: it finishes nothing.
                break;
            }
            String line = text.substring(lineStart, lineEnd).strip();
            if (line.startsWith("```") || line.startsWith("~~~")) {
                inFence = !inFence;
            }
            boolean blank = line.isEmpty();
            if (blank && !inFence && !previousBlank && lineStart > 0) {
                finished = lineEnd + 1;
            }
            previousBlank = blank;
            lineStart = lineEnd + 1;
        }
        return finished;
    }
}
