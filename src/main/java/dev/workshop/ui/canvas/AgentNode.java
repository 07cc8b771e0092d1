package dev.workshop.ui.canvas;

import dev.workshop.domain.agent.Initials;
import dev.workshop.domain.fsm.AgentState;
import java.util.EnumMap;
import java.util.Map;
import javafx.css.PseudoClass;
import javafx.geometry.VPos;
import javafx.scene.Group;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * One agent drawn on the canvas, in world coordinates, centred on the agent's position: a ring whose colour
 * tells the state, the avatar (initials on the agent's colour), the name, and the state as icon and word (so
 * the state never rests on colour alone). Few nodes and no effects: hundreds must render smoothly in software.
 */
final class AgentNode extends Group {
    static final double RADIUS = 26;
    private static final PseudoClass SELECTED = PseudoClass.getPseudoClass("selected");
    private static final PseudoClass RESUMED = PseudoClass.getPseudoClass("resumed");
    private static final Map<AgentState, PseudoClass> STATES = new EnumMap<>(AgentState.class);
    private static final Map<AgentState, Ikon> ICONS = new EnumMap<>(AgentState.class);
    private static final Map<AgentMark, PseudoClass> MARKS = new EnumMap<>(AgentMark.class);
    private static final Map<AgentMark, Ikon> MARK_ICONS = Map.of(AgentMark.QUEUED, Feather.CLOCK,
            AgentMark.WAITING_FOR_YOU, Feather.USER, AgentMark.FAILED, Feather.ALERT_TRIANGLE);

    static {
        for (AgentState state : AgentState.values()) {
            STATES.put(state, PseudoClass.getPseudoClass(state.cssName()));
        }
        ICONS.put(AgentState.IDLE, Feather.CIRCLE);
        ICONS.put(AgentState.WANDERING, Feather.NAVIGATION);
        ICONS.put(AgentState.PATROLLING, Feather.REPEAT);
        ICONS.put(AgentState.DRAGGED, Feather.MOVE);
        ICONS.put(AgentState.CONVERSING, Feather.MESSAGE_CIRCLE);
        ICONS.put(AgentState.READING, Feather.EYE);
        ICONS.put(AgentState.THINKING, Feather.LOADER);
        ICONS.put(AgentState.COOLDOWN, Feather.CHECK_CIRCLE);
        for (AgentMark mark : AgentMark.values()) {
            if (mark != AgentMark.NONE) {
                MARKS.put(mark, PseudoClass.getPseudoClass(mark.pseudoClass()));
            }
        }
    }

    private final AgentNodeModel model;
    private final Text name = new Text();
    private final Text stateText = new Text();
    private final FontIcon stateIcon = new FontIcon();
    private final Text initials = new Text();
    private final FontIcon resumedBadge = new FontIcon(Feather.ROTATE_CCW);
    private boolean detailed = true;

    AgentNode(AgentNodeModel model) {
        this.model = model;
        getStyleClass().add("agent");
        setId("agent-" + model.id().value());
        Circle ring = new Circle(RADIUS + 5);
        ring.getStyleClass().add("agent-ring");
        Circle avatar = new Circle(RADIUS);
        avatar.fillProperty().bind(model.colourProperty().map(Color::web));
        avatar.getStyleClass().add("agent-avatar");
        initials.textProperty().bind(model.nameProperty().map(Initials::of));
        initials.getStyleClass().add("agent-initials");
        centre(initials, 0, 0);
        name.textProperty().bind(model.nameProperty());
        name.getStyleClass().add("agent-name");
        centre(name, RADIUS + 18, 0);
        stateIcon.getStyleClass().add("agent-state-icon");
        stateIcon.setIconSize(11);
        stateIcon.setTextOrigin(VPos.CENTER);
        stateIcon.setLayoutY(RADIUS + 35);
        stateText.getStyleClass().add("agent-state");
        // The word is centred under the avatar (shifted right by half the icon) and the icon sits left of it.
        centre(stateText, RADIUS + 35, 11);
        stateText.layoutXProperty().addListener((property, old, x) -> stateIcon.setLayoutX(x.doubleValue() - 21));
        stateIcon.setLayoutX(stateText.getLayoutX() - 21);
        resumedBadge.getStyleClass().add("agent-resumed");
        resumedBadge.setIconSize(14);
        resumedBadge.setLayoutX(RADIUS - 4);
        resumedBadge.setLayoutY(-RADIUS + 6);
        getChildren().addAll(ring, avatar, initials, name, stateIcon, stateText, resumedBadge, unreadBadge());
        model.nameProperty().addListener((property, old, now) -> showWords());
        model.stateProperty().addListener((property, old, state) -> showState(old, state));
        model.markProperty().addListener((property, old, mark) -> showMark(old, mark));
        model.selectedProperty().addListener((property, old, selected) -> pseudoClassStateChanged(SELECTED, selected));
        model.resumedProperty().addListener((property, old, resumed) -> showResumed(resumed));
        showState(null, model.state());
        showMark(AgentMark.NONE, model.mark());
        pseudoClassStateChanged(SELECTED, model.selectedProperty().get());
        showResumed(model.resumedProperty().get());
        setCache(true);
    }

    AgentNodeModel model() {
        return model;
    }

    /** The number of unread messages in the agent's inbox, top left of the avatar, while there are any. */
    private Group unreadBadge() {
        Circle dot = new Circle(9);
        dot.getStyleClass().add("agent-unread");
        Text count = new Text();
        count.getStyleClass().add("agent-unread-count");
        count.textProperty().bind(model.unreadProperty().map(n -> n.intValue() > 99 ? "99+" : String.valueOf(n)));
        centre(count, 0, 0);
        Group badge = new Group(dot, count);
        badge.setId("unread-" + model.id().value());
        badge.setLayoutX(-RADIUS + 2);
        badge.setLayoutY(-RADIUS + 4);
        badge.visibleProperty().bind(model.unreadProperty().greaterThan(0));
        return badge;
    }

    /** Keeps the text centred on x = {@code shift} whatever its width (fonts arrive with CSS, after this). */
    private static void centre(Text text, double y, double shift) {
        text.setTextOrigin(VPos.CENTER);
        text.setTextAlignment(TextAlignment.CENTER);
        text.setLayoutY(y);
        text.layoutBoundsProperty().addListener((property, old, bounds) -> text.setLayoutX(shift - bounds.getWidth() / 2));
        text.setLayoutX(shift - text.getLayoutBounds().getWidth() / 2);
    }

    private void showState(AgentState old, AgentState state) {
        if (old != null) {
            pseudoClassStateChanged(STATES.get(old), false);
        }
        pseudoClassStateChanged(STATES.get(state), true);
        showWords();
    }

    private void showMark(AgentMark old, AgentMark mark) {
        if (old != AgentMark.NONE) {
            pseudoClassStateChanged(MARKS.get(old), false);
        }
        if (mark != AgentMark.NONE) {
            pseudoClassStateChanged(MARKS.get(mark), true);
        }
        showWords();
    }

    /** The mark's icon and word while there is one, else the state's. */
    private void showWords() {
        AgentMark mark = model.mark();
        stateIcon.setIconCode(mark == AgentMark.NONE ? ICONS.get(model.state()) : MARK_ICONS.get(mark));
        stateText.setText(mark == AgentMark.NONE ? model.state().label() : mark.label());
        // What a screen reader says of the agent: its name and the word under it ("Ada, Thinking").
        setAccessibleText(model.nameProperty().get() + ", " + stateText.getText());
    }

    private void showResumed(boolean resumed) {
        pseudoClassStateChanged(RESUMED, resumed);
        resumedBadge.setVisible(resumed && detailed);
    }

    /** Level of detail: far out, only the ring and the avatar are drawn. */
    void setDetailed(boolean detailed) {
        if (this.detailed == detailed) {
            return;
        }
        this.detailed = detailed;
        name.setVisible(detailed);
        stateText.setVisible(detailed);
        stateIcon.setVisible(detailed);
        initials.setVisible(detailed);
        resumedBadge.setVisible(detailed && model.resumedProperty().get());
    }
}
