package dev.workshop.ui.sidebar;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationState;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.DeletedConversation;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.ResumeCause;
import dev.workshop.orchestration.AbortOutcome;
import dev.workshop.orchestration.ConversationExport;
import dev.workshop.orchestration.RestoredSession;
import dev.workshop.orchestration.LoopEvent;
import dev.workshop.orchestration.Workspace;
import dev.workshop.ui.fx.FxExecutor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * The conversation sidebar: every conversation, newest first, filtered by status and text; the selected
 * one's messages (loaded in the background, then kept up to date from the loops' events), its turn counter
 * and what can be done with it (abort, resume, export). Methods run on the FX thread; store reads and
 * writes run on virtual threads.
 */
public final class SidebarViewModel {
    /** How long a delete waits for a running conversation's loop to stop (it cancels its call within ~1 s). */
    private static final java.time.Duration DELETE_STOP_TIMEOUT = java.time.Duration.ofSeconds(10);
    /** Shorter texts match nearly every message; they search titles and agents only. */
    private static final int MIN_MESSAGE_SEARCH = 2;
    /** Typing pauses at least this long before the messages are searched. */
    private static final long SEARCH_PAUSE_MILLIS = 250;
    private static final int MAX_MESSAGE_HITS = 5_000;
    private final Workspace workspace;
    private final FxExecutor fx;
    private final ObservableList<ConversationRow> rows = FXCollections.observableArrayList();
    private final FilteredList<ConversationRow> visibleRows = new FilteredList<>(rows);
    private final ObjectProperty<ConversationStatus> statusFilter = new SimpleObjectProperty<>();
    private final StringProperty query = new SimpleStringProperty("");
    private final ReadOnlyObjectWrapper<ConversationRow> selected = new ReadOnlyObjectWrapper<>();
    private final ObservableList<MessageItem> messages = FXCollections.observableArrayList();
    private final FilteredList<MessageItem> conversationPane = new FilteredList<>(messages, item -> false);
    private final FilteredList<MessageItem> collaborationPane = new FilteredList<>(messages, item -> false);
    private final ReadOnlyBooleanWrapper dual = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper writing = new ReadOnlyStringWrapper("");
    /** Why the turn being written is asked again, and which attempt is next; empty while none is. */
    private final ReadOnlyStringWrapper retrying = new ReadOnlyStringWrapper("");
    /** Per conversation, the retry it waits on (FX thread only). */
    private final Map<ConversationId, String> retryNotes = new HashMap<>();
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper("");
    /** The conversations the last Delete took away, while Undo can still bring them back; empty otherwise. */
    private final ReadOnlyObjectWrapper<List<ConversationId>> undoableDeletion = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyStringWrapper undoText = new ReadOnlyStringWrapper("");
    private final Map<AgentId, String> colours = new HashMap<>();
    /**
     * Marks for messages still to come, from the loops' events (FX thread only): why a conversation's loop
     * started again, until its next message; and the turns being asked again. The history gives the same
     * marks when a conversation is loaded.
     */
    private final Map<ConversationId, ResumeCause> resumedBy = new HashMap<>();
    private final Map<ConversationId, Set<Integer>> askedAgain = new HashMap<>();
    private final ReadOnlyObjectWrapper<Reveal> revealed = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<ForkOrigin> forkOrigin = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper searching = new ReadOnlyBooleanWrapper();
    /** Conversations with a message holding the search text (titles and agents are matched in memory). */
    private Set<ConversationId> messageHits = Set.of();
    /** Bumped on every change of the search text, so that only the latest text's search is used. */
    private final java.util.concurrent.atomic.AtomicLong searchTicket = new java.util.concurrent.atomic.AtomicLong();
    private boolean updatingRows;
    /** Bumped on every selection, so that a slow load for an earlier selection is dropped. */
    private long selection;

    public SidebarViewModel(Workspace workspace, FxExecutor fx) {
        this.workspace = workspace;
        this.fx = fx;
        statusFilter.addListener((property, old, status) -> refilter());
        messages.addListener((javafx.collections.ListChangeListener<MessageItem>) change -> splitPanes());
        query.addListener((property, old, text) -> {
            refilter();
            searchMessages(text);
        });
    }

    /** Loads the list in the background and follows the loops from then on. */
    public void start() {
        start(null);
    }

    /**
     * As {@link #start()}, then shows {@code shown} once the list has loaded, if it is there: the conversation
     * the user was reading before the data was opened again.
     */
    public void start(ConversationId shown) {
        workspace.bridge().subscribe(this::onLoopEvent);
        workspace.drafts().onFailure(problem -> fx.execute(() -> notice.set(problem)));
        Thread.ofVirtual().name("sidebar-list").start(() -> {
            List<ConversationRow> loaded = workspace.bridge().conversations().stream().map(ConversationRow::of).toList();
            Map<AgentId, String> agentColours = new HashMap<>();
            workspace.agentDirectory().list().forEach(agent -> agentColours.put(agent.id(), agent.avatarColor()));
            fx.execute(() -> {
                colours.putAll(agentColours);
                loaded.forEach(this::upsert);
                if (shown != null && selected.get() == null) {
                    showConversation(shown);
                }
            });
        });
    }

    /** The turn being asked again got its first word, or ended: no more "retrying" for {@code id}. */
    private void retryEnded(ConversationId id) {
        if (retryNotes.remove(id) != null && isSelected(id)) {
            retrying.set("");
        }
    }

    private void onLoopEvent(LoopEvent event) {
        ConversationId id = event.conversationId();
        switch (event) {
            case LoopEvent.Token token -> fx.execute(() -> {
                retryEnded(id);
                if (isSelected(id)) {
                    writing.set(writing.get() + token.text());
                }
            });
            case LoopEvent.TurnRetry retry -> fx.execute(() -> {
                // Kept for the conversation, so that one picked while it waits says so too.
                // What to know first, where a narrow sidebar cuts the line: that it is being asked again.
                retryNotes.put(id, "Retrying " + retry.speakerName() + "'s turn (" + retry.attempt() + " of "
                        + retry.attempts() + "): " + retry.reason());
                if (isSelected(id)) {
                    // What the failed attempt streamed is no part of the reply: the next attempt starts afresh.
                    writing.set("");
                    retrying.set(retryNotes.get(id));
                }
            });
            case LoopEvent.TurnStarted turn -> fx.execute(() -> {
                if (turn.resumed()) {
                    askedAgain.computeIfAbsent(id, key -> new HashSet<>()).add(turn.turnIndex());
                }
                retryEnded(id);
                if (isSelected(id)) {
                    writing.set("");
                }
            });
            case LoopEvent.Message message -> {
                Optional<ConversationState> state = workspace.bridge().state(id);
                fx.execute(() -> {
                    state.map(ConversationRow::of).ifPresent(this::upsert);
                    ResumeCause resumed = resumedBy.remove(id);
                    Set<Integer> retried = askedAgain.get(id);
                    boolean retriedTurn = retried != null && retried.remove(message.turnIndex());
                    if (retried != null && retried.isEmpty()) {
                        askedAgain.remove(id);
                    }
                    retryEnded(id);
                    if (isSelected(id)) {
                        writing.set("");
                        if (messages.stream().noneMatch(item -> item.turnIndex() == message.turnIndex() && !item.cutOff())) {
                            messages.add(new MessageItem(message.turnIndex(), message.speakerId(),
                                    message.speakerName(), colourOf(message.speakerId()), message.content(),
                                    message.at(), resumed, retriedTurn, false, message.usage()));
                        }
                    }
                });
            }
            case LoopEvent.Deleted deleted -> fx.execute(() -> {
                updatingRows = true;
                try {
                    rows.removeIf(row -> row.id().equals(id));
                } finally {
                    updatingRows = false;
                }
                if (isSelected(id)) {
                    select(null);
                }
            });
            case LoopEvent.Ended ended -> {
                Optional<ConversationState> state = workspace.bridge().state(id);
                fx.execute(() -> {
                    state.map(ConversationRow::of)
                            .map(row -> ended.recorded() ? row : row.stoppedUnrecorded(ended.status(), ended.reason()))
                            .ifPresent(this::upsert);
                    // A reply being written when the loop stopped was kept as far as it had come: the list
                    // shows it cut off, from the log, instead of the writing line showing it for ever.
                    retryEnded(id);
                    if (isSelected(id) && !writing.get().isEmpty()) {
                        writing.set("");
                        loadMessages(selection, id);
                    }
                });
            }
            default -> {
                Optional<ConversationState> state = workspace.bridge().state(id);
                fx.execute(() -> state.map(ConversationRow::of).ifPresent(row -> {
                    // A follow-up's loop is no resume: a mark left from a resume that failed goes.
                    if (event instanceof LoopEvent.Started started) {
                        if (started.resumedBy() != null) {
                            resumedBy.put(id, started.resumedBy());
                        } else {
                            resumedBy.remove(id);
                        }
                    }
                    upsert(row);
                    // A conversation the user just started is the one they want to read.
                    if (event instanceof LoopEvent.Started started && !started.resumed() && selected.get() == null) {
                        select(row);
                    }
                }));
            }
        }
    }

    private String colourOf(AgentId agent) {
        return colours.getOrDefault(agent, "#6e7781");
    }

    private boolean isSelected(ConversationId id) {
        return selected.get() != null && selected.get().id().equals(id);
    }

    /** Adds or replaces a row, keeping the newest activity first; in place when its position holds. */
    private void upsert(ConversationRow row) {
        updatingRows = true;
        try {
            int existing = -1;
            for (int i = 0; i < rows.size(); i++) {
                if (rows.get(i).id().equals(row.id())) {
                    existing = i;
                }
            }
            int at = 0;
            while (at < rows.size() && (at == existing || rows.get(at).updatedAt().isAfter(row.updatedAt()))) {
                at++;
            }
            int target = existing >= 0 && at > existing ? at - 1 : at;
            if (existing == target) {
                rows.set(existing, row);
            } else {
                if (existing >= 0) {
                    rows.remove(existing);
                }
                rows.add(Math.min(target, rows.size()), row);
            }
        } finally {
            updatingRows = false;
        }
        if (isSelected(row.id())) {
            selected.set(row);
        }
    }

    /** True while the list is being rearranged: a list view's selection changes then are not the user's. */
    public boolean isUpdatingRows() {
        return updatingRows;
    }

    /**
     * The two panes of a conversation with the user: theirs (the user's messages and the entry agent's
     * replies, across every follow-up) and the agents' collaboration in the current round (what came after
     * the user's latest message; it starts empty again with each new message of theirs).
     */
    private void splitPanes() {
        ConversationRow row = selected.get();
        AgentId entry = row == null ? null : row.entryAgent();
        int lastHuman = -1;
        for (MessageItem item : messages) {
            if (item.speakerId().equals(Participant.HUMAN)) {
                lastHuman = item.turnIndex();
            }
        }
        int roundStart = lastHuman;
        // With one agent, every turn after yours is that agent's answer to you: a second pane would repeat the first.
        dual.set(row != null && row.agentCount() > 1 && (lastHuman >= 0 || row.withYou()));
        if (!dual.get()) {
            // One pane only: the two lists stay empty rather than render every message again, hidden.
            conversationPane.setPredicate(item -> false);
            collaborationPane.setPredicate(item -> false);
            return;
        }
        conversationPane.setPredicate(item -> item.speakerId().equals(Participant.HUMAN) || item.speakerId().equals(entry));
        collaborationPane.setPredicate(item -> item.turnIndex() > roundStart && !item.speakerId().equals(Participant.HUMAN));
    }

    private void refilter() {
        ConversationStatus status = statusFilter.get();
        String text = query.get() == null ? "" : query.get();
        Set<ConversationId> inMessages = messageHits;
        Predicate<ConversationRow> filter = row -> (status == null || row.status() == status)
                && (row.matches(text) || inMessages.contains(row.id()));
        visibleRows.setPredicate(filter);
    }

    /**
     * Looks for the search text in every message too, in the background and a moment after the typing stops
     * (only the latest text is searched); the conversations it finds join those whose title or agents match.
     */
    private void searchMessages(String text) {
        long ticket = searchTicket.incrementAndGet();
        String needle = text == null ? "" : text.strip();
        if (needle.length() < MIN_MESSAGE_SEARCH) {
            messageHits = Set.of();
            searching.set(false);
            refilter();
            return;
        }
        searching.set(true);
        Thread.ofVirtual().name("sidebar-search").start(() -> {
            try {
                Thread.sleep(SEARCH_PAUSE_MILLIS);
                if (ticket != searchTicket.get()) {
                    return;
                }
                Set<ConversationId> found = new HashSet<>();
                workspace.bridge().findMessages(needle, MAX_MESSAGE_HITS).forEach(hit -> found.add(hit.conversationId()));
                fx.execute(() -> {
                    if (ticket == searchTicket.get()) {
                        messageHits = Set.copyOf(found);
                        searching.set(false);
                        refilter();
                    }
                });
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                fx.execute(() -> {
                    searching.set(false);
                    notice.set("Could not search the messages: " + e.getMessage());
                });
            }
        });
    }

    /** True while the messages are being searched for the current search text. */
    public ReadOnlyBooleanProperty searchingProperty() {
        return searching.getReadOnlyProperty();
    }

    /** Shows a conversation: its messages load in the background while a loading indicator shows. */
    public void select(ConversationRow row) {
        long ticket = ++selection;
        selected.set(row);
        forkOrigin.set(null);
        messages.clear();
        splitPanes();
        writing.set("");
        retrying.set(row == null ? "" : retryNotes.getOrDefault(row.id(), ""));
        if (row == null) {
            loading.set(false);
            return;
        }
        loading.set(true);
        loadMessages(ticket, row.id());
    }

    /**
     * Reads the conversation's messages in the background and shows them if it is still the one selected
     * ({@code ticket}); messages that arrived live meanwhile are kept if the history missed them.
     */
    private void loadMessages(long ticket, ConversationId id) {
        Thread.ofVirtual().name("sidebar-history").start(() -> {
            try {
                boolean running = workspace.bridge().isRunning(id);
                List<RecordedEvent> history = workspace.bridge().history(id);
                Map<AgentId, String> known = Map.copyOf(colours);
                List<MessageItem> items = MessageItem.fromHistory(history,
                        agent -> known.getOrDefault(agent, "#6e7781"), running);
                Optional<ConversationEvent.Forked> forked = ConversationEvent.Forked.in(history);
                fx.execute(() -> {
                    if (ticket == selection) {
                        forkOrigin.set(forked.map(this::originOf).orElse(null));
                        // Messages that arrived live while the history loaded are kept if it missed them.
                        List<MessageItem> live = List.copyOf(messages);
                        messages.setAll(items);
                        live.stream().filter(item -> items.stream().noneMatch(old -> old.turnIndex() == item.turnIndex()
                                        && old.cutOff() == item.cutOff()))
                                .forEach(messages::add);
                        loading.set(false);
                    }
                });
            } catch (RuntimeException e) {
                fx.execute(() -> {
                    loading.set(false);
                    notice.set("Could not load the conversation: " + e.getMessage());
                });
            }
        });
    }

    /**
     * Where the conversation shown was forked from: the source's id, the turn it was forked at, and the source's
     * title while it is listed (null once it is deleted: it can only be named, not shown).
     */
    public record ForkOrigin(ConversationId source, int turnIndex, String sourceTitle) {
        public boolean sourceListed() {
            return sourceTitle != null;
        }
    }

    private ForkOrigin originOf(ConversationEvent.Forked forked) {
        String title = rows.stream().filter(row -> row.id().equals(forked.source())).findFirst()
                .map(ConversationRow::title).orElse(null);
        return new ForkOrigin(forked.source(), forked.turnIndex(), title);
    }

    /**
     * Reads the conversation of {@code row} in the background and hands it to {@code then} on the FX thread: for
     * Start again, which offers a new conversation with its members, task and turn limit.
     */
    public void startAgain(ConversationRow row, java.util.function.Consumer<ConversationState> then) {
        inBackground("start it again", () -> {
            ConversationState state = workspace.bridge().state(row.id())
                    .orElseThrow(() -> new IllegalStateException("it is no longer here"));
            fx.execute(() -> then.accept(state));
        });
    }

    /** Where the conversation shown came from, if it is a fork; null otherwise (and while it loads). */
    public ReadOnlyObjectProperty<ForkOrigin> forkOriginProperty() {
        return forkOrigin.getReadOnlyProperty();
    }

    /** Shows the message the conversation shown was forked at, in its source. */
    public void showForkSource() {
        ForkOrigin origin = forkOrigin.get();
        if (origin != null && origin.sourceListed()) {
            reveal(origin.source(), origin.turnIndex());
        }
    }

    /**
     * A message to bring into view: turn {@code turnIndex} of a conversation (a message not recorded yet shows
     * once it is). A new value each time, so asking twice for the same message scrolls to it twice.
     */
    public record Reveal(ConversationId conversationId, int turnIndex, long ticket) {
    }

    /**
     * Shows turn {@code turnIndex} of a conversation (a speech bubble on the canvas was clicked): selects the
     * conversation, clearing a filter that hides it, and asks the view to scroll to that message.
     */
    public void reveal(ConversationId id, int turnIndex) {
        Optional<ConversationRow> row = rows.stream().filter(each -> each.id().equals(id)).findFirst();
        if (row.isEmpty()) {
            notice.set("That conversation is not in the list yet");
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

    /**
     * Sends the user's message: their turn in a conversation that waits for it, or a follow-up that continues
     * an ended one (the next turn number; the entry agent answers first).
     */
    public void send(String text) {
        withSelected("send your message", id -> workspace.bridge().message(id, text));
    }

    /** Clears the selection, so both panes are empty, for a fresh conversation. */
    public void newConversation() {
        select(null);
    }

    public void abort() {
        withSelected("stop the conversation", id -> workspace.bridge().abort(id, AbortOutcome.INTERRUPT));
    }

    public void resume() {
        withSelected("resume the conversation", id -> {
            if (!workspace.bridge().resume(id)) {
                workspace.bridge().state(id).ifPresent(state -> fx.execute(() ->
                        notice.set("It cannot go on: " + state.statusReason())));
            }
        });
    }

    /** What the user wrote to a conversation and has not sent, or "". */
    public String draftOf(ConversationId id) {
        return workspace.drafts().of(id);
    }

    /** Keeps the composer's text for a conversation (in memory at once, on disk within half a second). */
    public void keepDraft(ConversationId id, String text) {
        workspace.drafts().keep(id, text);
    }

    /** Names a conversation; a blank title goes back to the first line of its task. */
    public void rename(ConversationId id, String title) {
        inBackground("rename the conversation", () -> workspace.bridge().rename(id, title));
    }

    /**
     * Deletes conversations, one after the other (a running one is stopped first); they leave the list as each is
     * done. The notice says how many went, and why any could not.
     */
    public void delete(List<ConversationRow> targets) {
        List<ConversationRow> chosen = List.copyOf(targets);
        if (chosen.isEmpty()) {
            return;
        }
        forgetUndo();
        Thread.ofVirtual().name("sidebar-delete").start(() -> {
            int done = 0;
            String problem = "";
            List<ConversationId> deleted = new ArrayList<>();
            for (ConversationRow row : chosen) {
                try {
                    workspace.bridge().delete(row.id(), DELETE_STOP_TIMEOUT);
                    deleted.add(row.id());
                    done++;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                } catch (RuntimeException e) {
                    problem = "; could not delete \u201c" + row.title() + "\u201d: " + e.getMessage();
                    break;
                }
            }
            String counted = done == chosen.size() && done == 1 ? "Deleted 1 conversation"
                    : done == chosen.size() ? "Deleted " + done + " conversations"
                    : "Deleted " + done + " of " + chosen.size() + " conversations";
            String message = counted + problem;
            fx.execute(() -> {
                notice.set(message);
                if (!deleted.isEmpty()) {
                    undoableDeletion.set(List.copyOf(deleted));
                    undoText.set(counted);
                }
            });
        });
    }

    /** Brings back what the last Delete took away (Undo, or Ctrl+Z in the list), as it was. */
    public void undoDelete() {
        List<ConversationId> deleted = undoableDeletion.get();
        if (deleted.isEmpty()) {
            return;
        }
        forgetUndo();
        bringBack(deleted, false);
    }

    /**
     * The deleted conversations, most recently deleted first, read in the background and handed to
     * {@code loaded} on the FX thread (Recently deleted); a store that cannot be read sets the notice instead.
     */
    public void loadDeleted(java.util.function.Consumer<List<DeletedConversation>> loaded) {
        Thread.ofVirtual().name("sidebar-deleted").start(() -> {
            try {
                List<DeletedConversation> deleted = workspace.bridge().deletedConversations();
                fx.execute(() -> loaded.accept(deleted));
            } catch (RuntimeException e) {
                fx.execute(() -> notice.set("Could not read the deleted conversations: " + e.getMessage()));
            }
        });
    }

    /**
     * Brings deleted conversations back into the list with every message (Recently deleted, or Undo); with
     * {@code show}, the first one that came back is then shown, even if a filter hid it.
     */
    public void bringBack(List<ConversationId> ids, boolean show) {
        List<ConversationId> chosen = List.copyOf(ids);
        if (chosen.isEmpty()) {
            return;
        }
        Thread.ofVirtual().name("sidebar-bring-back").start(() -> {
            List<ConversationId> back = new ArrayList<>();
            String problem = "";
            for (ConversationId id : chosen) {
                try {
                    workspace.bridge().undelete(id);
                    back.add(id);
                } catch (RuntimeException e) {
                    problem = "; " + e.getMessage();
                }
            }
            String message = (back.size() == 1 ? "Brought back 1 conversation"
                    : "Brought back " + back.size() + " conversations") + problem;
            // Queued after the rows that the loops' Undeleted events put back in the list.
            fx.execute(() -> {
                notice.set(message);
                if (show && !back.isEmpty()) {
                    showConversation(back.getFirst());
                }
            });
        });
    }

    private void showConversation(ConversationId id) {
        rows.stream().filter(row -> row.id().equals(id)).findFirst().ifPresent(row -> {
            if (!visibleRows.contains(row)) {
                statusFilter.set(null);
                query.set("");
            }
            if (!isSelected(id)) {
                select(row);
            }
        });
    }

    /** Undo is offered for a while after a delete, not for ever: the view calls this when the offer lapses. */
    public void forgetUndo() {
        undoableDeletion.set(List.of());
        undoText.set("");
    }

    public ReadOnlyObjectProperty<List<ConversationId>> undoableDeletionProperty() {
        return undoableDeletion.getReadOnlyProperty();
    }

    /** "Deleted 2 conversations" while Undo is offered, else empty. */
    public ReadOnlyStringProperty undoTextProperty() {
        return undoText.getReadOnlyProperty();
    }

    /** What to ask before deleting {@code targets}: a heading, then what it means. */
    public static List<String> deleteQuestion(List<ConversationRow> targets) {
        String heading = targets.size() == 1 ? "Delete \u201c" + targets.getFirst().title() + "\u201d?"
                : "Delete " + targets.size() + " conversations?";
        long running = targets.stream().filter(row -> canAbort(row.status())).count();
        String stopped = running == 0 ? ""
                : targets.size() == 1 ? "It is running and is stopped first. "
                : running == 1 ? "One of them is running and is stopped first. "
                : running + " of them are running and are stopped first. ";
        return List.of(heading, stopped + (targets.size() == 1 ? "It leaves" : "They leave")
                + " the list, also after a restart; Undo brings " + (targets.size() == 1 ? "it" : "them")
                + " back just after, Recently deleted (the bin above the list) later.");
    }

    /** Asks the failed turn of the selected conversation again (after the user fixed what failed it). */
    public void retry() {
        withSelected("retry the turn", id -> workspace.bridge().retry(id));
    }

    /**
     * What the failure banner says for a conversation a failed turn stopped ("Turn 6 failed: why"), failed or
     * interrupted by an error, or "" for any other.
     */
    public static String failure(ConversationRow row) {
        if (row == null || !row.failedTurn()) {
            return "";
        }
        return "Turn " + (row.turnCount() + 1) + " failed" + (row.statusReason().isEmpty() ? "" : ": " + row.statusReason());
    }

    /** Writes the selected conversation to {@code file} as Markdown or JSON (by the file's extension). */
    public void export(Path file) {
        withSelected("export the conversation", id -> {
            String text = exported(id, file.getFileName().toString().toLowerCase(java.util.Locale.ROOT)
                    .endsWith(".json"));
            try {
                Files.writeString(file, text, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new IllegalStateException("cannot write " + file + ": " + e.getMessage(), e);
            }
            fx.execute(() -> notice.set("Exported to " + file));
        });
    }

    /**
     * Brings in a conversation from a JSON export or snapshot (older formats migrated), restored paused, and
     * selects it; speakers no longer among the agents are named in the notice.
     */
    public void importFile(Path file) {
        Thread.ofVirtual().name("sidebar-import").start(() -> {
            try {
                RestoredSession restored = workspace.bridge().restoreFrom(file);
                String copy = restored.copyOf().map(taken -> " as a copy (that conversation is here already)")
                        .orElse("");
                show(restored, restored.missingMembers().isEmpty()
                        ? "Imported " + restored.messageCount() + " messages" + copy + "; continue when you are ready"
                        : restored.missingMembersWarning());
            } catch (RuntimeException e) {
                fx.execute(() -> notice.set("Could not import " + file.getFileName() + ": " + e.getMessage()));
            }
        });
    }

    /**
     * Forks the conversation shown at one of its messages (the message's "Fork from here"): a new conversation
     * with the messages up to that one, paused there, selected so that the user can take it another way.
     */
    public void forkAt(int turnIndex) {
        ConversationRow source = selected.get();
        if (source == null) {
            return;
        }
        Thread.ofVirtual().name("sidebar-fork").start(() -> {
            try {
                RestoredSession fork = workspace.bridge().fork(source.id(), turnIndex);
                show(fork, "Forked \u201c" + source.title() + "\u201d at turn " + (turnIndex + 1)
                        + (fork.status().isFinal() ? "; write to follow it up" : "; Resume or write to go on"));
            } catch (RuntimeException e) {
                fx.execute(() -> notice.set("Could not fork \u201c" + source.title() + "\u201d: " + e.getMessage()));
            }
        });
    }

    /** Lists and shows a conversation just added (imported or forked), with {@code news} in the notice. */
    private void show(RestoredSession added, String news) {
        Optional<ConversationState> state = workspace.bridge().state(added.id());
        fx.execute(() -> {
            state.map(ConversationRow::of).ifPresent(this::showAdded);
            notice.set(news);
        });
    }

    /**
     * Shows a conversation the user asked for on the canvas (one they just started, or an agent's), in place of
     * the one they were reading: it is the one they want to watch. Filters that would hide it are cleared.
     */
    public void show(ConversationId id) {
        Thread.ofVirtual().name("sidebar-show").start(() -> {
            Optional<ConversationState> state = workspace.bridge().state(id);
            fx.execute(() -> state.map(ConversationRow::of).ifPresent(this::showAdded));
        });
    }

    private void showAdded(ConversationRow row) {
        // The loop's own events may have listed it already, with news this read does not have yet.
        if (rows.stream().noneMatch(each -> each.id().equals(row.id()))) {
            upsert(row);
        }
        showConversation(row.id());
    }

    /** A file name for an export: the title and the time, safe on every file system. */
    public String exportName(String extension) {
        ConversationRow row = selected.get();
        String time = java.time.LocalDateTime.now().format(java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmm"));
        return ConversationExport.slug(row == null ? "" : row.title()) + "-" + time + "." + extension;
    }

    /** A conversation as an export: JSON that Import reads back, or Markdown to read. */
    private String exported(ConversationId id, boolean json) {
        ConversationState state = workspace.bridge().state(id)
                .orElseThrow(() -> new IllegalStateException("it is no longer here"));
        List<RecordedEvent> history = workspace.bridge().history(id);
        return json ? ConversationExport.withMessages(workspace.bridge().team(), state, history).toPrettyString()
                : ConversationExport.markdown(state, history);
    }

    /**
     * Writes each of {@code targets} as a JSON export (what Import reads back) into {@code folder}, named by
     * title and id, in the background; the notice counts them as they go and says where they went.
     */
    public void exportAll(List<ConversationRow> targets, Path folder) {
        List<ConversationRow> chosen = List.copyOf(targets);
        Thread.ofVirtual().name("sidebar-export-all").start(() -> {
            int done = 0;
            List<String> problems = new ArrayList<>();
            for (ConversationRow row : chosen) {
                int at = done + problems.size() + 1;
                fx.execute(() -> notice.set("Exporting " + at + " of " + chosen.size() + "…"));
                try {
                    ConversationState state = workspace.bridge().state(row.id())
                            .orElseThrow(() -> new IllegalStateException("it is no longer here"));
                    Files.writeString(folder.resolve(ConversationExport.fileName(state, "json")),
                            exported(row.id(), true), StandardCharsets.UTF_8);
                    done++;
                } catch (IOException | RuntimeException e) {
                    problems.add("\u201c" + row.title() + "\u201d: " + e.getMessage());
                }
            }
            String message = "Exported " + done + (done == 1 ? " conversation" : " conversations") + " to " + folder
                    + (problems.isEmpty() ? "" : "; could not export " + String.join("; ", problems));
            fx.execute(() -> notice.set(message));
        });
    }

    private void withSelected(String what, java.util.function.Consumer<ConversationId> work) {
        ConversationRow row = selected.get();
        if (row != null) {
            inBackground(what, () -> work.accept(row.id()));
        }
    }

    /** Store work off the FX thread; a failure becomes the notice ("Could not …: why"). */
    private void inBackground(String what, Runnable work) {
        Thread.ofVirtual().name("sidebar-action").start(() -> {
            try {
                work.run();
            } catch (RuntimeException e) {
                fx.execute(() -> notice.set("Could not " + what + ": " + e.getMessage()));
            }
        });
    }

    public static boolean canAbort(ConversationStatus status) {
        return status == ConversationStatus.ACTIVE || status == ConversationStatus.QUEUED
                || status == ConversationStatus.WAITING;
    }

    /** Interrupted, or restored and paused on an agent's turn. */
    public static boolean canResume(ConversationRow row) {
        return row.resumable();
    }

    /** Takes the agents' colours again after the agent editor changed them. */
    public void refreshAgents() {
        workspace.agentDirectory().list().forEach(agent -> colours.put(agent.id(), agent.avatarColor()));
    }

    public ObservableList<ConversationRow> rows() {
        return visibleRows;
    }

    public ObservableList<ConversationRow> allRows() {
        return rows;
    }

    /** The title a conversation's row shows, if it has a row. */
    public Optional<String> titleOf(ConversationId id) {
        return rows.stream().filter(row -> row.id().equals(id)).map(ConversationRow::title).findFirst();
    }

    public ObjectProperty<ConversationStatus> statusFilterProperty() {
        return statusFilter;
    }

    public StringProperty queryProperty() {
        return query;
    }

    public ReadOnlyObjectProperty<ConversationRow> selectedProperty() {
        return selected.getReadOnlyProperty();
    }

    public ObservableList<MessageItem> messages() {
        return messages;
    }

    /** The user's side of the conversation: their messages and the entry agent's replies. */
    public ObservableList<MessageItem> conversationPane() {
        return conversationPane;
    }

    /** The agents' turns among themselves in the current round. */
    public ObservableList<MessageItem> collaborationPane() {
        return collaborationPane;
    }

    /** True for a conversation with the user in it: then the sidebar shows the two panes. */
    public ReadOnlyBooleanProperty dualProperty() {
        return dual.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    /** The reply being written right now in the selected conversation, as it streams in. */
    public ReadOnlyStringProperty retryingProperty() {
        return retrying.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty writingProperty() {
        return writing.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty noticeProperty() {
        return notice.getReadOnlyProperty();
    }
}
