package dev.workshop.ui.sidebar;

import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Under the last message of a failed conversation: which turn failed and why (all of it on hover), and Retry
 * to ask that turn again once the cause is fixed.
 */
final class FailureBanner extends VBox {
    /** About three lines of the reason. */
    private static final double FAILURE_LINES_HEIGHT = 60;

    FailureBanner(SidebarViewModel viewModel) {
        super(4);
        // Three lines at most (the whole reason is on hover and under Details…): room for the messages above it.
        // Those lines are also its least height, so the messages, not the reason, give way in a short window.
        Label text = new Label() {
            @Override
            protected double computePrefHeight(double width) {
                return Math.min(super.computePrefHeight(width), FAILURE_LINES_HEIGHT);
            }
        };
        text.setId("failure-text");
        text.setWrapText(true);
        text.setMinHeight(Region.USE_PREF_SIZE);
        text.textProperty().bind(viewModel.selectedProperty().map(RowRules::failure).orElse(""));
        Tooltip whole = new Tooltip();
        whole.textProperty().bind(viewModel.selectedProperty().map(ConversationRow::statusReason).orElse(""));
        whole.setWrapText(true);
        whole.setMaxWidth(420);
        text.setTooltip(whole);
        Button retry = new Button("Retry", new FontIcon(Feather.REFRESH_CW));
        retry.setId("retry-turn");
        retry.setMinWidth(Region.USE_PREF_SIZE);
        retry.setTooltip(new Tooltip("Ask this turn again, once what failed it is fixed (Agents… for a model or key)"));
        retry.setOnAction(event -> viewModel.retry());
        // The whole reason (a server's message can be long) in a window of its own, to read and copy.
        Button details = new Button("Details…");
        details.setId("failure-details");
        details.getStyleClass().add("flat");
        details.setMinWidth(Region.USE_PREF_SIZE);
        details.setTooltip(new Tooltip("Read the whole reason and copy it"));
        details.setOnAction(event -> {
            ConversationRow row = viewModel.selectedProperty().get();
            if (row != null) {
                TextWindow.show(this, "Why the turn failed", text.getText() + "\n\nWhat the model's server or"
                        + " Workshop reported:\n" + row.statusReason());
            }
        });
        // The reason on a line of its own, wrapped to the sidebar's width; the buttons below it, on the right.
        FontIcon alert = new FontIcon(Feather.ALERT_TRIANGLE);
        alert.getStyleClass().add("failure-icon");
        text.getStyleClass().add("failure-text");
        // The icon as the label's graphic: a label straight in the VBox is measured at the banner's width, so it
        // wraps (inside an HBox it would be measured on one line).
        text.setGraphic(alert);
        text.setGraphicTextGap(8);
        text.setAlignment(Pos.TOP_LEFT);
        text.setMaxWidth(Double.MAX_VALUE);
        Region push = new Region();
        HBox.setHgrow(push, Priority.ALWAYS);
        HBox actions = new HBox(8, push, details, retry);
        actions.setAlignment(Pos.CENTER_RIGHT);
        getChildren().addAll(text, actions);
        setId("failure-banner");
        getStyleClass().add("failure-banner");
        visibleProperty().bind(text.textProperty().isNotEmpty());
        managedProperty().bind(visibleProperty());
    }
}
