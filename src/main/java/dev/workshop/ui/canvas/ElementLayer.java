package dev.workshop.ui.canvas;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.Group;

/** The shared elements' cards, one group in the canvas's world, kept in step with the elements placed. */
final class ElementLayer {
    private final Group group = new Group();
    private final Map<ElementNodeModel, ElementNode> nodes = new HashMap<>();

    ElementLayer(ObservableList<ElementNodeModel> elements, CanvasElements part, Consumer<ElementNodeModel> open) {
        elements.addListener((ListChangeListener<ElementNodeModel>) change -> sync(elements, part, open));
        sync(elements, part, open);
    }

    private void sync(ObservableList<ElementNodeModel> elements, CanvasElements part, Consumer<ElementNodeModel> open) {
        nodes.keySet().removeIf(model -> {
            if (!elements.contains(model)) {
                group.getChildren().remove(nodes.get(model));
                return true;
            }
            return false;
        });
        for (ElementNodeModel model : elements) {
            nodes.computeIfAbsent(model, added -> {
                ElementNode node = new ElementNode(added, part, open);
                group.getChildren().add(node);
                return node;
            });
        }
    }

    Group group() {
        return group;
    }
}
