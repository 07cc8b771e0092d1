package dev.workshop.ui.fx;

import java.util.Locale;
import java.util.function.Consumer;

/**
 * Hands web addresses and folders to the desktop (the browser, the file manager). The app installs the
 * toolkit's way of doing it once at start ({@code HostServices.showDocument}, which only an
 * {@code Application} can give); views deep in a list cell reach it here rather than through every
 * constructor on the way, as they reach the clipboard through {@link SystemClipboard}. Without it (tests,
 * a view shown on its own) nothing is opened and callers fall back to copying the address.
 */
public final class ExternalLinks {
    private static volatile Consumer<String> opener;

    private ExternalLinks() {
    }

    public static void install(Consumer<String> desktop) {
        opener = desktop;
    }

    /** Whether the desktop can be asked to open addresses here. */
    public static boolean available() {
        return opener != null;
    }

    /**
     * Whether {@code address} is one Workshop hands on: a web page or a mail address. A reply is a model's
     * text, so a {@code file:} or {@code javascript:} link in it is only ever copied, never opened.
     */
    public static boolean isWebAddress(String address) {
        String lower = address.strip().toLowerCase(Locale.ROOT);
        return lower.startsWith("https://") || lower.startsWith("http://") || lower.startsWith("mailto:");
    }

    /**
     * Opens a web address in the browser, off the FX thread (starting a browser is a process). Returns false,
     * opening nothing, when the address is not a web address or the desktop cannot be asked.
     */
    public static boolean openWebAddress(String address) {
        return isWebAddress(address) && hand(address.strip());
    }

    /** Opens a folder in the file manager; false when the desktop cannot be asked. */
    public static boolean openFolder(java.nio.file.Path folder) {
        return hand(folder.toUri().toString());
    }

    private static boolean hand(String address) {
        Consumer<String> desktop = opener;
        if (desktop == null) {
            return false;
        }
        Thread.ofVirtual().name("workshop-open-link").start(() -> desktop.accept(address));
        return true;
    }
}
