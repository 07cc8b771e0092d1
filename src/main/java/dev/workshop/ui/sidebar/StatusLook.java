package dev.workshop.ui.sidebar;

import dev.workshop.domain.conversation.ConversationStatus;
import java.util.EnumMap;
import java.util.Map;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** How a conversation's status looks, the same in the list and above its messages: an icon and a colour. */
final class StatusLook {
    private static final Map<ConversationStatus, Ikon> ICONS = new EnumMap<>(ConversationStatus.class);

    static {
        ICONS.put(ConversationStatus.ACTIVE, Feather.PLAY_CIRCLE);
        ICONS.put(ConversationStatus.QUEUED, Feather.CLOCK);
        ICONS.put(ConversationStatus.WAITING, Feather.USER);
        ICONS.put(ConversationStatus.INTERRUPTED, Feather.PAUSE_CIRCLE);
        ICONS.put(ConversationStatus.HELD, Feather.ARCHIVE);
        ICONS.put(ConversationStatus.COMPLETED, Feather.CHECK_CIRCLE);
        ICONS.put(ConversationStatus.FAILED, Feather.X_CIRCLE);
        ICONS.put(ConversationStatus.ABANDONED, Feather.SLASH);
    }

    private StatusLook() {
    }

    /** A paused conversation has an icon and a colour of its own: it waits for a Resume, not for a turn. */
    static Ikon iconOf(ConversationRow row) {
        return row.paused() ? Feather.PAUSE : ICONS.get(row.shownStatus());
    }

    static String styleClassOf(ConversationRow row) {
        return row.paused() ? "status-paused" : "status-" + row.shownStatus().wireName();
    }

    /** The status in words with its icon and colour, the reason on hover; empty when nothing is shown. */
    static void show(Label label, ConversationRow row) {
        if (row == null) {
            label.setText("");
            label.setGraphic(null);
            return;
        }
        label.setText(row.statusWords());
        label.setGraphic(new FontIcon(iconOf(row)));
        label.getStyleClass().setAll("label", "status-marker", styleClassOf(row));
        label.setTooltip(new Tooltip(row.statusWords()
                + (row.statusReason().isEmpty() ? "" : ": " + FailureText.brief(row.statusReason()))));
    }
}
