package dev.workshop.ui.canvas;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationId;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Where the canvas leads out of itself: a speech bubble to its message, an agent to its conversation or to the
 * agent editor. The app says what each does (the shell's navigation shows them in the sidebar); until it does,
 * they do nothing.
 */
public final class CanvasWaysOut {
    private final ConversationOverlay overlay;
    private Consumer<MessageRef> onOpenMessage = message -> { };
    private Consumer<AgentId> onEditAgent = agent -> { };
    private Consumer<ConversationId> onShowConversation = id -> { };

    CanvasWaysOut(ConversationOverlay overlay) {
        this.overlay = overlay;
    }

    /** Where notices find a conversation's title (the app asks the sidebar's rows); without it they use its id. */
    public void setTitleLookup(Function<ConversationId, Optional<String>> lookup) {
        overlay.setTitleLookup(lookup);
    }

    /** What opening a speech bubble does: the app shows that message in the sidebar. */
    public void setOnOpenMessage(Consumer<MessageRef> action) {
        onOpenMessage = Objects.requireNonNull(action, "action");
    }

    /**
     * How a conversation the user asked for is shown: one they started here, once it is stored, or the one an
     * agent's menu leads to. The app shows it in the sidebar, even when another one was open there (the user
     * just asked for this one).
     */
    public void setOnShowConversation(Consumer<ConversationId> action) {
        onShowConversation = Objects.requireNonNull(action, "action");
    }

    /** What "Edit agent…" does: the app opens the agent editor on that definition. */
    public void setOnEditAgent(Consumer<AgentId> action) {
        onEditAgent = Objects.requireNonNull(action, "action");
    }

    public void editAgent(AgentNodeModel agent) {
        onEditAgent.accept(agent.agentId());
    }

    void showConversation(ConversationId id) {
        onShowConversation.accept(id);
    }

    /**
     * The conversation an agent's figure stands for now: the one whose mark it shows (the failed turn, the
     * conversation waiting for you), else the one it takes part in (the latest, if several). None for an agent
     * at rest.
     */
    public Optional<ConversationId> conversationOf(AgentNodeModel agent) {
        return agent.markedConversation().or(() -> agent.conversations().stream().reduce((first, second) -> second));
    }

    /** Shows the agent's {@link #conversationOf conversation} in the sidebar, if it has one. */
    public void showConversationOf(AgentNodeModel agent) {
        conversationOf(agent).ifPresent(onShowConversation);
    }

    /** Opens the message that {@code agent}'s speech bubble shows (or whose turn it is writing), if any. */
    public void openBubble(AgentNodeModel agent) {
        agent.said().ifPresent(onOpenMessage);
    }
}
