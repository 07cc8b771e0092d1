package dev.workshop.ui.dialogs;

import dev.workshop.domain.settings.Preferences;
import java.util.List;
import java.util.Optional;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.layout.HBox;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The conversation settings: the turns a new conversation gets, how many take turns at once, and how long an
 * offline reply takes. Each says what it changes; Save applies them at once. A typed value is committed when
 * Save is pressed (a spinner otherwise keeps its old value until Enter), and one out of range is clamped.
 */
public final class PreferencesDialog extends Dialog<Preferences> {
    private boolean teamServerAsked;

    public PreferencesDialog(Preferences current) {
        this(current, Optional.empty());
    }

    /**
     * @param whereKept where the conversations are kept now, in words, when the team server can be changed from
     *                  here ("This device only", "Team server HOST:PORT/DB · team T"); Change… closes this dialog and
     *                  {@link #teamServerAsked()} says so
     */
    public PreferencesDialog(Preferences current, Optional<String> whereKept) {
        this(current, whereKept, Optional.empty());
    }

    /** Idle days, then days after an end: fixed to the team's on a team server. */
    private List<Spinner<Integer>> retentionRows = List.of();
    /** On a team server: the retention rows show the team's days, and this device's own are kept as they were. */
    private boolean teamPolicy;
    /** Where the rows are, for the team's note. */
    private VBox retentionGrid;
    /** The height every row takes at the app's font, measured under openbox. */
    private static final double ROWS_HEIGHT = 775;

    /** @param toolServers opens Settings → Tool servers (the MCP servers agents may call), when a workspace is open */
    public PreferencesDialog(Preferences current, Optional<String> whereKept,
                             Optional<java.util.function.Consumer<javafx.stage.Window>> toolServers) {
        setTitle("Settings");
        setHeaderText("How conversations run");
        ButtonType save = new ButtonType("Save", ButtonBar.ButtonData.OK_DONE);
        getDialogPane().getButtonTypes().addAll(save, ButtonType.CANCEL);
        getDialogPane().setId("preferences-dialog");

        Spinner<Integer> turns = whole("preference-turns", 1, Preferences.MAX_TURNS_LIMIT, current.defaultMaxTurns());
        Spinner<Integer> atOnce = whole("preference-at-once", 1, Preferences.CONCURRENT_LIMIT,
                current.concurrentConversations());
        Spinner<Double> pace = new Spinner<>(new SpinnerValueFactory.DoubleSpinnerValueFactory(0,
                Preferences.OFFLINE_REPLY_LIMIT_MILLIS / 1000.0, current.offlineReplyMillis() / 1000.0, 0.5));
        pace.setId("preference-offline-seconds");
        pace.setEditable(true);
        Spinner<Integer> toolCalls = whole("preference-tool-calls", 0, Preferences.TOOL_CALLS_LIMIT,
                current.maxToolCalls());
        Spinner<Integer> abandon = whole("preference-abandon-days", 0, Preferences.RETENTION_DAYS_LIMIT,
                current.abandonAfterDays());
        Spinner<Integer> purge = whole("preference-purge-days", 0, Preferences.RETENTION_DAYS_LIMIT,
                current.purgeAfterDays());
        retentionRows = List.of(abandon, purge);


        GridPane grid = new GridPane();
        grid.setHgap(12);
        grid.setVgap(4);
        ColumnConstraints labels = new ColumnConstraints();
        labels.setHgrow(Priority.ALWAYS);
        grid.getColumnConstraints().addAll(labels, new ColumnConstraints());
        int row = 0;
        row = add(grid, row, "Turns a new conversation gets", turns,
                "The start dialog offers this; a conversation keeps the number it started with.");
        row = add(grid, row, "Conversations at once", atOnce,
                "The others wait in the queue and start as one ends. Applies at once.");
        row = add(grid, row, "Offline reply time (seconds)", pace,
                "How long the built-in offline agents take to write a reply, so that you can watch it.");
        row = add(grid, row, "Tool calls a turn", toolCalls,
                "How often an agent on a model server may act on the shared elements in one turn (0: markers only).");
        row = add(grid, row, "Abandon idle conversations after (days)", abandon,
                "Waiting or stopped and untouched this long, it is marked abandoned (checked daily); 0: never.");
        row = add(grid, row, "Erase ended conversations after (days)", purge,
                "Completed, failed or abandoned this long ago, it is erased for good (checked daily); 0: never.");

        VBox content = new VBox(grid);
        retentionGrid = content;
        whereKept.ifPresent(where -> content.getChildren().add(teamServerRow(where)));
        toolServers.ifPresent(open -> content.getChildren().add(toolServersRow(open)));
        content.setPadding(new Insets(8, 14, 0, 14));
        // Taller than a small screen (768 px) with every row: the rows scroll there, the buttons stay in sight.
        javafx.scene.control.ScrollPane rows = new javafx.scene.control.ScrollPane(content);
        rows.setFitToWidth(true);
        rows.setHbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.NEVER);
        rows.getStyleClass().add("edge-to-edge");
        // Sized before the rows have their skin (a scroll pane measures nothing until then): what every row takes
        // at the app's font, or what the screen leaves beside the header and the buttons.
        rows.setPrefHeight(Math.min(ROWS_HEIGHT, javafx.stage.Screen.getPrimary().getVisualBounds().getHeight() - 200));
        // Under openbox an owned window maps at its minimum size (see ModalOver): the minimum is the size wanted.
        rows.setMinHeight(Region.USE_PREF_SIZE);
        getDialogPane().setContent(rows);
        // Tab moves through the rows: the one that takes the focus is scrolled into view.
        getDialogPane().sceneProperty().subscribe(scene -> {
            if (scene != null) {
                scene.focusOwnerProperty().subscribe(focused -> scrollTo(rows, content, focused));
            }
        });

        setResultConverter(button -> {
            if (button != save) {
                return null;
            }
            return new Preferences(committed(turns), committed(atOnce), Math.round(committedSeconds(pace) * 1000),
                    committed(toolCalls), ownDays(abandon, current.abandonAfterDays()),
                    ownDays(purge, current.purgeAfterDays()));
        });
        // A shorter policy applies to the conversations already there: asked first, and Save stays until agreed.
        getDialogPane().lookupButton(save).addEventFilter(javafx.event.ActionEvent.ACTION, event -> {
            boolean shorter = current.retentionShortenedBy(new Preferences(current.defaultMaxTurns(),
                    current.concurrentConversations(), current.offlineReplyMillis(), current.maxToolCalls(),
                    ownDays(abandon, current.abandonAfterDays()), ownDays(purge, current.purgeAfterDays())));
            if (shorter && !ShorterRetentionQuestion.agreed(getDialogPane().getScene().getWindow(), committed(abandon),
                    committed(purge))) {
                event.consume();
            }
        });
    }

    /**
     * On a team server the team's retention policy applies (ended conversations erased after 90 days, idle ones
     * abandoned after 30), not this device's: its rows show the team's days and cannot be changed here.
     */
    public void followTheTeam(boolean onTeamServer) {
        if (!onTeamServer) {
            return;
        }
        teamPolicy = true;
        java.time.Duration never = java.time.Duration.ZERO;
        var team = dev.workshop.domain.retention.RetentionPolicy.TEAM;
        retentionRows.get(0).getValueFactory().setValue((int) team.abandonIdleAfter().orElse(never).toDays());
        retentionRows.get(1).getValueFactory().setValue((int) team.purgeEndedAfter().orElse(never).toDays());
        retentionRows.forEach(row -> row.setDisable(true));
        Label note = new Label("On the team server the team's policy applies: idle conversations are abandoned after "
                + team.abandonIdleAfter().orElse(never).toDays() + " days, ended ones erased after "
                + team.purgeEndedAfter().orElse(never).toDays() + ".");
        note.setId("preference-team-retention");
        note.getStyleClass().add("text-muted");
        note.setWrapText(true);
        note.setMaxWidth(380);
        note.setMinHeight(Region.USE_PREF_SIZE);
        retentionGrid.getChildren().add(1, note);
    }

    /** Scrolls {@code rows} so that {@code focused}, when it is one of them, shows whole. */
    private static void scrollTo(javafx.scene.control.ScrollPane rows, VBox content, Node focused) {
        if (focused == null || content.getHeight() <= rows.getViewportBounds().getHeight()) {
            return;
        }
        javafx.geometry.Bounds in = content.sceneToLocal(focused.localToScene(focused.getBoundsInLocal()));
        if (in == null || in.getMinY() < 0 || in.getMaxY() > content.getHeight()) {
            return;
        }
        double hidden = content.getHeight() - rows.getViewportBounds().getHeight();
        double top = rows.getVvalue() * hidden;
        double viewport = rows.getViewportBounds().getHeight();
        if (in.getMinY() < top) {
            rows.setVvalue(in.getMinY() / hidden);
        } else if (in.getMaxY() > top + viewport) {
            rows.setVvalue(Math.min(1, (in.getMaxY() - viewport) / hidden));
        }
    }

    /** This device's own days as the row says, or as they were while the team's policy shows instead. */
    private int ownDays(Spinner<Integer> row, int kept) {
        return teamPolicy ? kept : committed(row);
    }

    /** Whether the user asked, with Change…, to choose where the conversations are kept (the dialog closed). */
    public boolean teamServerAsked() {
        return teamServerAsked;
    }

    private Node teamServerRow(String where) {
        Label heading = new Label("Team server");
        heading.getStyleClass().add("text-bold");
        Label now = new Label(where);
        now.setId("preference-team-server");
        now.setWrapText(true);
        now.setMaxWidth(300);
        Button change = new Button("Change…");
        change.setId("preference-team-server-change");
        change.setMinWidth(Region.USE_PREF_SIZE);
        change.setOnAction(event -> {
            teamServerAsked = true;
            setResult(null);
            close();
        });
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox line = new HBox(12, now, spacer, change);
        line.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        Label explanation = new Label("Where this device's conversations are kept: here, or on a PostgreSQL your team"
                + " shares.");
        explanation.getStyleClass().add("text-muted");
        explanation.setWrapText(true);
        explanation.setMaxWidth(380);
        explanation.setMinHeight(Region.USE_PREF_SIZE);
        return new VBox(4, new javafx.scene.control.Separator(), heading, line, explanation);
    }

    private Node toolServersRow(java.util.function.Consumer<javafx.stage.Window> open) {
        Label heading = new Label("Tool servers (MCP)");
        heading.getStyleClass().add("text-bold");
        Label what = new Label("Outside tools your agents may call, and which of their calls run without asking you.");
        what.getStyleClass().add("text-muted");
        what.setWrapText(true);
        what.setMaxWidth(380);
        what.setMinHeight(Region.USE_PREF_SIZE);
        Button manage = new Button("Manage…");
        manage.setId("preference-tool-servers");
        manage.setMinWidth(Region.USE_PREF_SIZE);
        manage.setOnAction(event -> open.accept(getDialogPane().getScene().getWindow()));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox line = new HBox(12, heading, spacer, manage);
        line.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        return new VBox(4, new javafx.scene.control.Separator(), line, what);
    }

    private static Spinner<Integer> whole(String id, int min, int max, int value) {
        Spinner<Integer> spinner = new Spinner<>(min, max, value);
        spinner.setId(id);
        spinner.setEditable(true);
        return spinner;
    }

    private static int add(GridPane grid, int row, String label, Spinner<?> spinner, String hint) {
        Label name = new Label(label);
        name.setLabelFor(spinner);
        spinner.setPrefWidth(110);
        Label explanation = new Label(hint);
        explanation.getStyleClass().add("text-muted");
        explanation.setWrapText(true);
        explanation.setMaxWidth(380);
        explanation.setMinHeight(Region.USE_PREF_SIZE);
        grid.addRow(row, name, spinner);
        grid.add(explanation, 0, row + 1, 2, 1);
        GridPane.setMargin(explanation, new Insets(0, 0, 10, 0));
        return row + 2;
    }

    /** The value typed in, if any, within the spinner's range; else the one shown. */
    private static int committed(Spinner<Integer> spinner) {
        SpinnerValueFactory.IntegerSpinnerValueFactory factory =
                (SpinnerValueFactory.IntegerSpinnerValueFactory) spinner.getValueFactory();
        try {
            int typed = Integer.parseInt(spinner.getEditor().getText().strip());
            return Math.clamp(typed, factory.getMin(), factory.getMax());
        } catch (NumberFormatException e) {
            return spinner.getValue();
        }
    }

    private static double committedSeconds(Spinner<Double> spinner) {
        SpinnerValueFactory.DoubleSpinnerValueFactory factory =
                (SpinnerValueFactory.DoubleSpinnerValueFactory) spinner.getValueFactory();
        try {
            double typed = Double.parseDouble(spinner.getEditor().getText().strip().replace(',', '.'));
            return Math.clamp(typed, factory.getMin(), factory.getMax());
        } catch (NumberFormatException e) {
            return spinner.getValue();
        }
    }
}
