package dev.workshop.ui.sidebar;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** A reply rendered as Markdown while it is written: finished blocks are kept, only the last is drawn again. */
@ExtendWith(ApplicationExtension.class)
class StreamingMarkdownTest {
    private StreamingMarkdown reply;

    @Start
    void start(Stage stage) {
        reply = new StreamingMarkdown();
        stage.setScene(new Scene(new StackPane(reply), 500, 300));
        // The stage is shared by the UI tests in this JVM: it takes this scene's size, whatever the last one left.
        stage.sizeToScene();
        stage.show();
    }

    @Test
    void aBlockIsFinishedAtABlankLineOutsideCode() {
        assertThat(StreamingMarkdown.finishedUpTo("One line still being wri")).isZero();
        assertThat(StreamingMarkdown.finishedUpTo("First paragraph.\n\nSecond")).isEqualTo(18);
        assertThat(StreamingMarkdown.finishedUpTo("```\ncode\n\nmore code\n")).as("a code block goes on").isZero();
        assertThat(StreamingMarkdown.finishedUpTo("```\ncode\n\n```\n\nAfter")).isEqualTo(15);
    }

    @Test
    void finishedBlocksAreRenderedOnceAndKeptWhileTheLastOneGrows(FxRobot robot) {
        robot.interact(() -> reply.show("## Plan\n\nWe **agree** o"));
        Node heading = reply.getChildren().getFirst();
        assertThat(texts(reply)).isEqualTo("Plan|We |agree| o");

        robot.interact(() -> reply.show("## Plan\n\nWe **agree** on:\n\n- start"));
        assertThat(reply.getChildren().getFirst()).as("the heading is not drawn again").isSameAs(heading);
        assertThat(reply.getChildren()).hasSize(3);
        assertThat(texts(reply)).isEqualTo("Plan|We |agree| on:|start");
    }

    @Test
    void aReplyStartedAgainDropsWhatItHadWritten(FxRobot robot) {
        robot.interact(() -> reply.show("First try.\n\nIt went"));
        robot.interact(() -> reply.show("Second"));
        assertThat(texts(reply)).isEqualTo("Second");
        robot.interact(() -> reply.show(""));
        assertThat(reply.getChildren()).isEmpty();
    }

    /** The runs of text shown, in order, joined by "|". */
    private static String texts(StreamingMarkdown reply) {
        StringBuilder all = new StringBuilder();
        collect(reply, all);
        return all.toString();
    }

    private static void collect(Node node, StringBuilder all) {
        if (node instanceof Text text && node.getParent() instanceof TextFlow) {
            all.append(all.isEmpty() ? "" : "|").append(text.getText());
        } else if (node instanceof javafx.scene.Parent parent) {
            for (Node child : List.copyOf(parent.getChildrenUnmodifiable())) {
                collect(child, all);
            }
        }
    }
}
