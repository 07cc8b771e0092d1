package dev.workshop.ui.agents;

import static dev.workshop.ui.agents.EndpointFields.bound;
import static dev.workshop.ui.agents.EndpointFields.connectionCheck;
import static dev.workshop.ui.agents.EndpointFields.field;
import static dev.workshop.ui.agents.EndpointFields.keyField;
import static dev.workshop.ui.agents.EndpointFields.secondsField;
import static dev.workshop.ui.agents.EndpointFields.withPresets;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.ui.fx.FxExecutor;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.util.StringConverter;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** The agent editor: agents on the left, the selected one's settings on the right. */
public final class AgentsView extends BorderPane {
    private static final javafx.css.PseudoClass PROBLEM = javafx.css.PseudoClass.getPseudoClass("problem");
    private final AgentsViewModel viewModel;

    /** @param close closes the window the editor is shown in */
    public AgentsView(AgentsViewModel viewModel, Runnable close) {
        this.viewModel = viewModel;
        getStyleClass().add("agents-view");
        getStylesheets().add(AgentsView.class.getResource("agents.css").toExternalForm());
        setLeft(agentList(viewModel, this));
        setCenter(form(viewModel));
        Button done = new Button("Done");
        done.setId("close-agents");
        done.setCancelButton(true);
        done.setOnAction(event -> closeAsked(close));
        // Escape closes wherever the focus is: the agent list, where the window opens, would otherwise take the key
        // for an edit it never has.
        addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, event -> {
            if (event.getCode() == javafx.scene.input.KeyCode.ESCAPE && event.getTarget() instanceof ListView<?>) {
                event.consume();
                done.fire();
            }
        });
        HBox footer = new HBox(done);
        footer.setAlignment(Pos.CENTER_RIGHT);
        footer.getStyleClass().add("agents-footer");
        setBottom(footer);
    }

    /**
     * The window is asked to close (Done, Escape or the window's own close button): edits not saved yet are
     * saved, dropped or kept open as the user answers, never lost without a word.
     */
    public void closeAsked(Runnable close) {
        afterAskingToSave(viewModel, this, close);
    }

    /** Runs {@code proceed} at once, or once the user has saved or dropped the form's unsaved edits. */
    private static void afterAskingToSave(AgentsViewModel viewModel, Node owner, Runnable proceed) {
        if (!viewModel.hasUnsavedChanges()) {
            proceed.run();
            return;
        }
        ButtonType save = new ButtonType("Save", ButtonBar.ButtonData.YES);
        ButtonType drop = new ButtonType("Don't save", ButtonBar.ButtonData.NO);
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION, "They are lost if you go on without saving them.", save,
                drop, ButtonType.CANCEL);
        ask.setHeaderText("Save " + viewModel.unsavedWhat() + "?");
        ask.getDialogPane().setId("unsaved-agent");
        if (owner.getScene() != null) {
            dev.workshop.ui.fx.ModalOver.owner(ask, owner.getScene().getWindow());
        }
        ask.showAndWait().ifPresent(answer -> {
            if (answer == save) {
                viewModel.save(proceed); // a form that does not check out says why, and the editor stays
            } else if (answer == drop) {
                proceed.run();
            }
        });
    }

    /** Removes the selected agent once the user has confirmed it: a removal has no undo. */
    private static void askToRemove(AgentsViewModel viewModel, Node owner) {
        AgentDefinition agent = viewModel.selectedProperty().get();
        if (agent == null) {
            return;
        }
        ButtonType remove = new ButtonType("Remove", ButtonBar.ButtonData.OK_DONE);
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION, "Conversations keep " + agent.name() + "'s messages. A "
                + "conversation still running with " + agent.name() + " ends when " + agent.name() + "'s turn comes, and "
                + agent.name() + " leaves the canvas.", remove, ButtonType.CANCEL);
        ask.setHeaderText("Remove " + agent.name() + "?");
        ask.getDialogPane().setId("remove-agent-question");
        if (owner.getScene() != null) {
            dev.workshop.ui.fx.ModalOver.owner(ask, owner.getScene().getWindow());
        }
        ask.showAndWait().filter(remove::equals).ifPresent(answer -> viewModel.removeSelected());
    }

    private static boolean sameAgent(AgentDefinition one, AgentDefinition other) {
        return one != null && other != null && one.id().equals(other.id());
    }

    private static VBox agentList(AgentsViewModel viewModel, Node owner) {
        ListView<AgentDefinition> list = new ListView<>(viewModel.agents());
        list.setId("agent-list");
        list.setCellFactory(view -> new AgentCell());
        java.util.function.Consumer<AgentDefinition> showSelected = agent -> {
            if (agent == null) {
                list.getSelectionModel().clearSelection();
            } else {
                list.getItems().stream().filter(a -> a.id().equals(agent.id())).findFirst().ifPresent(found -> {
                    list.getSelectionModel().select(found);
                    list.scrollTo(found);
                });
            }
        };
        viewModel.selectedProperty().addListener((p, old, agent) -> showSelected.accept(agent));
        list.getSelectionModel().selectedItemProperty().addListener((p, old, agent) -> {
            if (agent == null || sameAgent(agent, viewModel.selectedProperty().get())) {
                return;
            }
            if (!viewModel.hasUnsavedChanges()) {
                viewModel.selectedProperty().set(agent);
                return;
            }
            // Not inside the list's own selection change: the highlight goes back to the agent being edited,
            // and the question comes after.
            FxExecutor.later(() -> {
                showSelected.accept(viewModel.selectedProperty().get());
                afterAskingToSave(viewModel, owner, () -> viewModel.selectedProperty().set(agent));
            });
        });
        // Opened on one agent (the canvas's "Edit agent…"): it is picked in the list from the start.
        showSelected.accept(viewModel.selectedProperty().get());
        VBox.setVgrow(list, Priority.ALWAYS);
        Button add = new Button("New agent");
        add.setId("new-agent");
        add.setOnAction(event -> afterAskingToSave(viewModel, owner, () -> {
            viewModel.newAgent();
            list.getSelectionModel().clearSelection();
        }));
        Button duplicate = new Button("Duplicate");
        duplicate.setId("duplicate-agent");
        duplicate.setTooltip(new Tooltip("A new agent with this one's persona and model settings"));
        duplicate.disableProperty().bind(viewModel.selectedProperty().isNull().or(viewModel.busyProperty()));
        duplicate.setOnAction(event -> afterAskingToSave(viewModel, owner, () -> {
            viewModel.duplicateSelected();
            list.getSelectionModel().clearSelection();
        }));
        Button remove = new Button("Remove");
        remove.setId("remove-agent");
        remove.disableProperty().bind(viewModel.selectedProperty().isNull().or(viewModel.busyProperty()));
        remove.setTooltip(new Tooltip("Conversations keep the messages of a removed agent"));
        remove.setOnAction(event -> askToRemove(viewModel, owner));
        HBox buttons = new HBox(8, add, duplicate, remove);
        for (Button button : List.of(add, duplicate, remove)) {
            button.setMinWidth(Region.USE_PREF_SIZE);
        }
        VBox side = new VBox(8, list, buttons);
        side.getStyleClass().add("agent-side");
        // Wide enough for the three buttons' words.
        side.setPrefWidth(300);
        side.setMinWidth(Region.USE_PREF_SIZE);
        return side;
    }

    private static VBox form(AgentsViewModel viewModel) {
        GridPane grid = new GridPane();
        grid.getStyleClass().add("agent-form");
        grid.setHgap(12);
        grid.setVgap(10);
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        grid.getColumnConstraints().addAll(labels, fields);

        TextField name = field("agent-name", "A name no other agent has", viewModel.fields().nameProperty().get());
        name.textProperty().bindBidirectional(viewModel.fields().nameProperty());
        TextArea persona = new TextArea();
        persona.setId("agent-persona");
        persona.setPromptText("Who the agent is and how it should answer (its system prompt)");
        persona.setWrapText(true);
        persona.setPrefRowCount(3);
        persona.textProperty().bindBidirectional(viewModel.fields().personaProperty());

        ChoiceBox<String> provider = new ChoiceBox<>();
        provider.setId("agent-provider");
        provider.getItems().setAll(AgentDefinition.PROVIDERS);
        provider.setConverter(new StringConverter<>() {
            @Override
            public String toString(String value) {
                if (AgentDefinition.OPENAI_COMPATIBLE.equals(value)) {
                    return "OpenAI-compatible server";
                }
                return AgentDefinition.OFFLINE.equals(value) ? "Offline (built in, no model)"
                        : "Unknown: " + value + " (choose one)";
            }

            @Override
            public String fromString(String text) {
                return text;
            }
        });
        provider.valueProperty().bindBidirectional(viewModel.fields().providerProperty());
        provider.setMaxWidth(Double.MAX_VALUE);
        BooleanBinding offline = Bindings.createBooleanBinding(
                () -> !AgentDefinition.OPENAI_COMPATIBLE.equals(viewModel.fields().providerProperty().get()),
                viewModel.fields().providerProperty());

        TextField baseUrl = bound("agent-base-url", "http://localhost:11434/v1", viewModel.fields().baseUrlProperty(), offline);
        TextField model = bound("agent-model", "llama3.2", viewModel.fields().modelProperty(), null);
        // The offline provider has no models: the field is only a name for the agent's style there.
        model.promptTextProperty().bind(Bindings.when(offline).then("any name (the offline provider has no models)")
                .otherwise("llama3.2 (Test connection lists the server's)"));
        TextField temperature = bound("agent-temperature", "server default (0 to 2)", viewModel.fields().temperatureProperty(), offline);
        TextField maxTokens = bound("agent-max-tokens", "server default", viewModel.fields().maxTokensProperty(), offline);
        TextField keyVariable = bound("agent-api-key-env", "OPENAI_API_KEY (the variable's name, not the key)",
                viewModel.fields().apiKeyEnvProperty(), offline);
        TextField context = bound("agent-context-tokens", "what the server says, else 8192",
                viewModel.fields().contextTokensProperty(), offline);
        TextField firstWord = bound("agent-first-token-timeout", "60", viewModel.fields().firstTokenTimeoutProperty(), offline);
        TextField silence = bound("agent-idle-timeout", "30", viewModel.fields().idleTimeoutProperty(), offline);
        HBox firstWordRow = secondsField(firstWord, "seconds, else it is asked again");
        HBox silenceRow = secondsField(silence, "seconds once it has begun, else asked again");

        int row = 0;
        grid.addRow(row++, new Label("Name"), name);
        grid.addRow(row++, new Label("Colour"), new ColourSwatches(viewModel.fields().colourProperty()));
        grid.addRow(row++, new Label("Persona"), persona);
        grid.addRow(row++, new Label("Provider"), provider);
        grid.addRow(row++, new Label("Base URL"), withPresets(viewModel, baseUrl));
        grid.addRow(row++, new Label("Model"), model);
        grid.addRow(row++, new Label("Temperature"), temperature);
        grid.addRow(row++, new Label("Max tokens"), maxTokens);
        grid.addRow(row++, new Label("Context (tokens)"), context);
        grid.addRow(row++, new Label("First word within"), firstWordRow);
        grid.addRow(row++, new Label("Reply silent for"), silenceRow);
        grid.addRow(row++, new Label("API key"), keyField(viewModel, offline));
        grid.addRow(row++, new Label("or its variable"), keyVariable);
        grid.add(connectionCheck(viewModel, offline), 1, row);

        Label hint = new Label("A key typed in is kept in your desktop's secret store (GNOME Keyring, KWallet…), never"
                + " in Workshop's files or logs. Or name the environment variable that holds it, for a Workshop"
                + " started from a terminal.");
        hint.getStyleClass().add("agent-hint");
        hint.setWrapText(true);
        hint.setMinHeight(Region.USE_PREF_SIZE);
        Label message = new Label();
        message.setId("agent-message");
        message.getStyleClass().add("agent-message");
        message.textProperty().bind(viewModel.messageProperty());
        // A problem reads in the error style, what was done in the usual one.
        viewModel.messageIsProblemProperty().subscribe(problem -> message.pseudoClassStateChanged(PROBLEM, problem));
        // A long message wraps beside the button instead of squeezing Save down to "…".
        message.setWrapText(true);
        message.setMinHeight(Region.USE_PREF_SIZE);
        HBox.setHgrow(message, Priority.ALWAYS);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button save = new Button("Save");
        save.setId("save-agent");
        save.setDefaultButton(true);
        save.disableProperty().bind(viewModel.busyProperty());
        save.setOnAction(event -> viewModel.save());
        save.setMinWidth(Region.USE_PREF_SIZE);
        // Takes the last save back (a rename too): the one thing a save could not be before.
        Button undo = new Button("Undo", new FontIcon(Feather.CORNER_UP_LEFT));
        undo.setId("undo-agent-save");
        undo.getStyleClass().add("flat");
        undo.setTooltip(new Tooltip("Put this agent's settings back as they were before this save"));
        undo.visibleProperty().bind(viewModel.canUndoSaveProperty());
        undo.managedProperty().bind(undo.visibleProperty());
        undo.disableProperty().bind(viewModel.busyProperty());
        undo.setOnAction(event -> viewModel.undoSave());
        undo.setMinWidth(Region.USE_PREF_SIZE);
        HBox actions = new HBox(10, message, undo, spacer, save);
        actions.setAlignment(Pos.CENTER_LEFT);
        // Says whether Save changes an agent or adds one: an empty form would otherwise look the same either way.
        Label title = new Label();
        title.setId("agent-form-title");
        title.getStyleClass().add("agent-form-title");
        title.textProperty().bind(Bindings.createStringBinding(viewModel::formTitle, viewModel.selectedProperty()));
        // The fields scroll in a short window (or with large fonts); the heading, Save and Done stay in sight.
        VBox fieldsAndHint = new VBox(12, grid, hint);
        // Room for the scroll bar, so it never lies over the fields' right edge.
        fieldsAndHint.setPadding(new Insets(0, 14, 0, 0));
        ScrollPane scroller = new ScrollPane(fieldsAndHint);
        scroller.setFitToWidth(true);
        scroller.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroller.getStyleClass().add("agent-form-scroller");
        VBox.setVgrow(scroller, Priority.ALWAYS);
        // What Test connection found is under its button: brought into view when it arrives (the bottom stays
        // the bottom as the report's lines are laid out, since the position is a fraction).
        viewModel.endpointCheck().connectionProperty().addListener((property, old, found) -> {
            if (found != null) {
                scroller.setVvalue(scroller.getVmax());
            }
        });
        VBox form = new VBox(12, title, scroller, actions);
        HBox.setHgrow(form, Priority.ALWAYS);
        form.setPadding(new Insets(16));
        return form;
    }

    /** An agent as a coloured dot, its name and what answers for it. */
    private static final class AgentCell extends ListCell<AgentDefinition> {
        @Override
        protected void updateItem(AgentDefinition agent, boolean empty) {
            super.updateItem(agent, empty);
            if (empty || agent == null) {
                setGraphic(null);
                setText(null);
                return;
            }
            Circle dot = new Circle(6, Color.web(agent.avatarColor()));
            Label name = new Label(agent.name());
            name.getStyleClass().add("agent-cell-name");
            Label detail = new Label(agent.provider().equals(AgentDefinition.OFFLINE) ? "offline"
                    : AgentDefinition.PROVIDERS.contains(agent.provider()) ? agent.model() + " · " + agent.endpoint().baseUrl()
                    : "unknown provider " + agent.provider());
            detail.getStyleClass().add("agent-cell-detail");
            HBox cell = new HBox(8, dot, new VBox(1, name, detail));
            cell.setAlignment(Pos.CENTER_LEFT);
            setText(null);
            setGraphic(cell);
        }
    }
}
