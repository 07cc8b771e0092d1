package dev.workshop.ui.sidebar;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationEvent.StatusChanged;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.ConversationStatus;
import dev.workshop.domain.conversation.StatusCause;
import java.time.Duration;
import java.time.Instant;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The sidebar's list: rows, words, filters, search, revealing a message, deleting and forks. */
class SidebarViewModelTest extends SidebarFixture {
    @Test
    void listsEveryConversationNewestFirstWithTitleStatusAndTurns() throws Exception {
        ConversationId older = stored("Plan a picnic for twelve people in the park next Saturday, with games and food");
        java.time.Instant stamped = workspace.engine().state(older).orElseThrow().updatedAt();
        ConversationId newer = storedAt(stamped.plusSeconds(1), "Name a cat", message(0, ADA, "Mochi"),
                new StatusChanged(ConversationStatus.INTERRUPTED, StatusCause.WORKSHOP_STOPPED, "stopped"));

        startSidebar();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(2);

        List<ConversationRow> rows = onFx(() -> List.copyOf(sidebar.rows()));
        assertThat(rows).extracting(ConversationRow::id).containsExactly(newer, older);
        assertThat(rows.get(0).title()).isEqualTo("Name a cat");
        assertThat(rows.get(0).status()).isEqualTo(ConversationStatus.INTERRUPTED);
        assertThat(rows.get(0).participants()).isEqualTo("Ada, Bruno");
        assertThat(rows.get(0).turnText()).isEqualTo("Turn 1 / 6");
        assertThat(rows.get(1).title()).hasSizeLessThanOrEqualTo(dev.workshop.domain.conversation.ConversationState.TITLE_CHARS).startsWith("Plan a picnic")
                .endsWith("…");
    }

    @Test
    void aTitleTakenFromTheTaskReadsAsTextNotAsItsMarkdown() throws Exception {
        ConversationId id = stored("**Plan** a `weekend` in Lisbon");

        startSidebar();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(1);

        assertThat(row(id).title()).isEqualTo("Plan a weekend in Lisbon");
        onFx(() -> {
            sidebar.rename(id, "My **own** title");
            return null;
        });
        settle();
        assertThat(row(id).title()).isEqualTo("My **own** title");
    }

    @Test
    void everyStatusHasItsOwnWordsAndTimesReadAsPeopleSayThem() {
        assertThat(Arrays.stream(ConversationStatus.values()).map(ConversationRow::statusLabel).distinct())
                .hasSize(ConversationStatus.values().length);
        assertThat(ConversationRow.statusLabel(ConversationStatus.WAITING)).isEqualTo("Waiting for you");
        Instant now = Instant.parse("2026-11-22T12:00:00Z");
        assertThat(ConversationRow.relativeTime(now.minusSeconds(10), now)).isEqualTo("just now");
        assertThat(ConversationRow.relativeTime(now.minusSeconds(125), now)).isEqualTo("2 min ago");
        assertThat(ConversationRow.relativeTime(now.minusSeconds(3 * 3600), now)).isEqualTo("3 h ago");
        assertThat(ConversationRow.relativeTime(now.minusSeconds(26 * 3600), now)).isEqualTo("yesterday");
        assertThat(ConversationRow.relativeTime(now.minusSeconds(5 * 86400), now)).isEqualTo("5 days ago");
        // Hovering shows the exact time on the reader's clock, in their language, not an ISO instant in UTC.
        assertThat(ConversationRow.clockTime(now, java.time.ZoneId.of("Europe/Lisbon"), java.util.Locale.UK))
                .isEqualTo("22 Nov 2026, 12:00:00");
        assertThat(ConversationRow.clockTime(now, java.time.ZoneId.of("Asia/Tokyo"), java.util.Locale.UK))
                .isEqualTo("22 Nov 2026, 21:00:00");
    }

    @Test
    void filtersByStatusAndBySearchText() throws Exception {
        stored("Plan a picnic");
        stored("Name a cat", new StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, ""));
        stored("Name a dog", new StatusChanged(ConversationStatus.FAILED, StatusCause.ENDPOINT_REFUSED, "model not found"));
        startSidebar();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(3);

        onFx(() -> {
            sidebar.statusFilterProperty().set(ConversationStatus.COMPLETED);
            return null;
        });
        assertThat(onFx(() -> sidebar.rows().stream().map(ConversationRow::title).toList())).containsExactly("Name a cat");

        onFx(() -> {
            sidebar.statusFilterProperty().set(null);
            sidebar.queryProperty().set("NAME a");
            return null;
        });
        assertThat(onFx(() -> sidebar.rows().stream().map(ConversationRow::title).toList()))
                .containsExactlyInAnyOrder("Name a cat", "Name a dog");
        onFx(() -> {
            sidebar.queryProperty().set("bruno");
            return null;
        });
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(3);
    }

    @Test
    void revealingAMessageSelectsItsConversationAndClearsAFilterThatHidesIt() throws Exception {
        ConversationId cat = stored("Name a cat", message(0, ADA, "Mochi"), message(1, BRUNO, "Miso"),
                new StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, ""));
        stored("Name a dog", new StatusChanged(ConversationStatus.FAILED, StatusCause.ENDPOINT_REFUSED, "model not found"));
        startSidebar();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(2);
        onFx(() -> {
            sidebar.statusFilterProperty().set(ConversationStatus.FAILED);
            sidebar.queryProperty().set("dog");
            return null;
        });

        onFx(() -> {
            sidebar.reveal(cat, 1);
            return null;
        });

        assertThat(onFx(() -> sidebar.selectedProperty().get().id())).isEqualTo(cat);
        assertThat(onFx(() -> sidebar.rows().stream().map(ConversationRow::id).toList())).contains(cat);
        assertThat(onFx(() -> sidebar.statusFilterProperty().get())).isNull();
        assertThat(onFx(() -> sidebar.queryProperty().get())).isEmpty();
        Reveal first = onFx(() -> sidebar.revealedProperty().get());
        assertThat(first.conversationId()).isEqualTo(cat);
        assertThat(first.turnIndex()).isEqualTo(1);
        settle();
        assertThat(onFx(() -> sidebar.messages().size())).isEqualTo(2);

        // The same message again is a new request (the reader may have scrolled away since), and keeps the list.
        Reveal again = onFx(() -> {
            sidebar.reveal(cat, 1);
            return sidebar.revealedProperty().get();
        });
        assertThat(again).isNotEqualTo(first);
        assertThat(onFx(() -> sidebar.messages().size())).isEqualTo(2);
        assertThat(onFx(() -> sidebar.loadingProperty().get())).isFalse();
    }

    @Test
    void revealingAConversationThatIsNotListedSaysSoAndKeepsTheSelection() throws Exception {
        ConversationId cat = stored("Name a cat", message(0, ADA, "Mochi"));
        startSidebar();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(1);
        ConversationRow row = row(cat);
        onFx(() -> {
            sidebar.select(row);
            sidebar.reveal(ConversationId.random(), 0);
            return null;
        });

        assertThat(onFx(() -> sidebar.selectedProperty().get().id())).isEqualTo(cat);
        assertThat(onFx(() -> sidebar.revealedProperty().get())).isNull();
        assertThat(onFx(() -> sidebar.noticeProperty().get())).contains("not in the list");
    }

    @Test
    void theSearchTextAlsoFindsConversationsByTheirMessages() throws Exception {
        ConversationId picnic = stored("Plan a picnic", new MessageRecorded(0, ADA.agentId(), "Ada", "Bring LEMONADE"));
        stored("Name a cat", new MessageRecorded(0, ADA.agentId(), "Ada", "Mochi"));
        startSidebar();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(2);

        boolean searchingAtOnce = onFx(() -> {
            sidebar.queryProperty().set("lemonade");
            return sidebar.searchingProperty().get();
        });
        assertThat(searchingAtOnce).as("searching says so while the messages are searched").isTrue();
        settle();
        assertThat(onFx(() -> sidebar.searchingProperty().get())).isFalse();
        assertThat(onFx(() -> sidebar.rows().stream().map(ConversationRow::id).toList())).containsExactly(picnic);

        onFx(() -> {
            sidebar.queryProperty().set("cat");
            return null;
        });
        settle();
        assertThat(onFx(() -> sidebar.searchingProperty().get())).isFalse();
        assertThat(onFx(() -> sidebar.rows().stream().map(ConversationRow::title).toList()))
                .as("by title, and no message holds it").containsExactly("Name a cat");
        onFx(() -> {
            sidebar.queryProperty().set("");
            return null;
        });
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(2);
    }

    @Test
    void aConversationInterruptedByAnErrorShowsItsFailedTurnButOneAbortedDoesNot() throws Exception {
        ConversationId down = stored("Plan a picnic", new MessageRecorded(0, ADA.agentId(), "Ada", "Sandwiches?"),
                new StatusChanged(ConversationStatus.INTERRUPTED, StatusCause.ENDPOINT_UNREACHABLE, "Bruno: 127.0.0.1 refused the connection"));
        ConversationId aborted = stored("Name a cat", new MessageRecorded(0, ADA.agentId(), "Ada", "Mochi"),
                new StatusChanged(ConversationStatus.INTERRUPTED, StatusCause.USER_ABORTED, "Aborted by the user"));
        startSidebar();
        assertThat(onFx(() -> sidebar.rows().size())).isEqualTo(2);

        assertThat(RowRules.failure(row(down))).isEqualTo("Turn 2 failed: Bruno: 127.0.0.1 refused the connection");
        assertThat(RowRules.failure(row(aborted))).isEmpty();
        // Failed says failed, in the list, its filter and above the messages; Retry, not Resume, takes it on.
        assertThat(row(down).statusWords()).isEqualTo("Failed");
        assertThat(row(down).shownStatus()).isEqualTo(ConversationStatus.FAILED);
        assertThat(RowRules.canResume(row(down))).isFalse();
        assertThat(row(aborted).statusWords()).isEqualTo("Interrupted");
        assertThat(RowRules.canResume(row(aborted))).isTrue();
        onFx(() -> {
            sidebar.statusFilterProperty().set(ConversationStatus.FAILED);
            return null;
        });
        assertThat(onFx(() -> sidebar.rows().stream().map(ConversationRow::title).toList())).containsExactly("Plan a picnic");
    }

    @Test
    void aForkNamesItsSourceWhileThatIsListedAndOnlyItsTurnOnceItIsDeleted() throws Exception {
        ConversationId source = stored("Name a cat", message(0, ADA, "Tom?"), message(1, BRUNO, "Felix."),
                new StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, ""));
        ConversationId fork = workspace.engine().fork(source, 1).id();
        startSidebar();
        assertThat(onFx(() -> sidebar.allRows().size())).isEqualTo(2);

        select(row(fork));
        settle();
        assertThat(onFx(() -> sidebar.forkOriginProperty().get())).isNotNull();
        assertThat(onFx(() -> sidebar.forkOriginProperty().get()))
                .isEqualTo(new ForkOrigin(source, 1, "Name a cat"));
        select(row(source));
        settle();
        assertThat(onFx(() -> sidebar.loadingProperty().get())).isFalse();
        assertThat(onFx(() -> sidebar.forkOriginProperty().get())).as("the source is no fork").isNull();

        workspace.engine().delete(source, Duration.ofSeconds(5));
        settle();
        assertThat(onFx(() -> sidebar.allRows().size())).isEqualTo(1);
        select(row(fork));
        settle();
        assertThat(onFx(() -> sidebar.forkOriginProperty().get())).isNotNull();
        ForkOrigin origin = onFx(() -> sidebar.forkOriginProperty().get());
        assertThat(origin.sourceListed()).isFalse();
        assertThat(origin.turnIndex()).isEqualTo(1);
        onFx(() -> {
            sidebar.showForkSource();
            return null;
        });
        assertThat(onFx(() -> sidebar.selectedProperty().get().id())).as("nothing to show: the fork stays shown")
                .isEqualTo(fork);
    }

    @Test
    void deletingSaysWhatItMeansAndTheRowsGoWithTheSelection() throws Exception {
        ConversationId done = stored("Name a cat", new StatusChanged(ConversationStatus.COMPLETED, StatusCause.TURNS_TAKEN, ""));
        ConversationId paused = stored("Plan a picnic", new StatusChanged(ConversationStatus.INTERRUPTED, StatusCause.WORKSHOP_STOPPED, "Stopped"));
        ConversationId kept = stored("Write a haiku");
        startSidebar();
        assertThat(onFx(() -> sidebar.allRows().size())).isEqualTo(3);
        ConversationRow running = row(kept);
        ConversationRow ended = row(done);

        assertThat(ConversationDeletion.question(List.of(ended)))
                .containsExactly("Delete \u201cName a cat\u201d?", "It leaves the list, also after a restart; Undo brings it back just after, Recently deleted (the bin above the list) later.");
        assertThat(ConversationDeletion.question(List.of(running)))
                .containsExactly("Delete \u201cWrite a haiku\u201d?",
                        "It is running and is stopped first. It leaves the list, also after a restart; Undo brings it back just after, Recently deleted (the bin above the list) later.");
        assertThat(ConversationDeletion.question(List.of(ended, running, row(paused))).get(1))
                .isEqualTo("One of them is running and is stopped first. They leave the list, also after a restart; Undo brings them back just after, Recently deleted (the bin above the list) later.");

        select(ended);
        ConversationRow interrupted = row(paused);
        onFx(() -> {
            sidebar.deletion().delete(List.of(ended, interrupted));
            return null;
        });
        settle();
        assertThat(onFx(() -> sidebar.allRows().size())).isEqualTo(1);
        assertThat(onFx(() -> sidebar.noticeProperty().get())).isEqualTo("Deleted 2 conversations");
        assertThat(onFx(() -> sidebar.selectedProperty().get())).isNull();
        assertThat(onFx(() -> sidebar.allRows().getFirst().id())).isEqualTo(kept);

        // Undo brings both back, with their messages and status, and then is no longer offered.
        assertThat(onFx(() -> sidebar.deletion().undoTextProperty().get())).isEqualTo("Deleted 2 conversations");
        assertThat(onFx(() -> sidebar.deletion().undoableProperty().get())).containsExactlyInAnyOrder(done, paused);
        onFx(() -> {
            sidebar.deletion().undo();
            return null;
        });
        settle();
        assertThat(onFx(() -> sidebar.allRows().size())).isEqualTo(3);
        assertThat(onFx(() -> sidebar.noticeProperty().get())).isEqualTo("Brought back 2 conversations");
        assertThat(onFx(() -> sidebar.deletion().undoTextProperty().get())).isEmpty();
        assertThat(workspace.engine().state(paused).orElseThrow().status()).isEqualTo(ConversationStatus.INTERRUPTED);
        assertThat(workspace.engine().state(done).orElseThrow().status()).isEqualTo(ConversationStatus.COMPLETED);
    }
}
