package dev.workshop.ui.sidebar;

import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;

/**
 * The status row. Abort and Resume give up their words (their icons and tooltips stay) when the row is
 * narrower than everything at full width, and the reason hides rather than show a lone "…": a long status
 * such as "Waiting for you" never pushes a button out of the sidebar. Whether it all fits is measured as if
 * the words showed, so nothing flips back and forth between layout passes.
 */
final class StateRow extends HBox {
    /** Less room than this would show the reason as a lone "…". */
    private static final double REASON_ROOM = 48;
    private final List<Button> shortened;
    private final Label reason;

    StateRow(List<Button> shortened, Label reason, javafx.scene.Node... children) {
        super(8, children);
        this.shortened = shortened;
        this.reason = reason;
        // Its width is the sidebar's, not what its contents would like.
        setMinWidth(0);
    }

    @Override
    protected void layoutChildren() {
        double full = snappedLeftInset() + snappedRightInset() - getSpacing();
        for (javafx.scene.Node child : getManagedChildren()) {
            // The reason takes what is left, cut short; it asks for no room of its own.
            full += (child == reason ? 0 : child.prefWidth(-1)) + getSpacing();
        }
        for (Button button : shortened) {
            if (button.isManaged() && button.getContentDisplay() == javafx.scene.control.ContentDisplay.GRAPHIC_ONLY) {
                javafx.scene.text.Text words = new javafx.scene.text.Text(button.getText());
                words.setFont(button.getFont());
                full += words.getLayoutBounds().getWidth() + button.getGraphicTextGap();
            }
        }
        javafx.scene.control.ContentDisplay display = full > getWidth()
                ? javafx.scene.control.ContentDisplay.GRAPHIC_ONLY : javafx.scene.control.ContentDisplay.LEFT;
        shortened.forEach(button -> button.setContentDisplay(display));
        // Visibility, not management, so the measure above stays the same either way.
        reason.setVisible(getWidth() - full >= REASON_ROOM);
        super.layoutChildren();
    }
}
