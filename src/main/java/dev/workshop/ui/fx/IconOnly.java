package dev.workshop.ui.fx;

import javafx.scene.control.Control;
import javafx.scene.control.Tooltip;

/**
 * A control that shows only an icon still needs a name: a screen reader reads a control's accessible text,
 * and an icon gives it none. The name is the tooltip's words before any detail after a bracket or a colon
 * ("Undo (Ctrl+Z)" is "Undo", "Settings: turns, …" is "Settings"), so the two never disagree; the whole
 * tooltip is the accessible help.
 */
public final class IconOnly {
    private IconOnly() {
    }

    public static <T extends Control> T withTip(T control, String tip) {
        control.setTooltip(new Tooltip(tip));
        control.setAccessibleText(nameOf(tip));
        control.setAccessibleHelp(tip);
        return control;
    }

    static String nameOf(String tip) {
        int end = tip.length();
        for (String detail : new String[] {" (", ": "}) {
            int at = tip.indexOf(detail);
            if (at > 0 && at < end) {
                end = at;
            }
        }
        return tip.substring(0, end).strip();
    }
}
