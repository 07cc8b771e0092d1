package dev.workshop.ui.sidebar;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.orchestration.AbortOutcome;
import dev.workshop.orchestration.LoopEvent;
import dev.workshop.orchestration.Workspace;
import dev.workshop.ui.fx.Background;
import dev.workshop.ui.fx.FxExecutor;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ObservableList;

/**
 * The conversation sidebar: every conversation, newest first, filtered by status and text
 * ({@link ConversationList}); the selected one's messages ({@link ShownMessages}: loaded in the background, then
 * kept up to date from the loops' events), the reply being written, and what can be done with it (abort, resume,
 * retry, delete, export, fork). Methods run on the FX thread; store reads and writes run in the background.
 */
public final class SidebarViewModel {
    private final SidebarWork work;
    private final ConversationList list;
    private final ShownMessages shownMessages;
    private final ConversationDeletion deletion;
    private final ConversationTransfer transfer;
    private final SessionsInGit git;
    private final ReadOnlyObjectWrapper<ConversationRow> selected = new ReadOnlyObjectWrapper<>();
    private final ReplyInProgress reply = new ReplyInProgress(this::isSelected);
    private final ReadOnlyObjectWrapper<Reveal> revealed = new ReadOnlyObjectWrapper<>();
    private final LiveUpdates live;
    private final CallAwaitingWord calls;

    public SidebarViewModel(Workspace workspace, FxExecutor fx) {
        this(workspace, fx, Background.virtualThreads());
    }

    /** With {@code background} for the store work: {@link Background#direct()} in tests. */
    public SidebarViewModel(Workspace workspace, FxExecutor fx, Background background) {
        this.work = new SidebarWork(workspace, fx, background);
        this.list = new ConversationList(work);
        this.shownMessages = new ShownMessages(work, selected::get, list::titleOf, reply::writer);
        this.deletion = new ConversationDeletion(work, this::showConversation);
        this.transfer = new ConversationTransfer(work, this::showAdded);
        this.git = new SessionsInGit(work, this::showUpdated);
        this.calls = new CallAwaitingWord(work);
        selected.addListener((property, old, row) -> calls.shown(row));
        this.live = new LiveUpdates(RowsShown.of(this::upsert, this::isSelected, () -> selected.get() == null,
                this::select), work, list, shownMessages, reply);
    }

    /** Loads the list in the background and follows the loops from then on. */
    public void start() {
        start(null);
    }

    /** As {@link #start()}, then shows {@code shown} (what the user read before) once the list has loaded. */
    public void start(ConversationId shown) {
        work.engine().subscribe(this::onLoopEvent);
        work.engine().hearOtherInstances();
        work.workspace().drafts().onFailure(work::tell);
        work.inBackground("sidebar-list", () -> {
            Map<ConversationId, String> drivers = work.engine().drivers();
            List<ConversationRow> loaded = work.engine().conversations().stream().map(ConversationRow::of)
                    .map(row -> row.drivenBy(drivers.getOrDefault(row.id(), ""))).toList();
            Map<AgentId, String> agentColours = agentColours();
            work.onFx(() -> {
                shownMessages.takeColours(agentColours);
                loaded.forEach(this::upsert);
                if (shown != null && selected.get() == null) {
                    showConversation(shown);
                }
            });
        });
    }

    /** What the loops say, as it happens (also how a test hands it a live message). */
    void onLoopEvent(LoopEvent event) {
        live.onLoopEvent(event);
    }

    boolean isSelected(ConversationId id) {
        return selected.get() != null && selected.get().id().equals(id);
    }

    /** Adds or replaces a row, newest activity first (the one shown too); it keeps who drives it unless told. */
    void upsert(ConversationRow row) {
        if (row.drivenBy() == null) {
            // A loop of this instance's drives it now (a takeover, say): no other device does.
            String before = work.engine().isRunning(row.id()) ? ""
                    : list.find(row.id()).map(ConversationRow::drivenBy).orElse("");
            row = row.drivenBy(before);
        }
        list.put(row);
        if (isSelected(row.id())) {
            selected.set(row);
        }
    }

    /** As {@link ConversationList#holdOrder}: the pointer is over the list (or just left it). */
    public void holdListOrder(boolean hold) {
        list.holdOrder(hold);
    }

    /** As {@link ConversationList#isUpdating}. */
    public boolean isUpdatingRows() {
        return list.isUpdating();
    }

    /** As {@link ConversationList#searchingProperty}. */
    public ReadOnlyBooleanProperty searchingProperty() {
        return list.searchingProperty();
    }

    /** Shows a conversation: its messages load in the background while a loading indicator shows. */
    public void select(ConversationRow row) {
        selected.set(row);
        reply.shown(row == null ? null : row.id());
        shownMessages.show(row);
    }

    /** Reads {@code row}'s conversation in the background and hands it to {@code then} on the FX thread (Start again). */
    public void startAgain(ConversationRow row, Consumer<ConversationState> then) {
        work.attempt("start it again", () -> {
            ConversationState state = work.engine().state(row.id())
                    .orElseThrow(() -> new IllegalStateException("it is no longer here"));
            work.onFx(() -> then.accept(state));
        });
    }

    /** The file the conversation shown was imported from; "" if it was not. */
    public ReadOnlyStringProperty importedFromProperty() {
        return shownMessages.importedFromProperty();
    }

    /** As {@link ShownMessages#forkOriginProperty}. */
    public ReadOnlyObjectProperty<ForkOrigin> forkOriginProperty() {
        return shownMessages.forkOriginProperty();
    }

    /** Shows the message the conversation shown was forked at, in its source. */
    public void showForkSource() {
        ForkOrigin origin = shownMessages.forkOriginProperty().get();
        if (origin != null && origin.sourceListed()) {
            reveal(origin.source(), origin.turnIndex());
        }
    }

    /** Shows a turn of a conversation (a bubble on the canvas was clicked), clearing a filter that hides it. */
    public void reveal(ConversationId id, int turnIndex) {
        if (!list.contains(id)) {
            work.tell("That conversation is not in the list yet");
            return;
        }
        long ticket = revealed.get() == null ? 1 : revealed.get().ticket() + 1;
        revealed.set(new Reveal(id, turnIndex, ticket));
        showConversation(id);
    }

    /** The message last asked for by {@link #reveal}; the view scrolls to it once it is in the list. */
    public ReadOnlyObjectProperty<Reveal> revealedProperty() {
        return revealed.getReadOnlyProperty();
    }

    /** Sends the user's message: their turn where it waits for it, or a follow-up that continues an ended one. */
    public void send(String text) {
        withSelected("send your message", id -> work.engine().message(id, text));
    }

    /** Clears the selection, so both panes are empty, for a fresh conversation. */
    public void newConversation() {
        select(null);
    }

    public void abort() {
        withSelected("stop the conversation", id -> work.engine().abort(id, AbortOutcome.INTERRUPT));
    }

    public void resume() {
        withSelected("resume the conversation", id -> {
            if (!work.engine().resume(id)) {
                work.engine().state(id).ifPresent(state -> work.tell("It cannot go on: " + state.statusReason()));
            }
        });
    }

    /** What the user wrote to a conversation and has not sent, or "". */
    public String draftOf(ConversationId id) {
        return work.workspace().drafts().of(id);
    }

    /** Keeps the composer's text for a conversation (in memory at once, on disk within half a second). */
    public void keepDraft(ConversationId id, String text) {
        work.workspace().drafts().keep(id, text);
    }

    /** Names a conversation; a blank title goes back to the first line of its task. */
    public void rename(ConversationId id, String title) {
        work.attempt("rename the conversation", () -> work.engine().rename(id, title));
    }

    private void showConversation(ConversationId id) {
        list.find(id).ifPresent(row -> {
            list.uncover(row);
            if (!isSelected(id)) {
                select(row);
            }
        });
    }

    /** Deleting conversations, undoing it, and bringing back those deleted before. */
    public ConversationDeletion deletion() {
        return deletion;
    }

    /** Asks the failed turn of the selected conversation again (after the user fixed what failed it). */
    public void retry() {
        withSelected("retry the turn", id -> work.engine().retry(id));
    }

    /** Reads what was done to a conversation (null: to all, the team's on a team server) in the background, as text. */
    public void activity(ConversationId id, Consumer<String> then) {
        work.attempt("read its activity", () -> {
            var entries = work.workspace().activity(id);
            String text = id == null ? ActivityText.ofAll(entries) : ActivityText.of(entries);
            work.onFx(() -> then.accept(text));
        });
    }

    /** The outside tool call the shown conversation waits on, and the user's word on it. */
    public CallAwaitingWord calls() {
        return calls;
    }

    /** Importing conversations from files, and exporting many into a folder. */
    public ConversationTransfer transfer() {
        return transfer;
    }

    /** Writes the selected conversation to {@code file} as Markdown or JSON (by the file's extension). */
    public void export(Path file) {
        ConversationRow row = selected.get();
        if (row != null) {
            transfer.export(row, file);
        }
    }

    /** Forks the conversation shown at one of its messages ("Fork from here"): the fork is paused there, selected. */
    public void forkAt(int turnIndex) {
        ConversationRow source = selected.get();
        if (source != null) {
            transfer.forkAt(source, turnIndex);
        }
    }

    /**
     * Shows a conversation the user asked for on the canvas (one they just started, or an agent's), in place of
     * the one they were reading: it is the one they want to watch. Filters that would hide it are cleared.
     */
    public void show(ConversationId id) {
        work.inBackground("sidebar-show", () -> {
            Optional<ConversationState> state = work.engine().state(id);
            work.onFx(() -> state.map(ConversationRow::of).ifPresent(this::showAdded));
        });
    }

    private void showAdded(ConversationRow row) {
        // The loop's own events may have listed it already, with news this read does not have yet.
        if (!list.contains(row.id())) {
            upsert(row);
        }
        showConversation(row.id());
    }

    /** A conversation whose row changed outside the loops (held, re-inflated): listed anew and shown. */
    private void showUpdated(ConversationRow row) {
        upsert(row);
        showConversation(row.id());
    }

    /** Sessions held in git: for the Hold and Open held session windows. */
    SessionsInGit sessionsInGit() {
        return git;
    }

    /** Brings back a conversation held here, from the data directory's repository. */
    public void reinflate(ConversationRow row) {
        if (row != null) {
            git.reinflateHeld(row);
        }
    }

    /** As {@link #forkAt}, the fork held on a git branch of its own (its session names this conversation). */
    public void forkAndHoldAt(int turnIndex) {
        ConversationRow source = selected.get();
        if (source != null) {
            git.forkAndHold(source, turnIndex);
        }
    }

    /** A file name for an export: the title and the time, safe on every file system. */
    public String exportName(String extension) {
        return ConversationTransfer.exportName(selected.get(), extension);
    }

    private void withSelected(String what, Consumer<ConversationId> action) {
        ConversationRow row = selected.get();
        if (row != null) {
            work.attempt(what, () -> action.accept(row.id()));
        }
    }

    /** Takes the agents' colours again after the agent editor changed them. */
    public void refreshAgents() {
        shownMessages.takeColours(agentColours());
    }

    private Map<AgentId, String> agentColours() {
        Map<AgentId, String> colours = new HashMap<>();
        work.workspace().agentDirectory().list().forEach(agent -> colours.put(agent.id(), agent.avatarColor()));
        return colours;
    }

    /** As {@link ConversationList#visible}. */
    public ObservableList<ConversationRow> rows() {
        return list.visible();
    }

    /** As {@link ConversationList#all}. */
    public ObservableList<ConversationRow> allRows() {
        return list.all();
    }

    /** As {@link ConversationList#titleOf}. */
    public Optional<String> titleOf(ConversationId id) {
        return list.titleOf(id);
    }

    public ObjectProperty<ConversationStatus> statusFilterProperty() {
        return list.statusFilterProperty();
    }

    public StringProperty queryProperty() {
        return list.queryProperty();
    }

    public ReadOnlyObjectProperty<ConversationRow> selectedProperty() {
        return selected.getReadOnlyProperty();
    }

    public ObservableList<MessageItem> messages() {
        return shownMessages.all();
    }

    /** As {@link ShownMessages#conversationPane}. */
    public ObservableList<MessageItem> conversationPane() {
        return shownMessages.conversationPane();
    }

    /** As {@link ShownMessages#collaborationPane}. */
    public ObservableList<MessageItem> collaborationPane() {
        return shownMessages.collaborationPane();
    }

    /** As {@link ShownMessages#dualProperty}. */
    public ReadOnlyBooleanProperty dualProperty() {
        return shownMessages.dualProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return shownMessages.loadingProperty();
    }

    /** Why the turn being written is asked again, and which attempt is next; empty while none is. */
    public ReadOnlyStringProperty retryingProperty() {
        return reply.retryingProperty();
    }

    /** The reply being written right now in the selected conversation, as it streams in. */
    public ReadOnlyStringProperty writingProperty() {
        return reply.writingProperty();
    }

    public ReadOnlyStringProperty noticeProperty() {
        return work.noticeProperty();
    }
}
