package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.store.DraftStore;
import dev.workshop.store.StoreException;
import dev.workshop.store.file.JsonDrafts;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DraftsTest {
    private static final ConversationId PICNIC = new ConversationId("picnic");
    private static final ConversationId HAIKU = new ConversationId("haiku");

    @TempDir
    Path dir;

    private Map<ConversationId, String> onDisk() {
        return new JsonDrafts(dir, warning -> { }).load();
    }

    @Test
    void eachConversationKeepsItsOwnDraftOnDiskWithoutAClose() {
        Drafts drafts = new Drafts(new JsonDrafts(dir, warning -> { }), Duration.ofMillis(50));
        drafts.keep(PICNIC, "Bring lemonade");
        drafts.keep(HAIKU, "Rain on the roof");
        assertThat(drafts.of(PICNIC)).isEqualTo("Bring lemonade");
        assertThat(drafts.of(new ConversationId("other"))).isEmpty();

        // What a crash leaves: the file as the last write made it, with no close.
        await().atMost(Duration.ofSeconds(5)).until(() -> onDisk().size() == 2);
        assertThat(onDisk()).containsEntry(PICNIC, "Bring lemonade").containsEntry(HAIKU, "Rain on the roof");

        drafts.keep(PICNIC, "  ");
        await().atMost(Duration.ofSeconds(5)).until(() -> !onDisk().containsKey(PICNIC));
        assertThat(drafts.of(PICNIC)).as("a sent message leaves no draft").isEmpty();
        drafts.close();
        assertThat(new Drafts(new JsonDrafts(dir, warning -> { }), Duration.ofMillis(50)).of(HAIKU))
                .isEqualTo("Rain on the roof");
    }

    @Test
    void closeWritesAtOnceWhatWasStillToBeWritten() {
        Drafts drafts = new Drafts(new JsonDrafts(dir, warning -> { }), Duration.ofHours(1));
        drafts.keep(PICNIC, "Bring lemonade");
        assertThat(onDisk()).as("not yet: the next write is an hour away").isEmpty();

        long started = System.nanoTime();
        drafts.close();

        assertThat(onDisk()).containsExactly(Map.entry(PICNIC, "Bring lemonade"));
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));

        drafts.keep(PICNIC, "typed while the window closes");
        assertThat(drafts.of(PICNIC)).as("kept in memory, nothing thrown").isEqualTo("typed while the window closes");
    }

    @Test
    void aWriteThatFailsIsReportedAndTheNextChangeTriesAgain() {
        List<String> problems = new CopyOnWriteArrayList<>();
        List<Map<ConversationId, String>> saved = new CopyOnWriteArrayList<>();
        boolean[] full = {true};
        DraftStore store = new DraftStore() {
            @Override
            public Map<ConversationId, String> load() {
                return Map.of();
            }

            @Override
            public void save(Map<ConversationId, String> drafts) {
                if (full[0]) {
                    throw new StoreException("Cannot keep your unsent messages in drafts.json: disk full");
                }
                saved.add(drafts);
            }
        };
        Drafts drafts = new Drafts(store, Duration.ofMillis(20));
        drafts.onFailure(problems::add);
        drafts.keep(PICNIC, "Bring lemonade");
        await().atMost(Duration.ofSeconds(5)).until(() -> !problems.isEmpty());
        assertThat(problems.getFirst()).contains("disk full");

        full[0] = false;
        drafts.keep(PICNIC, "Bring lemonade and cups");
        await().atMost(Duration.ofSeconds(5)).until(() -> !saved.isEmpty());
        assertThat(saved.getLast()).containsEntry(PICNIC, "Bring lemonade and cups");
        drafts.close();
    }
}
