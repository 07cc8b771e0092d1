package dev.workshop.ui.canvas;

import dev.workshop.domain.canvas.Bounds;
import dev.workshop.domain.canvas.Camera;
import dev.workshop.domain.canvas.Point;
import dev.workshop.domain.canvas.SceneSettings;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.BooleanExpression;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * Where the canvas looks and how it is drawn: the camera (pan and zoom) and the scene's settings (theme, snap to
 * grid, minimap). Both are saved with the scene, and change only through these methods (the gestures, keys, zoom
 * bar, menus and the theme menu call them); the properties handed out are read-only.
 */
public final class CanvasCamera {
    private final ReadOnlyObjectWrapper<Camera> camera = new ReadOnlyObjectWrapper<>(Camera.DEFAULT);
    private final ReadOnlyObjectWrapper<SceneSettings> settings = new ReadOnlyObjectWrapper<>(SceneSettings.DEFAULTS);
    private final BooleanProperty systemPrefersDark = new SimpleBooleanProperty(false);
    private final BooleanBinding dark = Bindings.createBooleanBinding(
            () -> settings.get().theme().isDark(systemPrefersDark.get()), settings, systemPrefersDark);

    /** {@code changed}: told whenever the camera or the settings change (the scene is saved soon). */
    CanvasCamera(Runnable changed) {
        camera.addListener((property, old, now) -> changed.run());
        settings.addListener((property, old, now) -> changed.run());
    }

    ReadOnlyObjectProperty<Camera> camera() {
        return camera.getReadOnlyProperty();
    }

    ReadOnlyObjectProperty<SceneSettings> settings() {
        return settings.getReadOnlyProperty();
    }

    /** Whether to paint dark now: the chosen theme, or the system's when the choice is System. */
    public BooleanExpression darkProperty() {
        return dark;
    }

    /** Shows a loaded scene's camera and settings. */
    void show(Camera loaded, SceneSettings loadedSettings) {
        camera.set(loaded);
        settings.set(loadedSettings);
    }

    public void pan(double dx, double dy) {
        camera.set(camera.get().pannedBy(dx, dy));
    }

    public void zoomAt(double factor, double screenX, double screenY) {
        camera.set(camera.get().zoomedAt(factor, screenX, screenY));
    }

    public void resetZoom(double viewWidth, double viewHeight) {
        camera.set(camera.get().resetZoom(viewWidth, viewHeight));
    }

    /** Zooms and pans so that every one of {@code points} is in view; nothing to fit leaves the camera be. */
    void fit(List<Point> points, double viewWidth, double viewHeight) {
        Bounds bounds = Bounds.of(points);
        if (!bounds.isEmpty()) {
            camera.set(Camera.fitting(bounds, viewWidth, viewHeight, 120));
        }
    }

    public void centreOn(Point world, double viewWidth, double viewHeight) {
        camera.set(camera.get().centredOn(world, viewWidth, viewHeight));
    }

    public void setTheme(SceneSettings.Theme theme) {
        settings.set(settings.get().withTheme(theme));
    }

    public void setSystemPrefersDark(boolean prefersDark) {
        systemPrefersDark.set(prefersDark);
    }

    public void setSnapToGrid(boolean snap) {
        settings.set(settings.get().withSnapToGrid(snap));
    }

    public void setMinimap(boolean shown) {
        settings.set(settings.get().withMinimap(shown));
    }
}
