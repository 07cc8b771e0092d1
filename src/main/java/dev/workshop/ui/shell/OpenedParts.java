package dev.workshop.ui.shell;

import dev.workshop.domain.canvas.CanvasScene;
import dev.workshop.domain.canvas.SceneRestore;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.orchestration.LoopEvent;
import dev.workshop.orchestration.Workspace;
import dev.workshop.ui.canvas.CanvasViewModel;
import dev.workshop.ui.fx.Background;
import dev.workshop.ui.fx.FxExecutor;
import dev.workshop.ui.sidebar.SidebarViewModel;

/**
 * What the window is made of once its workspace is open, built off the JavaFX thread: the canvas and the sidebar,
 * each knowing the other, and the scene to show, rebuilt with an instance for every participant of a conversation
 * that resumes on launch and has none on the canvas (resume on launch, in order: the scene is rebuilt, shown, and
 * only then do the interrupted conversations go on).
 */
record OpenedParts(CanvasViewModel canvas, SidebarViewModel sidebar, CanvasScene scene) {

    /**
     * {@code shownBefore}: the conversation the sidebar showed before a reopen, shown again (null for none);
     * {@code background}: the shell's, handed to both panes (direct in tests: their work is done when a call returns).
     */
    static OpenedParts of(Workspace opened, FxExecutor fx, Background background, ConversationId shownBefore) {
        CanvasScene scene = SceneRestore.placeParticipants(opened.scene().initialScene(),
                opened.engine().conversationsToResume().stream()
                        .map(state -> new SceneRestore.Resumable(state.id(),
                                state.participants().stream().filter(participant -> !participant.isHuman())
                                        .map(Participant::agentId).toList()))
                        .toList(),
                agent -> opened.agentDirectory().find(agent).isPresent());
        CanvasViewModel canvas = new CanvasViewModel(opened, fx, background, (instance, transition) -> { });
        canvas.connect();
        SidebarViewModel sidebar = new SidebarViewModel(opened, fx, background);
        Navigation.between(canvas, sidebar);
        sidebar.start(shownBefore);
        return new OpenedParts(canvas, sidebar, scene);
    }

    /** What changes the status bar's counts: a loop starting or ending, a conversation imported, deleted or back. */
    static boolean changesCounts(LoopEvent event) {
        return event instanceof LoopEvent.Started || event instanceof LoopEvent.Ended
                || event instanceof LoopEvent.SessionRestored
                || event instanceof LoopEvent.Recorded recorded
                        && (recorded.elsewhere() || recorded.news().listingChanged());
    }
}
