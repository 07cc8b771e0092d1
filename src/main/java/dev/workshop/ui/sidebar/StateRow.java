package dev.workshop.ui.sidebar;

import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;

/**
 * The status row. Abort and Resume give up their words (their icons and tooltips stay) when the row is
 * narrower than everything at full width; narrower still, the turn count gives way too (the list's row and its
 * tooltip keep it), and the reason hides rather than show a lone "…": a long status such as "Waiting for you"
 * never pushes a button out of the sidebar, down to the sidebar's least width. Whether it all fits is measured
 * as if the words and the count showed, so nothing flips back and forth between layout passes.
 */
final class StateRow extends HBox {
    /** Less room than this would show the reason as a lone "…". */
    private static final double REASON_ROOM = 48;
    private final List<Button> shortened;
    private final Label reason;
    private final javafx.scene.Node givesWay;

    StateRow(List<Button> shortened, Label reason, javafx.scene.Node givesWay, javafx.scene.Node... children) {
        super(8, children);
        this.shortened = shortened;
        this.reason = reason;
        this.givesWay = givesWay;
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
        if (!givesWay.isManaged()) {
            full += givesWay.prefWidth(-1) + getSpacing();
        }
        double words = 0;
        for (Button button : shortened) {
            if (button.isManaged()) {
                javafx.scene.text.Text text = new javafx.scene.text.Text(button.getText());
                text.setFont(button.getFont());
                words += text.getLayoutBounds().getWidth() + button.getGraphicTextGap();
            }
        }
        boolean iconsOnly = shortened.stream().anyMatch(button -> button.isManaged()
                && button.getContentDisplay() == javafx.scene.control.ContentDisplay.GRAPHIC_ONLY);
        if (iconsOnly) {
            full += words;
        }
        javafx.scene.control.ContentDisplay display = full > getWidth()
                ? javafx.scene.control.ContentDisplay.GRAPHIC_ONLY : javafx.scene.control.ContentDisplay.LEFT;
        shortened.forEach(button -> button.setContentDisplay(display));
        boolean countFits = full - words <= getWidth();
        givesWay.setVisible(countFits);
        givesWay.setManaged(countFits);
        // Visibility, not management, so the measure above stays the same either way.
        reason.setVisible(getWidth() - full >= REASON_ROOM);
        super.layoutChildren();
    }
}
