package dev.workshop.ui.sidebar;

import dev.workshop.domain.conversation.ConversationKind;
import java.time.Instant;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * A conversation in the list. Its nodes are made once and only their text changes: a row is replaced on
 * every message of a running conversation, and labels made anew inside the list's layout pass have no
 * skin until the next pulse, so the row used to show blank for a frame on every turn.
 */
final class RowCell extends ListCell<ConversationRow> {
    private final FontIcon icon = new FontIcon(Feather.CIRCLE);
    private final Label status = new Label(null, icon);
    private final Label kind = new Label();
    /** Says a conversation came in through Import, until it is continued: else it reads as its original. */
    private final Label imported = new Label("imported", new FontIcon(Feather.UPLOAD));
    private final Label when = new Label();
    private final Tooltip whenTip = new Tooltip();
    private final Label title = new Label();
    private final Label people = new Label();
    /** On a team server: the device that drives the conversation, when another one does. */
    private final Label driver = new Label(null, new FontIcon(Feather.MONITOR));
    private final Tooltip reasonTip = new Tooltip();
    private final VBox box;
    private String statusClass = "";

    RowCell() {
        status.getStyleClass().add("status-marker");
        kind.getStyleClass().add("type-chip");
        imported.getStyleClass().addAll("type-chip", "imported-chip");
        imported.managedProperty().bind(imported.visibleProperty());
        when.getStyleClass().add("row-time");
        when.setTooltip(whenTip);
        title.getStyleClass().add("row-title");
        people.getStyleClass().add("row-people");
        driver.getStyleClass().add("row-driver");
        driver.managedProperty().bind(driver.visibleProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox top = new HBox(6, status, kind, imported, spacer, when);
        top.setAlignment(Pos.CENTER_LEFT);
        box = new VBox(2, top, title, people, driver);
        box.setPadding(new Insets(2, 0, 2, 0));
        setText(null);
    }

    @Override
    protected void updateItem(ConversationRow row, boolean empty) {
        super.updateItem(row, empty);
        if (empty || row == null) {
            setGraphic(null);
            setTooltip(null);
            return;
        }
        icon.setIconCode(StatusLook.iconOf(row));
        status.setText(row.statusWords());
        String wanted = StatusLook.styleClassOf(row);
        if (!wanted.equals(statusClass)) {
            status.getStyleClass().remove(statusClass);
            status.getStyleClass().add(wanted);
            statusClass = wanted;
        }
        kind.setText(row.kind() == ConversationKind.TASK ? "task" : "conversation");
        imported.setVisible(row.justImported());
        when.setText(ConversationRow.relativeTime(row.updatedAt(), Instant.now()));
        whenTip.setText("Last activity: " + ConversationRow.clockTime(row.updatedAt()));
        // The user's marks before the title: a star, and the hold that keeps it from retention and erase.
        title.setText((row.is(dev.workshop.domain.conversation.Mark.STARRED) ? "\u2605 " : "")
                + (row.is(dev.workshop.domain.conversation.Mark.LEGAL_HOLD) ? "[legal hold] " : "") + row.title());
        people.setText(row.participants() + " · " + row.turnsShort());
        driver.setVisible(row.drivenElsewhere());
        driver.setText(row.drivenElsewhere() ? "driven by " + row.drivenBy() : null);
        reasonTip.setText(row.statusReason());
        setTooltip(row.statusReason().isEmpty() ? null : reasonTip);
        setGraphic(box);
    }
}
