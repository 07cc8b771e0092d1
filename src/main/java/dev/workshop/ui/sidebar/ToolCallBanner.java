package dev.workshop.ui.sidebar;

import dev.workshop.domain.tool.Settlement;
import dev.workshop.orchestration.OutsideCallCommands.WaitingCall;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Under the last message of a conversation whose turn waits for the user's word on an outside tool call: the call
 * and its arguments (editable), Approve, Always allow and Deny with a reason; for a call a crash left in doubt, the
 * question "did it run?" with Ran, Did not run and Run again.
 */
final class ToolCallBanner extends VBox {
    private final Label what = new Label();
    private final TextArea arguments = new TextArea();
    private final TextField denial = new TextField();
    private final VBox approval;
    private final HBox doubt;
    /** The shown conversation's recorded reason for waiting on {@code call}. */
    private final java.util.function.Function<WaitingCall, String> reason;

    ToolCallBanner(SidebarViewModel viewModel) {
        super(6);
        CallAwaitingWord calls = viewModel.calls();
        this.reason = call -> java.util.Optional.ofNullable(viewModel.selectedProperty().get())
                .map(ConversationRow::statusReason).orElse(call.qualifiedTool());
        what.setId("tool-call-text");
        what.setWrapText(true);
        what.setMinHeight(Region.USE_PREF_SIZE);
        what.setMaxWidth(Double.MAX_VALUE);
        what.getStyleClass().add("tool-call-text");
        FontIcon icon = new FontIcon(Feather.TOOL);
        icon.getStyleClass().add("tool-call-icon");
        what.setGraphic(icon);
        what.setGraphicTextGap(8);
        arguments.setId("tool-call-arguments");
        arguments.setPrefRowCount(4);
        // Three lines at least, the messages above giving way first: the call is what needs reading now.
        arguments.setMinHeight(72);
        arguments.setWrapText(true);
        arguments.setTooltip(new Tooltip("The arguments the call runs with: edit them before approving"));
        denial.setId("tool-call-reason");
        denial.setPromptText("Why not (the agent reads it)");
        HBox.setHgrow(denial, Priority.ALWAYS);
        CheckBox always = new CheckBox("Always allow");
        always.setId("tool-call-always");
        always.setMinWidth(Region.USE_PREF_SIZE);
        always.setTooltip(new Tooltip("Allow this agent this tool from now on (Settings lists it, to revoke)"));
        Button approve = button("Approve", "tool-call-approve", Feather.CHECK,
                () -> calls.approve(arguments.getText(), always.isSelected()));
        approve.getStyleClass().add("accent");
        Button deny = button("Deny", "tool-call-deny", Feather.X, () -> calls.deny(denial.getText()));
        HBox denying = new HBox(8, denial, deny);
        denying.setAlignment(Pos.CENTER_LEFT);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox approving = new HBox(8, gap, always, approve);
        approving.setAlignment(Pos.CENTER_RIGHT);
        approval = new VBox(6, denying, approving);
        Region push = new Region();
        HBox.setHgrow(push, Priority.ALWAYS);
        doubt = new HBox(8, push,
                button("Ran", "tool-call-ran", Feather.CHECK, () -> calls.settle(Settlement.RAN)),
                button("Did not run", "tool-call-did-not-run", Feather.SLASH, () -> calls.settle(Settlement.DID_NOT_RUN)),
                button("Run again", "tool-call-run-again", Feather.REFRESH_CW, () -> calls.settle(Settlement.RUN_AGAIN)));
        doubt.setAlignment(Pos.CENTER_RIGHT);
        getChildren().addAll(what, arguments, approval, doubt);
        setId("tool-call-banner");
        getStyleClass().add("tool-call-banner");
        calls.callProperty().addListener((property, old, call) -> show(call));
        show(calls.callProperty().get());
        managedProperty().bind(visibleProperty());
    }

    private void show(WaitingCall call) {
        setVisible(call != null);
        if (call == null) {
            return;
        }
        boolean inDoubt = call.inDoubt();
        // The sentence the status was recorded with, made from the call (who asks, which tool, what is needed).
        what.setText(reason.apply(call) + (inDoubt && !call.safeToRepeat() ? " It may change something, so it is not"
                + " sent again without your word." : ""));
        arguments.setText(CallAwaitingWord.laidOut(call.arguments()));
        arguments.setEditable(!inDoubt);
        denial.clear();
        approval.setVisible(!inDoubt);
        approval.setManaged(!inDoubt);
        doubt.setVisible(inDoubt);
        doubt.setManaged(inDoubt);
    }

    private static Button button(String text, String id, Feather icon, Runnable action) {
        Button button = new Button(text, new FontIcon(icon));
        button.setId(id);
        button.setMinWidth(Region.USE_PREF_SIZE);
        button.setOnAction(event -> action.run());
        return button;
    }
}
