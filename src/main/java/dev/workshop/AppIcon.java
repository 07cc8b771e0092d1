package dev.workshop;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.image.Image;

/**
 * The app's icon (drawn in {@code assets/icons/workshop.svg}) at the sizes a window manager picks from: the
 * task bar, Alt+Tab and the window's corner each take the nearest.
 */
final class AppIcon {
    static final int[] SIZES = {16, 24, 32, 48, 64, 128, 256};

    private AppIcon() {
    }

    static List<Image> images() {
        List<Image> images = new ArrayList<>();
        for (int size : SIZES) {
            try (InputStream png = AppIcon.class.getResourceAsStream("icons/workshop-" + size + ".png")) {
                if (png != null) {
                    images.add(new Image(png));
                }
            } catch (java.io.IOException e) {
                // A window without one of its icon sizes is still a window: the others serve.
            }
        }
        return images;
    }
}
