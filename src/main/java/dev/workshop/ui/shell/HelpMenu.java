package dev.workshop.ui.shell;

import dev.workshop.ui.fx.ExternalLinks;
import dev.workshop.ui.fx.FxExecutor;
import dev.workshop.ui.fx.IconOnly;
import dev.workshop.ui.fx.SystemClipboard;
import java.nio.file.Path;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The header's Help menu: the keyboard shortcuts, what to send with a bug report (Copy diagnostics), the log
 * folder, and About. What it tells comes from the app ({@link Help}); the menu only shows it.
 */
public final class HelpMenu extends MenuButton {
    /** What the app knows about itself. */
    public interface Help {
        /** Version, licence, data directory, Java and JavaFX: the lines of the About box. */
        String about();

        /**
         * Versions, system, data directory, store sizes and the last problems; never a key or a message's text.
         * Asked on the JavaFX thread; the sizes are read from the disk off it.
         */
        java.util.concurrent.CompletableFuture<String> diagnostics();

        /** Where the log files are. */
        Path logFolder();
    }

    private Help help;

    HelpMenu(Runnable showShortcuts, java.util.function.Consumer<String> showAbout,
            java.util.function.Consumer<String> notice) {
        super(null, new FontIcon(Feather.HELP_CIRCLE));
        setId("help-menu");
        getStyleClass().add("button-icon");
        IconOnly.withTip(this, "Help: keyboard shortcuts, diagnostics for a bug report, the log, About");
        MenuItem shortcuts = new MenuItem("Keyboard shortcuts", new FontIcon(Feather.COMMAND));
        shortcuts.setAccelerator(javafx.scene.input.KeyCombination.keyCombination("F1"));
        shortcuts.setOnAction(event -> showShortcuts.run());
        MenuItem diagnostics = new MenuItem("Copy diagnostics", new FontIcon(Feather.CLIPBOARD));
        diagnostics.setId("copy-diagnostics");
        diagnostics.setOnAction(event -> help.diagnostics().thenAccept(text -> FxExecutor.platform().execute(() -> {
            SystemClipboard.put(text);
            notice.accept("Diagnostics copied: versions, system, store sizes and the last problems (no keys, no messages)");
        })));
        MenuItem logs = new MenuItem("Open log folder", new FontIcon(Feather.FOLDER));
        logs.setId("open-log-folder");
        logs.setOnAction(event -> {
            if (!ExternalLinks.openFolder(help.logFolder())) {
                SystemClipboard.put(help.logFolder().toString());
                notice.accept("The log folder's path is copied: " + help.logFolder());
            }
        });
        MenuItem about = new MenuItem("About Workshop", new FontIcon(Feather.INFO));
        about.setId("about-workshop");
        about.setOnAction(event -> showAbout.accept(help.about()));
        getItems().addAll(shortcuts, new SeparatorMenuItem(), diagnostics, logs, new SeparatorMenuItem(), about);
        setDisable(true);
    }

    /** What the menu tells; until it is given, the menu is disabled. */
    void setHelp(Help help) {
        this.help = help;
        setDisable(help == null);
    }
}
