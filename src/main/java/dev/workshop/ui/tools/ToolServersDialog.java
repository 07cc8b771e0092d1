package dev.workshop.ui.tools;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.tool.OutsideTool;
import dev.workshop.domain.tool.ToolGrants;
import dev.workshop.domain.tool.ToolPolicy;
import dev.workshop.domain.tool.ToolServer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Spinner;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * Settings → Tool servers: the servers (add, edit, remove, Test), what each agent may use (its servers, and per tool:
 * ask, always allow, never), and the grants given, each with Revoke.
 */
public final class ToolServersDialog extends Dialog<Void> {
    private final ToolServersViewModel model;

    public ToolServersDialog(ToolServersViewModel model) {
        this.model = model;
        setTitle("Tool servers");
        setHeaderText("Outside tools (MCP servers) your agents may call");
        getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        getDialogPane().setId("tool-servers-dialog");
        setResizable(true);
        TabPane tabs = new TabPane(new Tab("Servers", servers()), new Tab("Agents", agents()),
                new Tab("Allowed", granted()));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        Label report = new Label();
        report.setId("tool-servers-report");
        report.setWrapText(true);
        report.setMinHeight(Region.USE_PREF_SIZE);
        report.textProperty().bind(model.reportProperty());
        VBox content = new VBox(8, tabs, report);
        content.setPadding(new Insets(4, 8, 0, 8));
        content.setPrefSize(640, 460);
        getDialogPane().setContent(content);
    }

    private VBox servers() {
        ListView<ToolServer> list = new ListView<>(model.servers());
        list.setId("tool-server-list");
        list.setPrefHeight(120);
        list.setPlaceholder(new Label("No tool servers yet: add one below."));
        list.setCellFactory(view -> new ListCell<>() {
            @Override
            protected void updateItem(ToolServer server, boolean empty) {
                super.updateItem(server, empty);
                setText(empty || server == null ? null : server.name() + "  ·  " + (server.overStdio() ? "stdio"
                        : "HTTP") + "  ·  " + server.where());
            }
        });
        TextField name = field("tool-server-name", "files");
        TextField where = field("tool-server-where", "npx -y @modelcontextprotocol/server-filesystem /home/me/notes");
        TextArea values = new TextArea();
        values.setId("tool-server-values");
        values.setPromptText("NAME=VALUE, one a line: environment variables (stdio) or headers (HTTP)");
        values.setPrefRowCount(2);
        CheckBox secret = new CheckBox("Keep the values in the secret store");
        secret.setId("tool-server-secret");
        Spinner<Integer> timeout = new Spinner<>(1, 600, 30);
        timeout.setEditable(true);
        timeout.setPrefWidth(90);
        list.getSelectionModel().selectedItemProperty().addListener((property, old, server) -> {
            if (server != null) {
                name.setText(server.name());
                where.setText(server.where());
                values.setText(String.join("\n", (server.overStdio() ? server.env() : server.headers()).entrySet()
                        .stream().map(entry -> entry.getKey() + "=" + entry.getValue()).toList()));
                timeout.getValueFactory().setValue((int) server.timeout().toSeconds());
            }
        });
        GridPane form = new GridPane();
        form.setHgap(8);
        form.setVgap(6);
        javafx.scene.layout.ColumnConstraints labels = new javafx.scene.layout.ColumnConstraints();
        labels.setMinWidth(Region.USE_PREF_SIZE);
        javafx.scene.layout.ColumnConstraints fields = new javafx.scene.layout.ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        form.getColumnConstraints().addAll(labels, fields);
        form.addRow(0, new Label("Name"), name);
        form.addRow(1, new Label("Command or URL"), where);
        form.addRow(2, new Label("Values"), values);
        form.addRow(3, new Label("Timeout (s)"), new HBox(12, timeout, secret));
        GridPane.setHgrow(where, Priority.ALWAYS);
        Button save = button("Save", "tool-server-save", () -> model.save(name.getText(), where.getText(),
                values.getText(), secret.isSelected(), timeout.getValue()));
        Button test = button("Test", "tool-server-test", () -> selected(list).ifPresent(model::test));
        Button remove = button("Remove", "tool-server-remove", () -> selected(list).ifPresent(model::remove));
        test.disableProperty().bind(list.getSelectionModel().selectedItemProperty().isNull());
        remove.disableProperty().bind(test.disableProperty());
        Region push = new Region();
        HBox.setHgrow(push, Priority.ALWAYS);
        HBox actions = new HBox(8, test, remove, push, save);
        actions.setAlignment(Pos.CENTER_LEFT);
        VBox box = new VBox(8, list, form, actions);
        box.setPadding(new Insets(8));
        return box;
    }

    private VBox agents() {
        ComboBox<AgentDefinition> agent = new ComboBox<>();
        agent.setId("tool-agent");
        agent.getItems().setAll(model.agents());
        agent.setConverter(new StringConverter<>() {
            @Override
            public String toString(AgentDefinition definition) {
                return definition == null ? "" : definition.name();
            }

            @Override
            public AgentDefinition fromString(String text) {
                return null;
            }
        });
        VBox serverChecks = new VBox(4);
        VBox toolRows = new VBox(4);
        Runnable shown = () -> {
            serverChecks.getChildren().clear();
            toolRows.getChildren().clear();
            AgentDefinition chosen = agent.getValue();
            if (chosen == null) {
                return;
            }
            for (ToolServer server : model.servers()) {
                CheckBox may = new CheckBox("May use " + server.name());
                may.setSelected(model.mayUse(chosen, server));
                may.selectedProperty().addListener((property, old, now) -> model.setMayUse(chosen, server, now));
                serverChecks.getChildren().add(may);
            }
            for (OutsideTool tool : model.tested()) {
                toolRows.getChildren().add(policyRow(chosen, tool));
            }
        };
        agent.valueProperty().addListener((property, old, now) -> shown.run());
        model.tested().addListener((javafx.collections.ListChangeListener<OutsideTool>) change -> shown.run());
        Label hint = new Label("Tools are listed once their server is tested (Servers → Test). A call asks you"
                + " first unless you allow the tool.");
        hint.setWrapText(true);
        hint.getStyleClass().add("text-muted");
        hint.setMinHeight(Region.USE_PREF_SIZE);
        javafx.scene.control.ScrollPane tools = new javafx.scene.control.ScrollPane(toolRows);
        tools.setFitToWidth(true);
        tools.setId("tool-policies");
        toolRows.setPadding(new Insets(0, 8, 0, 0));
        VBox.setVgrow(tools, Priority.ALWAYS);
        VBox box = new VBox(8, agent, serverChecks, hint, tools);
        box.setPadding(new Insets(8));
        return box;
    }

    private HBox policyRow(AgentDefinition agent, OutsideTool tool) {
        ComboBox<ToolPolicy> policy = new ComboBox<>();
        policy.getItems().setAll(ToolPolicy.values());
        policy.setValue(model.policy(agent, tool));
        policy.setConverter(new StringConverter<>() {
            @Override
            public String toString(ToolPolicy value) {
                return value == null ? "" : switch (value) {
                    case ASK -> "Ask each time";
                    case ALLOW -> "Always allow";
                    case NEVER -> "Never";
                };
            }

            @Override
            public ToolPolicy fromString(String text) {
                return null;
            }
        });
        policy.valueProperty().addListener((property, old, now) -> model.setPolicy(agent, tool, now));
        Label name = new Label(tool.qualifiedName() + (tool.hints().readOnly() ? " (reads only)"
                : tool.hints().destructive() ? " (destructive)" : ""));
        Region push = new Region();
        HBox.setHgrow(push, Priority.ALWAYS);
        HBox row = new HBox(8, name, push, policy);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    private VBox granted() {
        ListView<ToolGrants.Grant> list = new ListView<>(model.grants());
        list.setId("tool-grant-list");
        list.setPlaceholder(new Label("Nothing allowed or forbidden: every call asks first."));
        list.setCellFactory(view -> new ListCell<>() {
            @Override
            protected void updateItem(ToolGrants.Grant grant, boolean empty) {
                super.updateItem(grant, empty);
                setText(empty || grant == null ? null : model.agentName(grant.agentId()) + "  ·  " + grant.tool()
                        + "  ·  " + (grant.policy() == ToolPolicy.ALLOW ? "always allowed" : "never"));
            }
        });
        Button revoke = button("Revoke", "tool-grant-revoke", () -> {
            ToolGrants.Grant grant = list.getSelectionModel().getSelectedItem();
            if (grant != null) {
                model.revoke(grant);
            }
        });
        revoke.disableProperty().bind(list.getSelectionModel().selectedItemProperty().isNull());
        VBox box = new VBox(8, list, revoke);
        box.setPadding(new Insets(8));
        VBox.setVgrow(list, Priority.ALWAYS);
        return box;
    }

    private static java.util.Optional<ToolServer> selected(ListView<ToolServer> list) {
        return java.util.Optional.ofNullable(list.getSelectionModel().getSelectedItem());
    }

    private static TextField field(String id, String prompt) {
        TextField field = new TextField();
        field.setId(id);
        field.setPromptText(prompt);
        return field;
    }

    private static Button button(String text, String id, Runnable action) {
        Button button = new Button(text);
        button.setId(id);
        button.setOnAction(event -> action.run());
        return button;
    }
}
