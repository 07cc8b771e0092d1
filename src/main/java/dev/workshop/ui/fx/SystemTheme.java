package dev.workshop.ui.fx;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Whether the operating system is set to dark colours, for the System theme. JavaFX 21 cannot tell (its
 * {@code Platform.Preferences} came in 22), so this asks the desktop the way each one answers: GNOME's and
 * GTK's settings on Linux, the global AppleInterfaceStyle on macOS, the Personalize key on Windows. Any
 * failure (the tool missing, no desktop session, a timeout) means light: the app's own default.
 */
public final class SystemTheme {
    private static final long TIMEOUT_MS = 2000;

    private SystemTheme() {
    }

    /** Runs a small process or two: call it off the FX thread. */
    public static boolean prefersDark() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (os.contains("mac")) {
            return macPrefersDark(run("defaults", "read", "-g", "AppleInterfaceStyle"));
        }
        if (os.contains("win")) {
            return windowsPrefersDark(run("reg", "query",
                    "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize", "/v", "AppsUseLightTheme"));
        }
        String environment = System.getenv().getOrDefault("GTK_THEME", "");
        if (!environment.isBlank()) {
            return linuxPrefersDark("", "", environment);
        }
        String scheme = run("gsettings", "get", "org.gnome.desktop.interface", "color-scheme");
        String gtkTheme = scheme.contains("prefer-dark") ? "" : run("gsettings", "get", "org.gnome.desktop.interface", "gtk-theme");
        return linuxPrefersDark(scheme, gtkTheme, "");
    }

    /**
     * GNOME 42+ says {@code 'prefer-dark'} in color-scheme; older desktops (and GNOME's "default") only name a
     * GTK theme, whose dark variants end in "-dark" (Adwaita-dark, Yaru-dark); {@code GTK_THEME=Adwaita:dark}
     * overrides both.
     */
    static boolean linuxPrefersDark(String colorScheme, String gtkTheme, String gtkThemeEnvironment) {
        String environment = gtkThemeEnvironment.strip().toLowerCase(Locale.ROOT);
        if (!environment.isEmpty()) {
            return environment.endsWith(":dark") || environment.endsWith("-dark");
        }
        if (colorScheme.contains("prefer-dark")) {
            return true;
        }
        if (colorScheme.contains("prefer-light")) {
            return false;
        }
        String theme = gtkTheme.strip().replace("'", "").toLowerCase(Locale.ROOT);
        return theme.endsWith("-dark") || theme.endsWith(":dark");
    }

    /** {@code defaults read -g AppleInterfaceStyle} prints "Dark" in dark mode and fails in light mode. */
    static boolean macPrefersDark(String appleInterfaceStyle) {
        return appleInterfaceStyle.strip().equalsIgnoreCase("dark");
    }

    /** {@code reg query … /v AppsUseLightTheme} ends its value line with 0x0 when apps are dark. */
    static boolean windowsPrefersDark(String regQueryOutput) {
        for (String line : regQueryOutput.split("\\R")) {
            if (line.contains("AppsUseLightTheme")) {
                return line.strip().endsWith("0x0");
            }
        }
        return false;
    }

    /** The command's standard output, or "" when it cannot run, fails or takes too long. */
    private static String run(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            try (InputStream out = process.getInputStream()) {
                if (!process.waitFor(TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly();
                    return "";
                }
                return process.exitValue() == 0 ? new String(out.readAllBytes(), StandardCharsets.UTF_8) : "";
            }
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
