package dev.workshop.ui.sidebar;

import dev.workshop.orchestration.HeldEntry;
import dev.workshop.orchestration.SessionLocation;
import java.io.File;
import java.nio.file.Path;
import java.time.Instant;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Open held session: the sessions a repository holds (the data directory's own, another folder, or a remote URL
 * fetched first), to re-inflate one here, paused where it was held; as a fork when the one here went on
 * differently.
 */
final class HeldSessionsDialog {
    static final ButtonType REINFLATE = new ButtonType("Re-inflate", ButtonBar.ButtonData.OK_DONE);
    static final ButtonType AS_FORK = new ButtonType("Re-inflate as a fork", ButtonBar.ButtonData.OTHER);

    private final SessionsInGit git;
    private final Alert dialog = new Alert(Alert.AlertType.NONE, "", ButtonType.CLOSE, AS_FORK, REINFLATE);
    private final TextField where = new TextField();
    private final ListView<HeldEntry> list = new ListView<>();
    private final CheckBox addAgents = new CheckBox("Add back the session's agents that are not here");
    private final Label problem = new Label();
    private final ProgressIndicator busy = new ProgressIndicator();

    HeldSessionsDialog(SidebarViewModel viewModel, Node owner) {
        this.git = viewModel.sessionsInGit();
        where.setId("held-where");
        where.setPromptText(git.defaultRepository() + " (or a folder, or a URL)");
        where.setOnAction(event -> load());
        Button browse = new Button(null, new FontIcon(Feather.FOLDER));
        browse.getStyleClass().add("button-icon");
        browse.setTooltip(new Tooltip("Choose a repository folder"));
        browse.setOnAction(event -> {
            DirectoryChooser chooser = new DirectoryChooser();
            chooser.setTitle("A git repository of held sessions");
            File chosen = chooser.showDialog(dialog.getDialogPane().getScene().getWindow());
            if (chosen != null) {
                where.setText(chosen.getPath());
                load();
            }
        });
        Button show = new Button("List", new FontIcon(Feather.REFRESH_CW));
        show.setId("held-list-button");
        show.setOnAction(event -> load());
        HBox.setHgrow(where, Priority.ALWAYS);
        busy.setPrefSize(18, 18);
        busy.setVisible(false);
        HBox source = new HBox(6, where, browse, show, busy);
        source.setAlignment(Pos.CENTER_LEFT);

        list.setId("held-list");
        list.setCellFactory(view -> new HeldCell());
        list.setPrefSize(520, 300);
        list.setPlaceholder(TextWindow.placeholder("Reading the held sessions…", ""));
        list.setOnMouseClicked(event -> {
            if (event.getButton() == MouseButton.PRIMARY && event.getClickCount() == 2 && picked() != null) {
                reinflate(false);
            }
        });
        list.setOnKeyPressed(event -> {
            if (event.getCode() == KeyCode.ENTER && picked() != null) {
                reinflate(false);
                event.consume();
            }
        });
        problem.setId("held-problem");
        problem.setWrapText(true);
        problem.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        problem.getStyleClass().add("held-problem");
        problem.managedProperty().bind(problem.textProperty().isNotEmpty());
        addAgents.setId("held-add-agents");
        VBox content = new VBox(8, source, list, addAgents, problem);
        content.setPadding(new Insets(12, 12, 0, 12));
        VBox.setVgrow(list, Priority.ALWAYS);

        dialog.setTitle("Open held session");
        dialog.setHeaderText(null);
        dialog.setResizable(true);
        dialog.getDialogPane().setContent(content);
        // Sized for a list of several sessions and its three buttons (a wrapped line would leave it too small).
        dialog.getDialogPane().setPrefSize(620, 480);
        dialog.getDialogPane().setMinSize(480, 320);
        dialog.getDialogPane().setId("held-sessions");
        TextWindow.ownedBy(dialog, owner);
        dialog.getDialogPane().getStylesheets().add(HeldSessionsDialog.class.getResource("sidebar.css")
                .toExternalForm());
        Button reinflate = (Button) dialog.getDialogPane().lookupButton(REINFLATE);
        reinflate.setId("reinflate-button");
        reinflate.setGraphic(new FontIcon(Feather.PLAY_CIRCLE));
        Button fork = (Button) dialog.getDialogPane().lookupButton(AS_FORK);
        fork.setId("reinflate-fork-button");
        for (Button button : new Button[] {reinflate, fork}) {
            button.disableProperty().bind(Bindings.createBooleanBinding(() -> picked() == null || busy.isVisible(),
                    list.getSelectionModel().selectedItemProperty(), busy.visibleProperty()));
        }
        // Filters run before the dialog's own handler would close it: it stays open until it worked.
        reinflate.addEventFilter(javafx.event.ActionEvent.ACTION, event -> {
            event.consume();
            reinflate(false);
        });
        fork.addEventFilter(javafx.event.ActionEvent.ACTION, event -> {
            event.consume();
            reinflate(true);
        });
    }

    void show() {
        dialog.show();
        load();
    }

    private HeldEntry picked() {
        HeldEntry entry = list.getSelectionModel().getSelectedItem();
        return entry == null || entry.problem().isPresent() ? null : entry;
    }

    /** Where to read: a URL (anything with "://", or user@host:path) is a remote, the rest a folder. */
    private SessionLocation location() {
        String text = where.getText().strip();
        if (text.isEmpty()) {
            return SessionLocation.DEFAULT;
        }
        boolean url = text.contains("://") || text.matches("[^/\\s]+@[^/\\s]+:.*");
        return url ? SessionLocation.of(null, text) : SessionLocation.of(Path.of(text), null);
    }

    private void load() {
        busy.setVisible(true);
        problem.setText("");
        list.getItems().clear();
        list.setPlaceholder(TextWindow.placeholder("Reading the held sessions…", ""));
        git.list(location(), entries -> {
            busy.setVisible(false);
            list.getItems().setAll(entries);
            list.setPlaceholder(TextWindow.placeholder("No held session here",
                    "Hold a conversation (its menu, or the archive button above its messages) to keep it in git."));
            if (!entries.isEmpty()) {
                list.getSelectionModel().selectFirst();
                list.requestFocus();
            }
        }, why -> {
            busy.setVisible(false);
            list.setPlaceholder(TextWindow.placeholder("Nothing to list", ""));
            problem.setText(why);
        });
    }

    private void reinflate(boolean asFork) {
        HeldEntry entry = picked();
        if (entry == null) {
            return;
        }
        busy.setVisible(true);
        problem.setText("");
        git.reinflate(entry.branch(), location(), asFork, addAgents.isSelected(), done -> {
            busy.setVisible(false);
            dialog.close();
        }, why -> {
            busy.setVisible(false);
            problem.setText(why);
        });
    }

    /** A held session: its title, who took part and how far, its branch and when it was held. */
    private static final class HeldCell extends ListCell<HeldEntry> {
        @Override
        protected void updateItem(HeldEntry entry, boolean empty) {
            super.updateItem(entry, empty);
            if (empty || entry == null) {
                setGraphic(null);
                setTooltip(null);
                return;
            }
            Label title = new Label(entry.problem().isPresent() ? entry.branch() : entry.title());
            title.getStyleClass().add("row-title");
            Label people = new Label(entry.problem().orElse(String.join(", ", entry.participants()) + " · "
                    + entry.turns() + (entry.turns() == 1 ? " turn" : " turns")));
            people.getStyleClass().add("row-people");
            people.setWrapText(entry.problem().isPresent());
            Label when = new Label(entry.branch() + " · held " + ConversationRow.relativeTime(entry.heldAt(),
                    Instant.now()));
            when.getStyleClass().add("row-time");
            VBox box = new VBox(2, title, people, when);
            box.setAlignment(Pos.CENTER_LEFT);
            setTooltip(new Tooltip(entry.branch() + "\ncommit " + entry.commit() + "\nheld "
                    + ConversationRow.clockTime(entry.heldAt())));
            setText(null);
            setGraphic(box);
        }
    }
}
