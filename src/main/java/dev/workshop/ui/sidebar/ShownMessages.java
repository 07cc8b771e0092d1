package dev.workshop.ui.sidebar;

import dev.workshop.domain.agent.AgentId;
import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.Participant;
import dev.workshop.domain.conversation.RecordedEvent;
import dev.workshop.domain.conversation.Transcript;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Set;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * The messages of the conversation shown: loaded in the background (a spinner meanwhile), kept up to date with
 * the messages that arrive live, split into the two panes of a conversation with the user, and where it was
 * forked from. FX thread only, but for the loading itself.
 */
final class ShownMessages {
    private static final String UNKNOWN_COLOUR = "#6e7781";
    private final SidebarWork work;
    private final Supplier<ConversationRow> shown;
    private final Function<ConversationId, Optional<String>> titleOf;
    private final Function<ConversationId, Optional<ReplyInProgress.Writer>> writerOf;
    private final ObservableList<MessageItem> messages = FXCollections.observableArrayList();
    private final ObservableList<MessageItem> readOnly = FXCollections.unmodifiableObservableList(messages);
    private final FilteredList<MessageItem> conversationPane = new FilteredList<>(messages, item -> false);
    private final FilteredList<MessageItem> collaborationPane = new FilteredList<>(messages, item -> false);
    private final ReadOnlyBooleanWrapper dual = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper();
    private final ReadOnlyObjectWrapper<ForkOrigin> forkOrigin = new ReadOnlyObjectWrapper<>();
    /** The file an imported conversation came from; "" for one that was not imported. */
    private final ReadOnlyStringWrapper importedFrom = new ReadOnlyStringWrapper("");
    private final Map<AgentId, String> colours = new HashMap<>();
    /** How the messages are split between the two panes now; filtered again only when it changes. */
    private PaneSplit split = PaneSplit.NONE;
    /** Bumped on every selection, so that a slow load for an earlier selection is dropped. */
    private long selection;

    /**
     * @param writerOf who is writing a reply in a conversation now: its row ends the list once the history is read
     */
    ShownMessages(SidebarWork work, Supplier<ConversationRow> shown,
                  Function<ConversationId, Optional<String>> titleOf,
                  Function<ConversationId, Optional<ReplyInProgress.Writer>> writerOf) {
        this.work = work;
        this.shown = shown;
        this.titleOf = titleOf;
        this.writerOf = writerOf;
        messages.addListener((ListChangeListener<MessageItem>) change -> splitPanes());
    }

    /** Empties the panes and, for a conversation, reads its messages while a loading indicator shows. */
    void show(ConversationRow row) {
        long ticket = ++selection;
        forkOrigin.set(null);
        importedFrom.set("");
        messages.clear();
        splitPanes();
        if (row == null) {
            loading.set(false);
            return;
        }
        loading.set(true);
        load(ticket, row.id());
    }

    /** Reads the messages of the conversation shown again (a reply cut off is then shown from the log). */
    void reload(ConversationId id) {
        load(selection, id);
    }

    /**
     * Another device wrote to the conversation shown and the change came without its events (the first this
     * instance heard of it): its new messages are read from the log and added at the end, as messages arriving
     * live are (the rows already shown stay as they are, and the reader's place with them).
     * When what is shown no longer matches the start of the log (a reply cut off there was asked again), it is
     * read again whole.
     */
    void catchUp(ConversationId id) {
        long ticket = selection;
        Map<AgentId, String> known = Map.copyOf(colours);
        work.inBackground("sidebar-catch-up", () -> {
            try {
                boolean running = work.engine().isRunning(id) || work.engine().drivenElsewhere(id);
                List<MessageItem> items = MessageItem.fromHistory(work.engine().history(id),
                        agent -> known.getOrDefault(agent, UNKNOWN_COLOUR), running);
                work.onFx(() -> {
                    if (ticket != selection || loading.get()) {
                        return;
                    }
                    List<MessageItem> shown = messages.stream().filter(item -> !item.writing()).toList();
                    boolean sameStart = shown.size() <= items.size() && java.util.stream.IntStream.range(0, shown.size())
                            .allMatch(i -> shown.get(i).turnIndex() == items.get(i).turnIndex()
                                    && shown.get(i).cutOff() == items.get(i).cutOff());
                    if (!sameStart) {
                        load(ticket, id);
                        return;
                    }
                    items.subList(shown.size(), items.size()).forEach(this::arrived);
                });
            } catch (RuntimeException e) {
                // The next change, or opening the conversation again, reads it.
                System.getLogger(ShownMessages.class.getName()).log(System.Logger.Level.WARNING,
                        "Could not read another device's new messages: " + e.getMessage());
            }
        });
    }

    /** A message that arrived live, in the place of the reply being written; unless the list has its turn already. */
    void arrived(MessageItem item) {
        int writingRow = writingRow();
        if (messages.stream().anyMatch(each -> each.turnIndex() == item.turnIndex() && !each.cutOff()
                && !each.writing())) {
            if (writingRow >= 0) {
                messages.remove(writingRow);
            }
        } else if (writingRow >= 0) {
            // In place: the row the reader watched grow becomes the message, and the list does not jump. Removed
            // and added, not set: the list keeps a replaced row at the height it measured while the reply streamed
            // (its last line then lay under the next row, on X11; issue #48 item 1), and measures an added one anew.
            messages.remove(writingRow);
            messages.add(writingRow, item);
        } else {
            messages.add(item);
        }
    }

    /** {@code writer} started a reply: it shows as a row at the end that grows as it streams in. */
    void writing(ReplyInProgress.Writer writer) {
        MessageItem row = MessageItem.writing(writer, colourOf(writer.speakerId()));
        int writingRow = writingRow();
        if (writingRow >= 0) {
            messages.set(writingRow, row);
        } else {
            messages.add(row);
        }
    }

    /** No reply is being written any more (its loop stopped with nothing of it to keep). */
    void writingEnded() {
        int writingRow = writingRow();
        if (writingRow >= 0) {
            messages.remove(writingRow);
        }
    }

    private int writingRow() {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i).writing()) {
                return i;
            }
        }
        return -1;
    }

    String colourOf(AgentId agent) {
        return colours.getOrDefault(agent, UNKNOWN_COLOUR);
    }

    void takeColours(Map<AgentId, String> agentColours) {
        colours.putAll(agentColours);
    }

    /**
     * Reads the conversation's messages in the background and shows them if it is still the one selected
     * ({@code ticket}); messages that arrived live meanwhile are kept if the history missed them.
     */
    private void load(long ticket, ConversationId id) {
        Map<AgentId, String> known = Map.copyOf(colours);
        work.inBackground("sidebar-history", () -> {
            try {
                // A reply another device is writing is not cut off either: it is under way there.
                boolean running = work.engine().isRunning(id) || work.engine().drivenElsewhere(id);
                List<RecordedEvent> history = work.engine().history(id);
                List<MessageItem> items = MessageItem.fromHistory(history,
                        agent -> known.getOrDefault(agent, UNKNOWN_COLOUR), running);
                Transcript origin = Transcript.of(history);
                Optional<ConversationEvent.Forked> forked = origin.forkedFrom();
                String importedFile = origin.importedFrom().map(ConversationEvent.Imported::source)
                        .map(file -> file.isEmpty() ? "a file" : file).orElse("");
                work.onFx(() -> {
                    if (ticket == selection) {
                        forkOrigin.set(forked.map(this::originOf).orElse(null));
                        importedFrom.set(importedFile);
                        List<MessageItem> live = List.copyOf(messages);
                        messages.setAll(items);
                        live.stream().filter(item -> !item.writing())
                                .filter(item -> items.stream().noneMatch(old -> old.turnIndex() == item.turnIndex()
                                        && old.cutOff() == item.cutOff()))
                                .forEach(messages::add);
                        writerOf.apply(id).ifPresent(this::writing);
                        loading.set(false);
                    }
                });
            } catch (RuntimeException e) {
                work.onFx(() -> loading.set(false));
                work.tell("Could not load the conversation: " + e.getMessage());
            }
        });
    }

    private ForkOrigin originOf(ConversationEvent.Forked forked) {
        return new ForkOrigin(forked.source(), forked.turnIndex(), titleOf.apply(forked.source()).orElse(null));
    }

    /**
     * The two panes of a conversation with the user: theirs (the user's messages, and the entry agent's answer to
     * each, the turn right after it) and the agents' collaboration in the current round (what came after the
     * user's latest message and its answer; it starts empty again with each new message of theirs). A message is
     * in one pane only: the answer to the user is not repeated among the agents' turns.
     */
    private void splitPanes() {
        ConversationRow row = shown.get();
        AgentId entry = row == null ? null : row.entryAgent();
        int lastHuman = -1;
        Set<Integer> answers = new HashSet<>();
        for (MessageItem item : messages) {
            if (item.speakerId().equals(Participant.HUMAN)) {
                lastHuman = item.turnIndex();
                answers.add(item.turnIndex() + 1);
            }
        }
        boolean twoPanes = row != null && row.agentCount() > 1 && (lastHuman >= 0 || row.withYou());
        dual.set(twoPanes);
        PaneSplit now = twoPanes ? new PaneSplit(entry, lastHuman, Set.copyOf(answers)) : PaneSplit.NONE;
        // Filtered again only when the split moved (a new message of yours): otherwise the panes take each change
        // as it came, row by row, rather than every row replaced at every message.
        if (!now.equals(split)) {
            split = now;
            conversationPane.setPredicate(now::yours);
            collaborationPane.setPredicate(now::inRound);
        }
    }

    /**
     * Which message goes to which pane: the user's and the entry agent's answers to them are "yours"; the turns
     * after the user's latest message that are not its answer are the round's. {@link #NONE}: one pane only, the
     * two lists stay empty rather than render every message again, hidden.
     */
    private record PaneSplit(AgentId entry, int roundStart, Set<Integer> answers) {
        static final PaneSplit NONE = new PaneSplit(null, Integer.MAX_VALUE, Set.of());

        boolean yours(MessageItem item) {
            return this != NONE && (item.speakerId().equals(Participant.HUMAN)
                    || item.speakerId().equals(entry) && answers.contains(item.turnIndex()));
        }

        boolean inRound(MessageItem item) {
            return this != NONE && item.turnIndex() > roundStart && !yours(item);
        }
    }

    ObservableList<MessageItem> all() {
        return readOnly;
    }

    ObservableList<MessageItem> conversationPane() {
        return conversationPane;
    }

    ObservableList<MessageItem> collaborationPane() {
        return collaborationPane;
    }

    ReadOnlyBooleanProperty dualProperty() {
        return dual.getReadOnlyProperty();
    }

    ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    ReadOnlyStringProperty importedFromProperty() {
        return importedFrom.getReadOnlyProperty();
    }

    ReadOnlyObjectProperty<ForkOrigin> forkOriginProperty() {
        return forkOrigin.getReadOnlyProperty();
    }
}
