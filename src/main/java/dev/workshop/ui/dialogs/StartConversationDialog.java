package dev.workshop.ui.dialogs;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextArea;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;

/**
 * Asks what a conversation is about: who takes part (preselected from the canvas selection), the task prompt
 * and the number of turns. For a task, the one agent is fixed. Start stays disabled until the choice is valid,
 * and the hint says why.
 *
 * @param <T> the agents offered
 */
public final class StartConversationDialog<T> extends Dialog<StartConversationDialog.Request<T>> {
    public static final int MAX_TURNS = 200;

    private static final double PEOPLE_WIDTH = 490;
    private static final double PEOPLE_ROW_HEIGHT = 34;
    private static final double PEOPLE_MAX_HEIGHT = 120;
    /** A tick box's width beyond its words: the box, the gap, and the flow's spacing. */
    private static final double TICK_AND_GAP = 40;
    /** The size of the theme's words (AtlantaFX: 14 px), measured before the dialog has its style. */
    private static final double LABEL_FONT_SIZE = 14;

    /** How many rows tick boxes with these words take in a row of {@code width}. */
    static int rows(List<String> labels, double width) {
        int rows = labels.isEmpty() ? 0 : 1;
        double used = 0;
        for (String label : labels) {
            javafx.scene.text.Text words = new javafx.scene.text.Text(label);
            words.setFont(javafx.scene.text.Font.font(javafx.scene.text.Font.getDefault().getFamily(), LABEL_FONT_SIZE));
            double needed = words.getLayoutBounds().getWidth() + TICK_AND_GAP;
            if (used > 0 && used + needed > width) {
                rows++;
                used = 0;
            }
            used += needed;
        }
        return rows;
    }

    /** What the user asked for. */
    public record Request<T>(List<T> participants, String task, int maxTurns, boolean withYou) {
    }

    public StartConversationDialog(List<T> offered, List<T> preselected, Function<T, String> names, int defaultTurns,
                                   boolean task) {
        this(offered, preselected, names, defaultTurns, task, "");
    }

    /**
     * @param suggestedTask a task already written in, and selected so that typing replaces it; empty for none
     */
    public StartConversationDialog(List<T> offered, List<T> preselected, Function<T, String> names, int defaultTurns,
                                   boolean task, String suggestedTask) {
        this(offered, preselected, names, defaultTurns, task, suggestedTask, false);
    }

    /**
     * @param suggestedTask a task already written in, and selected so that typing replaces it; empty for none
     * @param youTicked     whether "You" starts ticked (a conversation started again that the user took part in)
     */
    public StartConversationDialog(List<T> offered, List<T> preselected, Function<T, String> names, int defaultTurns,
                                   boolean task, String suggestedTask, boolean youTicked) {
        setTitle(task ? "Assign a task" : "Start a conversation");
        setHeaderText(task ? "Give " + names.apply(offered.get(0)) + " a task to work on alone"
                : "Choose who talks, and about what");
        ButtonType start = new ButtonType(task ? "Assign" : "Start", ButtonBar.ButtonData.OK_DONE);
        getDialogPane().getButtonTypes().addAll(start, ButtonType.CANCEL);
        getDialogPane().setId(task ? "assign-task-dialog" : "start-conversation-dialog");

        FlowPane people = new FlowPane(12, 8);
        // Who speaks when: those picked before the dialog, in the order they were picked, then each one ticked here
        // after them; unticking takes one out.
        List<T> order = new ArrayList<>(preselected.stream().filter(offered::contains).distinct().toList());
        if (task) {
            order = new ArrayList<>(offered);
        }
        List<T> speakers = order;
        // Bumped once the order has taken a tick: what the order line is recomputed on.
        javafx.beans.property.IntegerProperty reordered = new javafx.beans.property.SimpleIntegerProperty();
        Label speakingOrder = new Label();
        speakingOrder.setId("speaking-order");
        speakingOrder.getStyleClass().add("dialog-hint");
        speakingOrder.setWrapText(true);
        speakingOrder.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        List<CheckBox> boxes = offered.stream().map(agent -> {
            CheckBox box = new CheckBox(names.apply(agent));
            box.setSelected(task || speakers.contains(agent));
            box.setDisable(task);
            box.setId("participant-" + names.apply(agent));
            box.selectedProperty().addListener((property, was, ticked) -> {
                speakers.remove(agent);
                if (ticked) {
                    speakers.add(agent);
                }
                reordered.set(reordered.get() + 1);
            });
            return box;
        }).toList();
        people.getChildren().addAll(boxes);
        CheckBox you = new CheckBox("You (take turns yourself)");
        you.setId("participant-you");
        you.setSelected(youTicked && !task);
        you.setVisible(!task);
        you.setManaged(!task);
        people.getChildren().add(you);
        ScrollPane peopleScroll = new ScrollPane(people);
        peopleScroll.setFitToWidth(true);
        // Every row of names in view (up to a few; more scroll), "You" included: measured as the row will wrap.
        List<String> labels = new ArrayList<>(boxes.stream().map(CheckBox::getText).toList());
        if (!task) {
            labels.add(you.getText());
        }
        peopleScroll.setPrefViewportHeight(Math.min(PEOPLE_MAX_HEIGHT, PEOPLE_ROW_HEIGHT * rows(labels, PEOPLE_WIDTH)));

        TextArea prompt = new TextArea();
        prompt.setId("task-prompt");
        prompt.setPromptText("e.g. Compare three ways to learn a language in six months");
        prompt.setWrapText(true);
        prompt.setPrefRowCount(4);
        prompt.setText(suggestedTask);
        // Tab moves on to the turns, as in any form, instead of writing a tab into the task (a user typed the number
        // of turns into the task that way); Ctrl+Tab, what the text area does on its own, moves on as well.
        prompt.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, event -> {
            if (event.getCode() == javafx.scene.input.KeyCode.TAB && !event.isControlDown() && !event.isAltDown()
                    && !event.isMetaDown()) {
                event.consume();
                prompt.fireEvent(new javafx.scene.input.KeyEvent(javafx.scene.input.KeyEvent.KEY_PRESSED, "", "",
                        javafx.scene.input.KeyCode.TAB, event.isShiftDown(), true, false, false));
            }
        });

        Spinner<Integer> turns = new Spinner<>(1, MAX_TURNS, defaultTurns);
        turns.setId("max-turns");
        turns.setEditable(true);

        Label hint = new Label();
        hint.getStyleClass().add("dialog-hint");
        // Wrapped, not cut: the hint is the only thing that says why Start is greyed out.
        hint.setWrapText(true);
        hint.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        hint.setMaxWidth(Double.MAX_VALUE);
        javafx.beans.Observable[] choices = java.util.stream.Stream.concat(boxes.stream(), java.util.stream.Stream.of(you))
                .map(CheckBox::selectedProperty).toArray(javafx.beans.Observable[]::new);
        BooleanBinding tooFew = Bindings.createBooleanBinding(
                () -> boxes.stream().filter(CheckBox::isSelected).count() + (you.isSelected() ? 1 : 0) < (task ? 1 : 2)
                        || boxes.stream().noneMatch(CheckBox::isSelected), choices);
        BooleanBinding noTask = Bindings.createBooleanBinding(() -> prompt.getText().isBlank(), prompt.textProperty());
        hint.textProperty().bind(Bindings.when(tooFew).then("Tick at least two agents, or one agent and You (an agent"
                        + " on its own takes a task: right-click it → Assign task…)")
                .otherwise(Bindings.when(noTask).then("Write what they should work on")
                        .otherwise(task ? "Ctrl+Enter assigns it" : "Ctrl+Enter starts it (Enter starts a new line)")));

        speakingOrder.textProperty().bind(Bindings.createStringBinding(() -> speakingOrder(speakers, names,
                you.isSelected()), reordered, you.selectedProperty()));
        speakingOrder.setVisible(!task);
        speakingOrder.setManaged(!task);
        VBox content = new VBox(8, new Label(task ? "Agent" : "Participants"), peopleScroll, speakingOrder,
                new Label("Task"), prompt, new Label("Maximum turns"), turns, hint);
        content.setPrefWidth(520);
        getDialogPane().setContent(content);
        getDialogPane().lookupButton(start).disableProperty().bind(tooFew.or(noTask));
        // After the dialog's own focus step, which gives an enabled default button the focus: typing goes to the
        // task, and replaces a suggested one.
        setOnShown(event -> dev.workshop.ui.fx.FxExecutor.later(() -> {
            prompt.requestFocus();
            prompt.selectAll();
        }));
        // Enter in the task box starts a new line; Ctrl+Enter starts the conversation, from any field of the dialog
        // (the turns too, where one goes last).
        getDialogPane().addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, event -> {
            if (event.getCode() == javafx.scene.input.KeyCode.ENTER && event.isShortcutDown()) {
                javafx.scene.control.Button button = (javafx.scene.control.Button) getDialogPane().lookupButton(start);
                if (!button.isDisabled()) {
                    button.fire();
                }
                event.consume();
            }
        });
        prompt.setTooltip(new javafx.scene.control.Tooltip("Ctrl+Enter to " + (task ? "assign" : "start")));
        setResultConverter(button -> {
            if (button != start) {
                return null;
            }
            return new Request<>(List.copyOf(speakers), prompt.getText().strip(), turns.getValue(), you.isSelected());
        });
    }

    /** "Speaks first: Ada, then Bruno, then you" for the ticked ones in order; what to do while none is. */
    static <T> String speakingOrder(List<T> speakers, Function<T, String> names, boolean you) {
        List<String> turns = new ArrayList<>(speakers.stream().map(names).toList());
        if (you) {
            turns.add("you");
        }
        if (turns.isEmpty()) {
            return "They speak in the order you tick them";
        }
        return "Speaking order: " + String.join(", then ", turns);
    }
}
