package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.conversation.ConversationEvent;
import dev.workshop.domain.conversation.ConversationEvent.MessageRecorded;
import dev.workshop.domain.conversation.ConversationId;
import dev.workshop.domain.conversation.TenantId;
import dev.workshop.store.Conversations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A conversation too long for one journal segment (16 MiB): its export is imported back and it forks, each in
 * one append (all of it or none of it), which gets a segment of its own.
 */
@dev.workshop.testing.Slow
class BigConversationTest {
    private static final int MESSAGES = 100_000;

    @TempDir
    Path dir;

    private EngineFixture engine;

    @AfterEach
    void close() {
        if (engine != null) {
            engine.close();
        }
    }

    @Test
    void aHundredThousandMessageConversationExportsImportsAndForks() throws Exception {
        engine = new EngineFixture(dir.resolve("data")).open();
        ConversationId id = ConversationId.random();
        engine.append(id, List.of(Conversations.started(MESSAGES)));
        for (int from = 0; from < MESSAGES; from += 5_000) {
            List<ConversationEvent> messages = new ArrayList<>();
            for (int turn = from; turn < from + 5_000; turn++) {
                messages.add(Conversations.message(turn));
            }
            engine.append(id, messages);
        }
        Path export = dir.resolve("long.workshop.json");
        // As the app and `workshop export` write it, streamed to the file: built as one String, the text took the
        // test JVM's shared heap past its limit once, after other classes had run in it.
        ConversationExport.write(export, false, TenantId.LOCAL, engine.state(id), engine.engine().history(id));
        assertThat(Files.size(export)).as("more than a journal segment holds").isGreaterThan(16L * 1024 * 1024);

        ConversationId imported = engine.engine().restoreFrom(export).id();
        ConversationId forked = engine.engine().fork(id, MESSAGES - 2).id();
        engine.open();

        List<MessageRecorded> copy = engine.messages(imported);
        assertThat(copy).hasSize(MESSAGES);
        assertThat(copy.getLast().content()).isEqualTo(Conversations.message(MESSAGES - 1).content());
        assertThat(engine.messages(forked)).hasSize(MESSAGES - 1);
        assertThat(engine.messages(id)).hasSize(MESSAGES);
    }
}
