package dev.workshop.ui.shell;

import dev.workshop.ui.fx.ExternalLinks;
import dev.workshop.ui.fx.SystemClipboard;
import javafx.animation.PauseTransition;
import javafx.geometry.Pos;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.util.Duration;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The window's status bar: progress while the data opens, where the data is (right-click to open or copy), the
 * latest news, what was repaired on opening, and how many conversations there are.
 */
final class StatusBar extends HBox {
    private final Label notice = new Label();
    private final PauseTransition noticeTimer = new PauseTransition(Duration.seconds(15));

    StatusBar(ShellViewModel viewModel) {
        ProgressIndicator progress = new ProgressIndicator();
        progress.getStyleClass().add("status-progress");
        progress.visibleProperty().bind(viewModel.openingProperty());
        progress.managedProperty().bind(viewModel.openingProperty());

        Label dataDirectory = new Label();
        dataDirectory.setId("status-data-directory");
        dataDirectory.textProperty().bind(viewModel.dataDirectoryTextProperty().map(path -> "Data: " + path));
        // The whole path on hover: a narrow window cuts the label's end.
        Tooltip where = new Tooltip();
        where.textProperty().bind(viewModel.dataDirectoryTextProperty().map(path -> "Where Workshop keeps your"
                + " conversations: " + path + "\n(right-click to open the folder or copy the path)"));
        dataDirectory.setTooltip(where);
        // A long path gives way in its middle: "Data: /home/…/workshop" keeps what it is and where it ends.
        dataDirectory.setTextOverrun(javafx.scene.control.OverrunStyle.CENTER_ELLIPSIS);
        MenuItem openFolder = new MenuItem("Open data folder", new FontIcon(Feather.FOLDER));
        openFolder.setId("open-data-folder");
        openFolder.setDisable(!ExternalLinks.available());
        openFolder.setOnAction(event -> ExternalLinks.openFolder(viewModel.dataDirectory()));
        MenuItem copyPath = new MenuItem("Copy path", new FontIcon(Feather.COPY));
        copyPath.setId("copy-data-path");
        copyPath.setOnAction(event -> SystemClipboard.put(viewModel.dataDirectory().toString()));
        dataDirectory.setContextMenu(new ContextMenu(openFolder, copyPath));

        notice.setId("status-notice");
        notice.getStyleClass().add("status-notice");

        Label warning = new Label();
        warning.setId("status-warning");
        warning.getStyleClass().add("status-warning");
        warning.textProperty().bind(viewModel.warningTextProperty().map(text -> text.isEmpty() ? "" : "⚠ Repaired on opening"));
        warning.visibleProperty().bind(viewModel.warningTextProperty().isNotEmpty());
        Tooltip details = new Tooltip();
        details.textProperty().bind(viewModel.warningTextProperty());
        details.setWrapText(true);
        details.setMaxWidth(600);
        warning.setTooltip(details);

        Label teamServer = new Label(null, new FontIcon(Feather.SERVER));
        teamServer.setId("status-team-server");
        teamServer.textProperty().bind(viewModel.teamServerTextProperty());
        teamServer.visibleProperty().bind(viewModel.teamServerTextProperty().isNotEmpty());
        teamServer.managedProperty().bind(teamServer.visibleProperty());
        teamServer.setTextOverrun(javafx.scene.control.OverrunStyle.CENTER_ELLIPSIS);
        teamServer.setMinWidth(0);
        Tooltip teamServerTip = new Tooltip();
        teamServerTip.textProperty().bind(viewModel.teamServerTextProperty().map(text -> text
                + "\nThe conversations are kept there; the canvas and drafts stay on this device. Settings → Team"
                + " server changes it."));
        teamServer.setTooltip(teamServerTip);

        Label count = new Label();
        count.setId("status-conversation-count");
        count.textProperty().bind(viewModel.conversationCountTextProperty());

        // A long notice is the one that gives way (its tooltip has all of it); the counts keep their words, and
        // the data directory keeps at least its start.
        count.setMinWidth(Region.USE_PREF_SIZE);
        warning.setMinWidth(Region.USE_PREF_SIZE);
        dataDirectory.setMinWidth(160);
        notice.setMinWidth(0);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        setSpacing(10);
        getChildren().addAll(progress, dataDirectory, teamServer, spacer, notice, warning, count);
        getStyleClass().add("status-bar");
        setAlignment(Pos.CENTER_LEFT);
        noticeTimer.setOnFinished(event -> notice.setText(""));
        Tooltip all = new Tooltip();
        all.textProperty().bind(notice.textProperty());
        all.setWrapText(true);
        all.setMaxWidth(600);
        notice.setTooltip(all);
    }

    /** News stays in the status bar for a while, then makes room (its tooltip keeps the full text meanwhile). */
    void showNotice(String text) {
        notice.setText(text);
        noticeTimer.playFromStart();
    }
}
