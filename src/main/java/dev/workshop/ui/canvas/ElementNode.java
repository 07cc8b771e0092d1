package dev.workshop.ui.canvas;

import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.element.ElementKind;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.geometry.Point2D;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * A shared element drawn on the canvas, in world coordinates (its top left at the element's position): what it is,
 * its name and a glance at what it holds. Dragged, it moves (one undoable step); clicked, it opens; its menu takes
 * it off the canvas.
 */
final class ElementNode extends VBox {
    static final double WIDTH = 220;

    private final ElementNodeModel model;
    private Point2D grabbedAt;
    private Point startedAt;

    ElementNode(ElementNodeModel model, CanvasElements part, Consumer<ElementNodeModel> open) {
        this.model = model;
        getStyleClass().addAll("element-card", model.kind().wireName());
        setId("element-" + model.id());
        setPrefWidth(WIDTH);
        setMaxWidth(WIDTH);
        setFocusTraversable(true);
        FontIcon icon = new FontIcon(icon(model.kind()));
        icon.setIconSize(12);
        icon.getStyleClass().add("element-icon");
        Label kind = new Label(model.kind().label().toUpperCase(Locale.ROOT), icon);
        kind.getStyleClass().add("element-kind");
        Label name = new Label();
        name.textProperty().bind(model.nameProperty());
        name.getStyleClass().add("element-name");
        Label glance = new Label();
        glance.textProperty().bind(model.glanceProperty());
        glance.getStyleClass().add("element-glance");
        glance.setWrapText(true);
        getChildren().addAll(new HBox(kind), name, glance);
        accessibleTextProperty().bind(model.nameProperty().map(shown -> model.kind().label() + " " + shown));
        layoutXProperty().bind(model.positionProperty().map(Point::x));
        layoutYProperty().bind(model.positionProperty().map(Point::y));

        MenuItem openItem = new MenuItem("Open");
        openItem.setOnAction(event -> open.accept(model));
        MenuItem remove = new MenuItem("Remove from canvas");
        remove.setOnAction(event -> part.remove(model));
        ContextMenu menu = new ContextMenu(openItem, remove);
        setOnContextMenuRequested(event -> {
            menu.show(this, event.getScreenX(), event.getScreenY());
            event.consume();
        });
        // Its own gestures: a press here is not the canvas's (no pan, no rubber band).
        addEventHandler(MouseEvent.MOUSE_PRESSED, event -> {
            if (event.getButton() == MouseButton.PRIMARY) {
                requestFocus();
                grabbedAt = getParent().sceneToLocal(event.getSceneX(), event.getSceneY());
                startedAt = model.position();
            }
            event.consume();
        });
        addEventHandler(MouseEvent.MOUSE_DRAGGED, event -> {
            if (grabbedAt != null) {
                Point2D now = getParent().sceneToLocal(event.getSceneX(), event.getSceneY());
                model.positionProperty().set(new Point(startedAt.x() + now.getX() - grabbedAt.getX(),
                        startedAt.y() + now.getY() - grabbedAt.getY()));
            }
            event.consume();
        });
        addEventHandler(MouseEvent.MOUSE_RELEASED, event -> {
            if (grabbedAt != null) {
                grabbedAt = null;
                if (event.isStillSincePress()) {
                    open.accept(model);
                } else {
                    part.moved(model, startedAt);
                }
            }
            event.consume();
        });
        setOnKeyPressed(event -> {
            if (event.getCode() == KeyCode.ENTER || event.getCode() == KeyCode.SPACE) {
                open.accept(model);
                event.consume();
            } else if (event.getCode() == KeyCode.DELETE || event.getCode() == KeyCode.BACK_SPACE) {
                part.remove(model);
                event.consume();
            }
        });
    }

    ElementNodeModel model() {
        return model;
    }

    private static Ikon icon(ElementKind kind) {
        return switch (kind) {
            case BOARD -> Feather.MESSAGE_SQUARE;
            case PINBOARD -> Feather.MAP_PIN;
            case RULEBOOK -> Feather.BOOK_OPEN;
            case INBOX -> Feather.INBOX;
            case MEMORY -> Feather.ARCHIVE;
        };
    }
}
