package dev.workshop.ui.canvas;

import dev.workshop.domain.element.ElementEvent;
import dev.workshop.domain.element.ElementState;
import dev.workshop.domain.element.Entry;
import dev.workshop.orchestration.ContextPreview;
import java.util.Optional;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Spinner;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * Inspect agent: its state, its memory (blocks to edit and delete, notes to forget, the summary of its recent
 * interactions) and the context viewer, exactly the request its next turn would send. Not modal: the agents go on.
 */
final class InspectAgentDialog {
    private final AgentNodeModel agent;
    private final AgentInspection inspection;
    private final Dialog<Void> dialog = new Dialog<>();
    private final VBox memory = new VBox(8);
    private final TextArea context = new TextArea();
    private final Label contextTitle = new Label("Reading…");

    InspectAgentDialog(AgentNodeModel agent, AgentInspection inspection, Window owner, java.util.List<String> styles) {
        this.agent = agent;
        this.inspection = inspection;
        SideDialogs.prepare(dialog, owner, 640, 520);
        dialog.setTitle("Inspect " + agent.name());
        dialog.setHeaderText(agent.name() + " · " + agent.state().label());
        dialog.getDialogPane().setId("inspect-agent");
        dialog.getDialogPane().getStylesheets().addAll(styles);
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        memory.setPadding(new Insets(4, 12, 4, 4));
        ScrollPane memoryScroll = new ScrollPane(memory);
        memoryScroll.setFitToWidth(true);
        context.setId("context-text");
        context.setEditable(false);
        context.setWrapText(true);
        context.setStyle("-fx-font-family: monospace;");
        VBox.setVgrow(context, Priority.ALWAYS);
        Button refresh = new Button("Refresh");
        refresh.setOnAction(event -> readContext());
        Label explained = muted("Exactly what its next turn sends, as the log stands now.");
        VBox contextPane = new VBox(8, contextTitle, explained, context, refresh);
        contextPane.setPadding(new Insets(8));
        TabPane tabs = new TabPane(new Tab("Memory", memoryScroll), new Tab("Context", contextPane));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        dialog.getDialogPane().setContent(tabs);
    }

    void show() {
        SideDialogs.showCentred(dialog);
        readMemory();
        readContext();
    }

    private void readMemory() {
        inspection.memory(agent, this::showMemory);
    }

    private void readContext() {
        inspection.context(agent, this::showContext);
    }

    private void showContext(Optional<ContextPreview.Shown> shown) {
        contextTitle.setText(shown.map(next -> "Its next turn in \u201c" + next.title() + "\u201d (turn "
                + (next.turn() + 1) + ")").orElse(agent.name() + " has taken part in no conversation yet"));
        context.setText(shown.map(ContextPreview.Shown::request).orElse(""));
    }

    private void showMemory(Optional<ElementState> found) {
        memory.getChildren().clear();
        if (found.isEmpty()) {
            memory.getChildren().add(muted("No memory yet: it is made once a shared element is on the canvas."));
            return;
        }
        ElementState state = found.get();
        memory.getChildren().add(heading("Memory blocks"));
        if (state.blocks().isEmpty()) {
            memory.getChildren().add(muted("None yet: a block is text the agent sees at every turn, such as what it"
                    + " knows of you, with the most characters it may hold."));
        }
        for (ElementEvent.BlockWritten block : state.blocks()) {
            Label text = wrapped("[" + block.label() + "] " + block.text() + "  (" + block.text().length() + " of "
                    + block.limit() + " characters)");
            Button delete = new Button("Delete");
            delete.setId("delete-block-" + block.label());
            delete.setOnAction(event -> inspection.removeBlock(agent, block.label(), this::readMemory));
            memory.getChildren().add(row(text, delete));
        }
        TextField label = new TextField();
        label.setPromptText("Label, as persona");
        label.setId("block-label");
        TextField text = new TextField();
        text.setPromptText("What the agent should always keep in mind");
        text.setId("block-text");
        HBox.setHgrow(text, Priority.ALWAYS);
        Spinner<Integer> limit = new Spinner<>(20, 5000, 500, 50);
        limit.setPrefWidth(90);
        Button save = new Button("Save block");
        save.setId("save-block");
        save.disableProperty().bind(label.textProperty().map(String::isBlank));
        save.setOnAction(event -> inspection.writeBlock(agent, label.getText(), text.getText(), limit.getValue(),
                this::readMemory));
        memory.getChildren().add(new HBox(6, label, text, limit, save));
        memory.getChildren().add(heading("Recent interactions, in short"));
        memory.getChildren().add(state.summary().isBlank() ? muted("Not summarised yet (every few turns).")
                : wrapped(state.summary()));
        memory.getChildren().add(heading("Notes (the newest " + dev.workshop.domain.element.Environment.NOTES_SHOWN
                + " are shown to it)"));
        if (state.entries().isEmpty()) {
            memory.getChildren().add(muted("No notes yet: the agent remembers with [REMEMBER: …]."));
        }
        for (Entry note : state.entries()) {
            Button forget = new Button("Forget");
            forget.setId("forget-note-" + note.number());
            forget.setOnAction(event -> inspection.forgetNote(agent, note.number(), this::readMemory));
            memory.getChildren().add(row(wrapped(note.number() + ". " + note.text()), forget));
        }
    }

    private static HBox row(Label text, Button button) {
        HBox.setHgrow(text, Priority.ALWAYS);
        text.setMaxWidth(Double.MAX_VALUE);
        button.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        HBox row = new HBox(8, text, button);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    private static Label heading(String text) {
        Label label = new Label(text);
        label.getStyleClass().add("title-4");
        return label;
    }

    private static Label wrapped(String text) {
        return SideDialogs.wrapped(text);
    }

    private static Label muted(String text) {
        return SideDialogs.muted(text);
    }
}
