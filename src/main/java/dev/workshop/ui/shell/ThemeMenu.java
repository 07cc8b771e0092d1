package dev.workshop.ui.shell;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.workshop.domain.canvas.SceneSettings;
import dev.workshop.ui.canvas.CanvasViewModel;
import dev.workshop.ui.fx.Background;
import dev.workshop.ui.fx.FxExecutor;
import dev.workshop.ui.fx.IconOnly;
import dev.workshop.ui.fx.SystemTheme;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import javafx.application.Application;
import javafx.beans.value.ObservableValue;
import javafx.scene.control.MenuButton;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.util.Subscription;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The header's theme menu (System, Light, Dark) and the window's colours that follow it: restyled only when light
 * and dark swap, and, for System, the desktop asked for its colours when the canvas opens, when the user picks
 * System, and when the window comes back to the front.
 */
final class ThemeMenu extends MenuButton {
    /** Focus comes back after every dialog: the desktop is asked again at most this often. */
    private static final Duration SYSTEM_THEME_RECHECK = Duration.ofSeconds(30);
    private final ToggleGroup choices = new ToggleGroup();
    private final Background background;
    /** The colours last applied to the window; null until the launch or the canvas applied some. */
    private Boolean appliedDark;
    /** When the desktop was last asked for its colours ({@link System#nanoTime()}). */
    private long systemThemeAskedAt;
    /** What the desktop answered just before the window opened, if it was asked then. */
    private Optional<Boolean> systemDarkAtLaunch = Optional.empty();

    ThemeMenu(Background background) {
        this.background = background;
        setId("theme-menu");
        getStyleClass().addAll("button-icon");
        setGraphic(new FontIcon(Feather.MONITOR));
        IconOnly.withTip(this, "Theme");
        for (SceneSettings.Theme option : SceneSettings.Theme.values()) {
            RadioMenuItem item = new RadioMenuItem(name(option));
            item.setId("theme-" + option.name().toLowerCase(Locale.ROOT));
            item.setUserData(option);
            item.setToggleGroup(choices);
            getItems().add(item);
        }
    }

    /** See {@link ShellView#openedInColours}. */
    void openedInColours(boolean dark, Optional<Boolean> systemPrefersDark) {
        appliedDark = dark;
        systemDarkAtLaunch = systemPrefersDark;
        systemPrefersDark.ifPresent(answer -> systemThemeAskedAt = System.nanoTime());
    }

    /**
     * Shows and applies {@code canvas}'s theme from now on, its choices setting it. Returns the window-focus watch,
     * which outlives this canvas unless it is unsubscribed.
     */
    Subscription follow(CanvasViewModel canvas, ObservableValue<Boolean> windowFocused) {
        // Only a new theme choice: snap and minimap are settings too, and they must not restyle the window.
        canvas.settingsProperty().addListener((property, old, settings) -> {
            if (old.theme() != settings.theme()) {
                apply(canvas);
            }
        });
        // Before the first paint, so a dark desktop's window does not turn light and back.
        systemDarkAtLaunch.ifPresent(canvas.camera()::setSystemPrefersDark);
        canvas.camera().darkProperty().addListener((property, old, dark) -> apply(canvas));
        apply(canvas);
        choices.getToggles().forEach(toggle -> ((RadioMenuItem) toggle).setOnAction(event ->
                canvas.camera().setTheme((SceneSettings.Theme) toggle.getUserData())));
        return followSystemTheme(canvas, windowFocused);
    }

    private void apply(CanvasViewModel canvas) {
        boolean dark = canvas.camera().darkProperty().get();
        SceneSettings.Theme chosen = canvas.settingsProperty().get().theme();
        // Restyling the whole window is not free: only when light and dark actually swap.
        if (appliedDark == null || appliedDark != dark) {
            appliedDark = dark;
            Application.setUserAgentStylesheet(dark ? new PrimerDark().getUserAgentStylesheet()
                    : new PrimerLight().getUserAgentStylesheet());
        }
        setGraphic(new FontIcon(switch (chosen) {
            case SYSTEM -> Feather.MONITOR;
            case LIGHT -> Feather.SUN;
            case DARK -> Feather.MOON;
        }));
        getTooltip().setText("Theme: " + (chosen == SceneSettings.Theme.SYSTEM
                ? "as the system (" + (dark ? "dark" : "light") + " now)" : name(chosen).toLowerCase(Locale.ROOT)));
        choices.getToggles().stream().filter(toggle -> toggle.getUserData() == chosen).findFirst()
                .ifPresent(choices::selectToggle);
    }

    private static String name(SceneSettings.Theme theme) {
        return switch (theme) {
            case SYSTEM -> "System";
            case LIGHT -> "Light";
            case DARK -> "Dark";
        };
    }

    /**
     * Asks the system for its colours while the theme follows it: when the canvas opens, when the user picks
     * System, and when the window comes back to the front (the desktop may have turned dark meanwhile), at most
     * once in {@link #SYSTEM_THEME_RECHECK} for that. Off the FX thread: it runs a small process.
     */
    private Subscription followSystemTheme(CanvasViewModel canvas, ObservableValue<Boolean> windowFocused) {
        FxExecutor fx = FxExecutor.platform();
        Runnable probe = () -> {
            if (canvas.settingsProperty().get().theme() != SceneSettings.Theme.SYSTEM) {
                return;
            }
            systemThemeAskedAt = System.nanoTime();
            background.run("system-theme", () -> {
                boolean dark = SystemTheme.prefersDark();
                fx.execute(() -> canvas.camera().setSystemPrefersDark(dark));
            });
        };
        // Unless the desktop was asked a moment ago, just before the window opened.
        if (systemDarkAtLaunch.isEmpty()) {
            probe.run();
        }
        canvas.settingsProperty().addListener((property, old, settings) -> {
            if (old.theme() != settings.theme()) {
                probe.run();
            }
        });
        return windowFocused.subscribe((was, focused) -> {
            if (Boolean.TRUE.equals(focused)
                    && System.nanoTime() - systemThemeAskedAt >= SYSTEM_THEME_RECHECK.toNanos()) {
                probe.run();
            }
        });
    }
}
