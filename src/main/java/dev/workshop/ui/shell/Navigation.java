package dev.workshop.ui.shell;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.ui.canvas.CanvasViewModel;
import dev.workshop.ui.canvas.MessageRef;
import dev.workshop.ui.sidebar.SidebarViewModel;
import java.util.Optional;

/**
 * How the canvas leads to the sidebar: a speech bubble opens its message there, an agent's menu (or a conversation
 * just started) shows its conversation, and the canvas's notices name a conversation by its title. Owned by the
 * shell's view-model, which makes the canvas and the sidebar of each opened workspace.
 */
final class Navigation {
    private final SidebarViewModel sidebar;

    private Navigation(SidebarViewModel sidebar) {
        this.sidebar = sidebar;
    }

    /** Ties {@code canvas}'s ways out to {@code sidebar}. */
    static Navigation between(CanvasViewModel canvas, SidebarViewModel sidebar) {
        Navigation navigation = new Navigation(sidebar);
        canvas.waysOut().setOnOpenMessage(navigation::openMessage);
        canvas.waysOut().setOnShowConversation(navigation::showConversation);
        canvas.waysOut().setTitleLookup(navigation::titleOf);
        return navigation;
    }

    void openMessage(MessageRef message) {
        sidebar.reveal(message.conversationId(), message.turnIndex());
    }

    void showConversation(ConversationId id) {
        sidebar.show(id);
    }

    Optional<String> titleOf(ConversationId id) {
        return sidebar.titleOf(id);
    }
}
