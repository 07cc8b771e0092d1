package dev.workshop.ui.agents;

import dev.workshop.domain.agent.AvatarPalette;
import dev.workshop.domain.agent.AvatarPalette.Swatch;
import java.util.Locale;
import javafx.beans.property.StringProperty;
import javafx.geometry.Pos;
import javafx.scene.control.Toggle;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;

/**
 * The avatar colours of the palette as a row of round buttons, one always picked. A colour from outside the
 * palette (given with {@code agents add --color}) gets a button of its own while the form shows it, so that
 * opening the agent and saving it keeps it.
 */
final class ColourSwatches extends HBox {
    private final ToggleGroup group = new ToggleGroup();
    private final ToggleButton other = new ToggleButton();

    ColourSwatches(StringProperty colour) {
        super(6);
        setId("agent-colour");
        setAlignment(Pos.CENTER_LEFT);
        for (Swatch swatch : AvatarPalette.SWATCHES) {
            getChildren().add(button(swatch.hex(), swatch.name()));
        }
        other.setVisible(false);
        other.setManaged(false);
        other.setToggleGroup(group);
        other.getStyleClass().add("colour-swatch");
        getChildren().add(other);
        group.selectedToggleProperty().addListener((property, old, picked) -> {
            if (picked == null) {
                // A second click on the picked colour would leave none: an agent always has one.
                group.selectToggle(old);
            } else {
                colour.set((String) picked.getUserData());
            }
        });
        colour.addListener((property, old, value) -> show(value));
        show(colour.get());
    }

    private ToggleButton button(String hex, String name) {
        ToggleButton button = new ToggleButton();
        button.setId("colour-" + name.toLowerCase(Locale.ROOT));
        button.getStyleClass().add("colour-swatch");
        button.setGraphic(new Circle(9, Color.web(hex)));
        button.setUserData(hex);
        button.setToggleGroup(group);
        button.setTooltip(new Tooltip(name));
        button.setAccessibleText(name);
        return button;
    }

    private void show(String hex) {
        for (Toggle toggle : group.getToggles()) {
            if (toggle != other && ((String) toggle.getUserData()).equalsIgnoreCase(hex)) {
                other.setVisible(false);
                other.setManaged(false);
                group.selectToggle(toggle);
                return;
            }
        }
        if (AvatarPalette.isValid(hex)) {
            other.setUserData(hex);
            other.setGraphic(new Circle(9, Color.web(hex)));
            other.setTooltip(new Tooltip("This agent's own colour, " + hex));
            other.setAccessibleText("Own colour " + hex);
            other.setVisible(true);
            other.setManaged(true);
            group.selectToggle(other);
        }
    }
}
