package dev.workshop.ui.agents;

import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The agent editor's fields for a model server: the base URL with its presets, the number fields, and the
 * connection check.
 */
final class EndpointFields {
    private EndpointFields() {
    }

    /**
     * The API key itself, masked: Save hands it to the desktop's secret store. With a key kept there already, the
     * field says so (typing replaces it) and Forget takes it out.
     */
    static HBox keyField(AgentsViewModel viewModel, BooleanBinding offline) {
        javafx.scene.control.PasswordField key = new javafx.scene.control.PasswordField();
        key.setId("agent-api-key");
        key.textProperty().bindBidirectional(viewModel.apiKeyProperty());
        key.promptTextProperty().bind(Bindings.when(viewModel.keyStoredProperty())
                .then("\u2022\u2022\u2022\u2022\u2022\u2022 kept (type a new one to replace it)")
                .otherwise("paste the key (kept in your desktop's secret store)"));
        key.disableProperty().bind(offline);
        HBox.setHgrow(key, Priority.ALWAYS);
        Button forget = new Button("Forget");
        forget.setId("forget-api-key");
        forget.setTooltip(new Tooltip("Take this agent's key out of the secret store"));
        forget.visibleProperty().bind(viewModel.keyStoredProperty());
        forget.managedProperty().bind(forget.visibleProperty());
        forget.disableProperty().bind(viewModel.busyProperty());
        forget.setOnAction(event -> viewModel.forgetStoredKey());
        forget.setMinWidth(Region.USE_PREF_SIZE);
        HBox row = new HBox(8, key, forget);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    /**
     * "Test connection" and what it found: the problem named, or the server's models, one click from the Model
     * field.
     */
    static VBox connectionCheck(AgentsViewModel viewModel, BooleanBinding offline) {
        Button test = new Button("Test connection", new FontIcon(Feather.ZAP));
        test.setId("test-connection");
        test.setTooltip(new Tooltip("Asks the server for its models with these settings"));
        test.disableProperty().bind(offline.or(viewModel.endpointCheck().checkingProperty()));
        test.setOnAction(event -> viewModel.testConnection());
        ProgressIndicator checking = new ProgressIndicator();
        checking.setMaxSize(18, 18);
        checking.visibleProperty().bind(viewModel.endpointCheck().checkingProperty());
        checking.managedProperty().bind(checking.visibleProperty());
        MenuButton pick = new MenuButton("Use a model");
        pick.setId("offered-models");
        Label report = new Label();
        report.setId("connection-report");
        report.setWrapText(true);
        report.setMinHeight(Region.USE_PREF_SIZE);
        viewModel.endpointCheck().connectionProperty().addListener((property, old, found) -> {
            report.setText(found == null ? "" : found.message());
            report.setGraphic(found == null ? null : new FontIcon(found.usable() ? Feather.CHECK_CIRCLE : Feather.ALERT_CIRCLE));
            report.getStyleClass().setAll("label", found == null || found.usable() ? "connection-ok" : "connection-problem");
            pick.getItems().setAll((found == null ? List.<String>of() : found.models()).stream().map(name -> {
                MenuItem item = new MenuItem(name);
                // Checked again at once, so the report says the model picked is there.
                item.setOnAction(event -> {
                    viewModel.fields().modelProperty().set(name);
                    viewModel.testConnection();
                });
                return item;
            }).toList());
        });
        pick.visibleProperty().bind(Bindings.isNotEmpty(pick.getItems()));
        pick.managedProperty().bind(pick.visibleProperty());
        HBox buttons = new HBox(8, test, checking, pick);
        buttons.setAlignment(Pos.CENTER_LEFT);
        return new VBox(6, buttons, report);
    }

    static TextField field(String id, String prompt, String text) {
        TextField field = new TextField(text);
        field.setId(id);
        field.setPromptText(prompt);
        return field;
    }

    /** The base URL with a menu of common servers beside it, each filling in its URL and key variable. */
    static HBox withPresets(AgentsViewModel viewModel, TextField baseUrl) {
        MenuButton presets = new MenuButton("Presets");
        presets.setId("endpoint-presets");
        presets.setTooltip(new Tooltip("Fill in the base URL (and the usual key variable) of a common server"));
        for (EndpointPreset preset : EndpointPreset.ALL) {
            MenuItem item = new MenuItem(preset.name() + "  —  " + preset.baseUrl());
            item.setOnAction(event -> viewModel.applyPreset(preset));
            presets.getItems().add(item);
        }
        presets.setMinWidth(Region.USE_PREF_SIZE);
        HBox.setHgrow(baseUrl, Priority.ALWAYS);
        baseUrl.setMaxWidth(Double.MAX_VALUE);
        HBox row = new HBox(8, baseUrl, presets);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    /** A short number field and what its number means, side by side. */
    static HBox secondsField(TextField field, String meaning) {
        field.setPrefColumnCount(5);
        field.setMaxWidth(Region.USE_PREF_SIZE);
        Label unit = new Label(meaning);
        unit.getStyleClass().add("agent-hint");
        unit.setMinWidth(Region.USE_PREF_SIZE);
        HBox row = new HBox(8, field, unit);
        row.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        return row;
    }

    static TextField bound(String id, String prompt, javafx.beans.property.StringProperty property,
                                   BooleanBinding disabled) {
        TextField field = field(id, prompt, property.get());
        field.textProperty().bindBidirectional(property);
        if (disabled != null) {
            field.disableProperty().bind(disabled);
        }
        return field;
    }
}
