package dev.workshop.ui.shell;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** The banner across the window while nothing can be saved. */
final class CannotSaveBanner {
    private CannotSaveBanner() {
    }

    /**
     * A banner across the window while nothing can be saved (the data directory is gone, or the disk refused a
     * write): the user must know before they type or start anything else. It stays until Reopen opens the data
     * again, the one remedy, a button away.
     */
    static HBox of(String id, ReadOnlyStringProperty why, Runnable reopenData) {
        Label text = new Label();
        text.setId(id);
        text.setWrapText(true);
        text.textProperty().bind(why);
        HBox.setHgrow(text, Priority.ALWAYS);
        Button reopen = new Button("Reopen", new FontIcon(Feather.REFRESH_CW));
        reopen.setId(id + "-reopen");
        reopen.setMinWidth(Region.USE_PREF_SIZE);
        reopen.setTooltip(new Tooltip("Opens the data again, as a new start of Workshop would: conversations go on"
                + " from their last saved message"));
        reopen.setOnAction(event -> reopenData.run());
        HBox banner = new HBox(10, new FontIcon(Feather.ALERT_OCTAGON), text, reopen);
        banner.getStyleClass().add("gone-banner");
        banner.setAlignment(Pos.CENTER_LEFT);
        banner.visibleProperty().bind(why.isNotEmpty());
        banner.managedProperty().bind(banner.visibleProperty());
        return banner;
    }
}
