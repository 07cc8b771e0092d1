package dev.workshop.ui.dialogs;

import dev.workshop.domain.conversation.TenantId;
import dev.workshop.domain.settings.TeamServerChoice;
import dev.workshop.orchestration.TeamServerSettings;
import dev.workshop.ui.fx.Background;
import dev.workshop.ui.fx.FxExecutor;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Settings → Team server: this device's own conversations (the default), or a team server's with the team to work
 * in. Test connection says in one sentence what it finds, off the FX thread; Switch keeps the choice and opens the
 * conversations there. An address with a password in it is refused: the password belongs in {@code PGPASSWORD} or
 * a {@code .pgpass} file, never in Workshop's settings.
 */
public final class TeamServerDialog extends Dialog<TeamServerChoice> {
    private final TeamServerSettings settings;
    private final Label result = new Label();
    private final ProgressIndicator testing = new ProgressIndicator();
    /** Which test is the latest: an earlier one that answers late is not shown over it. */
    private long tests;

    public TeamServerDialog(TeamServerChoice current, TeamServerSettings settings, Background background,
                            FxExecutor fx) {
        this.settings = settings;
        setTitle("Team server");
        setHeaderText("Where this device's conversations are kept");
        ButtonType switchTo = new ButtonType("Switch", ButtonBar.ButtonData.OK_DONE);
        getDialogPane().getButtonTypes().addAll(switchTo, ButtonType.CANCEL);
        getDialogPane().setId("team-server-dialog");

        ToggleGroup where = new ToggleGroup();
        RadioButton thisDevice = new RadioButton("This device only");
        thisDevice.setId("team-server-this-device");
        thisDevice.setToggleGroup(where);
        RadioButton teamServer = new RadioButton("A team server (PostgreSQL)");
        teamServer.setId("team-server-remote");
        teamServer.setToggleGroup(where);
        (current.onTeamServer() ? teamServer : thisDevice).setSelected(true);

        TextField url = new TextField(current.url().orElse(""));
        url.setId("team-server-url");
        url.setPromptText("jdbc:postgresql://HOST:5432/DATABASE");
        url.setPrefColumnCount(34);
        TextField team = new TextField(current.onTeamServer() ? current.team().value() : "");
        team.setId("team-server-team");
        team.setPromptText("your team's name, e.g. design");
        Button test = new Button("Test connection", new FontIcon(Feather.ACTIVITY));
        test.setId("team-server-test");
        testing.setMaxSize(18, 18);
        testing.setVisible(false);
        result.setId("team-server-result");
        result.setWrapText(true);
        result.setMaxWidth(460);
        // Room for two lines from the start, so that the answer does not push the buttons out of the dialog.
        result.setMinHeight(40);
        result.setAlignment(Pos.TOP_LEFT);

        GridPane fields = new GridPane();
        fields.setHgap(10);
        fields.setVgap(8);
        Label urlLabel = new Label("Address");
        urlLabel.setLabelFor(url);
        Label teamLabel = new Label("Team");
        teamLabel.setLabelFor(team);
        urlLabel.setMinWidth(Region.USE_PREF_SIZE);
        teamLabel.setMinWidth(Region.USE_PREF_SIZE);
        fields.addRow(0, urlLabel, url);
        fields.addRow(1, teamLabel, team);
        Label credentials = hint("The user and password come from PGUSER and PGPASSWORD or a .pgpass file: Workshop"
                + " never writes a password down. The canvas, drafts and window stay on this device.");
        HBox testRow = new HBox(8, test, testing);
        testRow.setAlignment(Pos.CENTER_LEFT);
        VBox server = new VBox(8, fields, credentials, testRow, result);
        server.setPadding(new Insets(0, 0, 0, 24));
        server.disableProperty().bind(teamServer.selectedProperty().not());

        VBox content = new VBox(10, thisDevice, hint("Offline and single-user: the conversations live in this"
                + " device's data folder."), teamServer, server);
        content.setPadding(new Insets(8, 14, 0, 14));
        getDialogPane().setContent(content);

        test.disableProperty().bind(url.textProperty().isEmpty().or(teamServer.selectedProperty().not()));
        test.setOnAction(event -> test(url.getText(), team.getText(), background, fx));
        url.textProperty().addListener((property, old, now) -> clearResult());
        team.textProperty().addListener((property, old, now) -> clearResult());

        Button confirm = (Button) getDialogPane().lookupButton(switchTo);
        confirm.disableProperty().bind(Bindings.createBooleanBinding(
                () -> teamServer.isSelected() && (url.getText().isBlank() || team.getText().isBlank()),
                teamServer.selectedProperty(), url.textProperty(), team.textProperty()));
        // Checked on Switch rather than as the user types: a half-typed address is not yet wrong.
        confirm.addEventFilter(javafx.event.ActionEvent.ACTION, event -> chosen(teamServer.isSelected(),
                url.getText(), team.getText()).ifPresentOrElse(choice -> { }, event::consume));

        setResultConverter(button -> button == switchTo
                ? chosen(teamServer.isSelected(), url.getText(), team.getText()).orElse(null) : null);
    }

    private static Label hint(String text) {
        Label hint = new Label(text);
        hint.getStyleClass().add("text-muted");
        hint.setWrapText(true);
        hint.setMaxWidth(460);
        hint.setMinHeight(Region.USE_PREF_SIZE);
        return hint;
    }

    /** The choice as entered, or empty after saying on the dialog what is wrong with it. */
    private Optional<TeamServerChoice> chosen(boolean onTeamServer, String url, String team) {
        if (!onTeamServer) {
            return Optional.of(TeamServerChoice.THIS_DEVICE);
        }
        TeamServerChoice choice;
        try {
            choice = new TeamServerChoice(Optional.of(url), new TenantId(team.strip()));
        } catch (IllegalArgumentException e) {
            showResult(false, e.getMessage());
            return Optional.empty();
        }
        Optional<String> refused = settings.whyNotKept(choice);
        refused.ifPresent(why -> showResult(false, why));
        return refused.isPresent() ? Optional.empty() : Optional.of(choice);
    }

    private void test(String url, String teamName, Background background, FxExecutor fx) {
        TenantId team;
        try {
            team = new TenantId(teamName.isBlank() ? TenantId.LOCAL.value() : teamName.strip());
        } catch (IllegalArgumentException e) {
            showResult(false, e.getMessage());
            return;
        }
        long test = ++tests;
        testing.setVisible(true);
        result.setText("Connecting…");
        result.getStyleClass().removeAll("success", "danger");
        background.run("team-server-test", () -> {
            TeamServerSettings.Check check;
            try {
                check = settings.test(url, team);
            } catch (RuntimeException e) {
                check = new TeamServerSettings.Check(false, String.valueOf(e.getMessage()));
            }
            TeamServerSettings.Check found = check;
            fx.execute(() -> {
                if (test == tests) {
                    showResult(found.usable(), found.sentence());
                }
            });
        });
    }

    private void showResult(boolean usable, String sentence) {
        testing.setVisible(false);
        result.setText(sentence);
        result.setGraphic(new FontIcon(usable ? Feather.CHECK_CIRCLE : Feather.ALERT_TRIANGLE));
        result.getStyleClass().removeAll("success", "danger");
        result.getStyleClass().add(usable ? "success" : "danger");
        // A long answer (three lines) grows the dialog rather than hiding its buttons.
        if (getDialogPane().getScene() != null && getDialogPane().getScene().getWindow() != null) {
            getDialogPane().getScene().getWindow().sizeToScene();
        }
    }

    private void clearResult() {
        tests++;
        testing.setVisible(false);
        result.setText("");
        result.setGraphic(null);
        result.getStyleClass().removeAll("success", "danger");
    }
}
