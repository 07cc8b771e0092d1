package dev.workshop.ui.shell;

import java.util.Map;
import java.util.function.Consumer;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;

/**
 * The keys that work wherever the focus is in the main window. Scene accelerators, so that a text field with
 * the focus does not swallow them; none of them is a key that a text field uses for editing.
 */
final class AppShortcuts {
    /** What the user asked for. */
    enum Action { START_CONVERSATION, AGENTS, SEARCH_CONVERSATIONS, SHORTCUTS, QUIT }

    private static final Map<KeyCombination, Action> KEYS = Map.of(
            new KeyCodeCombination(KeyCode.N, KeyCombination.SHORTCUT_DOWN), Action.START_CONVERSATION,
            new KeyCodeCombination(KeyCode.COMMA, KeyCombination.SHORTCUT_DOWN), Action.AGENTS,
            new KeyCodeCombination(KeyCode.K, KeyCombination.SHORTCUT_DOWN), Action.SEARCH_CONVERSATIONS,
            new KeyCodeCombination(KeyCode.SLASH, KeyCombination.SHORTCUT_DOWN), Action.SHORTCUTS,
            new KeyCodeCombination(KeyCode.F1), Action.SHORTCUTS,
            new KeyCodeCombination(KeyCode.Q, KeyCombination.SHORTCUT_DOWN), Action.QUIT);

    private AppShortcuts() {
    }

    static void install(Scene scene, Consumer<Action> onAction) {
        KEYS.forEach((keys, action) -> scene.getAccelerators().put(keys, () -> onAction.accept(action)));
    }
}
