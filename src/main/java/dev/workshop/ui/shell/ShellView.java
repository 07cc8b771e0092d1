package dev.workshop.ui.shell;

import javafx.application.Platform;
import javafx.geometry.Pos;
import dev.workshop.ui.agents.AgentsView;
import dev.workshop.ui.agents.AgentsViewModel;
import javafx.scene.control.Alert;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/** The main window's layout: a header, the canvas area and a status bar. Reads the view-model only. */
public final class ShellView extends BorderPane {

    public ShellView(ShellViewModel viewModel) {
        getStyleClass().add("shell");
        getStylesheets().add(ShellView.class.getResource("shell.css").toExternalForm());
        setTop(header(viewModel));
        setCenter(canvasArea());
        setBottom(statusBar(viewModel));
        viewModel.fatalErrorProperty().addListener((property, old, message) -> {
            if (!message.isEmpty()) {
                showFatalError(message);
            }
        });
        viewModel.warningTextProperty().addListener((property, old, warnings) -> {
            if (!warnings.isEmpty()) {
                showWarnings(warnings);
            }
        });
    }

    private HBox header(ShellViewModel viewModel) {
        Label title = new Label("Workshop");
        title.getStyleClass().add("app-title");
        Label subtitle = new Label("Agents that talk, conversations that are never lost");
        subtitle.getStyleClass().add("app-subtitle");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button agents = new Button("Agents…");
        agents.setId("open-agents");
        agents.setTooltip(new Tooltip("Add agents and point them at a model"));
        agents.disableProperty().bind(viewModel.readyProperty().not());
        agents.setOnAction(event -> viewModel.agentsEditor().ifPresent(this::showAgents));
        HBox header = new HBox(12, title, subtitle, spacer, agents);
        header.getStyleClass().add("header");
        header.setAlignment(Pos.CENTER_LEFT);
        return header;
    }

    private static StackPane canvasArea() {
        Label heading = new Label("The canvas is empty");
        heading.getStyleClass().add("empty-heading");
        Label hint = new Label("Agents placed here hold their conversations on this canvas.");
        hint.getStyleClass().add("empty-hint");
        VBox empty = new VBox(6, heading, hint);
        empty.setAlignment(Pos.CENTER);
        empty.setMouseTransparent(true);
        StackPane area = new StackPane(new GridBackground(), empty);
        area.getStyleClass().add("canvas-area");
        area.setId("canvas-area");
        return area;
    }

    private static HBox statusBar(ShellViewModel viewModel) {
        ProgressIndicator progress = new ProgressIndicator();
        progress.getStyleClass().add("status-progress");
        progress.visibleProperty().bind(viewModel.openingProperty());
        progress.managedProperty().bind(viewModel.openingProperty());

        Label dataDirectory = new Label();
        dataDirectory.setId("status-data-directory");
        dataDirectory.textProperty().bind(viewModel.dataDirectoryTextProperty().map(path -> "Data: " + path));
        dataDirectory.setTooltip(new Tooltip("Where Workshop keeps your conversations"));

        Label warning = new Label();
        warning.setId("status-warning");
        warning.getStyleClass().add("status-warning");
        warning.textProperty().bind(viewModel.warningTextProperty().map(text -> text.isEmpty() ? "" : "⚠ Repaired on opening"));
        warning.visibleProperty().bind(viewModel.warningTextProperty().isNotEmpty());
        Tooltip details = new Tooltip();
        details.textProperty().bind(viewModel.warningTextProperty());
        details.setWrapText(true);
        details.setMaxWidth(600);
        warning.setTooltip(details);

        Label count = new Label();
        count.setId("status-conversation-count");
        count.textProperty().bind(viewModel.conversationCountTextProperty());

        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(10, progress, dataDirectory, spacer, warning, count);
        bar.getStyleClass().add("status-bar");
        bar.setAlignment(Pos.CENTER_LEFT);
        return bar;
    }

    private void showAgents(AgentsViewModel agents) {
        Stage window = new Stage();
        window.setTitle("Agents");
        if (getScene() != null) {
            window.initOwner(getScene().getWindow());
        }
        window.initModality(Modality.WINDOW_MODAL);
        window.setScene(new Scene(new AgentsView(agents, window::close), 900, 580));
        window.setMinWidth(700);
        window.setMinHeight(480);
        window.show();
    }

    private void showWarnings(String warnings) {
        Alert alert = new Alert(Alert.AlertType.WARNING, warnings);
        alert.setHeaderText("Workshop repaired its data while opening");
        alert.initOwner(getScene() == null ? null : getScene().getWindow());
        alert.show();
    }

    private void showFatalError(String message) {
        Alert alert = new Alert(Alert.AlertType.ERROR, message);
        alert.setHeaderText("Workshop cannot open its data");
        alert.initOwner(getScene() == null ? null : getScene().getWindow());
        alert.setOnHidden(event -> Platform.exit());
        alert.show();
    }
}
