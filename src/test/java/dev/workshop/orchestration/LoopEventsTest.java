package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;

import dev.workshop.domain.conversation.ConversationId;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** A listener that fails is reported and skipped; the report names the kind of event, never its text. */
class LoopEventsTest {
    @Test
    void aFailingListenerIsLoggedWithoutTheEventsTextAndTheOthersStillHear() {
        List<LogRecord> logged = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger root = Logger.getLogger("");
        root.addHandler(capture);
        try {
            LoopEvents events = new LoopEvents();
            List<LoopEvent> heard = new CopyOnWriteArrayList<>();
            events.subscribe(event -> {
                throw new IllegalStateException("the view is closing");
            });
            events.subscribe(heard::add);

            LoopEvent renamed = new LoopEvent.Warning(ConversationId.random(), 1, Instant.now(), "canary-7f3a secret plans");
            events.publish(renamed);

            assertThat(heard).containsExactly(renamed);
            assertThat(logged).anySatisfy(record -> assertThat(record.getMessage()).contains("Warning"));
            assertThat(logged).allSatisfy(record -> assertThat(record.getMessage()).doesNotContain("canary-7f3a"));
        } finally {
            root.removeHandler(capture);
        }
    }
}
