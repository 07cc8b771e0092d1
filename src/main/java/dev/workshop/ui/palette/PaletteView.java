package dev.workshop.ui.palette;

import dev.workshop.domain.agent.AgentDefinition;
import dev.workshop.domain.agent.Initials;
import dev.workshop.domain.element.ElementKind;
import java.util.List;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.collections.ObservableList;
import javafx.geometry.Pos;
import javafx.scene.Cursor;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;

/**
 * The agent definitions as cards to drag onto the canvas (or double-click to place one in view), and below them
 * the shared elements (a message board, a pinboard, a rulebook) placed the same way. The drag is
 * an ordinary press-drag-release gesture, not the platform's drag-and-drop, so it behaves the same on every
 * system and under test robots.
 */
public final class PaletteView extends VBox {
    private static final PseudoClass COMPACT = PseudoClass.getPseudoClass("compact");
    private final DropTarget target;
    private final VBox cards = new VBox(6);
    /**
     * In a narrow window the cards show only their avatars (the name and persona in the tooltip), so that the
     * canvas keeps room to drop on.
     */
    private final BooleanProperty compact = new SimpleBooleanProperty(this, "compact");

    public PaletteView(ObservableList<AgentDefinition> agents, DropTarget target) {
        this.target = target;
        getStyleClass().add("palette");
        getStylesheets().add(PaletteView.class.getResource("palette.css").toExternalForm());
        setId("palette");
        Label title = new Label("Agents");
        title.getStyleClass().add("palette-title");
        Label hint = new Label("Drag onto the canvas");
        hint.getStyleClass().add("palette-hint");
        ScrollPane scroll = new ScrollPane(cards);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("palette-scroll");
        VBox.setVgrow(scroll, javafx.scene.layout.Priority.ALWAYS);
        Label shared = new Label("Shared elements");
        shared.getStyleClass().add("palette-title");
        VBox elements = new VBox(6);
        for (ElementKind kind : List.of(ElementKind.BOARD, ElementKind.PINBOARD, ElementKind.RULEBOOK)) {
            elements.getChildren().add(elementCard(kind));
        }
        getChildren().addAll(title, hint, scroll, shared, elements);
        showOnlyWhenRoomy(title);
        showOnlyWhenRoomy(hint);
        showOnlyWhenRoomy(shared);
        compact.subscribe(narrow -> pseudoClassStateChanged(COMPACT, narrow));
        agents.addListener((ListChangeListener<AgentDefinition>) change -> rebuild(agents));
        rebuild(agents);
    }

    /** Whether the cards show only their avatars. */
    public BooleanProperty compactProperty() {
        return compact;
    }

    private void showOnlyWhenRoomy(javafx.scene.Node node) {
        node.visibleProperty().bind(compact.not());
        node.managedProperty().bind(compact.not());
    }

    private void rebuild(ObservableList<AgentDefinition> agents) {
        cards.getChildren().setAll(agents.stream().map(this::card).toList());
    }

    /** What each kind of element is for, in its card's tooltip. */
    private static String purpose(ElementKind kind) {
        return switch (kind) {
            case BOARD -> "Posts anyone makes, newest first";
            case PINBOARD -> "Pins the agents vote on; at -3 a pin comes down unless kept";
            case RULEBOOK -> "Rules every agent reads at every turn";
            default -> kind.label();
        };
    }

    private HBox elementCard(ElementKind kind) {
        FontIcon icon = new FontIcon(switch (kind) {
            case BOARD -> Feather.MESSAGE_SQUARE;
            case PINBOARD -> Feather.MAP_PIN;
            default -> Feather.BOOK_OPEN;
        });
        icon.setIconSize(16);
        StackPane avatar = new StackPane(icon);
        avatar.setMinSize(28, 28);
        Label name = new Label(kind.label());
        name.getStyleClass().add("palette-name");
        showOnlyWhenRoomy(name);
        HBox card = new HBox(10, avatar, name);
        card.setAlignment(Pos.CENTER_LEFT);
        card.getStyleClass().addAll("palette-card", "palette-element");
        card.setId("palette-element-" + kind.wireName());
        card.setFocusTraversable(true);
        card.setCursor(Cursor.OPEN_HAND);
        Tooltip.install(card, new Tooltip(kind.label() + ": " + purpose(kind) + "\nDrag onto the canvas, or"
                + " double-click"));
        card.setOnMouseReleased(event -> {
            if (!event.isStillSincePress()) {
                target.dropElement(kind, event.getSceneX(), event.getSceneY());
            }
        });
        card.setOnMouseClicked(event -> {
            if (event.getButton() == MouseButton.PRIMARY && event.getClickCount() == 2) {
                target.placeElement(kind);
            }
        });
        card.setOnKeyPressed(event -> {
            if (event.getCode() == KeyCode.ENTER || event.getCode() == KeyCode.SPACE) {
                target.placeElement(kind);
            }
        });
        return card;
    }

    private HBox card(AgentDefinition agent) {
        Circle dot = new Circle(14, Color.web(agent.avatarColor()));
        Label initials = new Label(Initials.of(agent.name()));
        initials.getStyleClass().add("palette-initials");
        StackPane avatar = new StackPane(dot, initials);
        Label name = new Label(agent.name());
        name.getStyleClass().add("palette-name");
        Label model = new Label(agent.provider().equals(AgentDefinition.OFFLINE) ? "offline" : agent.model());
        model.getStyleClass().add("palette-model");
        VBox text = new VBox(0, name, model);
        showOnlyWhenRoomy(text);
        HBox card = new HBox(10, avatar, text);
        card.setAlignment(Pos.CENTER_LEFT);
        card.getStyleClass().add("palette-card");
        card.setId("palette-" + agent.id().value());
        card.setFocusTraversable(true);
        card.setCursor(Cursor.OPEN_HAND);
        // The name too, for the compact cards that show only the avatar.
        Tooltip.install(card, new Tooltip(agent.persona().isBlank() ? agent.name() : agent.name() + "\n" + agent.persona()));
        card.setOnMouseDragged(event -> {
            card.setCursor(Cursor.CLOSED_HAND);
            target.hover(agent, event.getSceneX(), event.getSceneY());
        });
        card.setOnMouseReleased(event -> {
            card.setCursor(Cursor.OPEN_HAND);
            if (event.isStillSincePress()) {
                target.hover(null, event.getSceneX(), event.getSceneY());
            } else {
                target.drop(agent, event.getSceneX(), event.getSceneY());
            }
        });
        card.setOnMouseClicked(event -> {
            if (event.getButton() == MouseButton.PRIMARY && event.getClickCount() == 2) {
                target.placeInView(agent);
            }
        });
        card.setOnKeyPressed(event -> {
            if (event.getCode() == KeyCode.ENTER || event.getCode() == KeyCode.SPACE) {
                target.placeInView(agent);
            }
        });
        return card;
    }
}
