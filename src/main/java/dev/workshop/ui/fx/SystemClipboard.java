package dev.workshop.ui.fx;

import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;

/** Plain text onto the system clipboard, the one way every Copy button and menu item does it. */
public final class SystemClipboard {
    private SystemClipboard() {
    }

    /** Call on the FX thread. */
    public static void put(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }
}
