package dev.workshop.ui.sidebar;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.News;
import dev.workshop.orchestration.LoopEvent;
import java.util.Optional;

/**
 * Brings what the loops say into the sidebar as it happens: the rows' statuses, the reply being written, and the
 * messages of the conversation shown. A loop's own thread reads the state it needs; the FX thread shows it.
 */
final class LiveUpdates {
    private final RowsShown sidebar;
    private final SidebarWork work;
    private final ConversationList list;
    private final ShownMessages shownMessages;
    private final ReplyInProgress reply;

    LiveUpdates(RowsShown sidebar, SidebarWork work, ConversationList list, ShownMessages shownMessages,
                ReplyInProgress reply) {
        this.sidebar = sidebar;
        this.work = work;
        this.list = list;
        this.shownMessages = shownMessages;
        this.reply = reply;
    }

    void onLoopEvent(LoopEvent event) {
        ConversationId id = event.conversationId();
        switch (event) {
            case LoopEvent.Token token -> work.onFx(() -> reply.token(id, token.text()));
            case LoopEvent.TurnRetry retry -> work.onFx(() -> reply.retry(id, retry));
            // Nothing to read from the store while it is away: the reply being written says it is not yet saved.
            case LoopEvent.SavePending pending -> work.onFx(() -> reply.savePending(id, pending.message()));
            case LoopEvent.Recorded recorded when recorded.elsewhere() -> {
                // Folded here, off the FX thread; the lines of a batch that this sidebar has (a reload since) pass.
                News news = recorded.news();
                work.onFx(() -> {
                    if (recorded.after().deleted()) {
                        removed(id);
                        return;
                    }
                    sidebar.upsert(ConversationRow.of(recorded.after()).drivenBy(recorded.drivenBy()));
                    if (sidebar.isSelected(id) && !shownMessages.loadingProperty().get()) {
                        if (recorded.events().isEmpty()) {
                            shownMessages.catchUp(id);
                        } else {
                            news.lines().forEach(line -> shownMessages.arrived(MessageItem.of(line,
                                    shownMessages::colourOf)));
                        }
                    }
                });
            }
            case LoopEvent.Recorded recorded -> work.onFx(() -> recorded(recorded));
            // A shared element is no conversation: the canvas shows it.
            case LoopEvent.ElementRecorded element -> { }
            case LoopEvent.Ended ended -> {
                Optional<ConversationState> state = stateOf(event);
                work.onFx(() -> {
                    state.map(ConversationRow::of)
                            .map(row -> ended.recorded() ? row
                                    : row.stoppedUnrecorded(ended.status(), ended.cause(), ended.reason()))
                            .ifPresent(sidebar::upsert);
                    // A reply cut off is read back from the log, in place of its row; with nothing kept, the row goes.
                    if (reply.ended(id)) {
                        shownMessages.reload(id);
                    } else if (sidebar.isSelected(id)) {
                        shownMessages.writingEnded();
                    }
                });
            }
            default -> {
                Optional<ConversationState> state = stateOf(event);
                work.onFx(() -> state.map(ConversationRow::of).ifPresent(row -> {
                    sidebar.upsert(row);
                    // A conversation the user just started is the one they want to read.
                    if (event instanceof LoopEvent.Started started && !started.resumed()
                            && sidebar.noneSelected()) {
                        sidebar.select(row);
                    }
                }));
            }
        }
    }

    /**
     * What the log took here, folded with what came before: the row as it stands now, the turn begun (the conversation
     * shown says who writes), the messages recorded, or the conversation gone from the list. Pieces of a reply kept
     * as it streams change nothing shown.
     */
    private void recorded(LoopEvent.Recorded recorded) {
        ConversationId id = recorded.conversationId();
        News news = reply.recorded(id, recorded.events(), recorded.after().participants());
        if (news.isEmpty()) {
            return;
        }
        if (recorded.after().deleted()) {
            removed(id);
            return;
        }
        sidebar.upsert(ConversationRow.of(recorded.after()));
        if (!sidebar.isSelected(id)) {
            return;
        }
        news.lines().forEach(line -> shownMessages.arrived(MessageItem.of(line, shownMessages::colourOf)));
        news.turnStarted().flatMap(turn -> reply.writer(id)).filter(writer -> !shownMessages.loadingProperty().get())
                .ifPresent(shownMessages::writing);
    }

    /** Deleted (its loop was stopped first): it leaves the list, and what was folded of it is let go. */
    private void removed(ConversationId id) {
        reply.ended(id);
        list.remove(id);
        if (sidebar.isSelected(id)) {
            sidebar.select(null);
        }
    }

    /**
     * The conversation as the event left it (a loop's start, a message and an end carry it), else as stored now,
     * read here on the loop's thread; empty once it is deleted.
     */
    private Optional<ConversationState> stateOf(LoopEvent event) {
        return event.stateAfter().or(() -> work.engine().state(event.conversationId()))
                .filter(state -> !state.deleted());
    }
}
