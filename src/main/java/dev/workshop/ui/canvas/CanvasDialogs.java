package dev.workshop.ui.canvas;

import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.ui.dialogs.StartConversationDialog;
import dev.workshop.ui.fx.ModalOver;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.TextInputDialog;
import javafx.scene.layout.Region;
import javafx.stage.Window;

/**
 * The canvas's dialogs, each owned by its window and in its stylesheets: start a conversation (or start one
 * again), assign a task, remove agents that are talking, name a rope, a problem, the shortcut sheet.
 */
final class CanvasDialogs {
    private final CanvasViewModel viewModel;
    private final Region view;

    CanvasDialogs(CanvasViewModel viewModel, Region view) {
        this.viewModel = viewModel;
        this.view = view;
    }

    /** Opens the start dialog with the selection preselected. */
    void startConversation(List<AgentNodeModel> preselected) {
        startConversation(preselected, "");
    }

    void startConversation(List<AgentNodeModel> preselected, String suggestedTask) {
        List<AgentNodeModel> offered = List.copyOf(viewModel.agents());
        // Nothing selected and only two agents on the canvas: there is one obvious pair to tick.
        List<AgentNodeModel> ticked = preselected.isEmpty() && offered.size() == 2 ? offered : preselected;
        StartConversationDialog<AgentNodeModel> dialog = new StartConversationDialog<>(offered, ticked,
                AgentNodeModel::name, viewModel.defaultMaxTurns(), false, suggestedTask);
        owner(dialog.getDialogPane());
        ModalOver.owner(dialog, window());
        dialog.showAndWait().ifPresent(request -> viewModel.conversations().start(request.participants(), request.task(),
                request.maxTurns(), request.withYou()));
    }

    /**
     * "Start again…" on a conversation: the start dialog with its agents ticked, in their order (placed in view if
     * they are not on the canvas), "You" if the user took part, its task and its turn limit; one agent alone gets
     * the task dialog. The user can change any of it before starting.
     */
    void startAgain(ConversationState state) {
        List<Participant> agents = state.participants().stream().filter(participant -> !participant.isHuman()).toList();
        boolean withYou = agents.size() < state.participants().size();
        Point centre = viewModel.cameraProperty().get().toWorld(view.getWidth() / 2, view.getHeight() / 2);
        List<AgentNodeModel> chosen = viewModel.edits().placedFor(agents, centre);
        if (chosen.isEmpty()) {
            return;
        }
        String task = state.taskPrompt() == null ? "" : state.taskPrompt();
        // A record without a turn limit runs to the one in the settings, as it would on resume.
        int limit = state.maxTurns() > 0 ? state.maxTurns() : viewModel.defaultMaxTurns();
        int turns = Math.min(StartConversationDialog.MAX_TURNS, limit);
        boolean alone = chosen.size() == 1 && !withYou;
        // Its agents first, in the order they spoke, so that ticking them keeps that order.
        List<AgentNodeModel> offered = new ArrayList<>(chosen);
        viewModel.agents().stream().filter(agent -> !chosen.contains(agent)).forEach(offered::add);
        StartConversationDialog<AgentNodeModel> dialog = new StartConversationDialog<>(alone ? chosen : offered,
                chosen, AgentNodeModel::name, turns, alone, task, withYou);
        owner(dialog.getDialogPane());
        ModalOver.owner(dialog, window());
        dialog.showAndWait().ifPresent(request -> viewModel.conversations().start(request.participants(), request.task(),
                request.maxTurns(), request.withYou()));
    }

    void assignTask(AgentNodeModel agent) {
        StartConversationDialog<AgentNodeModel> dialog = new StartConversationDialog<>(List.of(agent), List.of(agent),
                AgentNodeModel::name, viewModel.defaultMaxTurns(), true);
        owner(dialog.getDialogPane());
        ModalOver.owner(dialog, window());
        dialog.showAndWait().ifPresent(request ->
                viewModel.conversations().start(request.participants(), request.task(), request.maxTurns(), false));
    }

    void removeWithConfirmation(List<AgentNodeModel> targets) {
        if (targets.isEmpty()) {
            return;
        }
        Set<ConversationId> running = viewModel.edits().conversationsOf(targets);
        if (!running.isEmpty()) {
            ButtonType remove = new ButtonType(targets.size() == 1 ? "Remove " + targets.getFirst().name()
                    : "Remove " + targets.size() + " agents", ButtonBar.ButtonData.OK_DONE);
            Alert confirm = new Alert(Alert.AlertType.CONFIRMATION, "", ButtonType.CANCEL, remove);
            confirm.setTitle("Remove agents");
            confirm.setHeaderText(running.size() == 1 ? "This ends a running conversation"
                    : "This ends " + running.size() + " running conversations");
            confirm.setContentText(talking(targets) + " talking right now. Removing ends the conversation as"
                    + " completed; its messages are kept.");
            confirm.getDialogPane().setId("confirm-remove");
            // A removal has no way back for the conversation it ends: Enter keeps the agents, a click removes.
            ((Button) confirm.getDialogPane().lookupButton(remove)).setDefaultButton(false);
            ((Button) confirm.getDialogPane().lookupButton(ButtonType.CANCEL)).setDefaultButton(true);
            owner(confirm.getDialogPane());
            ModalOver.owner(confirm, window());
            if (confirm.showAndWait().filter(remove::equals).isEmpty()) {
                return;
            }
        }
        viewModel.edits().remove(targets);
    }

    /** "Ada is", "Ada and Bruno are", "Ada, Bruno and Chen are": those of {@code targets} in a conversation. */
    private String talking(List<AgentNodeModel> targets) {
        List<String> names = targets.stream()
                .filter(agent -> !viewModel.edits().conversationsOf(List.of(agent)).isEmpty())
                .map(AgentNodeModel::name).toList();
        if (names.size() == 1) {
            return names.getFirst() + " is";
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.getLast() + " are";
    }

    void showProblem(String message) {
        Alert alert = new Alert(Alert.AlertType.WARNING, message);
        alert.setHeaderText("That did not work");
        owner(alert.getDialogPane());
        ModalOver.owner(alert, window());
        alert.show();
    }

    /** Dialogs take the canvas's stylesheet, so they look like the rest of the app. */
    /** Inspect agent: its state, its memory, and the context its next turn sends (not modal). */
    void inspect(AgentNodeModel agent) {
        new InspectAgentDialog(agent, viewModel.inspection(), window(), view.getStylesheets()).show();
    }

    /** Opens a shared element to read and change, beside the canvas (not modal: the agents go on meanwhile). */
    void openElement(ElementNodeModel element) {
        new ElementDialog(element, viewModel.elements(), window(), view.getStylesheets()).show();
    }

    private void owner(DialogPane pane) {
        pane.getStylesheets().addAll(view.getStylesheets());
    }

    private Window window() {
        return view.getScene() == null ? null : view.getScene().getWindow();
    }

    Optional<String> askLabel(String title, String question, String current) {
        TextInputDialog ask = new TextInputDialog(current);
        ask.setTitle(title);
        ask.setHeaderText(question);
        ask.setContentText("Label:");
        ask.getEditor().setPromptText("e.g. mentors, reviews, argues with");
        ask.getDialogPane().setId("rope-label-dialog");
        owner(ask.getDialogPane());
        ModalOver.owner(ask, window());
        return ask.showAndWait();
    }

    /** The sheet of every mouse gesture and key (Ctrl+/ or F1 anywhere in the window). */
    void showShortcuts() {
        Alert sheet = ShortcutSheet.create();
        owner(sheet.getDialogPane());
        ModalOver.owner(sheet, window());
        sheet.show();
    }
}
