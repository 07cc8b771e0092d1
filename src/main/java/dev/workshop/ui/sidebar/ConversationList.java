package dev.workshop.ui.sidebar;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatus;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * Every conversation's row, newest activity first, and those the status filter and the search let through: the
 * search matches titles and agents at once, and the text of every message a moment after the typing stops.
 */
final class ConversationList {
    /** Shorter texts match nearly every message; they search titles and agents only. */
    private static final int MIN_MESSAGE_SEARCH = 2;
    /** Typing pauses at least this long before the messages are searched. */
    private static final long SEARCH_PAUSE_MILLIS = 250;
    private static final int MAX_MESSAGE_HITS = 5_000;
    private final SidebarWork work;
    private final ObservableList<ConversationRow> rows = FXCollections.observableArrayList();
    private final ObservableList<ConversationRow> readOnlyRows = FXCollections.unmodifiableObservableList(rows);
    private final FilteredList<ConversationRow> visibleRows = new FilteredList<>(rows);
    private final ObjectProperty<ConversationStatus> statusFilter = new SimpleObjectProperty<>();
    private final StringProperty query = new SimpleStringProperty("");
    private final ReadOnlyBooleanWrapper searching = new ReadOnlyBooleanWrapper();
    /** Conversations with a message holding the search text (titles and agents are matched in memory). */
    private Set<ConversationId> messageHits = Set.of();
    /** Bumped on every change of the search text, so that only the latest text's search is used. */
    private final AtomicLong searchTicket = new AtomicLong();
    private boolean updating;
    /**
     * While the pointer is over the list the rows keep their places, so that a click opens what was under it: a row
     * whose conversation moved on is updated where it stands, and the list takes its order again once let go.
     */
    private boolean orderHeld;

    ConversationList(SidebarWork work) {
        this.work = work;
        statusFilter.addListener((property, old, status) -> refilter());
        query.addListener((property, old, text) -> {
            refilter();
            searchMessages(text);
        });
    }

    /**
     * Adds or replaces a row, keeping the newest activity first; in place when its position holds, or while the
     * order is held ({@link #holdOrder}). A row older than the one shown is left out: two threads that append to one
     * conversation (a loop and the user's star, two marks at once) tell what they recorded in the order they get to
     * it, which is not always the order the log took it in.
     */
    void put(ConversationRow row) {
        updating = true;
        try {
            int existing = -1;
            for (int i = 0; i < rows.size(); i++) {
                if (rows.get(i).id().equals(row.id())) {
                    existing = i;
                }
            }
            if (existing >= 0 && rows.get(existing).version() > row.version()) {
                return;
            }
            if (existing >= 0 && orderHeld) {
                rows.set(existing, row);
                return;
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
            updating = false;
        }
    }

    /**
     * Holds the rows where they are ({@code true}: the pointer is over the list) or lets them go back to the newest
     * activity first; the rows that moved on meanwhile then move, at once, when nobody is aiming at them.
     */
    void holdOrder(boolean hold) {
        if (orderHeld == hold) {
            return;
        }
        orderHeld = hold;
        if (!hold) {
            updating = true;
            try {
                // Stable: rows of the same moment keep the order they had.
                FXCollections.sort(rows, java.util.Comparator.comparing(ConversationRow::updatedAt).reversed());
            } finally {
                updating = false;
            }
        }
    }

    boolean orderHeld() {
        return orderHeld;
    }

    void remove(ConversationId id) {
        updating = true;
        try {
            rows.removeIf(row -> row.id().equals(id));
        } finally {
            updating = false;
        }
    }

    Optional<ConversationRow> find(ConversationId id) {
        return rows.stream().filter(row -> row.id().equals(id)).findFirst();
    }

    /** The title a conversation's row shows, if it has a row. */
    Optional<String> titleOf(ConversationId id) {
        return find(id).map(ConversationRow::title);
    }

    boolean contains(ConversationId id) {
        return find(id).isPresent();
    }

    /** Clears the filter and the search if they hide {@code row}. */
    void uncover(ConversationRow row) {
        if (!visibleRows.contains(row)) {
            statusFilter.set(null);
            query.set("");
        }
    }

    /** True while the list is being rearranged: a list view's selection changes then are not the user's. */
    boolean isUpdating() {
        return updating;
    }

    private void refilter() {
        ConversationStatus status = statusFilter.get();
        String text = query.get() == null ? "" : query.get();
        Set<ConversationId> inMessages = messageHits;
        visibleRows.setPredicate(row -> (status == null || row.shownStatus() == status)
                && (row.matches(text) || inMessages.contains(row.id())));
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
        work.inBackgroundAfter(java.time.Duration.ofMillis(SEARCH_PAUSE_MILLIS), "sidebar-search", () -> {
            if (ticket != searchTicket.get()) {
                return;
            }
            try {
                Set<ConversationId> found = new HashSet<>();
                work.engine().findMessages(needle, MAX_MESSAGE_HITS).forEach(hit -> found.add(hit.conversationId()));
                work.onFx(() -> {
                    if (ticket == searchTicket.get()) {
                        messageHits = Set.copyOf(found);
                        searching.set(false);
                        refilter();
                    }
                });
            } catch (RuntimeException e) {
                work.onFx(() -> searching.set(false));
                work.tell("Could not search the messages: " + e.getMessage());
            }
        });
    }

    /** The rows the filter and the search let through. */
    ObservableList<ConversationRow> visible() {
        return visibleRows;
    }

    /** Every row, read-only. */
    ObservableList<ConversationRow> all() {
        return readOnlyRows;
    }

    ObjectProperty<ConversationStatus> statusFilterProperty() {
        return statusFilter;
    }

    StringProperty queryProperty() {
        return query;
    }

    ReadOnlyBooleanProperty searchingProperty() {
        return searching.getReadOnlyProperty();
    }
}
