package dev.workshop.ui.canvas;

import dev.workshop.domain.canvas.ElementPlacement;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.element.ElementKind;
import dev.workshop.domain.element.ElementState;
import dev.workshop.domain.element.Entry;
import dev.workshop.domain.element.Pin;
import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;

/** A shared element on the canvas: where it stands, and what its card shows of it. FX thread only. */
public final class ElementNodeModel {
    /** What a card shows of its element: its newest posts, top pins or first rules. */
    static final int LINES = 3;
    private static final int LINE_CHARS = 60;

    private final String id;
    private final ElementKind kind;
    private final ReadOnlyStringWrapper name = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper glance = new ReadOnlyStringWrapper("");
    private final ObjectProperty<Point> position;

    ElementNodeModel(ElementState state, Point position) {
        this.id = state.id();
        this.kind = state.kind();
        this.position = new SimpleObjectProperty<>(position);
        show(state);
    }

    /** Takes in the element as it stands now. */
    void show(ElementState state) {
        name.set(state.name());
        glance.set(glanceOf(state));
    }

    /** The card's lines: the newest posts, the top pins with their scores, or the rules' first lines. */
    static String glanceOf(ElementState state) {
        return switch (state.kind()) {
            case BOARD -> lines(state.entries().reversed().stream().limit(LINES)
                    .map(post -> post.author().name() + ": " + post.text()).toList(), "No posts yet");
            case PINBOARD -> lines(state.topPins().stream().limit(LINES).map(ElementNodeModel::pinLine).toList(),
                    "No pins yet");
            case RULEBOOK -> lines(state.rules().strip().lines().limit(LINES).toList(), "No rules yet: click to write");
            case INBOX, MEMORY -> lines(state.entries().stream().map(Entry::text).limit(LINES).toList(), "Empty");
        };
    }

    private static String pinLine(Pin pin) {
        String score = pin.score() > 0 ? "+" + pin.score() : String.valueOf(pin.score());
        return pin.id() + " (" + score + (pin.kept() ? ", kept" : "") + ") " + pin.text();
    }

    private static String lines(List<String> lines, String none) {
        if (lines.isEmpty()) {
            return none;
        }
        return String.join("\n", lines.stream().map(line -> dev.workshop.ui.fx.PlainText.cut(line, LINE_CHARS))
                .toList());
    }

    public String id() {
        return id;
    }

    public ElementKind kind() {
        return kind;
    }

    public String name() {
        return name.get();
    }

    public ReadOnlyStringProperty nameProperty() {
        return name.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty glanceProperty() {
        return glance.getReadOnlyProperty();
    }

    public Point position() {
        return position.get();
    }

    ObjectProperty<Point> positionProperty() {
        return position;
    }

    ElementPlacement toPlacement() {
        return new ElementPlacement(id, position.get());
    }
}
