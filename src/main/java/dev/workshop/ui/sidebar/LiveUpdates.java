package dev.workshop.ui.sidebar;

import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.Transcript;
import dev.workshop.orchestration.LoopEvent;
import java.util.Optional;

/**
 * Brings what the loops say into the sidebar as it happens: the rows' statuses, the reply being written, and the
 * messages of the conversation shown. A loop's own thread reads the state it needs; the FX thread shows it.
 */
final class LiveUpdates {
    private final SidebarViewModel sidebar;
    private final SidebarWork work;
    private final ConversationList list;
    private final ShownMessages shownMessages;
    private final ReplyInProgress reply;

    LiveUpdates(SidebarViewModel sidebar, SidebarWork work, ConversationList list, ShownMessages shownMessages,
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
            case LoopEvent.TurnStarted turn -> work.onFx(() -> {
                ReplyInProgress.Writer writer = reply.turnStarted(id, turn.turnIndex(), turn.speakerId(),
                        turn.speakerName(), turn.resumed(), turn.at());
                if (sidebar.isSelected(id) && !shownMessages.loadingProperty().get()) {
                    shownMessages.writing(writer);
                }
            });
            case LoopEvent.Message message -> {
                Optional<ConversationState> state = stateOf(event);
                work.onFx(() -> {
                    state.map(ConversationRow::of).ifPresent(sidebar::upsert);
                    Transcript.Line line = reply.recorded(id, new MessageRecorded(message.turnIndex(),
                            message.speakerId(), message.speakerName(), message.content(), message.usage()), message.at());
                    if (sidebar.isSelected(id)) {
                        shownMessages.arrived(MessageItem.of(line, shownMessages::colourOf));
                    }
                });
            }
            case LoopEvent.ChangedElsewhere changed -> work.onFx(() -> {
                if (changed.after().deleted()) {
                    list.remove(id);
                    if (sidebar.isSelected(id)) {
                        sidebar.select(null);
                    }
                    return;
                }
                sidebar.upsert(ConversationRow.of(changed.after()).drivenBy(changed.drivenBy()));
                // Another device wrote to the conversation shown: its new messages are read from the log.
                if (sidebar.isSelected(id) && !shownMessages.loadingProperty().get()) {
                    shownMessages.catchUp(id);
                }
            });
            case LoopEvent.Deleted deleted -> work.onFx(() -> {
                list.remove(id);
                if (sidebar.isSelected(id)) {
                    sidebar.select(null);
                }
            });
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
                    if (event instanceof LoopEvent.Started started) {
                        reply.started(id, started.resumedBy(), started.at());
                    }
                    sidebar.upsert(row);
                    // A conversation the user just started is the one they want to read.
                    if (event instanceof LoopEvent.Started started && !started.resumed()
                            && sidebar.selectedProperty().get() == null) {
                        sidebar.select(row);
                    }
                }));
            }
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
