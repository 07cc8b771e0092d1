package dev.workshop.ui.sidebar;

import dev.workshop.orchestration.SessionLocation;
import java.io.File;
import java.nio.file.Path;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Hold in git: where the conversation goes (the data directory's own repository unless the user names another,
 * and a remote to push it to) and a note for the commit. A turn being asked is cut and asked again later.
 */
final class HoldDialog {
    static final ButtonType HOLD = new ButtonType("Hold", ButtonBar.ButtonData.OK_DONE);

    private final Alert dialog = new Alert(Alert.AlertType.NONE, "", ButtonType.CANCEL, HOLD);
    private final TextField repository = new TextField();
    private final TextField remote = new TextField();
    private final TextField message = new TextField();

    HoldDialog(SidebarViewModel viewModel, ConversationRow row, Node owner) {
        SessionsInGit git = viewModel.sessionsInGit();
        Label intro = new Label("Its whole history and state are committed to a branch of its own. It stays parked"
                + " until you re-inflate it, here or in another Workshop (Open held session…)."
                + (RowRules.canAbort(row.status()) ? " The turn being asked now is cut and asked again then."
                : ""));
        intro.setWrapText(true);
        intro.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        repository.setId("hold-repository");
        repository.setPromptText(git.defaultRepository().toString());
        Button browse = new Button("Choose…", new FontIcon(Feather.FOLDER));
        browse.setOnAction(event -> {
            DirectoryChooser chooser = new DirectoryChooser();
            chooser.setTitle("A git repository to hold the conversation in");
            File chosen = chooser.showDialog(dialog.getDialogPane().getScene().getWindow());
            if (chosen != null) {
                repository.setText(chosen.getPath());
            }
        });
        HBox.setHgrow(repository, Priority.ALWAYS);
        remote.setId("hold-remote");
        remote.setPromptText("None (a path, file://, ssh or https URL)");
        message.setId("hold-message");
        message.setPromptText("Hold: " + row.title());
        GridPane form = new GridPane();
        form.setHgap(8);
        form.setVgap(8);
        form.addRow(0, new Label("Repository"), new HBox(6, repository, browse));
        form.addRow(1, new Label("Push to"), remote);
        form.addRow(2, new Label("Note"), message);
        ColumnConstraints labels = new ColumnConstraints();
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        form.getColumnConstraints().addAll(labels, fields);
        VBox content = new VBox(12, intro, form);
        content.setPadding(new Insets(12, 12, 0, 12));
        content.setPrefWidth(520);
        dialog.getDialogPane().setPrefWidth(560);

        dialog.setTitle("Hold in git");
        dialog.setHeaderText("Hold \u201c" + row.title() + "\u201d");
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().setId("hold-dialog");
        TextWindow.ownedBy(dialog, owner);
        Button hold = (Button) dialog.getDialogPane().lookupButton(HOLD);
        hold.setId("hold-confirm");
        hold.setGraphic(new FontIcon(Feather.ARCHIVE));
        hold.addEventFilter(javafx.event.ActionEvent.ACTION, event -> git.hold(row, location(), message.getText()));
    }

    private SessionLocation location() {
        String path = repository.getText().strip();
        return SessionLocation.of(path.isEmpty() ? null : Path.of(path), remote.getText());
    }

    void show() {
        dialog.show();
        message.requestFocus();
    }
}
