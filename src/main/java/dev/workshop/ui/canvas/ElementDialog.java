package dev.workshop.ui.canvas;

import dev.workshop.domain.element.Action;
import dev.workshop.domain.element.ActionType;
import dev.workshop.domain.element.ElementState;
import dev.workshop.domain.element.Entry;
import dev.workshop.domain.element.Pin;
import java.util.Map;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * An element opened to read and change as the user: a board's posts and a box to post, a pinboard's pins to vote
 * on, keep or release and a box to pin, a rulebook's rules to write. The user's posts, pins and votes are actions
 * like an agent's, applied off the FX thread; the dialog shows the element again once each is in.
 */
final class ElementDialog {
    private final ElementNodeModel element;
    private final CanvasElements part;
    private final Dialog<Void> dialog = new Dialog<>();
    private final VBox body = new VBox(10);

    ElementDialog(ElementNodeModel element, CanvasElements part, Window owner, java.util.List<String> stylesheets) {
        this.element = element;
        this.part = part;
        SideDialogs.prepare(dialog, owner, 620, 460);
        dialog.setTitle(element.kind().label() + " " + element.name());
        dialog.setHeaderText(element.kind().label() + ": " + element.name());
        dialog.getDialogPane().setId("element-dialog");
        dialog.getDialogPane().getStylesheets().addAll(stylesheets);
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        ScrollPane scroll = new ScrollPane(body);
        scroll.setFitToWidth(true);
        body.setPadding(new javafx.geometry.Insets(2, 12, 2, 2));
        dialog.getDialogPane().setContent(scroll);
        body.getChildren().setAll(new Label("Reading…"));
    }

    void show() {
        SideDialogs.showCentred(dialog);
        refresh();
    }

    private void refresh() {
        part.read(element, this::show);
    }

    private void show(ElementState state) {
        body.getChildren().clear();
        switch (state.kind()) {
            case BOARD -> board(state);
            case PINBOARD -> pinboard(state);
            case RULEBOOK -> rulebook(state);
            default -> state.entries().forEach(entry -> body.getChildren().add(entryLabel(entry)));
        }
    }

    private void board(ElementState state) {
        body.getChildren().add(writeBox("Write a post…", "Post", text -> act(ActionType.POST,
                Map.of("board", state.name(), "text", text))));
        if (state.entries().isEmpty()) {
            body.getChildren().add(muted("No posts yet: agents post here, and so can you."));
        }
        state.entries().reversed().forEach(post -> body.getChildren().add(entryLabel(post)));
    }

    private void pinboard(ElementState state) {
        body.getChildren().add(writeBox("Pin an idea, a decision, a risk…", "Pin", text -> act(ActionType.PIN,
                Map.of("pinboard", state.name(), "text", text))));
        if (state.topPins().isEmpty()) {
            body.getChildren().add(muted("No pins yet. A pin whose score falls to -3 is taken down unless kept;"
                    + " at most " + ElementState.MAX_PINS + " pins."));
        }
        for (Pin pin : state.topPins()) {
            Label text = new Label(pin.id() + "  " + pin.text());
            text.setWrapText(true);
            HBox.setHgrow(text, Priority.ALWAYS);
            text.setMaxWidth(Double.MAX_VALUE);
            Label score = new Label((pin.score() > 0 ? "+" : "") + pin.score() + (pin.kept() ? "  kept" : ""));
            score.setMinWidth(60);
            Map<String, String> which = Map.of("pinboard", state.name(), "pin", pin.id());
            Button up = button("▲", "Vote " + pin.id() + " up", () -> act(ActionType.VOTE_UP, which));
            Button down = button("▼", "Vote " + pin.id() + " down", () -> act(ActionType.VOTE_DOWN, which));
            Button keep = pin.kept() ? button("Release", "Let votes count again", () -> act(ActionType.RELEASE, which))
                    : button("Keep", "Votes no longer take it down", () -> act(ActionType.KEEP, which));
            Button commentOn = button("Comment", "Comment on " + pin.id(), () -> comment(state, pin));
            HBox row = new HBox(8, text, score, up, down, keep, commentOn);
            row.setAlignment(Pos.CENTER_LEFT);
            row.setId("pin-" + pin.id());
            body.getChildren().add(row);
            pin.comments().forEach(comment -> body.getChildren().add(muted("    " + comment.author().name() + ": "
                    + comment.text())));
        }
        state.takenDown().forEach(pin -> body.getChildren().add(muted(pin.id() + " was taken down (score "
                + pin.score() + "): " + pin.text())));
    }

    private void comment(ElementState state, Pin pin) {
        javafx.scene.control.TextInputDialog ask = new javafx.scene.control.TextInputDialog();
        ask.initOwner(dialog.getDialogPane().getScene().getWindow());
        ask.setTitle("Comment on " + pin.id());
        ask.setHeaderText(pin.id() + "  " + pin.text());
        ask.setContentText("Your comment:");
        ask.getDialogPane().getStylesheets().addAll(dialog.getDialogPane().getStylesheets());
        ask.showAndWait().filter(text -> !text.isBlank()).ifPresent(text -> act(ActionType.COMMENT,
                Map.of("pinboard", state.name(), "pin", pin.id(), "text", text)));
    }

    private void rulebook(ElementState state) {
        TextArea rules = new TextArea(state.rules());
        rules.setId("rules-text");
        rules.setWrapText(true);
        rules.setPrefRowCount(10);
        rules.setPromptText("Rules every agent reads at every turn, such as: Be brief. Name a number.");
        Button save = new Button("Save rules");
        save.setId("save-rules");
        save.setDefaultButton(true);
        save.setOnAction(event -> part.writeRules(element, rules.getText(), this::refresh));
        body.getChildren().addAll(muted("Part of every agent's prompt from its next turn."), rules, save);
    }

    private HBox writeBox(String prompt, String verb, java.util.function.Consumer<String> send) {
        TextField text = new TextField();
        text.setId("element-write");
        text.setPromptText(prompt);
        HBox.setHgrow(text, Priority.ALWAYS);
        Button go = new Button(verb);
        go.setId("element-send");
        go.setDefaultButton(true);
        go.disableProperty().bind(text.textProperty().map(String::isBlank));
        go.setOnAction(event -> {
            send.accept(text.getText());
            text.clear();
        });
        return new HBox(8, text, go);
    }

    private void act(ActionType type, Map<String, String> arguments) {
        try {
            part.act(Action.of(type, arguments), this::refresh);
        } catch (IllegalArgumentException tooLong) {
            body.getChildren().addFirst(muted(tooLong.getMessage()));
        }
    }

    private static Button button(String text, String tooltip, Runnable action) {
        Button button = new Button(text);
        button.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        button.setTooltip(new javafx.scene.control.Tooltip(tooltip));
        button.setAccessibleText(tooltip);
        button.setOnAction(event -> action.run());
        return button;
    }

    private static Label entryLabel(Entry entry) {
        return SideDialogs.wrapped(entry.author().name() + ": " + entry.text());
    }

    private static Label muted(String text) {
        return SideDialogs.muted(text);
    }
}
